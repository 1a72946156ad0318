#include "nn/adam_update.hpp"

#include <cmath>

namespace nonolab::nn {

void adam_update(float* __restrict p, const float* __restrict g, float* __restrict m,
                 float* __restrict v, std::int64_t n, double lr, std::int64_t step) {
    const double t = static_cast<double>(step);
    const float neg_step = static_cast<float>(-lr / (1 - std::pow(kAdamBeta1, t)));
    const float sqrt_bc2 = static_cast<float>(std::sqrt(1 - std::pow(kAdamBeta2, t)));
    const float b1 = kAdamBeta1, b2 = kAdamBeta2, a1 = 1 - kAdamBeta1, a2 = 1 - kAdamBeta2;
    const float eps = kAdamEps;
    // No dependence between elements: the compiler vectorises this loop.
    for (std::int64_t i = 0; i < n; ++i) {
        const float gi = g[i];
        const float mi = m[i] * b1 + gi * a1;
        const float vi = v[i] * b2 + a2 * gi * gi;
        m[i] = mi;
        v[i] = vi;
        p[i] += neg_step * mi / (std::sqrt(vi) / sqrt_bc2 + eps);
    }
}

}  // namespace nonolab::nn

#include "nn/weibull.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace nonolab::nn {
namespace {

double log_likelihood(const std::vector<std::int64_t>& h, double alpha, double beta) {
    double ll = 0;
    for (std::size_t f = 0; f < h.size(); ++f) {
        if (h[f] == 0) continue;
        const double p = weibull_pmf(static_cast<int>(f), alpha, beta);
        if (!(p > 0)) return -std::numeric_limits<double>::infinity();
        ll += static_cast<double>(h[f]) * std::log(p);
    }
    return ll;
}

// Minimises g over R^2 with Nelder-Mead; returns the best point.
template <class G>
std::array<double, 2> nelder_mead(G g, std::array<double, 2> start, double step) {
    std::array<std::array<double, 2>, 3> x = {start, start, start};
    x[1][0] += step;
    x[2][1] += step;
    std::array<double, 3> v = {g(x[0]), g(x[1]), g(x[2])};
    for (int it = 0; it < 2000; ++it) {
        std::array<int, 3> idx = {0, 1, 2};
        std::sort(idx.begin(), idx.end(), [&](int a, int b) { return v[a] < v[b]; });
        const auto best = x[idx[0]], mid = x[idx[1]], worst = x[idx[2]];
        const double vb = v[idx[0]], vm = v[idx[1]], vw = v[idx[2]];
        if (std::abs(vw - vb) < 1e-12 * (1 + std::abs(vb)) &&
            std::abs(worst[0] - best[0]) + std::abs(worst[1] - best[1]) < 1e-10)
            break;
        const std::array<double, 2> c = {(best[0] + mid[0]) / 2, (best[1] + mid[1]) / 2};
        auto along = [&](double t) {
            return std::array<double, 2>{c[0] + t * (worst[0] - c[0]),
                                         c[1] + t * (worst[1] - c[1])};
        };
        const auto r = along(-1);
        const double vr = g(r);
        if (vr < vb) {
            const auto e = along(-2);
            const double ve = g(e);
            x[idx[2]] = ve < vr ? e : r;
            v[idx[2]] = std::min(ve, vr);
        } else if (vr < vm) {
            x[idx[2]] = r;
            v[idx[2]] = vr;
        } else {
            const auto k = vr < vw ? along(-0.5) : along(0.5);
            const double vk = g(k);
            if (vk < std::min(vr, vw)) {
                x[idx[2]] = k;
                v[idx[2]] = vk;
            } else {  // shrink towards the best
                for (int j : {idx[1], idx[2]}) {
                    x[j] = {(x[j][0] + best[0]) / 2, (x[j][1] + best[1]) / 2};
                    v[j] = g(x[j]);
                }
            }
        }
    }
    const int b = static_cast<int>(std::min_element(v.begin(), v.end()) - v.begin());
    return x[b];
}

}  // namespace

double weibull_cdf(double f, double alpha, double beta) {
    if (f < 0) return 0;
    return -std::expm1(-std::pow((f + 1) / alpha, beta));
}

double weibull_pmf(int f, double alpha, double beta) {
    // exp(-a) - exp(-b) with a < b, computed as exp(-a) * (1 - exp(a - b)) to keep precision.
    const double a = f == 0 ? 0 : std::pow(f / alpha, beta);
    const double b = std::pow((f + 1) / alpha, beta);
    return std::exp(-a) * -std::expm1(a - b);
}

WeibullFit fit_weibull(const std::vector<std::int64_t>& histogram) {
    std::int64_t total = 0;
    double mean = 0;
    for (std::size_t f = 0; f < histogram.size(); ++f) {
        total += histogram[f];
        mean += static_cast<double>(histogram[f]) * static_cast<double>(f);
    }
    if (total == 0) throw std::invalid_argument("fit_weibull: the histogram is empty");
    mean /= static_cast<double>(total);
    auto g = [&](const std::array<double, 2>& p) {
        const double ll = log_likelihood(histogram, std::exp(p[0]), std::exp(p[1]));
        return std::isfinite(ll) ? -ll : std::numeric_limits<double>::max();
    };
    std::array<double, 2> best{};
    double best_v = std::numeric_limits<double>::infinity();
    for (double b0 : {0.3, 0.7, 1.5})
        for (double a0 : {std::max(mean, 0.1) + 1, 0.5}) {
            const auto p = nelder_mead(g, {std::log(a0), std::log(b0)}, 0.5);
            const double v = g(p);
            if (v < best_v) {
                best_v = v;
                best = p;
            }
        }
    return {std::exp(best[0]), std::exp(best[1]), -best_v};
}

int weibull_sample(double u, double alpha, double beta) {
    // P{F <= f} >= u  <=>  f + 1 >= alpha * (-ln(1 - u))^(1/beta).
    const double t = alpha * std::pow(-std::log1p(-u), 1 / beta);
    return std::max(0, static_cast<int>(std::ceil(t)) - 1);
}

}  // namespace nonolab::nn

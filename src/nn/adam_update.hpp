// One Adam step (Kingma and Ba 2015) over one parameter's float32 values,
// with LibTorch's default settings (betas 0.9 and 0.999, eps 1e-8, no
// weight decay, no AMSGrad) and in the order LibTorch 1.13's
// torch::optim::Adam applies its formulas, but in one pass: its tensor
// operations take seven (nn/torch/adam.hpp says why that matters).
//
// It lives here, free of LibTorch, because it needs a compile flag of its
// own: -fno-math-errno, without which GCC keeps the square root scalar
// (errno) and the loop ran 3.4x slower (src/CMakeLists.txt).
#pragma once

#include <cstdint>

namespace nonolab::nn {

inline constexpr double kAdamBeta1 = 0.9, kAdamBeta2 = 0.999, kAdamEps = 1e-8;

/// Step number `step` (1 for the first) at learning rate `lr` over n
/// values: m = m·β1 + g·(1−β1); v = v·β2 + (1−β2)·g·g;
/// p = p − lr/(1−β1^step) · m / (√v / √(1−β2^step) + eps).
void adam_update(float* p, const float* g, float* m, float* v, std::int64_t n, double lr,
                 std::int64_t step);

}  // namespace nonolab::nn

// The learning rate of training step t (nn/torch/trainer.hpp), a pure
// function so that a resumed run continues the schedule exactly and tests
// need no LibTorch.
//
// Buades Rubio et al. 2024, section 3.3.1, train with Adam at a constant
// rate ("different learning rates"; 1e-4 for the 10x10 and 15x15 networks,
// 1e-3 for 5x5): that is `constant`. The paper does not pin the rest down,
// so we also offer the usual faster road (docs/methods.md,
// "Learning-rate schedules"), which the recipes of our shipped models use:
//   cosine  a linear warm-up from 0 to the peak over `warmup_steps`, then a
//           half cosine from the peak down to peak * end_ratio at total_steps.
#pragma once

#include <cstdint>
#include <string>

namespace nonolab::nn {

struct LrSchedule {
    std::string kind = "constant";  ///< constant or cosine
    double peak = 1e-3;             ///< the rate after warm-up (the constant rate)
    std::int64_t warmup_steps = 0;  ///< linear ramp from peak / warmup_steps up to the peak
    std::int64_t total_steps = 1;   ///< cosine: the step at which the rate reaches its end
    double end_ratio = 0.01;        ///< cosine: the final rate as a share of the peak

    /// The rate for step t (0-based: the rate of the t-th Adam step).
    double at(std::int64_t t) const;
};

}  // namespace nonolab::nn

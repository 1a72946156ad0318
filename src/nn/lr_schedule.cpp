#include "nn/lr_schedule.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace nonolab::nn {

double LrSchedule::at(std::int64_t t) const {
    // Step t of the warm-up runs at (t + 1) / warmup of the peak, so the
    // first step is never at rate 0 and step warmup - 1 reaches the peak.
    if (kind != "constant" && t < warmup_steps)
        return peak * static_cast<double>(t + 1) / static_cast<double>(warmup_steps);
    if (kind == "cosine") {
        const double span =
            static_cast<double>(std::max<std::int64_t>(total_steps - warmup_steps, 1));
        const double done = std::clamp(static_cast<double>(t - warmup_steps) / span, 0.0, 1.0);
        const double end = peak * end_ratio;
        return end + (peak - end) * 0.5 * (1 + std::cos(std::numbers::pi * done));
    }
    return peak;
}

}  // namespace nonolab::nn

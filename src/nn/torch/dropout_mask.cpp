#include "nn/torch/dropout_mask.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/rng.hpp"

namespace nonolab::nn::torch_backend {
namespace {

// Each 64-bit draw of splitmix64 (core/rng.hpp, about a nanosecond) gives
// two 32-bit lanes; an element is dropped when its lane is below
// `threshold` = round(p·2^32), so with probability p to within 2^-33.
template <typename T>
void fill_mask(T* mask, std::int64_t n, std::uint64_t seed, std::uint32_t threshold, T keep) {
    const T drop = T(0.0f);
    for (std::int64_t i = 0; i < n; i += 2) {
        const std::uint64_t z = nonolab::splitmix64(seed);
        mask[i] = static_cast<std::uint32_t>(z) < threshold ? drop : keep;
        if (i + 1 < n) mask[i + 1] = static_cast<std::uint32_t>(z >> 32) < threshold ? drop : keep;
    }
}

}  // namespace

torch::Tensor fast_dropout(const torch::Tensor& x, double p, bool training) {
    if (!training || p <= 0) return x;
    const auto seed = static_cast<std::uint64_t>(
        torch::randint(std::numeric_limits<std::int64_t>::max(), {1}, torch::kLong)
            .item<std::int64_t>());
    const auto threshold = static_cast<std::uint32_t>(std::llround(p * 4294967296.0));
    const float keep = static_cast<float>(1.0 / (1.0 - p));
    torch::Tensor mask = torch::empty(x.sizes(), x.options().requires_grad(false));
    if (mask.scalar_type() == torch::kFloat32)
        fill_mask(mask.data_ptr<float>(), mask.numel(), seed, threshold, keep);
    else if (mask.scalar_type() == torch::kBFloat16)
        fill_mask(mask.data_ptr<c10::BFloat16>(), mask.numel(), seed, threshold,
                  c10::BFloat16(keep));
    else
        return torch::dropout(x, p, true);  // a type the trainer does not use: LibTorch's own
    return x * mask;
}

}  // namespace nonolab::nn::torch_backend

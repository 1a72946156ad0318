#include "nn/torch/bf16_products.hpp"

#include <ATen/autocast_mode.h>

namespace nonolab::nn::torch_backend {

Bf16Products::Bf16Products(bool on) : on_(on) {
    if (!on_) return;
    was_enabled_ = at::autocast::is_cpu_enabled();
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
}

Bf16Products::~Bf16Products() {
    if (!on_) return;
    at::autocast::set_cpu_enabled(was_enabled_);
    if (!was_enabled_) at::autocast::clear_cache();
}

bool cpu_has_native_bf16() {
#if defined(__x86_64__) && defined(__GNUC__)
    return __builtin_cpu_supports("avx512bf16") || __builtin_cpu_supports("amx-bf16");
#else
    return false;
#endif
}

}  // namespace nonolab::nn::torch_backend

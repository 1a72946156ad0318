// Training with bfloat16 matrix products (a recipe's `precision` bf16).
//
// While a Bf16Products guard is alive, LibTorch's CPU autocast runs this
// thread's matrix products (linear, matmul, bmm, ...) on bfloat16 copies of
// their inputs, accumulating in float32. Everything else stays float32: the
// weights Adam updates, their gradients (the copies' backward casts them
// back), the loss (the networks' loss() casts the logits to float32 first),
// validation and every prediction after training.
//
// Why: on CPUs with AMX or AVX-512 BF16, LibTorch hands bfloat16 products
// to oneDNN, whose kernels were 3.7x faster than OpenBLAS's float32 ones for
// the forward and backward passes of the paper's 10x10 network on one core
// (2026-11-26, docs/results/training-speed.md, "bfloat16 products"). bfloat16
// keeps float32's range with an 8-bit mantissa, which is why it trains
// without loss scaling; what it costs in accuracy is measured there too.
// Without native support the same products are slower than float32.
#pragma once

namespace nonolab::nn::torch_backend {

class Bf16Products {
  public:
    /// With `on` false the guard does nothing.
    explicit Bf16Products(bool on);
    /// Leaves autocast and drops its cache of bfloat16 weight copies: the
    /// next step's copies must be of the updated weights.
    ~Bf16Products();
    Bf16Products(const Bf16Products&) = delete;
    Bf16Products& operator=(const Bf16Products&) = delete;

  private:
    bool on_;
    bool was_enabled_ = false;
};

/// Whether this CPU multiplies bfloat16 natively (AMX or AVX-512 BF16).
bool cpu_has_native_bf16();

}  // namespace nonolab::nn::torch_backend

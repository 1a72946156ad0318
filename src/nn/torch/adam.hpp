// Adam over a network's parameters, one pass per parameter
// (nn/adam_update.hpp), in place of torch::optim::Adam.
//
// Why: LibTorch 1.13 has no fused Adam for the CPU. Its step runs each
// formula as a tensor operation of its own, seven passes over every weight
// and a temporary as large as the network: for the paper's 10x10 network
// (4.97 M weights) 28.7 ms a step on one core, a quarter of the whole
// step, against 6 to 8 ms in one pass (measured 2026-11-26,
// docs/results/training-speed.md, "Where a step's time goes"). The result is the
// same up to float rounding (test FusedAdam.FollowsTorchAdam).
//
// The step count is one for the optimiser, not one per parameter as in
// LibTorch: every parameter of our networks gets a gradient at every step,
// so the two agree.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace nonolab::nn::torch_backend {

class FusedAdam {
  public:
    /// Contiguous float32 CPU parameters, at learning rate `lr`. Throws
    /// std::invalid_argument on any other.
    FusedAdam(const std::vector<torch::Tensor>& parameters, double lr);
    void set_lr(double lr) { lr_ = lr; }
    /// Drops the gradients: autograd then writes the next ones afresh
    /// instead of adding them to zeros.
    void zero_grad();
    /// One step on every parameter that has a gradient. At rate 0 the
    /// moments still take in the gradients (trainer.cpp primes them so).
    void step();
    std::int64_t steps() const { return steps_; }

  private:
    struct Slot {
        torch::Tensor param, m, v;  // the weights, Adam's first and second moments
    };
    std::vector<Slot> slots_;
    double lr_;
    std::int64_t steps_ = 0;
};

}  // namespace nonolab::nn::torch_backend

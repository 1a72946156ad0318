#include "nn/torch/adam.hpp"

#include <stdexcept>

#include "nn/adam_update.hpp"

namespace nonolab::nn::torch_backend {

FusedAdam::FusedAdam(const std::vector<torch::Tensor>& parameters, double lr) : lr_(lr) {
    for (const auto& p : parameters) {
        if (p.scalar_type() != torch::kFloat32 || !p.device().is_cpu() || !p.is_contiguous())
            throw std::invalid_argument(
                "FusedAdam: parameters must be contiguous float32 tensors on the CPU");
        slots_.push_back({p, torch::zeros_like(p), torch::zeros_like(p)});
    }
}

void FusedAdam::zero_grad() {
    for (auto& s : slots_) s.param.mutable_grad() = torch::Tensor();
}

void FusedAdam::step() {
    ++steps_;
    const torch::NoGradGuard no_grad;
    for (auto& s : slots_) {
        if (!s.param.grad().defined()) continue;
        const torch::Tensor g = s.param.grad().to(torch::kFloat32).contiguous();
        adam_update(s.param.data_ptr<float>(), g.data_ptr<float>(), s.m.data_ptr<float>(),
                    s.v.data_ptr<float>(), s.param.numel(), lr_, steps_);
    }
}

}  // namespace nonolab::nn::torch_backend

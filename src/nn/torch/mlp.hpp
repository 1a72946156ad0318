// The fully connected network of Buades Rubio et al. 2024 (sections 2.1 and
// 4.1) in LibTorch: input 2n·LM clue values, hidden layers with ReLU and
// dropout after each, n·n sigmoid outputs, trained with binary cross-entropy.
// The paper's architecture (`arch` mlp: the recipes small and paper*).
//
// Deviation: forward() returns logits and training uses
// binary_cross_entropy_with_logits, the numerically stable form of
// sigmoid + BCE (same function, same gradients up to rounding); probabilities()
// applies the sigmoid.
#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

#include "nn/torch/network.hpp"

namespace nonolab::nn::torch_backend {

/// The paper's best hidden layers for n x n boards (section 4.1):
/// 5x5 2048-1024-256, 10x10 and 15x15 2048-1024-1024-1024-512.
std::vector<int> paper_layers(int n);
/// The paper's learning rate: 1e-3 for 5x5, 1e-4 for 10x10 and 15x15.
double paper_learning_rate(int n);
/// {2048, 1024, 256} -> "2048-1024-256".
std::string layers_name(const std::vector<int>& layers);

class MlpImpl : public NetworkImpl {
  public:
    explicit MlpImpl(const NetShape& shape);
    torch::Tensor forward(torch::Tensor x) override;
    const NetShape& shape() const override { return shape_; }
    /// w0, b0, w1, b1, ...: the names of the first model files (format nonolab-mlp-1).
    FileParameters file_parameters() override;
    std::string script_source(bool half) const override;
    long multiply_adds() const override;
    /// The linear layers, input side first (the output layer last).
    const std::vector<torch::nn::Linear>& linears() const { return linears_; }

  private:
    NetShape shape_;
    std::vector<torch::nn::Linear> linears_;
};

}  // namespace nonolab::nn::torch_backend

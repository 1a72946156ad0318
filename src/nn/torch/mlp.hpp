// The fully connected network of Buades Rubio et al. 2024 (sections 2.1 and
// 4.1) in LibTorch: input 2n·LM clue values, hidden layers with ReLU and
// dropout after each, n·n sigmoid outputs, trained with binary cross-entropy.
//
// Deviation: forward() returns logits and training uses
// binary_cross_entropy_with_logits, the numerically stable form of
// sigmoid + BCE (same function, same gradients up to rounding); probabilities()
// applies the sigmoid.
#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

namespace nonolab::nn::torch_backend {

/// What a network is: enough to rebuild it from a file.
struct MlpShape {
    int n = 10;               ///< board side; input 2n·LM, output n·n
    std::vector<int> layers;  ///< hidden layer widths, input side first
    double dropout = 0.05;    ///< dropout rate after each hidden layer (training only)
};

/// The paper's best hidden layers for n x n boards (section 4.1):
/// 5x5 2048-1024-256, 10x10 and 15x15 2048-1024-1024-1024-512.
std::vector<int> paper_layers(int n);
/// The paper's learning rate: 1e-3 for 5x5, 1e-4 for 10x10 and 15x15.
double paper_learning_rate(int n);
/// {2048, 1024, 256} -> "2048-1024-256".
std::string layers_name(const std::vector<int>& layers);

class MlpImpl : public torch::nn::Module {
  public:
    explicit MlpImpl(const MlpShape& shape);
    /// [batch, 2n·LM] clue values -> [batch, n·n] logits.
    torch::Tensor forward(torch::Tensor x);
    /// Sigmoid of forward().
    torch::Tensor probabilities(torch::Tensor x) { return torch::sigmoid(forward(x)); }
    const MlpShape& shape() const { return shape_; }
    /// The linear layers, input side first (the output layer last).
    const std::vector<torch::nn::Linear>& linears() const { return linears_; }

  private:
    MlpShape shape_;
    std::vector<torch::nn::Linear> linears_;
    torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(Mlp);

}  // namespace nonolab::nn::torch_backend

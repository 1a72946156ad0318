// What every network of nonolab train is, seen from the trainer and the
// model file: clue vectors in, one logit per cell out, parameters with the
// names the model file gives them, and a TorchScript forward over those
// names. Two architectures implement it: the paper's fully connected network
// (mlp.hpp, the default) and our line network (line_net.hpp). The shape
// below is all a model file's metadata needs to rebuild either one.
#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace nonolab::nn::torch_backend {

/// The architectures, as TrainOptions::arch and MODEL.json's "arch" spell them.
inline constexpr const char* kArchMlp = "mlp";
inline constexpr const char* kArchLines = "lines";

/// What a network is: enough to rebuild it from a file.
struct NetShape {
    std::string arch = kArchMlp;  ///< kArchMlp or kArchLines
    int n = 10;                   ///< board side; input 2n·LM, output n·n
    std::vector<int> layers;      ///< mlp: hidden layer widths, input side first
    double dropout = 0.05;        ///< mlp: dropout after each hidden layer (training only)
    int width = 0;                ///< lines: width of a line's embedding
    int head = 0;                 ///< lines: hidden width of the cell head and the board summary
    int steps = 0;                ///< lines: passes over the board (1 = no refinement)
};

/// Named parameters in the order the model file stores them.
using FileParameters = std::vector<std::pair<std::string, torch::Tensor>>;

class NetworkImpl : public torch::nn::Module {
  public:
    /// [batch, 2n·LM] clue values -> [batch, n·n] logits.
    virtual torch::Tensor forward(torch::Tensor x) = 0;
    /// Sigmoid of forward().
    torch::Tensor probabilities(torch::Tensor x) { return torch::sigmoid(forward(x)); }
    /// The training loss on a batch (targets 0/1) and forward()'s logits:
    /// BCE of the logits unless the architecture supervises more than its
    /// output (line_net.hpp).
    virtual std::pair<torch::Tensor, torch::Tensor> loss(torch::Tensor x, torch::Tensor y);
    virtual const NetShape& shape() const = 0;
    /// The parameters under their model-file names (the same tensors, not copies).
    virtual FileParameters file_parameters() = 0;
    /// TorchScript source of forward(self, x) -> probabilities over the
    /// attributes file_parameters() names; with `half` the attributes are
    /// float16 and converted to float32 before use.
    virtual std::string script_source(bool half) const = 0;
    /// Multiply-adds to predict one board (the prediction cost compared in
    /// docs/results/neural.md; additions, activations and copies not counted).
    virtual long multiply_adds() const = 0;
};
using Network = std::shared_ptr<NetworkImpl>;

/// Builds the network `shape` describes (fresh weights from torch's
/// generator). Throws std::invalid_argument naming the field out of range or
/// an unknown architecture.
Network make_network(const NetShape& shape);

/// "2048-1024-256" for an mlp, "w128 h128 x3" (width, head, steps) for a line network.
std::string describe_shape(const NetShape& shape);

}  // namespace nonolab::nn::torch_backend

#include "nn/torch/mlp.hpp"

#include <stdexcept>

#include "io/clue_encoding.hpp"
#include "nn/torch/dropout_mask.hpp"

namespace nonolab::nn::torch_backend {

std::vector<int> paper_layers(int n) {
    if (n <= 5) return {2048, 1024, 256};
    return {2048, 1024, 1024, 1024, 512};
}

double paper_learning_rate(int n) {
    return n <= 5 ? 1e-3 : 1e-4;
}

std::string layers_name(const std::vector<int>& layers) {
    std::string s;
    for (int w : layers) s += (s.empty() ? "" : "-") + std::to_string(w);
    return s;
}

MlpImpl::MlpImpl(const NetShape& shape) : shape_(shape) {
    if (shape.n < 1 || shape.n > 64) throw std::invalid_argument("board side out of range");
    if (shape.dropout < 0 || shape.dropout >= 1)
        throw std::invalid_argument("dropout must be in [0, 1), got " +
                                    std::to_string(shape.dropout));
    int in = io::clue_vector_size(shape.n);
    std::vector<int> widths = shape.layers;
    widths.push_back(shape.n * shape.n);
    for (std::size_t i = 0; i < widths.size(); ++i) {
        linears_.push_back(
            register_module("fc" + std::to_string(i), torch::nn::Linear(in, widths[i])));
        in = widths[i];
    }
}

torch::Tensor MlpImpl::forward(torch::Tensor x) {
    for (std::size_t i = 0; i + 1 < linears_.size(); ++i)
        x = fast_dropout(torch::relu(linears_[i](x)), shape_.dropout, is_training());
    return linears_.back()(x);
}

FileParameters MlpImpl::file_parameters() {
    FileParameters out;
    for (std::size_t i = 0; i < linears_.size(); ++i) {
        out.emplace_back("w" + std::to_string(i), linears_[i]->weight);
        out.emplace_back("b" + std::to_string(i), linears_[i]->bias);
    }
    return out;
}

// relu(x·Wᵀ + b) per hidden layer, sigmoid(x·Wᵀ + b) at the end; dropout is
// the identity at inference.
std::string MlpImpl::script_source(bool half) const {
    const std::string cast = half ? ".float()" : "";
    const auto lin = [&](std::size_t i) {
        const std::string k = std::to_string(i);
        return "torch.matmul(x, self.w" + k + cast + ".t()) + self.b" + k + cast;
    };
    const std::size_t hidden = linears_.size() - 1;
    std::string s = "def forward(self, x):\n";
    for (std::size_t i = 0; i < hidden; ++i) s += "    x = torch.relu(" + lin(i) + ")\n";
    return s + "    return torch.sigmoid(" + lin(hidden) + ")\n";
}

long MlpImpl::multiply_adds() const {
    long total = 0;
    for (const auto& l : linears_) total += l->weight.numel();
    return total;
}

}  // namespace nonolab::nn::torch_backend

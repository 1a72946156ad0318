#include "nn/torch/network.hpp"

#include <stdexcept>

#include "nn/torch/line_net.hpp"
#include "nn/torch/mlp.hpp"

namespace nonolab::nn::torch_backend {

std::pair<torch::Tensor, torch::Tensor> NetworkImpl::loss(torch::Tensor x, torch::Tensor y) {
    // float32 logits even when the products ran in bfloat16 (bf16_products.hpp).
    auto logits = forward(x).to(torch::kFloat32);
    return {torch::binary_cross_entropy_with_logits(logits, y), logits};
}

Network make_network(const NetShape& shape) {
    if (shape.arch == kArchMlp) return std::make_shared<MlpImpl>(shape);
    if (shape.arch == kArchLines) return std::make_shared<LineNetImpl>(shape);
    throw std::invalid_argument("unknown network architecture '" + shape.arch + "' (expected " +
                                kArchMlp + " or " + kArchLines + ")");
}

std::string describe_shape(const NetShape& shape) {
    if (shape.arch == kArchMlp) return layers_name(shape.layers);
    return "w" + std::to_string(shape.width) + " h" + std::to_string(shape.head) + " x" +
           std::to_string(shape.steps);
}

}  // namespace nonolab::nn::torch_backend

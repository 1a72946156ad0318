#include "nn/torch/weight_average.hpp"

#include <stdexcept>
#include <string>

namespace nonolab::nn::torch_backend {

WeightAverage::WeightAverage(NetworkImpl& model, double decay)
    : average_(make_network(model.shape())), decay_(decay) {
    if (!(decay > 0 && decay < 1))
        throw std::invalid_argument("weight average: the decay must lie in (0, 1), not " +
                                    std::to_string(decay));
    torch::NoGradGuard no_grad;
    const auto from = model.parameters();
    auto to = average_->parameters();
    for (std::size_t i = 0; i < to.size(); ++i) to[i].copy_(from[i]);
}

void WeightAverage::update(NetworkImpl& model) {
    torch::NoGradGuard no_grad;
    const auto from = model.parameters();
    auto to = average_->parameters();
    // lerp: a + (1 - decay)(w - a), one pass over each tensor.
    for (std::size_t i = 0; i < to.size(); ++i) to[i].lerp_(from[i], 1 - decay_);
}

}  // namespace nonolab::nn::torch_backend

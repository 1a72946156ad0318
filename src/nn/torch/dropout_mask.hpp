// Dropout (Srivastava et al. 2014; the paper's 5% after each hidden layer,
// section 3.2) with masks drawn by a fast generator of our own.
//
// Why: torch::dropout draws its mask with LibTorch's Bernoulli sampler, one
// Mersenne-Twister draw per element: about 8 ms for one 256 x 2048 layer,
// some 21 ms a step of the paper's 10x10 network on one core, against under
// 3 ms here (2026-11-26, docs/results/training-speed.md, "Where a step's time
// goes"). The mask's law is the same: each element kept with probability
// 1 − p and then scaled by 1/(1 − p).
//
// Determinism: the generator's seed is drawn from LibTorch's default
// generator, so torch::manual_seed decides the masks as it decided
// torch::dropout's (the trainer seeds it from the seed, epoch and batch).
// The masks themselves differ from torch::dropout's: a run resumed across
// the change of 2026-11-26 sees other masks, of the same law, from there on.
#pragma once

#include <torch/torch.h>

namespace nonolab::nn::torch_backend {

/// In training, `x` with each element zeroed with probability `p` (in
/// [0, 1)) and the others multiplied by 1/(1 − p), the mask in x's type;
/// gradients flow through the kept elements as through torch::dropout.
/// Outside training, or with p = 0, `x` itself.
torch::Tensor fast_dropout(const torch::Tensor& x, double p, bool training);

}  // namespace nonolab::nn::torch_backend

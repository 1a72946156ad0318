// Our network (`arch` lines, the recipe lines): every row and column is read by one line
// encoder shared by all 2n lines, a cell is predicted from its row's and its
// column's embeddings plus a summary of the whole board, and the predicted
// board is fed back to the line encoder for `steps` passes (the refinement
// NeHPF does by hand with line solving, learned here). docs/methods.md gives
// the reasoning and docs/results/neural.md the comparison with the paper's
// network at the same prediction cost.
//
// One pass, for an n x n board with LM clue slots per line, line width E and
// head width H (all weights shared by the lines and by the passes):
//   line l (rows 0..n-1, then columns): input = its LM clues / n and its n
//     cells of the current board as 2p - 1 (0 = unknown before pass one)
//   e_l = relu(W2 · relu(W1 · input + b1 + pos_l) + b2)     (E values)
//   g   = G2 · relu(G1 · [e_0 .. e_2n-1] + c1) + c2         (H values)
//   logit(i, j) = w · relu(R · e_row i + C · e_col j + g) + b
// The cell head's first layer is linear in its three inputs, so it costs n·E·H
// per side, not n²·E·H. Training supervises every pass (the mean BCE of all
// passes' logits), so pass one learns to predict on its own and later passes
// learn to correct it.
#pragma once

#include <torch/torch.h>

#include <vector>

#include "nn/torch/network.hpp"

namespace nonolab::nn::torch_backend {

class LineNetImpl : public NetworkImpl {
  public:
    explicit LineNetImpl(const NetShape& shape);
    torch::Tensor forward(torch::Tensor x) override;
    std::pair<torch::Tensor, torch::Tensor> loss(torch::Tensor x, torch::Tensor y) override;
    const NetShape& shape() const override { return shape_; }
    FileParameters file_parameters() override;
    std::string script_source(bool half) const override;
    long multiply_adds() const override;

  private:
    /// The logits of every pass, [batch, n·n] each, the last one the output.
    std::vector<torch::Tensor> passes(torch::Tensor x);

    NetShape shape_;
    torch::nn::Linear enc1_{nullptr}, enc2_{nullptr}, glob1_{nullptr}, glob2_{nullptr};
    torch::nn::Linear row_{nullptr}, col_{nullptr}, out_{nullptr};
    torch::Tensor pos_;  ///< [2n, E]: which line this is
};

}  // namespace nonolab::nn::torch_backend

// Where the trainer's batches come from (trainer.cpp): a data set in memory
// (io::Dataset), split and shuffled so that batch b of an epoch is a pure
// function of (seed, epoch, b): a resumed run continues an uninterrupted
// one. The order must stay bit for bit what it was (runs in progress resume
// from their state; tests/nn_torch/train_test.cpp pins it).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include <torch/torch.h>

#include "io/nonodataset.hpp"
#include "nn/torch/network.hpp"
#include "nn/train_options.hpp"

namespace nonolab::nn::torch_backend {

class BatchSource {
  public:
    virtual ~BatchSource() = default;
    virtual int n() const = 0;                          ///< board side
    virtual std::size_t train_boards() const = 0;       ///< boards trained on
    virtual std::size_t validation_boards() const = 0;  ///< boards held out
    virtual std::uint64_t samples() const = 0;          ///< per epoch (boards x reflections)
    /// Starts the epoch whose shuffle is seeded with `epoch_seed` at batch
    /// `batch` (0, or where a resume goes on).
    virtual void start_epoch(std::uint64_t epoch_seed, long batch) = 0;
    /// The epoch's samples [from, from + count) into x and y; they follow
    /// the previous batch's (or start_epoch's position). Returns a digest
    /// of the samples and `mask_seed` (tests compare runs with it). Throws
    /// on unreadable data.
    virtual std::uint64_t fill(std::size_t from, std::size_t count, torch::Tensor& x,
                               torch::Tensor& y, std::uint64_t mask_seed) = 0;
    /// Loss sum per board and boards fully right on the held-out boards.
    virtual std::pair<double, long> validate(Network& model) = 0;
    /// Frees what the epoch holds (its read-ahead), before validation.
    virtual void end_epoch() {}
};

/// `data` in memory, split and shuffled as train() always did.
std::unique_ptr<BatchSource> memory_source(const io::Dataset& data, const TrainOptions& o);

/// Board `clues`/`board` (n x n) under reflection r (0..7, kReflections
/// order) as network input and target (floats 0/1).
void reflected_sample(const std::uint8_t* clues, const std::uint8_t* board, int n, int r, float* x,
                      float* y);

}  // namespace nonolab::nn::torch_backend

// A training run's state, kept between working stretches outside the
// repository (docs/network.md): STATE.json, small and readable, and STATE.pt, the
// weights in float16 (a model file, model_file.hpp, of half the size).
//
// What is kept, and why it is enough: the options and data (so --resume
// needs nothing else), the position (epoch, batch, Adam step), the learning
// curve, and the weights. The shuffle of epoch e and the dropout masks of
// batch b depend only on (seed, e, b) (trainer.cpp), so a resumed run
// sees the batches an uninterrupted run would see, in the same order and
// with the same masks, and the schedule (lr_schedule.hpp) continues from
// the step. What is not kept: Adam's moments (twice the weights again, in
// float32) and the float32 weights' low bits. Adam rebuilds its moments in
// the first few hundred steps; docs/methods.md ("Training state") says what
// that costs, measured.
//
// STATE.json names its weights file and their size and checksum, so a
// truncated, swapped or corrupt pair is refused with a message naming the
// file, never resumed silently from the wrong weights.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "nn/torch/network.hpp"

namespace nonolab::nn::torch_backend {

struct TrainingState {
    /// What resumes the run: {"command", "data", "test", "out", "options"}
    /// (options: every training option as text, train_option_table keys).
    nlohmann::json run = nlohmann::json::object();
    int epoch = 1;          ///< the epoch in progress, 1-based
    long batch = 0;         ///< batches of that epoch done
    std::int64_t step = 0;  ///< Adam steps done in all: the schedule's position
    long batches_per_epoch = 0;
    double seconds = 0;  ///< training time over every stretch (wall clock)
    /// CPU time over every stretch, all threads of the trainer's process
    /// (core-seconds: what equal core-minutes compare, whatever else ran
    /// beside it); 0 in states written before it was kept.
    double cpu_seconds = 0;
    int stretches = 0;       ///< runs that worked on this state
    double loss_sum = 0;     ///< the epoch in progress: loss summed over its boards so far,
    long right = 0;          ///<   boards fully right,
    long seen = 0;           ///<   and boards seen
    double window_loss = 0;  ///< the curve point in progress: the same sums
    long window_right = 0;
    long window_seen = 0;
    /// Every 100 batches (trainer.cpp) and at each epoch's end:
    /// {"step","epoch","batch","lr","loss","right","seconds","cpu_seconds"}.
    nlohmann::json curve = nlohmann::json::array();
    /// Every finished epoch:
    /// {"epoch","loss","right","val_loss","val_right","lr","seconds","cpu_seconds"}.
    nlohmann::json epochs = nlohmann::json::array();
    bool finished = false;  ///< every planned epoch done
};

/// The weights file of a state file: STATE.json -> STATE.pt.
std::string weights_path(const std::string& state_path);

/// Writes `model`'s weights (float16) to weights_path(path), then `state`
/// to `path`, each through a temporary file. Throws std::runtime_error
/// naming the file.
void save_training_state(const std::string& path, NetworkImpl& model, const TrainingState& state);

/// Reads STATE.json (not the weights). Throws std::runtime_error naming the
/// file and what is wrong: missing, not JSON (truncated), not a training
/// state, or a field missing or of the wrong type.
TrainingState read_training_state(const std::string& path);

/// The weights of the state read from `path`, checked against the size and
/// checksum STATE.json records, as a network of `shape`. Throws
/// std::runtime_error naming the file on any mismatch.
Network load_training_weights(const std::string& path, const NetShape& shape);

/// The first weights of a run started with --init: a training state's
/// (`path` ends in .json; checked as load_training_weights checks them) or
/// a model file's (load_model_file), as a network of `shape`. Throws
/// std::runtime_error naming the file when it is unreadable or its network
/// has another shape.
Network load_initial_weights(const std::string& path, const NetShape& shape);

}  // namespace nonolab::nn::torch_backend

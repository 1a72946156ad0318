// Training a network (network.hpp: the paper's mlp.hpp or our line_net.hpp) on a flat io::Dataset
// (Buades Rubio et al. 2024, section 3.3.1): Adam, binary cross-entropy, shuffled mini-batches,
// optionally on all eight reflections of every board (section 2.2, the
// networks of the Ne8 variants).
//
// Determinism: the shuffle of epoch e is seeded with derive_seed(seed, e),
// and the dropout masks of its batch b with derive_seed(that, b + 1), so the
// same seed, data and --threads give the same model, and a run resumed from
// its training state (training_state.hpp) sees exactly the batches, masks
// and learning rates an uninterrupted run would (only Adam's moments are
// rebuilt).
// Deviations from the paper: Keras' default batch size was not stated; our
// default is 256. A validation share is held out of the training set
// (seeded) to report progress; the test set is never seen. Schedules other
// than the paper's constant rate: nn/lr_schedule.hpp. Adam is ours in one
// pass (adam.hpp), the same formulas as LibTorch's; dropout
// masks come from our own generator (dropout_mask.hpp); `precision` bf16
// runs the products in bfloat16 (bf16_products.hpp), f32 being the paper's.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/nonodataset.hpp"
#include "nn/torch/network.hpp"
#include "nn/torch/training_state.hpp"
#include "nn/train_options.hpp"

namespace nonolab::nn::torch_backend {

/// The options (nn/train_options.hpp: the struct and its table, without LibTorch).
using nn::TrainOptions;

/// Our default hidden layers (smaller than the paper's; docs/results/neural.md).
std::vector<int> default_layers(int n);
/// Our default learning rate.
double default_learning_rate(int n);
/// The network `options` ask for on n x n boards (arch and its fields).
NetShape shape_of(const TrainOptions& options, int n);

/// Reported after every batch (the CLI throttles printing).
struct TrainProgress {
    int epoch = 0;  ///< 1-based
    int epochs = 0;
    long batch = 0;  ///< 1-based within the epoch
    long batches = 0;
    double loss = 0;         ///< running mean BCE of this epoch
    double accuracy = 0;     ///< running share of boards fully right (training batches, dropout on)
    double seconds = 0;      ///< since the start of this run
    double eta = 0;          ///< seconds left, estimated
    bool epoch_end = false;  ///< true once per epoch, with the validation numbers
    double val_loss = 0;
    double val_accuracy = 0;
    double lr = 0;                   ///< the rate of this batch's step
    std::uint64_t batch_digest = 0;  ///< the batch's samples and dropout seed, hashed (tests)
};

struct TrainResult {
    Network model;
    nlohmann::json metadata;  ///< what save_model stores (options, counts, timing)
    int epochs_done = 0;      ///< complete epochs (the model may be mid-epoch after a timeout)
    bool timed_out = false;
    bool interrupted = false;
    std::vector<double> epoch_loss;  ///< mean training loss per epoch finished in this run
    TrainingState state;             ///< where the run stands (as saved to options.state)
};

/// Trains on `data`, from random weights, from options.init's, or from
/// options.resume, keeping the training state in options.state (if set)
/// with `run` as its "run" (what
/// resumes it; a resumed run keeps the state's own). `stop` is polled
/// between batches (Ctrl-C). Throws std::invalid_argument on options out of
/// train_option_table()'s ranges or an empty set, std::runtime_error on a
/// state that cannot be read or written or does not fit the data and options.
TrainResult train(const io::Dataset& data, const TrainOptions& options,
                  const std::function<void(const TrainProgress&)>& progress = {},
                  const std::function<bool()>& stop = {},
                  const nlohmann::json& run = nlohmann::json::object());

/// Board i of `data` under reflection index r (0..7, kReflections order),
/// written as network input (floats) and target (floats 0/1).
void reflected_example(const io::Dataset& data, std::size_t i, int r, float* x, float* y);

}  // namespace nonolab::nn::torch_backend

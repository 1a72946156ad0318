// Training a network (network.hpp: the paper's mlp.hpp or our line_net.hpp) on a flat io::Dataset
// (Buades Rubio et al. 2024, section 3.3.1): Adam, binary cross-entropy, shuffled mini-batches,
// optionally on all eight reflections of every board (section 2.2, the
// networks of the Ne8 variants).
//
// Determinism: the shuffle of epoch e is seeded with derive_seed(seed, e) and
// torch::manual_seed(derive_seed(seed, e)) drives the dropout masks, so the
// same seed, data and --threads give the same model, and resuming from the
// checkpoint of epoch e gives the same model as an uninterrupted run.
// Deviations from the paper: Keras' default batch size was not stated; our
// default is 256. A validation share is held out of the training set
// (seeded) to report progress; the test set is never seen.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/nonodataset.hpp"
#include "nn/torch/network.hpp"
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
};

struct TrainResult {
    Network model;
    nlohmann::json metadata;  ///< what save_model stores (options, counts, timing)
    int epochs_done = 0;      ///< complete epochs (the model may be mid-epoch after a timeout)
    bool timed_out = false;
    bool interrupted = false;
    std::vector<double> epoch_loss;  ///< mean training loss per epoch of this run
};

/// Trains on `data`. `stop` is polled between batches (Ctrl-C). Throws
/// std::invalid_argument on options out of train_option_table()'s ranges or
/// an empty set, std::runtime_error on checkpoint problems.
TrainResult train(const io::Dataset& data, const TrainOptions& options,
                  const std::function<void(const TrainProgress&)>& progress = {},
                  const std::function<bool()>& stop = {});

/// Board i of `data` under reflection index r (0..7, kReflections order),
/// written as network input (floats) and target (floats 0/1).
void reflected_example(const io::Dataset& data, std::size_t i, int r, float* x, float* y);

}  // namespace nonolab::nn::torch_backend

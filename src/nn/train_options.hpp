// The options of training the network (nn/torch/trainer.hpp), described once
// (core/options.hpp). `nonolab train` generates its training flags from this
// table (apps/cmd_train.cpp, apps/option_flags.hpp) and hands them to the
// LibTorch plugin as text, which parses them with the same table; the
// defaults shown by `train --help` are TrainOptions' own initialisers.
//
// It lives in nn/, not nn/torch/, because the executable builds its flags
// from it without linking LibTorch (apps/torch_plugin.hpp says why).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "nn/lr_schedule.hpp"

namespace nonolab::nn {

struct TrainOptions {
    std::string arch = "mlp";  ///< "mlp" (the paper's) or "lines" (ours; nn/torch/line_net.hpp)
    std::vector<int> layers;   ///< mlp: hidden layers (empty = default_layers for the board size)
    double dropout = 0.05;     ///< mlp: dropout after each hidden layer (paper: 5%)
    int width = 160;           ///< lines: width of a line's embedding
    int head = 160;            ///< lines: hidden width of the cell head and the board summary
    int steps = 3;             ///< lines: passes over the board (1 = no refinement)
    bool half = false;         ///< store the weights in float16 (predictions run in float32)
    double lr = 0;  ///< Adam learning rate, the schedule's peak (0 = default_learning_rate)
    std::string schedule =
        "constant";            ///< constant (the paper's), cosine or step (lr_schedule.hpp)
    double warmup = 0;         ///< cosine/step: epochs of linear warm-up (fractions allowed)
    double lr_end = 0.01;      ///< cosine: the last rate as a share of --lr
    double decay_every = 10;   ///< step: epochs between two decays
    double decay = 0.5;        ///< step: factor per decay
    double average = 0;        ///< decay per step of the weights' moving average (0 = none)
    int epochs = 10;           ///< passes over the training set (reflections: 8x the boards each)
    int batch = 256;           ///< boards per Adam step
    std::uint64_t seed = 1;    ///< shuffles, initial weights, dropout
    bool reflections = false;  ///< train on all 8 reflections of every board
    double validation = 0.02;  ///< share of the training boards held out to report progress
    bool stream = false;       ///< read --data shard by shard while training (nn/shard_stream.hpp)
    std::string precision =
        "f32";  ///< f32 or bf16: the matrix products of training (bf16_products.hpp)
    int threads =
        1;  ///< LibTorch intra-op threads (1: measured fastest on a loaded 2-core machine)
    double timeout = 0;       ///< seconds; stop after the current batch (0 = none)
    std::string state;        ///< training state (STATE.json + STATE.pt) to keep ("" = none)
    double save_every = 600;  ///< seconds between two writes of the state (also at every epoch end)
    int curve_every = 500;    ///< batches per point of the state's learning curve
    std::string resume;       ///< a training state to continue from ("" = start afresh)
    std::string init;         ///< a new run's first weights: MODEL.pt or STATE.json ("" = random)
    int prime = 200;  ///< after --resume or --init: batches at rate 0 that rebuild Adam's moments
};

/// The learning-rate schedule `o` describes, for `batches` steps per epoch
/// and a peak rate `lr` (o.lr, or the default when that is 0).
LrSchedule lr_schedule(const TrainOptions& o, long batches_per_epoch, double lr);

/// Every training option, keyed as `nonolab train --KEY` spells it (with '-'
/// for '_'); train() validates its options with it.
const OptionTable<TrainOptions>& train_option_table();

/// "2048,1024,256" (or "2048-1024-256") -> {2048, 1024, 256}; throws
/// std::invalid_argument on anything else.
std::vector<int> parse_layers(const std::string& text);

}  // namespace nonolab::nn

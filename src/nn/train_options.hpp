// The options of training the network (nn/torch/trainer.hpp), described once
// (core/options.hpp), with the recipes that fix the network and its
// hyper-parameters, and the rules of what a resumed run may change.
//
// `nonolab train` offers as flags only what a user running a recipe gives
// (train_flag_keys(): recipe, epochs, seed, threads, timeout, state, resume,
// init); a recipe (train_recipes()) sets every other field for the board
// size of the data. The LibTorch plugin parses the flags with the same
// table, and a training state stores every field, so a resumed run keeps
// the values it started with even if a recipe changes later.
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
    // What a user running a recipe gives (train_flag_keys()).
    std::string recipe = "small";  ///< the network and hyper-parameters (train_recipes())
    int epochs = 10;         ///< passes over the training set (reflections: 8x the boards each)
    std::uint64_t seed = 1;  ///< shuffles, initial weights, dropout
    int threads =
        1;  ///< LibTorch intra-op threads (1: measured fastest on a loaded 2-core machine)
    double timeout = 0;  ///< seconds; stop after the current batch (0 = none)
    std::string state;   ///< training state (STATE.json + STATE.pt) to keep ("" = none)
    std::string resume;  ///< a training state to continue from ("" = start afresh)
    std::string init;    ///< a new run's first weights: MODEL.pt or STATE.json ("" = random)

    // What the recipe fixes (apply_recipe()); library callers and tests set
    // them directly.
    std::string arch = "mlp";  ///< "mlp" (the paper's) or "lines" (ours; nn/torch/line_net.hpp)
    std::vector<int> layers;   ///< mlp: hidden layers (empty = default_layers for the board size)
    double dropout = 0.05;     ///< mlp: dropout after each hidden layer (paper: 5%)
    int width = 160;           ///< lines: width of a line's embedding
    int head = 160;            ///< lines: hidden width of the cell head and the board summary
    int steps = 3;             ///< lines: passes over the board (1 = no refinement)
    bool half = false;         ///< store the weights in float16 (predictions run in float32)
    double lr = 0;  ///< Adam learning rate, the schedule's peak (0 = default_learning_rate)
    std::string schedule = "constant";  ///< constant (the paper's) or cosine (lr_schedule.hpp)
    double warmup = 0;                  ///< cosine: epochs of linear warm-up (fractions allowed)
    double lr_end = 0.01;               ///< cosine: the last rate as a share of lr
    int batch = 256;                    ///< boards per Adam step
    bool reflections = false;           ///< train on all 8 reflections of every board
    double validation = 0.02;  ///< share of the training boards held out to report progress
    std::string precision =
        "f32";  ///< f32 or bf16: the matrix products of training (bf16_products.hpp)
};

/// A named set of values of the fields a recipe fixes.
struct TrainRecipe {
    std::string name;
    std::string help;                       ///< what it is, and which shipped models it trained
    void (*apply)(TrainOptions& o, int n);  ///< sets the recipe's fields for n x n boards
};

/// Every recipe, `small` (the struct's defaults) first.
const std::vector<TrainRecipe>& train_recipes();

/// Sets every field a recipe fixes to o.recipe's values for n x n boards
/// (the user's fields are kept); throws std::invalid_argument on an
/// unknown recipe.
void apply_recipe(TrainOptions& o, int n);

/// The keys of train_option_table() that `nonolab train` offers as flags.
const std::vector<std::string>& train_flag_keys();

/// The resume rules. A resumed run takes its options from its state
/// (`stored`, train_option_table().values() of the run); of `given`, only
/// resume, timeout and threads may differ, any other key must agree.
/// Returns the options the stretch runs with; throws
/// std::invalid_argument naming the key that differs. `path` names the
/// state in messages. Keys of options this version no longer has are
/// dropped when they held the value that did nothing, refused otherwise.
ParamMap resumed_options(ParamMap stored, const ParamMap& given, const std::string& path);

/// Whether `key` may be given again, with another value, on --resume.
bool may_change_on_resume(const std::string& key);

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

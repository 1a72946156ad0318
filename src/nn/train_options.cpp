#include "nn/train_options.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <stdexcept>

namespace nonolab::nn {

std::vector<int> parse_layers(const std::string& text) {
    std::vector<int> out;
    std::size_t i = 0;
    while (i <= text.size()) {
        std::size_t j = text.find_first_of(",-", i);
        if (j == std::string::npos) j = text.size();
        int v = 0;
        const auto r = std::from_chars(text.data() + i, text.data() + j, v);
        if (i == j || r.ec != std::errc() || r.ptr != text.data() + j || v < 1 || v > 1 << 16)
            throw std::invalid_argument("expected hidden layer widths like 2048,1024,256, got '" +
                                        text + "'");
        out.push_back(v);
        i = j + 1;
    }
    return out;
}

LrSchedule lr_schedule(const TrainOptions& o, long batches_per_epoch, double lr) {
    const double b = static_cast<double>(batches_per_epoch);
    LrSchedule s;
    s.kind = o.schedule;
    s.peak = lr;
    s.warmup_steps = static_cast<std::int64_t>(o.warmup * b + 0.5);
    s.total_steps = static_cast<std::int64_t>(o.epochs) * batches_per_epoch;
    s.end_ratio = o.lr_end;
    s.period_steps = std::max<std::int64_t>(1, static_cast<std::int64_t>(o.decay_every * b + 0.5));
    s.decay = o.decay;
    return s;
}

const OptionTable<TrainOptions>& train_option_table() {
    using O = TrainOptions;
    constexpr std::int64_t kMaxSeed = std::numeric_limits<std::int64_t>::max();
    static const OptionTable<O> table =
        OptionTable<O>("train")
            .choice("arch", &O::arch,
                    std::vector<std::pair<std::string, std::string>>{{"mlp", "mlp"},
                                                                     {"lines", "lines"}},
                    "Network: mlp, the paper's fully connected one (--layers, --dropout); "
                    "lines, ours (--width, --head, --steps; docs/methods.md)")
            .text(
                "layers",
                [](const O& o) {
                    std::string s;
                    for (int w : o.layers) s += (s.empty() ? "" : ",") + std::to_string(w);
                    return s;
                },
                [](O& o, const std::string& v) {
                    if (v.empty()) {
                        o.layers.clear();
                        return;
                    }
                    try {
                        o.layers = parse_layers(v);
                    } catch (const std::invalid_argument&) {
                        option_text::fail("layers", v, "hidden layer widths like 2048,1024,256");
                    }
                },
                "WIDTH[,WIDTH...]",
                "mlp: hidden layer widths, e.g. 2048,1024,1024,1024,512 (the paper's 10x10); "
                "default "
                "1024,512,512 (smaller than the paper's, docs/results/neural.md)")
            .number("dropout", &O::dropout, 0, 0.95, "mlp: dropout after each hidden layer")
            .integer("width", &O::width, 1, 4096, "lines: width of a line's embedding")
            .integer("head", &O::head, 1, 4096,
                     "lines: hidden width of the cell head and of the board summary")
            .integer("steps", &O::steps, 1, 16,
                     "lines: passes over the board, each fed the previous prediction (1 = no "
                     "refinement)")
            .flag("half", &O::half,
                  "Store the weights in float16 (half the file; predictions still run in "
                  "float32)")
            .number("lr", &O::lr, 0, 1,
                    "Adam learning rate, the peak of --schedule (0 = ours, 1e-3; the paper: "
                    "1e-4 for 10x10 and 15x15, 1e-3 for 5x5)")
            .choice("schedule", &O::schedule,
                    std::vector<std::pair<std::string, std::string>>{
                        {"constant", "constant"}, {"cosine", "cosine"}, {"step", "step"}},
                    "Learning rate over the run: constant (the paper's), cosine (warm-up, "
                    "then a half cosine down to --lr-end over all --epochs) or step (warm-up, "
                    "then times --decay every --decay-every epochs)")
            .number("warmup", &O::warmup, 0, 1000,
                    "cosine/step: epochs of linear warm-up to --lr (fractions allowed)")
            .number("lr_end", &O::lr_end, 0, 1, "cosine: the last rate, as a share of --lr")
            .number("decay_every", &O::decay_every, 0.001, 100000,
                    "step: epochs between two decays (fractions allowed)")
            .number("decay", &O::decay, 0, 1, "step: the factor of each decay")
            .number("average", &O::average, 0, 0.999999,
                    "Keep an exponential moving average of the weights, DECAY per step "
                    "(e.g. 0.999: about the last 1,000 steps), and validate, test and save "
                    "the average instead of the last weights (0 = none, the paper's). Training "
                    "itself is unchanged; the state keeps the weights, so a resumed run starts "
                    "the average again from them. May change between stretches "
                    "(docs/network.md)")
            .integer("epochs", &O::epochs, 1, 100000, "Passes over the training set")
            .integer("batch", &O::batch, 1, 1 << 20, "Boards per Adam step")
            .integer("seed", &O::seed, 0, kMaxSeed, "Seed (split, shuffles, weights, dropout)")
            .flag("reflections", &O::reflections,
                  "Train on all 8 reflections of every board (the Ne8 variants' network)")
            .number("validation", &O::validation, 0, 0.5,
                    "Share of the training boards held out to report progress (with --stream: "
                    "each board by a seeded hash of its position)")
            .flag("stream", &O::stream,
                  "Read --data shard by shard while training instead of loading it whole "
                  "(e.g. the 33.2 M boards of generate --all 5): training starts once the first "
                  "window is read, and memory holds two windows of about two shards' boards "
                  "each. Each epoch, every board goes to a window by a seeded hash, so a window "
                  "is a random sample of all shards, in whatever order they were written; its "
                  "boards are shuffled. Every window reads every shard, so keep the data within "
                  "the page cache. A different batch order from the in-memory one; a state "
                  "remembers it, so --resume streams too (docs/network.md)")
            .choice(
                "precision", &O::precision,
                std::vector<std::pair<std::string, std::string>>{{"f32", "f32"}, {"bf16", "bf16"}},
                "Matrix products while training: f32 (the paper's), or bf16 (bfloat16 "
                "products, float32 weights, Adam and loss: about 2x faster than f32 where "
                "the CPU has AMX or AVX-512 BF16, slower where not; "
                "docs/results/training-speed.md). "
                "Validation, --evaluate and the solvers' predictions run in float32. May "
                "change between stretches of a run")
            .integer("threads", &O::threads, 0, 1024,
                     "LibTorch threads, and OpenBLAS's under it (0 = all cores; 1, the "
                     "default, suits runs that share the cores: docs/results/neural.md; on "
                     "an idle 2-core machine 2 ran about 1.6x one's boards a second: "
                     "docs/results/training-speed.md)")
            .number("timeout", &O::timeout, 0, 1e9,
                    "Stop training after this many seconds (the model is saved as it is; 0 = "
                    "none)")
            .text(
                "state", [](const O& o) { return o.state; },
                [](O& o, const std::string& v) { o.state = v; }, "STATE.json",
                "Keep the training state here: float16 weights in STATE.pt, and in STATE.json "
                "the command, epoch, batch, schedule position and learning curve (default: "
                "--out with .state.json); keep states outside the repository, e.g. "
                "../training/NAME.json (docs/results/training.md)")
            .number("save_every", &O::save_every, 1, 1e9,
                    "Seconds between two writes of the state (it is also written at every "
                    "epoch's end and when training stops)")
            .integer("curve_every", &O::curve_every, 1, 1 << 30,
                     "Batches per point of the state's learning curve (mean loss and boards "
                     "right over those batches)")
            .text(
                "resume", [](const O& o) { return o.resume; },
                [](O& o, const std::string& v) { o.resume = v; }, "STATE.json",
                "Continue a run from its training state (--state): the options, data and "
                "output are the state's; only --timeout, --threads, --save-every, --prime, "
                "--precision and --average may be given again. Adam's moments are rebuilt "
                "(--prime)")
            .text(
                "init", [](const O& o) { return o.init; },
                [](O& o, const std::string& v) { o.init = v; }, "MODEL.pt|STATE.json",
                "Start this run from the weights of a model file or of another run's training "
                "state instead of random ones, e.g. a decaying --schedule after a constant-rate "
                "run: the network's shape must be the same. Epochs, schedule and curve start "
                "afresh; Adam's moments are primed (--prime)")
            .integer("prime", &O::prime, 0, 1 << 20,
                     "After --resume or --init: batches run at learning rate 0 before training "
                     "goes on, so Adam's moments are rebuilt before they move any weight (0 = "
                     "none; docs/results/training.md measures what a resume costs with and "
                     "without)");
    return table;
}

}  // namespace nonolab::nn

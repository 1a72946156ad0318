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
    return s;
}

namespace {

// The paper's networks (section 3.4): three layers for 5x5, five for 10x10
// and 15x15, trained at 1e-3 and 1e-4.
std::vector<int> paper_layers(int n) {
    return n <= 5 ? std::vector<int>{2048, 1024, 256}
                  : std::vector<int>{2048, 1024, 1024, 1024, 512};
}
double paper_lr(int n) {
    return n <= 5 ? 1e-3 : 1e-4;
}

// Our fine-tuning of the paper's network from trained weights (--init): a
// short cosine decay in bfloat16 products, saved in float16.
void paper_tune(TrainOptions& o, int n, double warmup) {
    o.layers = paper_layers(n);
    o.lr = 2e-4;
    o.schedule = "cosine";
    o.warmup = warmup;
    o.lr_end = 0.02;
    o.precision = "bf16";
    o.half = true;
}

}  // namespace

const std::vector<TrainRecipe>& train_recipes() {
    using O = TrainOptions;
    static const std::vector<TrainRecipe> recipes = {
        {"small",
         "our smaller mlp (512,256 for 5x5, else 1024,512,512), Adam 1e-3, constant rate: "
         "models/nonodataset-10x10.pt and -15x15.pt",
         [](O& o, int n) {
             o.layers = n <= 5 ? std::vector<int>{512, 256} : std::vector<int>{1024, 512, 512};
             o.lr = 1e-3;
         }},
        {"small-ne8",
         "small on all 8 reflections of every board: "
         "models/nonodataset-10x10-reflections.pt",
         [](O& o, int n) {
             train_recipes()[0].apply(o, n);
             o.reflections = true;
         }},
        {"paper",
         "Buades Rubio et al. 2024, section 3: mlp 2048,1024,256 at 1e-3 for 5x5, "
         "2048,1024,1024,1024,512 at 1e-4 otherwise, dropout 5%, constant rate, float32",
         [](O& o, int n) {
             o.layers = paper_layers(n);
             o.lr = paper_lr(n);
         }},
        {"paper-tune",
         "the paper's network from --init, cosine from 2e-4 to 4e-6 after 0.5 epoch of "
         "warm-up, bf16 products, float16 file: models/paper-10x10.pt's last stage",
         [](O& o, int n) { paper_tune(o, n, 0.5); }},
        {"paper-tune-ne8",
         "paper-tune on all 8 reflections, 0.1 epoch of warm-up: models/paper-15x15.pt's "
         "last stage",
         [](O& o, int n) {
             paper_tune(o, n, 0.1);
             o.reflections = true;
         }},
        {"paper-tune-5x5",
         "the paper's network from --init at a constant 1e-4, no boards held out, float16 "
         "file: models/paper-5x5.pt's last stage",
         [](O& o, int n) {
             o.layers = paper_layers(n);
             o.lr = 1e-4;
             o.validation = 0;
             o.half = true;
         }},
        {"lines",
         "ours (docs/methods.md): line network w160 h160 x3, cosine from 1e-3 to 1e-5 after "
         "1 epoch of warm-up, bf16 products, float16 file: models/lines-10x10.pt",
         [](O& o, int) {
             o.arch = "lines";
             o.lr = 1e-3;
             o.schedule = "cosine";
             o.warmup = 1;
             o.lr_end = 0.01;
             o.precision = "bf16";
             o.half = true;
         }},
    };
    return recipes;
}

void apply_recipe(TrainOptions& o, int n) {
    const auto& recipes = train_recipes();
    const auto r = std::find_if(recipes.begin(), recipes.end(),
                                [&](const TrainRecipe& x) { return x.name == o.recipe; });
    if (r == recipes.end()) throw std::invalid_argument("unknown recipe '" + o.recipe + "'");
    // The user's fields kept, every other one at the struct's default, then the recipe's values.
    const ParamMap all = train_option_table().values(o);
    ParamMap user;
    for (const std::string& key : train_flag_keys()) user[key] = all.at(key);
    TrainOptions fresh = train_option_table().parse(user);
    r->apply(fresh, n);
    o = fresh;
}

const std::vector<std::string>& train_flag_keys() {
    static const std::vector<std::string> keys = {"recipe",  "epochs", "seed",   "threads",
                                                  "timeout", "state",  "resume", "init"};
    return keys;
}

namespace {

// The resume rule: the keys a stretch may give anew (besides resume itself).
const std::vector<std::string> kResumeMayChange = {"timeout", "threads"};

// "--timeout and --threads", for messages and help.
std::string resume_flags() {
    std::string out;
    for (std::size_t i = 0; i < kResumeMayChange.size(); ++i)
        out += (i == 0                             ? ""
                : i + 1 == kResumeMayChange.size() ? " and "
                                                   : ", ") +
               std::string("--") + kResumeMayChange[i];
    return out;
}

}  // namespace

bool may_change_on_resume(const std::string& key) {
    return key == "resume" || std::find(kResumeMayChange.begin(), kResumeMayChange.end(), key) !=
                                  kResumeMayChange.end();
}

ParamMap resumed_options(ParamMap stored, const ParamMap& given, const std::string& path) {
    // Options of earlier versions: gone with the value that did nothing
    // (or a fixed behaviour now: prime 200, curve and save intervals).
    for (const char* key : {"prime", "save_every", "curve_every", "decay_every", "decay"})
        stored.erase(key);
    for (const auto& [key, neutral] : {std::pair<std::string, std::string>{"average", "0"},
                                       std::pair<std::string, std::string>{"stream", "false"}}) {
        const auto it = stored.find(key);
        if (it == stored.end()) continue;
        if (it->second != neutral)
            throw std::invalid_argument("--resume " + path + ": the run used " + key + "=" +
                                        it->second + ", an option this version no longer has");
        stored.erase(it);
    }
    const OptionTable<TrainOptions>& table = train_option_table();
    const ParamMap stored_values = table.values(table.parse(stored));
    for (const auto& [key, value] : given) {
        if (may_change_on_resume(key)) {
            stored[key] = value;
            continue;
        }
        // Compared as the table reads them: "1e-3" and "0.001" agree.
        const std::string given_value = table.values(table.parse({{key, value}})).at(key);
        if (given_value != stored_values.at(key))
            throw std::invalid_argument("--resume " + path + ": the run was started with " + key +
                                        "=" + stored_values.at(key) + ", not " + value + " (only " +
                                        resume_flags() + " may change between stretches)");
    }
    return stored;
}

const OptionTable<TrainOptions>& train_option_table() {
    using O = TrainOptions;
    using Words = std::vector<std::pair<std::string, std::string>>;
    constexpr std::int64_t kMaxSeed = std::numeric_limits<std::int64_t>::max();
    const auto text = [](std::string O::*field) {
        return std::make_pair([field](const O& o) { return o.*field; },
                              [field](O& o, const std::string& v) { o.*field = v; });
    };
    static const auto recipe_words = [] {
        Words words;
        for (const TrainRecipe& r : train_recipes()) words.emplace_back(r.name, r.name);
        return words;
    }();
    const auto [state_get, state_set] = text(&O::state);
    const auto [resume_get, resume_set] = text(&O::resume);
    const auto [init_get, init_set] = text(&O::init);
    static const OptionTable<O> table =
        OptionTable<O>("train")
            .choice("recipe", &O::recipe, recipe_words,
                    "The network and its hyper-parameters, fixed for the data's board size "
                    "(docs/network.md lists each recipe's values and the models it trained)")
            .integer("epochs", &O::epochs, 1, 100000, "Passes over the training set")
            .integer("seed", &O::seed, 0, kMaxSeed, "Seed (split, shuffles, weights, dropout)")
            .integer("threads", &O::threads, 0, 1024,
                     "LibTorch threads, and OpenBLAS's under it (0 = all cores; 1, the "
                     "default, suits runs that share the cores: docs/results/neural.md; on "
                     "an idle 2-core machine 2 ran about 1.6x one's boards a second: "
                     "docs/results/training-speed.md)")
            .number("timeout", &O::timeout, 0, 1e9,
                    "Stop training after this many seconds (the model is saved as it is; 0 = "
                    "none)")
            .text("state", state_get, state_set, "STATE.json",
                  "Keep the training state here: float16 weights in STATE.pt, and in STATE.json "
                  "the command, every option, epoch, batch, schedule position and learning "
                  "curve (default: --out with .state.json); keep states outside the "
                  "repository, e.g. ../training/NAME.json (docs/network.md)")
            .text("resume", resume_get, resume_set, "STATE.json",
                  "Continue a run from its training state (--state): the options, data and "
                  "output are the state's; only " +
                      resume_flags() +
                      " may be given again. Adam's moments are rebuilt over 200 batches at rate 0 "
                      "first")
            .text("init", init_get, init_set, "MODEL.pt|STATE.json",
                  "Start this run from the weights of a model file or of another run's training "
                  "state instead of random ones (the recipe's network must have the same "
                  "shape); epochs, schedule and curve start afresh after 200 batches at rate 0 "
                  "that fill Adam's moments")
            .choice("arch", &O::arch, Words{{"mlp", "mlp"}, {"lines", "lines"}},
                    "Network: mlp, the paper's fully connected one (layers, dropout); "
                    "lines, ours (width, head, steps; docs/methods.md)")
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
                "mlp: hidden layer widths (empty: 512,256 for 5x5, else "
                "1024,512,512)")
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
            .number("lr", &O::lr, 0, 1, "Adam learning rate, the schedule's peak (0 = 1e-3)")
            .choice("schedule", &O::schedule, Words{{"constant", "constant"}, {"cosine", "cosine"}},
                    "Learning rate over the run: constant (the paper's) or cosine (warm-up, "
                    "then a half cosine down to lr_end over all epochs)")
            .number("warmup", &O::warmup, 0, 1000,
                    "cosine: epochs of linear warm-up to lr (fractions allowed)")
            .number("lr_end", &O::lr_end, 0, 1, "cosine: the last rate, as a share of lr")
            .integer("batch", &O::batch, 1, 1 << 20, "Boards per Adam step")
            .flag("reflections", &O::reflections,
                  "Train on all 8 reflections of every board (the Ne8 variants' network)")
            .number("validation", &O::validation, 0, 0.5,
                    "Share of the training boards held out to report progress")
            .choice("precision", &O::precision, Words{{"f32", "f32"}, {"bf16", "bf16"}},
                    "Matrix products while training: f32 (the paper's), or bf16 (bfloat16 "
                    "products, float32 weights, Adam and loss: about 2x faster than f32 where "
                    "the CPU has AMX or AVX-512 BF16, slower where not; "
                    "docs/results/training-speed.md). Validation, evaluation and the solvers' "
                    "predictions run in float32");
    return table;
}

}  // namespace nonolab::nn

#include "meta/genetic_nn.hpp"

#include <cstdlib>
#include <filesystem>

#include "meta/genetic_core.hpp"
#include "nn/predictor.hpp"

namespace nonolab::meta {

const OptionTable<NnGaOptions>& ga_nn_option_table() {
    using O = NnGaOptions;
    static const OptionTable<O> table =
        OptionTable<O>("ga-nn")
            .integer("population", &O::population, 2, 10000000, "individuals")
            .integer("generations", &O::generations, 0, std::int64_t{1} << 40, "generations")
            .integer("max_mutations", &O::max_mutations, 0, 1000,
                     "mutations per child drawn uniformly from 0..this")
            .choice(
                "fill_term", &O::closeness_fill_term,
                std::vector<std::pair<std::string, bool>>{{"ratio", false}, {"closeness", true}},
                "fill term of eq. 1: ratio (nmc/ncmb) | closeness")
            // "auto" is stored as "" (nn_population_source decides); an empty
            // value is refused, as it names no file.
            .text(
                "model", [](const O& o) { return o.model.empty() ? std::string("auto") : o.model; },
                [](O& o, const std::string& v) {
                    if (v.empty()) option_text::fail("model", v, "a file or none");
                    o.model = v == "auto" ? "" : v;
                },
                "PATH, none or auto",
                "network for the first generation: PATH | none (random boards) | auto (the "
                "shipped models/nonodataset-NxN.pt when it exists and LibTorch is built in, else "
                "random boards)");
    return table;
}

int nn_mutate(Rng& rng, Cell* x, int cells, int filled, int target, int count,
              std::vector<int>& changed) {
    auto random_cell_with = [&](Cell v) {
        // Rejection sampling: uniform among the cells holding v (one exists).
        while (true) {
            const int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(cells)));
            if (x[i] == v) return i;
        }
    };
    for (int m = 0; m < count; ++m) {
        if (filled < target && filled < cells) {
            const int i = random_cell_with(kEmpty);
            x[i] = kFilled;
            ++filled;
            changed.push_back(i);
        } else if (filled > target && filled > 0) {
            const int i = random_cell_with(kFilled);
            x[i] = kEmpty;
            --filled;
            changed.push_back(i);
        } else if (filled > 0 && filled < cells) {
            const int from = random_cell_with(kFilled);
            const int to = random_cell_with(kEmpty);
            x[from] = kEmpty;
            x[to] = kFilled;
            changed.push_back(from);
            changed.push_back(to);
        }
    }
    return filled;
}

void RandomBoards::make(const Puzzle& puzzle, Rng& rng, int count, Cell* out) const {
    const std::size_t n = static_cast<std::size_t>(puzzle.width()) * puzzle.height() * count;
    for (std::size_t i = 0; i < n; i += 64) {
        std::uint64_t bits = rng.next();
        for (std::size_t j = i; j < n && j < i + 64; ++j, bits >>= 1)
            out[j] = (bits & 1) ? kFilled : kEmpty;
    }
}

void MutatedPrediction::make(const Puzzle& puzzle, Rng& rng, int count, Cell* out) const {
    const int n = puzzle.width() * puzzle.height();
    if (predicted_.width() != puzzle.width() || predicted_.height() != puzzle.height())
        throw std::invalid_argument("ga-nn: predicted board has the wrong size");
    int target = 0;
    for (const auto& clue : puzzle.rows())
        for (const auto& run : clue) target += run.length;
    int filled0 = 0;
    for (Cell c : predicted_.cells()) filled0 += c == kFilled;
    std::vector<int> changed;
    for (int k = 0; k < count; ++k) {
        Cell* x = out + static_cast<std::size_t>(k) * n;
        for (int i = 0; i < n; ++i) x[i] = predicted_.cells()[i] == kFilled ? kFilled : kEmpty;
        if (k == 0) continue;
        changed.clear();
        nn_mutate(rng, x, n, filled0, target, static_cast<int>(rng.below(5)), changed);
    }
}

namespace {

/// Per line: error 1 when the line breaks its clue; filled = its filled cells.
class NnFitness : public GaFitness {
  public:
    NnFitness(const LineTable& t, bool closeness) : closeness_(closeness) {
        target_ = t.total_filled();
    }
    LineScore score_line(const LineTable& t, int l, const Cell* cells) const override {
        const Cell* c = cells + t.start[l];
        int filled = 0;
        for (int i = 0; i < t.length[l]; ++i) filled += c[i * t.stride[l]] == kFilled;
        return {t.line_ok(l, cells) ? 0 : 1, filled};
    }
    double fitness(const LineTable& t, const LineScore* lines) const override {
        int correct = 0, marked = 0;
        for (int l = 0; l < t.lines(); ++l) correct += lines[l].error == 0;
        for (int r = 0; r < t.height; ++r) marked += lines[r].filled;
        const double wh = t.cells();
        const double ncmb = target_ > 0 ? target_ : 1;
        if (closeness_) return correct + wh * (1.0 - std::abs(marked - target_) / ncmb);
        return correct + wh * marked / ncmb;
    }
    std::int64_t objective(const LineTable& t, const LineScore* lines) const override {
        std::int64_t wrong = 0;
        for (int l = 0; l < t.lines(); ++l) wrong += lines[l].error;
        return wrong;
    }

  private:
    bool closeness_;
    int target_ = 0;
};

class NnRepresentation : public GaRepresentation {
  public:
    NnRepresentation(const LineTable& t, const Puzzle& p, const InitialPopulationSource& src,
                     int max_mutations)
        : GaRepresentation(t), puzzle_(p), src_(src), max_mutations_(max_mutations) {
        target_ = t.total_filled();
    }
    void initial_population(Rng& rng, int count, Cell* out) override {
        src_.make(puzzle_, rng, count, out);
    }
    void random_individual(Rng& rng, Cell* out) override {
        RandomBoards().make(puzzle_, rng, 1, out);
    }
    void mutate(Rng& rng, Cell* x, const LineScore* lines, std::vector<int>& changed) override {
        int filled = 0;
        for (int r = 0; r < table_.height; ++r) filled += lines[r].filled;
        const int count =
            static_cast<int>(rng.below(static_cast<std::uint32_t>(max_mutations_ + 1)));
        nn_mutate(rng, x, table_.cells(), filled, target_, count, changed);
    }

  private:
    const Puzzle& puzzle_;
    const InitialPopulationSource& src_;
    int max_mutations_;
    int target_ = 0;
};

}  // namespace

double nn_fitness(const Puzzle& puzzle, const Grid& board, bool closeness_fill_term) {
    const LineTable t(puzzle);
    NnFitness f(t, closeness_fill_term);
    std::vector<LineScore> ls;
    for (int l = 0; l < t.lines(); ++l) ls.push_back(f.score_line(t, l, board.cells().data()));
    return f.fitness(t, ls.data());
}

MetaResult run_ga_nn(const Puzzle& puzzle, const NnGaOptions& o, const RunControl& control,
                     const InitialPopulationSource* source) {
    ga_nn_option_table().validate(o);
    const LineTable table(puzzle);
    RandomBoards random;
    NnRepresentation rep(table, puzzle, source ? *source : random, o.max_mutations);
    NnFitness fitness(table, o.closeness_fill_term);
    GaLoopOptions loop;
    loop.population = o.population;
    loop.generations = o.generations;
    loop.crossover_rate = 0;  // mutation only (Algorithm 5)
    loop.selection = GaSelection::roulette;
    loop.replacement = GaReplacement::generational;
    return run_genetic(table, fitness, rep, loop, control);
}

std::unique_ptr<InitialPopulationSource> nn_population_source(const Puzzle& puzzle,
                                                              const NnGaOptions& options) {
    if (options.model == "none") return nullptr;
    std::string path = options.model;
    if (path.empty()) {
        // Default: the shipped model, only when it can be used at all.
        if (!puzzle.black_and_white() || puzzle.width() != puzzle.height() ||
            !nn::have_model_loader())
            return nullptr;
        path = nn::default_model_path(puzzle.width(), false);
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) return nullptr;
    }
    const auto model = nn::load_model(path);  // throws naming the file
    const Grid predicted = nn::threshold(nn::predict_cells(*model, puzzle), puzzle.width());
    return std::make_unique<MutatedPrediction>(predicted);
}

MethodInfo nn_method() {
    MethodInfo m;
    m.name = "ga-nn";
    m.description =
        "mutation-only GA (fill/empty/move), lines-correct fitness; first generation from the "
        "network's prediction when a model is available, else random";
    m.paper = "Buades Rubio et al. 2024, section 2.3.5";
    m.describe_params = [] { return ga_nn_option_table().docs(); };
    m.run = [](const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
        const NnGaOptions o = ga_nn_option_table().parse(params);
        const auto source = nn_population_source(p, o);
        MetaResult r = run_ga_nn(p, o, ctl, source.get());
        r.stats["population_from_network"] = source ? 1 : 0;
        return r;
    };
    return m;
}

}  // namespace nonolab::meta

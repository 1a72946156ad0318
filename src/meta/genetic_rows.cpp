#include "meta/genetic_rows.hpp"

#include "meta/bobko_fitness.hpp"
#include "meta/genetic_core.hpp"

namespace nonolab::meta {

const OptionTable<RowsGaOptions>& ga_rows_option_table() {
    using O = RowsGaOptions;
    static const OptionTable<O> table =
        OptionTable<O>("ga-rows")
            .integer("population", &O::population, 2, 10000000, "individuals")
            .integer("evaluations", &O::evaluations, 1, std::int64_t{1} << 50, "evaluation limit")
            .number("crossover", &O::crossover_rate, 0, 1,
                    "chance a pair is crossed at a row boundary")
            .number("row_mutation", &O::row_mutation, 0, 1,
                    "per-row chance of a re-draw or a block move")
            .integer("elitism", &O::elitism, 0, 1000000, "best individuals kept unchanged");
    return table;
}

namespace {

class RowValidRepresentation : public GaRepresentation {
  public:
    RowValidRepresentation(const LineTable& t, double row_mutation)
        : GaRepresentation(t), p_(row_mutation) {}

    void random_individual(Rng& rng, Cell* out) override {
        for (int r = 0; r < table_.height; ++r)
            random_arrangement(rng, table_.clue[r], table_.width, out + r * table_.width, 1);
    }

    int crossover_point(Rng& rng) override {
        if (table_.height < 2) return table_.cells();
        return table_.width *
               (1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(table_.height - 1))));
    }

    void mutate(Rng& rng, Cell* x, const LineScore*, std::vector<int>& changed) override {
        const int w = table_.width;
        for (int r = 0; r < table_.height; ++r) {
            if (!rng.chance(p_)) continue;
            Cell* row = x + r * w;
            old_.assign(row, row + w);
            if (rng.chance(0.5))
                random_arrangement(rng, table_.clue[r], w, row, 1);
            else
                move_block(rng, r, row);
            for (int c = 0; c < w; ++c)
                if (row[c] != old_[c]) changed.push_back(r * w + c);
        }
    }

  private:
    /// Moves one block of the row to a random other free position.
    void move_block(Rng& rng, int r, Cell* row) {
        const auto& runs = table_.clue[r];
        const int k = static_cast<int>(runs.size()), w = table_.width;
        if (k == 0) return;
        starts_.clear();
        for (int i = 0; i < w; ++i)
            if (row[i] == kFilled && (i == 0 || row[i - 1] != kFilled)) starts_.push_back(i);
        const int j = static_cast<int>(rng.below(static_cast<std::uint32_t>(k)));
        const int len = runs[j];
        const int lo = j == 0 ? 0 : starts_[j - 1] + runs[j - 1] + 1;
        const int hi = j + 1 == k ? w - len : starts_[j + 1] - len - 1;
        if (hi <= lo) return;
        int to = lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo)));
        if (to >= starts_[j]) ++to;
        for (int i = starts_[j]; i < starts_[j] + len; ++i) row[i] = kEmpty;
        for (int i = to; i < to + len; ++i) row[i] = kFilled;
    }

    double p_;
    std::vector<Cell> old_;    ///< mutate: the row before the change
    std::vector<int> starts_;  ///< move_block: block starts of the row
};

}  // namespace

MetaResult run_ga_rows(const Puzzle& puzzle, const RowsGaOptions& o, const RunControl& control) {
    ga_rows_option_table().validate(o);
    const LineTable table(puzzle);
    RowValidRepresentation rep(table, o.row_mutation);
    BobkoModifiedFitness fitness(/*inverse_weight=*/true);  // rows score 0: column error
    GaLoopOptions loop;
    loop.population = o.population;
    loop.generations = std::int64_t{1} << 50;
    loop.crossover_rate = o.crossover_rate;
    loop.elitism = o.elitism;
    RunControl ctl = control;
    if (ctl.max_evaluations <= 0) ctl.max_evaluations = o.evaluations;
    return run_genetic(table, fitness, rep, loop, ctl);
}

MethodInfo rows_method() {
    MethodInfo m;
    m.name = "ga-rows";
    m.description = "ours: GA over row-valid patterns, row-aligned crossover, column error";
    m.paper = "our variant (row-group population of Aloglah et al., error of Lee & Geem)";
    m.describe_params = [] { return ga_rows_option_table().docs(); };
    m.run = [](const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
        return run_ga_rows(p, ga_rows_option_table().parse(params), ctl);
    };
    return m;
}

}  // namespace nonolab::meta

#include "meta/genetic_logic.hpp"

#include "meta/bobko_fitness.hpp"
#include "meta/genetic_core.hpp"
#include "meta/logical_rules.hpp"

namespace nonolab::meta {

const OptionTable<LogicGaOptions>& ga_logic_option_table() {
    using O = LogicGaOptions;
    using Words = std::vector<std::pair<std::string, bool>>;
    static const OptionTable<O> table =
        OptionTable<O>("ga-logic")
            .integer("population", &O::population, 2, 1000000, "nPop")
            .integer("generations", &O::generations, 0, std::int64_t{1} << 40, "generations")
            .number("crossover", &O::crossover_rate, 0, 1,
                    "chance a child pair is made by crossover, else by mutation")
            .number("mutation", &O::mutation_rate, 0, 1,
                    "per-cell flip probability of a mutation child (>= 1 flip)")
            .choice("rules", &O::section31_rules, Words{{"all", true}, {"complete-fill", false}},
                    "fixed cells from: all (eq. 1-2 + section 3.1) | complete-fill")
            .choice("cut", &O::row_cut, Words{{"any", false}, {"row", true}},
                    "crossover cut: any cell | row (between rows only)");
    return table;
}

namespace {

/// Eq. 3-7 (= Bobko's simple f); the (mu+lambda) ranking weight is 1/(1+F).
class AloglahFitness : public BobkoSimpleFitness {
  public:
    double fitness(const LineTable& t, const LineScore* lines) const override {
        return 1.0 / (1.0 + static_cast<double>(objective(t, lines)));
    }
};

class RowGroupsRepresentation : public GaRepresentation {
  public:
    RowGroupsRepresentation(const LineTable& t, const Grid& fixed, const LogicGaOptions& o)
        : GaRepresentation(t), fixed_(fixed), o_(o) {}

    void random_individual(Rng& rng, Cell* out) override {
        for (int r = 0; r < table_.height; ++r)
            random_arrangement(rng, table_.clue[r], table_.width, out + r * table_.width, 1);
    }

    int crossover_point(Rng& rng) override {
        if (!o_.row_cut || table_.height < 2) return GaRepresentation::crossover_point(rng);
        return table_.width *
               (1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(table_.height - 1))));
    }

    void mutate(Rng& rng, Cell* x, const LineScore*, std::vector<int>& changed) override {
        const std::size_t before = changed.size();
        const int n = table_.cells();
        flip_mutation(rng, o_.mutation_rate, x, n, changed);
        if (changed.size() == before) {
            const int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
            x[i] = x[i] == kFilled ? kEmpty : kFilled;
            changed.push_back(i);
        }
    }

    /// "The rule of complete matrix is applied on them": copy the fixed cells.
    void repair(Cell* x, std::vector<int>& changed) override {
        const auto& f = fixed_.cells();
        for (int i = 0; i < table_.cells(); ++i) {
            if (f[i] != kUnknown && x[i] != f[i]) {
                x[i] = f[i];
                changed.push_back(i);
            }
        }
    }

  private:
    const Grid& fixed_;
    const LogicGaOptions& o_;
};

}  // namespace

MetaResult run_ga_logic(const Puzzle& puzzle, const LogicGaOptions& o, const RunControl& control) {
    ga_logic_option_table().validate(o);
    const LineTable table(puzzle);
    Grid fixed;
    LogicalRuleStats st;
    const bool consistent = apply_logical_rules(puzzle, fixed, o.section31_rules, &st);
    if (!consistent) fixed = Grid(puzzle.width(), puzzle.height(), kUnknown);
    RowGroupsRepresentation rep(table, fixed, o);
    AloglahFitness fitness;
    GaLoopOptions loop;
    loop.population = o.population;
    loop.generations = o.generations;
    loop.crossover_rate = o.crossover_rate;
    loop.mutate_crossed = false;  // "by crossover or mutation"
    loop.selection = GaSelection::uniform;
    loop.replacement = GaReplacement::plus;
    MetaResult r = run_genetic(table, fitness, rep, loop, control);
    r.stats["complete_fill_cells"] = st.complete_fill_cells;
    r.stats["rule_cells"] = st.rule_cells;
    r.stats["fixed_cells"] = fixed.size() - fixed.unknown_count();
    r.stats["rules_contradiction"] = consistent ? 0 : 1;
    return r;
}

MethodInfo logic_method() {
    MethodInfo m;
    m.name = "ga-logic";
    m.description = "GA on row-group populations after complete-fill and logical rules";
    m.paper = "Aloglah, Rashaideh & Al-Kharabsheh, sections 3.1 and 5";
    m.describe_params = [] { return ga_logic_option_table().docs(); };
    m.run = [](const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
        return run_ga_logic(p, ga_logic_option_table().parse(params), ctl);
    };
    return m;
}

}  // namespace nonolab::meta

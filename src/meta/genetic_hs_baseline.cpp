#include "meta/genetic_hs_baseline.hpp"

#include "meta/bobko_fitness.hpp"
#include "meta/genetic_core.hpp"

namespace nonolab::meta {

const OptionTable<HsBaselineOptions>& ga_hs_baseline_option_table() {
    using O = HsBaselineOptions;
    static const OptionTable<O> table =
        OptionTable<O>("ga-hs-baseline")
            .integer("population", &O::population, 2, 1000000, "PS, individuals per generation")
            .number("crossover", &O::crossover_rate, 0, 1,
                    "Pc, chance a selected pair is crossed (one-point)")
            .number("mutation", &O::mutation_rate, 0, 1, "Pm, per-cell flip probability")
            .integer("evaluations", &O::evaluations, 1, std::int64_t{1} << 50,
                     "iteration limit, in candidates scored")
            .integer("elitism", &O::elitism, 0, 1000000,
                     "best individuals kept unchanged (0 = pure generational)")
            .choice("weight", &O::inverse_weight,
                    std::vector<std::pair<std::string, bool>>{{"linear", false}, {"inverse", true}},
                    "roulette weight: inverse (1/(1+error)) | linear (2NM - error)");
    return table;
}

MetaResult run_ga_hs_baseline(const Puzzle& puzzle, const HsBaselineOptions& o,
                              const RunControl& control) {
    ga_hs_baseline_option_table().validate(o);
    const LineTable table(puzzle);
    BinaryRepresentation rep(table, o.mutation_rate);
    BobkoModifiedFitness fitness(o.inverse_weight);
    GaLoopOptions loop;
    loop.population = o.population;
    loop.generations = std::int64_t{1} << 50;  // the evaluation limit decides
    loop.crossover_rate = o.crossover_rate;
    loop.elitism = o.elitism;
    RunControl ctl = control;
    if (ctl.max_evaluations <= 0) ctl.max_evaluations = o.evaluations;
    return run_genetic(table, fitness, rep, loop, ctl);
}

MethodInfo hs_baseline_method() {
    MethodInfo m;
    m.name = "ga-hs-baseline";
    m.description = "GA baseline of the harmony-search paper: PS 30, Pc 1, Pm 0.01, error score";
    m.paper = "Lee & Geem 2025, section 4";
    m.describe_params = [] { return ga_hs_baseline_option_table().docs(); };
    m.run = [](const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
        return run_ga_hs_baseline(p, ga_hs_baseline_option_table().parse(params), ctl);
    };
    return m;
}

}  // namespace nonolab::meta

#include "meta/genetic_hs_baseline.hpp"

#include "meta/bobko_fitness.hpp"
#include "meta/genetic_core.hpp"

namespace nonolab::meta {

std::vector<ParamDoc> HsBaselineOptions::docs() {
    return {{"population", "30", "PS, individuals per generation"},
            {"crossover", "1", "Pc, chance a selected pair is crossed (one-point)"},
            {"mutation", "0.01", "Pm, per-cell flip probability"},
            {"evaluations", "1000000", "iteration limit, in candidates scored"},
            {"elitism", "0", "best individuals kept unchanged (0 = pure generational)"},
            {"weight", "inverse", "roulette weight: inverse (1/(1+error)) | linear (2NM - error)"}};
}

HsBaselineOptions HsBaselineOptions::parse(const ParamMap& params, const std::string& method) {
    HsBaselineOptions o;
    ParamMap left = params;
    take_param(left, "population", o.population, 2, 1000000);
    take_param(left, "crossover", o.crossover_rate, 0.0, 1.0);
    take_param(left, "mutation", o.mutation_rate, 0.0, 1.0);
    take_param(left, "evaluations", o.evaluations, 1, std::int64_t{1} << 50);
    take_param(left, "elitism", o.elitism, 0, 1000000);
    o.inverse_weight = take_choice(left, "weight", {"linear", "inverse"}, 1) == 1;
    reject_unknown(left, method, docs());
    return o;
}

MetaResult run_ga_hs_baseline(const Puzzle& puzzle, const HsBaselineOptions& o,
                              const RunControl& control) {
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
    m.params = HsBaselineOptions::docs();
    m.run = [](const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
        return run_ga_hs_baseline(p, HsBaselineOptions::parse(params, "ga-hs-baseline"), ctl);
    };
    return m;
}

}  // namespace nonolab::meta

#include "meta/genetic_bobko.hpp"

#include <stdexcept>

#include "meta/bobko_fitness.hpp"
#include "meta/genetic_core.hpp"

namespace nonolab::meta {

void BobkoOptions::resolve(int cells, bool modified) {
    // The three parameter sets of the paper, chosen by board size.
    int pop = 90;
    std::int64_t gens = 3000;
    double mut = 0.003;
    if (cells <= 16) {
        pop = 30, gens = 300, mut = 0.01;
    } else if (cells <= 25) {
        pop = 40, gens = 300, mut = 0.01;
        if (modified) gens = 3500, mut = 0.05;  // section IV b
    }
    if (population == 0) population = pop;
    if (generations == 0) generations = gens;
    if (mutation_rate < 0) mutation_rate = mut;
}

const OptionTable<BobkoOptions>& bobko_option_table(bool modified) {
    auto build = [](const char* method) {
        using O = BobkoOptions;
        return OptionTable<O>(method)
            .integer("population", &O::population, 0, 1000000,
                     "individuals; 0 = paper's value for the size (30/40/90)")
            .integer("generations", &O::generations, 0, std::int64_t{1} << 40,
                     "generations; 0 = paper's value (300/300/3000; 3500 modified 5x5)")
            .number("mutation", &O::mutation_rate, -1, 1,
                    "per-cell flip probability; -1 = paper's (0.01/0.01/0.003; 0.05)")
            .number("crossover", &O::crossover_rate, 0, 1,
                    "chance a selected pair is crossed by one-point crossover")
            .integer("elitism", &O::elitism, 0, 1000000,
                     "best individuals copied unchanged into the next generation");
    };
    static const OptionTable<BobkoOptions> simple = build("ga-simple"),
                                           modified_table = build("ga-modified");
    return modified ? modified_table : simple;
}

MetaResult run_ga_bobko(const Puzzle& puzzle, const BobkoOptions& options, bool modified,
                        const RunControl& control) {
    bobko_option_table(modified).validate(options);
    if (options.population == 1)
        throw std::invalid_argument("parameter 'population': must be >= 2");
    BobkoOptions o = options;
    const LineTable table(puzzle);
    o.resolve(table.cells(), modified);
    BinaryRepresentation rep(table, o.mutation_rate);
    GaLoopOptions loop;
    loop.population = o.population;
    loop.generations = o.generations;
    loop.crossover_rate = o.crossover_rate;
    loop.elitism = o.elitism;
    loop.selection = GaSelection::roulette;
    loop.replacement = GaReplacement::generational;
    MetaResult r;
    if (modified) {
        BobkoModifiedFitness f;
        r = run_genetic(table, f, rep, loop, control);
    } else {
        BobkoSimpleFitness f;
        r = run_genetic(table, f, rep, loop, control);
    }
    r.stats["population"] = o.population;
    r.stats["mutation"] = o.mutation_rate;
    return r;
}

std::vector<MethodInfo> bobko_methods() {
    std::vector<MethodInfo> out;
    for (bool modified : {false, true}) {
        MethodInfo m;
        m.name = modified ? "ga-modified" : "ga-simple";
        m.description = modified ? "GA, binary chromosome, block-difference fitness"
                                 : "GA, binary chromosome, count-based fitness (weak: see paper)";
        m.paper = modified ? "Bobko & Grzywacz 2016, section IV (eq. 7-11)"
                           : "Bobko & Grzywacz 2016, section III (eq. 1-6)";
        m.describe_params = [modified] { return bobko_option_table(modified).docs(); };
        m.run = [modified](const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
            return run_ga_bobko(p, bobko_option_table(modified).parse(params), modified, ctl);
        };
        out.push_back(std::move(m));
    }
    return out;
}

}  // namespace nonolab::meta

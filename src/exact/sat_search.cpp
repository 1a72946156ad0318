#include "exact/sat_search.hpp"

#include <stdexcept>

#include "exact/cadical_setup.hpp"
#include "exact/kissat_search.hpp"
#include "exact/sat_portfolio.hpp"

namespace nonolab::exact {

#ifdef NONOLAB_HAVE_CADICAL

namespace {

// The clause "at least one undecided cell differs from `g`". When `partial`
// is fully decided the clause is empty, which correctly says "no other
// completion exists" (there is at most one).
std::vector<int> blocking_clause(const Grid& partial, const Grid& g) {
    std::vector<int> clause;
    const int w = g.width();
    for (int r = 0; r < g.height(); ++r)
        for (int c = 0; c < w; ++c) {
            if (partial.at(r, c) != kUnknown) continue;
            const int v = cell_var(w, r, c);
            clause.push_back(g.at(r, c) == kFilled ? -v : v);
        }
    return clause;
}

void block(CaDiCaL::Solver& s, const Grid& partial, const Grid& g) {
    for (const int lit : blocking_clause(partial, g)) s.add(lit);
    s.add(0);
}

bool extends(const Grid& partial, const Grid& g) {
    for (int i = 0; i < g.size(); ++i)
        if (partial.cells()[i] != kUnknown && partial.cells()[i] != g.cells()[i]) return false;
    return true;
}

}  // namespace

bool sat_available() {
    return true;
}

void SatOptions::validate() const {
    if (!CaDiCaL::Solver::is_valid_configuration(config.c_str()))
        throw std::invalid_argument("unknown CaDiCaL configuration '" + config +
                                    "' (expected default, plain, sat or unsat)");
    if (backend != "cadical" && backend != "kissat")
        throw std::invalid_argument("unknown SAT engine '" + backend +
                                    "' (expected cadical or kissat)");
    if (backend == "kissat" && !kissat_available())
        throw std::invalid_argument("this nonolab was built without Kissat (NONOLAB_KISSAT=OFF)");
    CaDiCaL::Solver probe;
    for (const auto& [name, value] : extra)
        if (!probe.is_valid_option(name.c_str()))
            throw std::invalid_argument("unknown CaDiCaL option '" + name +
                                        "' (see `cadical --help`)");
}

// Kissat has no incremental interface: every model is a fresh run on the
// CNF and the clauses blocking the solutions known so far.
SatOutcome kissat_enumerate(const Puzzle& puzzle, const Grid& partial,
                            const std::vector<Grid>& exclude, int wanted, const Budget& budget,
                            const SatOptions& options, const std::atomic<bool>* stop) {
    SatOutcome out;
    const Cnf cnf = encode_cnf(puzzle, &partial);
    std::vector<std::vector<int>> blocks;
    for (const Grid& g : exclude)
        if (extends(partial, g)) blocks.push_back(blocking_clause(partial, g));
    KissatSetup setup;
    setup.phase = options.phase;
    setup.seed = options.seed;
    std::vector<signed char> model;
    while (static_cast<int>(out.solutions.size()) < wanted) {
        ++out.calls;
        const int res = kissat_solve(cnf, blocks, setup, budget, stop, &model);
        if (res == 20) {
            out.exhausted = true;
            break;
        }
        if (res != 10) {
            out.out_of_time = true;
            break;
        }
        Grid g = grid_from_model(puzzle.width(), puzzle.height(), [&](int v) { return model[v]; });
        blocks.push_back(blocking_clause(partial, g));
        out.solutions.push_back(std::move(g));
    }
    return out;
}

SatOutcome sat_search_one(const Puzzle& puzzle, const Grid& partial,
                          const std::vector<Grid>& exclude, int wanted, const Budget& budget,
                          const SatOptions& options, const std::atomic<bool>* stop) {
    if (options.backend == "kissat")
        return kissat_enumerate(puzzle, partial, exclude, wanted, budget, options, stop);
    return enumerate_models(
        encode_cnf(puzzle, &partial),  // the order encoding (cnf_encoding.hpp)
        wanted, budget, options,
        [&](CaDiCaL::Solver& s) {
            for (const Grid& g : exclude)
                if (extends(partial, g)) block(s, partial, g);
        },
        [&](CaDiCaL::Solver& s) {
            return grid_from_model(puzzle.width(), puzzle.height(),
                                   [&](int v) { return s.val(v); });
        },
        [&](CaDiCaL::Solver& s, const Grid& g) { block(s, partial, g); }, stop);
}

SatOutcome sat_search(const Puzzle& puzzle, const Grid& partial, const std::vector<Grid>& exclude,
                      int wanted, const Budget& budget, const SatOptions& options) {
    if (options.portfolio > 1)
        return sat_portfolio(puzzle, partial, exclude, wanted, budget, options);
    return sat_search_one(puzzle, partial, exclude, wanted, budget, options, nullptr);
}

#else

bool sat_available() {
    return false;
}

void SatOptions::validate() const {}

SatOutcome sat_search(const Puzzle&, const Grid&, const std::vector<Grid>&, int, const Budget&,
                      const SatOptions&) {
    throw std::logic_error("this nonolab was built without CaDiCaL (NONOLAB_CADICAL=OFF)");
}

SatOutcome sat_search_one(const Puzzle&, const Grid&, const std::vector<Grid>&, int, const Budget&,
                          const SatOptions&, const std::atomic<bool>*) {
    throw std::logic_error("this nonolab was built without CaDiCaL (NONOLAB_CADICAL=OFF)");
}

#endif

}  // namespace nonolab::exact

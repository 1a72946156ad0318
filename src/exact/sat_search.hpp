// SatSearch: the clause-learning back end of the exact solver (CaDiCaL).
//
// Why: probing and backtracking without learning re-discover the same
// conflicts in every subtree. On puzzles whose first solution lies deep, or
// whose uniqueness proof needs a large tree (the n-Dom family, Wolter's
// hardest survey puzzles), a CDCL solver that learns nogoods finishes in a
// fraction of a second where plain search takes minutes.
//
// How: the grid after root propagation and probing (every forced cell
// already decided) is encoded with cnf_encoding.hpp, the decided cells as
// unit clauses. Solutions are enumerated by solving, reading the model,
// verifying nothing (the caller's verify does that) and adding a blocking
// clause over the cells that were still undecided, until the solution limit
// is reached or the formula becomes unsatisfiable. UNSAT with k solutions
// found proves there are exactly k: CaDiCaL is complete.
//
// The budget is honoured through CaDiCaL's Terminator, which it polls
// between conflicts and decisions.
//
// The lines are always in the order encoding: the automaton encoding (and
// both together) took 3.3x as long on TAAI 2011, and one warm solver taking
// cubes after a conflict limit gained nothing (docs/results/exact.md,
// "Removed options"). `nonolab convert` still writes the automaton CNF.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::exact {

/// True when this build includes the CaDiCaL back end.
bool sat_available();

/// What runs inside CaDiCaL besides its own unit propagation.
enum class SatPropagator {
    none,  ///< the CNF alone
    line,  ///< the complete line solver as an external propagator (line_propagator.hpp)
};

/// What the line propagator did (sums over solve() calls; zero without it).
struct LinePropagatorStats {
    std::uint64_t line_solves = 0;      ///< dirty lines solved at cb_propagate
    std::uint64_t propagations = 0;     ///< literals handed to CaDiCaL
    std::uint64_t conflicts = 0;        ///< lines found with no placement
    std::uint64_t reasons = 0;          ///< reason clauses CaDiCaL asked for
    std::uint64_t reason_literals = 0;  ///< their total length
    std::uint64_t explain_solves = 0;   ///< line solves spent shrinking explanations
    std::uint64_t models_checked = 0;   ///< cb_check_found_model calls
    std::uint64_t failures = 0;         ///< exceptions caught inside a callback
};

/// How the CaDiCaL back end is set up. Defaults measured on TAAI 2011 in
/// docs/results/exact.md; chronological backtracking is always off
/// (cadical_setup.hpp), unless `extra` sets chrono.
struct SatOptions {
    std::string backend = "cadical";  ///< the engine: cadical, or kissat (kissat_search.hpp)
    std::string config = "sat";       ///< CaDiCaL configuration: default, plain, sat, unsat
    int phase = 1;                    ///< initial phase: 1 filled first, 0 empty first
    int seed = 0;                     ///< the engine's random seed (0: its default)
    int portfolio = 1;  ///< engines raced on as many threads (sat_portfolio.hpp); 1 = this one
    std::vector<std::pair<std::string, int>> extra;  ///< further CaDiCaL options, name = value
    /// Black and white only; needs a CaDiCaL with IPASIR-UP (>= 1.6), else
    /// validate() and sat_search throw.
    SatPropagator propagator = SatPropagator::none;

    /// Throws std::invalid_argument naming a bad configuration or option.
    void validate() const;
};

struct SatOutcome {
    std::vector<Grid> solutions;     ///< new solutions, in the order found
    bool exhausted = false;          ///< proven: no further solution exists
    bool out_of_time = false;        ///< the budget stopped it
    int calls = 0;                   ///< solve() calls made
    LinePropagatorStats propagator;  ///< SatPropagator::line's work
};

/// Finds up to `wanted` solutions of `puzzle` that extend `partial` and
/// differ from every grid in `exclude` (solutions already reported). With
/// options.portfolio > 1, that many engines race (sat_portfolio.hpp).
/// Throws std::logic_error when !sat_available().
SatOutcome sat_search(const Puzzle& puzzle, const Grid& partial, const std::vector<Grid>& exclude,
                      int wanted, const Budget& budget, const SatOptions& options = {});

/// One engine, options.backend, whatever options.portfolio says; it gives
/// up (out_of_time) as soon as `stop` is set.
SatOutcome sat_search_one(const Puzzle& puzzle, const Grid& partial,
                          const std::vector<Grid>& exclude, int wanted, const Budget& budget,
                          const SatOptions& options, const std::atomic<bool>* stop);

}  // namespace nonolab::exact

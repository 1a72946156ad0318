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
#include <string>
#include <utility>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::exact {

/// True when this build includes the CaDiCaL back end.
bool sat_available();

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

    /// Throws std::invalid_argument naming a bad configuration or option.
    void validate() const;
};

struct SatOutcome {
    std::vector<Grid> solutions;  ///< new solutions, in the order found
    bool exhausted = false;       ///< proven: no further solution exists
    bool out_of_time = false;     ///< the budget stopped it
    int calls = 0;                ///< solve() calls made
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

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
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::exact {

/// True when this build includes the CaDiCaL back end.
bool sat_available();

struct SatOutcome {
    std::vector<Grid> solutions;  ///< new solutions, in the order found
    bool exhausted = false;       ///< proven: no further solution exists
    bool out_of_time = false;     ///< the budget stopped it
    int calls = 0;                ///< solve() calls made
};

/// Finds up to `wanted` solutions of `puzzle` that extend `partial` and
/// differ from every grid in `exclude` (solutions already reported).
/// Throws std::logic_error when !sat_available().
/// `config` names a CaDiCaL configuration ("default", "plain", "sat", "unsat");
/// `phase` is its initial phase (1 = try filled first, 0 = empty first).
SatOutcome sat_search(const Puzzle& puzzle, const Grid& partial, const std::vector<Grid>& exclude,
                      int wanted, const Budget& budget, const std::string& config = "sat",
                      int phase = 1);

}  // namespace nonolab::exact

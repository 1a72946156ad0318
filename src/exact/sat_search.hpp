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
// SatSearch keeps one solver warm across calls (issue 20, item 1: "better
// use of CaDiCaL"): a call may stop after a number of conflicts, and later
// calls may restrict the search to a cube (a partial grid below the probed
// root, assumed cell by cell), keeping every clause learnt so far. The
// exact search uses that to split a puzzle CaDiCaL did not finish quickly
// (ExactOptions::cube_after, exact_search.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/cnf_encoding.hpp"

namespace nonolab::exact {

/// True when this build includes the CaDiCaL back end.
bool sat_available();

/// How the CaDiCaL back end is set up. Defaults measured on TAAI 2011 in
/// docs/results/exact.md.
struct SatOptions {
    std::string config = "sat";  ///< CaDiCaL configuration: default, plain, sat, unsat
    int phase = 1;               ///< CaDiCaL initial phase: 1 filled first, 0 empty first
    LineEncoding encoding = LineEncoding::order;  ///< how lines become clauses
    int chrono = 0;  ///< CaDiCaL's chronological backtracking, 0-2 (CaDiCaL: 1); 0 measured faster
    std::vector<std::pair<std::string, int>> extra;  ///< further CaDiCaL options, name = value

    /// Throws std::invalid_argument naming a bad configuration or option.
    void validate() const;
};

struct SatOutcome {
    std::vector<Grid> solutions;  ///< new solutions, in the order found
    bool exhausted = false;       ///< proven: no further solution exists (in the cube, if one)
    bool out_of_time = false;     ///< the budget stopped it
    bool limited = false;         ///< the conflict limit stopped it (SatSearch::run)
    int calls = 0;                ///< solve() calls made
};

/// One CaDiCaL solver over `partial` (the probed root), warm across calls.
/// Solutions in `exclude` and every solution found are blocked for good.
/// Throws std::logic_error when !sat_available().
class SatSearch {
  public:
    SatSearch(const Puzzle& puzzle, const Grid& partial, const std::vector<Grid>& exclude,
              const SatOptions& options);
    ~SatSearch();
    SatSearch(const SatSearch&) = delete;
    SatSearch& operator=(const SatSearch&) = delete;

    /// Up to `wanted` further solutions that extend `cube` (null: `partial`
    /// itself; otherwise a grid of the puzzle's size that extends
    /// `partial`). With conflict_limit >= 0 each solve() call stops after
    /// that many conflicts, and the outcome says `limited`.
    SatOutcome run(int wanted, const Budget& budget, const Grid* cube = nullptr,
                   int conflict_limit = -1);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Finds up to `wanted` solutions of `puzzle` that extend `partial` and
/// differ from every grid in `exclude` (solutions already reported): one
/// SatSearch run without a cube or a limit.
/// Throws std::logic_error when !sat_available().
SatOutcome sat_search(const Puzzle& puzzle, const Grid& partial, const std::vector<Grid>& exclude,
                      int wanted, const Budget& budget, const SatOptions& options = {});

}  // namespace nonolab::exact

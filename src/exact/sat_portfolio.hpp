// SatPortfolio: several differently configured SAT engines race on one
// puzzle's residual, one thread each; the first proven verdict wins.
//
// Why: on the hardest puzzles a single CDCL run is heavy-tailed, and no one
// configuration wins everywhere. Measured on our CNF (one thread each):
// Knotty's first solution took Kissat 58 s, CaDiCaL 1.5.3 283 s and
// CaDiCaL 1.7.4 374 s; on Meow Kissat found two solutions while our
// default found none in 1,200 s. Racing k engines costs k cores and
// returns at the speed of the fastest.
//
// How: engine i runs sat_search_one with portfolio_configuration(base, i)
// on its own thread. A run that ends with a proof (the wanted number of
// solutions, or UNSAT: exhausted) claims the win and sets the shared stop
// flag, which the others poll through their terminate hooks (CaDiCaL's
// Terminator, Kissat's kissat_set_terminate) and so end within
// milliseconds. Every engine is complete, so every verdict is a proof; which
// engine wins, and so which models are reported when there are several
// solutions, depends on timing (the verdict does not).
#pragma once

#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/sat_search.hpp"

namespace nonolab::exact {

/// Engine i of a race from `base` (base.portfolio engines in all):
///   0  base as given (CaDiCaL by default)
///   1  Kissat, same phase
///   2  CaDiCaL, opposite phase, seed 1
///   3  Kissat, opposite phase, seed 1
///   i  from 4 on: alternately CaDiCaL and Kissat, phase alternating, seed i
/// Without Kissat in the build, its places go to CaDiCaL with the same
/// phase and seed.
SatOptions portfolio_configuration(const SatOptions& base, int i);

/// Races base.portfolio engines (see above); returns the winner's outcome,
/// or out_of_time when the budget ended every run first. `calls` counts
/// the winner's solve calls.
SatOutcome sat_portfolio(const Puzzle& puzzle, const Grid& partial,
                         const std::vector<Grid>& exclude, int wanted, const Budget& budget,
                         const SatOptions& base);

}  // namespace nonolab::exact

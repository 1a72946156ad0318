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
//
// The engines share their models (ModelPool): every model any engine finds
// goes into the pool, and the race ends as soon as the pool holds the
// wanted number of distinct grids. So two engines whose first models
// differ prove "multiple" without either finding a second, which on
// Knotty, Meow and Faase is where the time went (the second model, with
// the first blocked, took Kissat 404 s on Knotty after 58 s for the
// first). Between solve calls each engine also blocks the models the
// others found, so that its next model is new to the race. That makes an
// engine's UNSAT a proof about its own models and the pooled ones it
// blocked, all of which are in the pool: the winner's solutions are
// therefore the pool's, never its own alone.
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/sat_search.hpp"

namespace nonolab::exact {

/// The models of one race, distinct grids in the order found, at most
/// `wanted`. Thread-safe; `stop` is set once the pool is full.
class ModelPool {
  public:
    ModelPool(int wanted, std::atomic<bool>& stop) : wanted_(wanted), stop_(stop) {}
    /// Adds `g` unless the pool has it or is full.
    void offer(const Grid& g);
    /// True once the pool holds `wanted` grids.
    bool full() const;
    /// The grids from index `from` on (an engine's "what is new to me").
    std::vector<Grid> since(std::size_t from) const;

  private:
    mutable std::mutex mutex_;
    std::vector<Grid> grids_;
    const std::size_t wanted_;
    std::atomic<bool>& stop_;
};

/// Engine i of a race from `base` (base.portfolio engines in all):
///   0  base as given (CaDiCaL by default)
///   1  base, cube by cube: the prober's 16 cubes (cube_depth 4) below the
///      residual, each closed under probing, then base on each cube's CNF
///   2  Kissat, same phase
///   3  CaDiCaL, opposite phase, seed 1
///   4  Kissat, opposite phase, seed 1
///   i  from 5 on: alternately CaDiCaL and Kissat, phase alternating, seed i
/// Why the cubes second: they search most unlike a whole run, and a race
/// wins by its members' differences. Paired against CaDiCaL with Kissat
/// on two threads, CaDiCaL with the cubes took Faase and Knotty 0.97 and
/// 0.81 times as long (docs/results/frontier.md, "The race on two
/// threads"); Kissat, next, joins from three threads on.
/// Without Kissat in the build, its places go to CaDiCaL with the same
/// phase and another seed.
SatOptions portfolio_configuration(const SatOptions& base, int i);

/// The residual cube by cube (options.cube_depth > 0; sat_search_one comes
/// here): the prober's cubes below `partial`, and options' engine with
/// cube_depth 0 on each in turn, sharing `pool` when given. The same
/// contract as sat_search_one.
SatOutcome sat_search_by_cubes(const Puzzle& puzzle, const Grid& partial,
                               const std::vector<Grid>& exclude, int wanted, const Budget& budget,
                               const SatOptions& options, const std::atomic<bool>* stop,
                               ModelPool* pool = nullptr);

/// Races base.portfolio engines (see above); returns the winner's outcome
/// with the pool's models as its solutions, the pool's models once it holds
/// `wanted` (not exhausted), or out_of_time with them when the budget ended
/// every run first. `calls` counts the winner's solve calls (every engine's
/// when no single engine won).
SatOutcome sat_portfolio(const Puzzle& puzzle, const Grid& partial,
                         const std::vector<Grid>& exclude, int wanted, const Budget& budget,
                         const SatOptions& base);

}  // namespace nonolab::exact

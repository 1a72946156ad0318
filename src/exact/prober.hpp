// Prober: two-sided probing on undecided cells ("failed literal" reasoning).
//
// For an undecided cell x, propagate the grid once with x filled and once
// with x empty. Every solution extends one of the two results, because
// propagation only draws sound conclusions. Hence:
//   - both contradict   => the node has no solution;
//   - one contradicts   => x takes the other value (adopt that grid);
//   - both survive      => every cell on which the two results agree is fixed.
// Repeating until no probe teaches anything yields a grid that is closed
// under probing, often complete on puzzles that line solving alone cannot
// finish (most random tournament boards). The probe results also rank the
// cells for branching: a cell whose two sides each decide many cells makes
// both subtrees small.
//
// This is the two-value probing used by the strongest tournament solvers
// (e.g. Wu et al., "An efficient approach to solving nonograms", IEEE TCIAIG
// 2013); our loop and scoring are our own and deliberately simple.
//
// Every pass probes every undecided cell. Probing only cells near the last
// changes (issue 7, item 3) was built and removed: no faster on TAAI 2011
// (docs/results/exact.md, "Removed options").
#pragma once

#include <cstdint>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "exact/propagator.hpp"

namespace nonolab::exact {

enum class ProbeResult { closed, contradiction, out_of_time };

class Prober {
  public:
    explicit Prober(Propagator& propagator) : prop_(propagator) {}

    /// Probes `grid` (already at a propagation fixpoint) until closed.
    /// On `closed`, best_cell() names the undecided cell to branch on (-1 if
    /// the grid is complete).
    ProbeResult run(Grid& grid, const Budget& budget);

    int best_cell() const { return best_cell_; }      ///< row-major index or -1
    std::uint64_t probes() const { return probes_; }  ///< cells probed so far
    std::uint64_t forced() const { return forced_; }  ///< cells fixed by probing so far

  private:
    // Propagates `out` = `grid` with cell := value; returns the outcome.
    Propagation try_value(const Grid& grid, int cell, Cell value, Grid& out, const Budget& budget);

    Propagator& prop_;
    Grid filled_, empty_;  ///< scratch: the two sides of the current probe
    int best_cell_ = -1;
    std::uint64_t probes_ = 0;
    std::uint64_t forced_ = 0;
};

}  // namespace nonolab::exact

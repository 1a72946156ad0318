// Prober: probing on open cells ("failed literal" reasoning), the second
// part of the one engine, over the same cell domains as propagator.hpp.
//
// For an open cell x, propagate the state once for each value x may still
// take. Every solution extends one of the results, because propagation only
// draws sound conclusions. Hence:
//   - every value contradicts  => the node has no solution;
//   - one value survives       => x takes it (adopt that result whole);
//   - several survive          => every cell keeps only what some surviving
//                                 result left it (the join of the results:
//                                 in black and white, the cells on which the
//                                 two sides agree are fixed).
// Repeating until no probe teaches anything yields a state that is closed
// under probing, often complete on puzzles that line solving alone cannot
// finish (most random tournament boards). The probe results also rank the
// cells for branching: a cell whose two sides each decide many cells makes
// both subtrees small.
//
// This is the two-value probing used by the strongest tournament solvers
// (e.g. Wu et al., "An efficient approach to solving nonograms", IEEE TCIAIG
// 2013), carried to colour sets; our loop and scoring are our own and
// deliberately simple.
//
// Every pass probes every open cell. Probing only cells near the last
// changes was built and removed: no faster on TAAI 2011
// (docs/results/exact.md, "Removed options").
#pragma once

#include <cstdint>

#include "core/budget.hpp"
#include "exact/propagator.hpp"

namespace nonolab::exact {

enum class ProbeResult { closed, contradiction, out_of_time };

template <CellDomain Domain>
class BasicProber {
  public:
    using Value = typename Domain::Value;
    using State = typename Domain::State;

    explicit BasicProber(BasicPropagator<Domain>& propagator) : prop_(propagator) {}

    /// Probes `state` (already at a propagation fixpoint) until closed.
    /// On `closed`, best_cell() names the open cell to branch on (-1 if the
    /// state is complete): the one with the fewest values left, and among
    /// those the best probe score (both sides decide many cells).
    ProbeResult run(State& state, const Budget& budget);

    /// One side of a probe: `out` = `state` with cell := value, propagated.
    Propagation try_value(const State& state, int cell, Value value, State& out,
                          const Budget& budget);

    int best_cell() const { return best_cell_; }      ///< row-major index or -1
    std::uint64_t probes() const { return probes_; }  ///< cells probed so far
    std::uint64_t forced() const { return forced_; }  ///< probes that narrowed the state

  private:
    enum class CellProbe { learnt_nothing, narrowed, contradiction, out_of_time };
    /// Probes one open cell; on learnt_nothing `score` ranks it for branching.
    CellProbe probe_cell(State& state, int cell, const Budget& budget, long& score);

    BasicPropagator<Domain>& prop_;
    // Scratch, reused: the result being propagated, the last survivor, and
    // the join of the survivors before it. Buffers are swapped, not copied.
    State trial_, last_, joined_;
    int best_cell_ = -1;
    std::uint64_t probes_ = 0;
    std::uint64_t forced_ = 0;
};

using Prober = BasicProber<BinaryDomain>;
using ColourProber = BasicProber<ColourDomain>;

extern template class BasicProber<BinaryDomain>;
extern template class BasicProber<ColourDomain>;

}  // namespace nonolab::exact

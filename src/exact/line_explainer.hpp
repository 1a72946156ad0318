// LineExplainer: why a line forced a cell, or why it admits no placement,
// as a small set of the line's known cells. Written for our own
// clause-learning search (removed, docs/results/lcg.md); now the reasons of
// the line solver inside CaDiCaL (line_propagator.hpp).
//
// Lazy clause generation (Ohrimenko, Stuckey and Codish, "Propagation via
// lazy clause generation", Constraints 14(3), 2009) lets a propagator that
// is stronger than unit propagation take part in conflict analysis: each
// deduction must be explainable as a clause over the literals that caused
// it. Our propagator is the complete line solver, so an explanation of
// "line L forces cell c to x" is any set K of L's known cells such that
// solving L with only K known still forces c to x; a failure needs a K with
// which L still has no placement. All of L's known cells always work; a
// smaller K gives a shorter learned clause, which prunes more.
//
// How K shrinks: deletion, in the order the caller gives (the caller puts
// the most recently assigned cells first, so that the explanation keeps
// cells of earlier decision levels and 1-UIP analysis has fewer literals of
// the current level to resolve away). Cells are dropped in blocks of
// kBlock first: most of a long line's known cells are far from the reason
// and go together, one line solve for the block instead of one per cell; a
// block that cannot go is tried cell by cell. The result is minimal: no
// single kept cell can be dropped (each was tried against a subset of what
// is finally kept, and line solving is monotone in what is known).
#pragma once

#include <span>
#include <vector>

#include "core/grid.hpp"
#include "exact/binary_domain.hpp"

namespace nonolab::exact {

class LineExplainer {
  public:
    /// Cells dropped together in the first pass over a block.
    static constexpr int kBlock = 8;

    explicit LineExplainer(BinaryLines& lines) : lines_(lines) {}

    /// Shrinks `known` (positions of line `line` whose values in `cells`
    /// may be kept) to a minimal subset that still makes the line solver
    /// force cell `target` to `value`, or, with target < 0, still fail.
    /// `cells` holds the line as the deduction saw it: every position not in
    /// `known` is either open (kUnknown) or fixed for good (always kept, as
    /// root cells are: they never appear in a learned clause). The order of
    /// `known` is the order cells are tried for removal. Returns the number
    /// of line solves it took.
    int shrink(int line, std::span<const Cell> cells, std::vector<int>& known, int target,
               Cell value);

  private:
    /// Whether the deduction still holds with trial_ as the line.
    bool holds(int line, int target, Cell value);

    BinaryLines& lines_;
    std::vector<Cell> trial_, scratch_;
    std::vector<int> kept_;
};

}  // namespace nonolab::exact

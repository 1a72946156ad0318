// BitsetLineSolver: the same complete line solver as the reference DP
// LineSolver (tests/oracle/line_solver.hpp: same answers on every input; a
// test checks it), with the DP tables held as
// bitsets so that one machine word carries a whole column of the table.
// A DP over (cell, run) with bitset-encoded partial lines.
//
// The DP of tests/oracle/line_solver.hpp, restated over sets of positions 0..n:
//   fwd[j] = { i : the prefix [0, i) can hold runs 0..j-1, other cells empty }
//   bwd[j] = { i : the suffix [i, n) can hold runs j..k-1, other cells empty }
// Per run, three word operations replace the inner loop over cells:
//   fits(len)  = starts s whose cells s..s+len-1 are all not known-empty:
//                an AND of shifted copies of the "not empty" mask, built by
//                doubling the covered width (log2(len) steps);
//   placements = fits(len) & (allowed starts) shifted left by len: the end
//                positions of run j;
//   closure    = extend each end through following cells that are not
//                known-filled ("the rest of the prefix stays empty"). This
//                is the carry trick: adding the seeds to the mask of
//                not-filled cells makes each carry ripple up through the
//                stretch of not-filled cells above its seed, so
//                ((M + (S & M)) ^ M) | S is every position reachable from a
//                seed S by steps through M.
// The backward table is the forward one of the mirrored line (cells and runs
// reversed), mirrored back with a bit reversal. Cells that can be empty and
// cells some valid placement covers are then unions over runs of word
// operations too, so a solve costs O(k log n) word operations instead of
// O(n k) byte operations.
//
// Lines up to 63 cells use 64-bit words and lines up to 127 cells 128-bit
// words, with the tables as fixed arrays; longer lines (any length) go to
// WideLineSolver (wide_line_solver.hpp), the same DP on multi-word bitsets
// with reused heap tables. No allocation once the longest line was seen.
#pragma once

#include <cstdint>
#include <span>

#include "core/grid.hpp"
#include "line/wide_line_solver.hpp"

namespace nonolab::line {

class BitsetLineSolver {
  public:
    /// Longest line solved on one or two machine words; longer ones use
    /// WideLineSolver.
    static constexpr int kMaxWordCells = 127;

    /// Same contract as LineSolver::solve: decides every forced cell of
    /// `cells` in place; returns false when no arrangement of `runs` fits.
    bool solve(std::span<const int> runs, std::span<Cell> cells);

  private:
    template <class Word>
    bool solve_words(std::span<const int> runs, std::span<Cell> cells);

    WideLineSolver wide_;
};

}  // namespace nonolab::line

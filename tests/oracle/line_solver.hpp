// LineSolver: the reference black-and-white line solver, the oracle the
// production solvers (src/line/bitset_line_solver.hpp, wide_line_solver.hpp)
// are tested and benchmarked against. It lives in tests/ because nothing in
// the product runs it: one line solver family per job.
//
// Given one line's clue (run lengths) and its partial state, it decides every
// cell that has the same value in *all* arrangements of the runs consistent
// with the cells already known, and reports a contradiction when there is no
// such arrangement. "Complete" means it misses nothing that the line alone
// implies; it cannot see interactions between lines (propagation and search
// do that).
//
// Method: dynamic programming over (runs placed, cells consumed), computed
// from both ends, in O(n·k) time and memory for a line of n cells and k runs.
//   fwd[j][i]  the prefix [0, i) can hold runs 0..j-1, all other cells empty
//   bwd[j][i]  the suffix [i, n) can hold runs j..k-1, all other cells empty
// A cell x can be empty iff fwd[j][x] and bwd[j][x+1] for some j (x splits
// the runs into a left and a right part). It can be filled iff some run j
// has a valid start s <= x < s+len, valid meaning: no known-empty cell under
// the run, a separator (or the line end) on each side that is not known
// filled, and the runs before/after fit in what is left (fwd/bwd again).
// Filled candidates are accumulated with a difference array, so the whole
// pass stays O(n·k). This is the textbook DP used by most exact solvers; the
// formulation above is our own.
//
// Scratch tables are members and reused, so a solve allocates nothing once
// the solver has seen its longest line.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/grid.hpp"

namespace nonolab::oracle {

class LineSolver {
  public:
    /// Solves `cells` (values kUnknown, kEmpty, kFilled) in place against `runs`.
    /// Returns false if no arrangement fits (cells are then left unspecified).
    /// On success every forced cell is set; the others stay kUnknown.
    bool solve(std::span<const int> runs, std::span<Cell> cells);

  private:
    std::vector<int> filled_before_;  ///< filled_before_[i]: known-filled cells in [0, i)
    std::vector<int> empty_before_;   ///< empty_before_[i]: known-empty cells in [0, i)
    std::vector<std::uint8_t> fwd_;   ///< (k+1) x (n+1), see above
    std::vector<std::uint8_t> bwd_;   ///< (k+1) x (n+2), see above (one guard column)
    std::vector<int> fill_cover_;     ///< difference array of possible-filled cells
};

}  // namespace nonolab::oracle

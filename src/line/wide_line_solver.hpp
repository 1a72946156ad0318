// WideLineSolver: the bitset line DP of bitset_line_solver.hpp for lines of
// any length, on multi-word bitsets (wide_bits.hpp).
// BitsetLineSolver hands it every line over 127 cells; it is correct on
// shorter lines too, which is how the tests check it against brute force.
//
// The tables, the fits / placements / closure steps and the mirrored
// backward pass are those of bitset_line_solver.hpp; what changes is that a
// row is a window of 64-bit words instead of one word:
//
// Windows. With slack = n - (sum of runs + k - 1), run j can only start in
// [a_j, a_j + slack], where a_j = sum over i < j of (run i + 1) is its
// left-most start when every run is packed to the left. So the DP only ever
// needs fwd[j] from the earliest end of run j-1 (a_j - 1) to the latest
// start of run j (a_j + slack), and bwd[j] at the same positions (for the
// can-be-empty test fwd[j][x] && bwd[j][x+1], and for run j-1's right-hand
// side). Each row is therefore stored as the words covering slack + 2
// positions, not the whole line, and each run's work touches
// O((slack + len) / 64) words instead of O(n / 64). A line with many runs
// and little slack (the usual case) gets the most out of this.
//
// Why skipping the other words is exact: a bit the DP sets is always a true
// fact (a real prefix or suffix), so cutting the work off can only lose
// bits. Every arrangement of the whole line starts each run j inside
// [a_j, a_j + slack], so every bit on the chain that builds it lies inside
// the windows and is still computed. The answers only ever use such chains
// (feasibility is fwd[k][n]; a cell can be empty or filled only if a
// prefix bit meets a matching suffix bit, which is a whole arrangement), so
// a lost bit is one that no arrangement needed. The same holds for any
// tighter per-run start bounds (place_windows takes them per run).
//
// Measured alternatives (docs/results/line-solver-wide.md): full-width rows
// (1.2-5x slower), fixed-size multi-word value types plugged into the
// one-word template of bitset_line_solver.cpp (1.8-3x slower), and windows
// from the left-most/right-most placement pass (extreme_placements.hpp),
// which are tighter on lines with known cells but cost more than they save.
//
// Scratch tables are members, grown to the largest tables seen and reused,
// so a solve allocates nothing once a line at least as big was solved. They
// live on the heap, never on the stack of the calling thread: a table holds
// (k + 1) rows of about slack / 64 words, at most about n^2 / 512 words for
// n cells (some 1.6 MB at 10000 cells).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/grid.hpp"
#include "line/wide_bits.hpp"

namespace nonolab::line {

class WideLineSolver {
  public:
    /// Same contract as LineSolver::solve, for lines of any length (>= 0).
    bool solve(std::span<const int> runs, std::span<Cell> cells);

    using Span = Positions;  ///< positions lo..hi of a window

  private:
    struct Pass;  // one forward DP over the line or its mirror image
    /// The windows of one DP: rows 0..k and run starts 0..k-1.
    struct Layout {
        std::vector<Span> rows, starts;
    };

    bool place_windows(std::span<const int> runs);
    void load_masks(std::span<const Cell> cells);
    bool forward(const Pass& pass);
    WideBits fits(WideBits ne, Span starts, int len);
    void combine(std::span<const int> runs);
    void add_run_cover(std::span<const int> runs, int j, WideBits next_bwd);
    void write_back(std::span<Cell> cells);

    /// Row j of a table (fwd_ or mir_) laid out by `layout`.
    WideBits row(std::vector<std::uint64_t>& table, const Layout& layout, int j);
    /// Run j's possible starts, in starts_.
    WideBits start_window(const Layout& layout, int j);

    int n_ = 0, k_ = 0;
    int words_ = 0;                      ///< words of a whole-line bitset (positions 0..n)
    int stride_ = 0;                     ///< words per stored row: the widest window
    int tmp_words_ = 0;                  ///< words tmp_ needs
    Layout layout_[2];                   ///< the line's windows, and its mirror image's
    std::vector<std::uint64_t> masks_;   ///< 6 whole-line bitsets, see load_masks
    std::vector<std::uint64_t> fwd_;     ///< forward rows 0..k
    std::vector<std::uint64_t> mir_;     ///< forward rows of the mirrored line
    std::vector<std::uint64_t> starts_;  ///< per run: starts that fit and follow a valid prefix
    std::vector<std::uint64_t> tmp_;     ///< fits / spread of one run
    std::vector<std::uint64_t> bwd_;     ///< two backward rows (current, next)
    std::vector<int> first_, last_;      ///< each run's first and last possible start
    std::vector<int> mirror_runs_;       ///< runs in reverse order
};

}  // namespace nonolab::line

// H, the heuristic of Buades Rubio et al. 2024 (section 2.3.1, Algorithm 1),
// and the search engine the network variants share (Algorithm 3's
// "intuition", Algorithm 4's start from a partially erased prediction).
//
//     nn::HeuristicSearch h(puzzle, {});           // lists every line's combinations
//     nn::SearchStats stats;  Rng rng(seed);
//     if (h.solve(Grid(w, h, kUnknown), nullptr, budget, rng, 0, stats) ==
//     nn::SearchOutcome::solved)
//         use(h.solution());
//
// SOLVE (Algorithm 1):
//   1. a full board is a solution or a dead end;
//   2. trivial cells: per row and column, the combinations (placements of the
//      clue, heuristic_combinations.hpp) compatible with the current line
//      state; a cell with one value in all of them is set. All lines read the
//      same board and their cells are set together, then SOLVE is called
//      again (Algorithm 1, lines 7-10). A line with no compatible combination,
//      or a row and a column that disagree on a cell, is a dead end;
//   3. no trivial cell: DFS on the open line with the fewest compatible
//      combinations, trying them in order (Sorted(comb), lines 12-17), each
//      followed by a new SOLVE.
// With an Intuition (Algorithm 3, Weighted(comb)) the combinations are tried
// by their number of differences from the network's prediction, ascending,
// ties in random order.
//
// Our readings (docs/methods.md, "Buades Rubio et al.: H and the network
// variants"), each with an option for the other one:
//   - iterations (Table 4's unit) = SOLVE calls that look for trivial cells
//     (reach get_combinations, line 7): a board that line logic alone solves
//     in s rounds takes s; calls that only find a full board (lines 2-5) are
//     counted apart (solve_calls). This count gives the paper's median of 6
//     on the 10x10 test sample; counting every call gives 7 (docs/methods.md).
//   - Sorted(comb): the combinations of one line, the line with the fewest
//     (ties: rows top to bottom, then columns left to right), in listing
//     order (runs packed left first). branch=all reads it literally as the
//     combinations of every open line, lines by count.
//   - Trivial cells of one round are computed on one board state (the
//     "snapshot" of Algorithm 1); sweep=sequential sets each line's cells
//     before the next line is examined.
// Deviations: the compatible combinations of each line are kept from call to
// call (they only shrink along a path) instead of being recomputed from the
// whole list; same sets, less work. Lines with more than
// max_line_combinations placements are never listed: the DP line solver
// (src/line) gives their trivial cells (the same cells: it is exact), and
// they are branched on cell by cell only when no listed line is open. Lines
// are limited to 64 cells, colour puzzles are refused.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/method.hpp"
#include "core/options.hpp"
#include "core/puzzle.hpp"
#include "core/rng.hpp"
#include "line/bitset_line_solver.hpp"

namespace nonolab::nn {

/// Options of H's search (also used by every network variant).
struct HeuristicOptions {
    std::uint64_t max_line_combinations = 100000;  ///< lines with more use the bitset line solver
    bool sequential_sweep = false;    ///< set each line's trivial cells at once (not one snapshot)
    bool random_ties = false;         ///< ties between branching lines: random (seeded), not first
    bool branch_all_lines = false;    ///< literal Sorted(comb): every open line's combinations
    std::int64_t max_iterations = 0;  ///< stop after this many iterations; 0 = no limit
};

/// H's options as --param keys, with ranges and help; every nn-* method's
/// table includes it (nn_search_methods.hpp).
const OptionTable<HeuristicOptions>& heuristic_option_table();

/// How a network prediction weighs the candidates (Algorithm 3).
struct IntuitionOptions {
    bool probability_weights = false;  ///< distance = sum of |p - cell| instead of differences
    bool picks_line = false;  ///< branch on the line holding the closest candidate, not the fewest
};

/// The intuition's options as --param keys (the nn-* methods with intuition include it).
const OptionTable<IntuitionOptions>& intuition_option_table();

/// A network's prediction for the puzzle being searched: probabilities, row-major.
struct Intuition {
    std::vector<float> probabilities;  ///< width·height values in [0, 1]
    IntuitionOptions options;
};

enum class SearchOutcome {
    solved,           ///< solution() holds a solution
    exhausted,        ///< the whole space below the start state holds none
    timeout,          ///< the budget expired
    iteration_limit,  ///< the iteration limit was reached
};

/// Counters, accumulated over every solve() call given the same struct.
struct SearchStats {
    std::int64_t iterations = 0;  ///< SOLVE calls that looked for trivial cells (Table 4's unit)
    std::int64_t calls = 0;       ///< every SOLVE call, full-board checks included
    std::int64_t nodes = 0;       ///< combinations (or cells) tried by the DFS
    std::int64_t branchings = 0;  ///< SOLVE calls that branched
    std::int64_t dead_ends = 0;   ///< SOLVE calls that failed (contradiction or full, wrong)
    int max_depth = 0;            ///< deepest branching
};

class HeuristicSearch {
  public:
    /// Lists the combinations of every line. Throws std::invalid_argument for
    /// colour puzzles, lines longer than 64 cells and options out of
    /// heuristic_option_table()'s ranges.
    HeuristicSearch(const Puzzle& puzzle, const HeuristicOptions& options);

    /// Searches from `start` (kUnknown / kEmpty / kFilled cells, the puzzle's
    /// size). `intuition` null = plain H. Stops when stats.iterations reaches
    /// `iteration_limit` (0 = none), or when `budget` expires.
    SearchOutcome solve(const Grid& start, const Intuition* intuition, const Budget& budget,
                        Rng& rng, std::int64_t iteration_limit, SearchStats& stats);

    /// The solution after SearchOutcome::solved; otherwise the state where
    /// the search stopped, unknown cells shown empty.
    const Grid& solution() const { return solution_; }

    /// Lines whose combinations were not listed (over the limit).
    int big_lines() const;

  private:
    enum class Sweep { progress, stuck, contradiction };

    int lines() const { return height_ + width_; }
    int length(int l) const { return l < height_ ? width_ : height_; }
    bool set_cell(int r, int c, bool filled);  ///< false when the cell holds the other value
    bool filter(int l);  ///< drops incompatible combinations; false when none is left
    Sweep sweep();
    bool full() const;
    bool dfs(int depth);
    void branch_candidates(int depth);
    double distance(int l, std::uint64_t combo) const;
    void save(int depth);
    void restore(int depth);
    void write_solution();

    int width_ = 0, height_ = 0;
    HeuristicOptions options_;
    std::vector<std::vector<int>> runs_;       ///< per line: run lengths
    std::vector<std::uint64_t> combos_;        ///< every listed line's combinations, flat
    std::vector<std::size_t> combo_begin_;     ///< per line: offset in combos_ and live_
    std::vector<std::uint8_t> big_;            ///< per line: not listed (DP line solver)
    std::vector<std::uint32_t> live_;          ///< per line: permutation, compatible ones first
    std::vector<std::uint32_t> live_count_;    ///< per line: compatible combinations
    std::vector<std::uint64_t> filled_;        ///< per line: known-filled cells
    std::vector<std::uint64_t> empty_;         ///< per line: known-empty cells
    std::vector<std::uint8_t> dirty_;          ///< per line: changed since its last filter
    std::vector<std::uint64_t> new_filled_;    ///< sweep scratch: trivial filled cells per line
    std::vector<std::uint64_t> new_empty_;     ///< sweep scratch: trivial empty cells per line
    std::vector<std::uint64_t> saved_masks_;   ///< per depth: filled_, empty_
    std::vector<std::uint32_t> saved_counts_;  ///< per depth: live_count_
    std::vector<std::uint8_t> saved_dirty_;    ///< per depth: dirty_

    struct Candidate {
        int line;             ///< the line; for a cell branch, the row
        std::uint32_t index;  ///< combination within the line; for a cell branch, the column
        bool cell_branch;     ///< big-line fallback: set one cell
        bool filled;          ///< cell branch: the value tried
        double weight;        ///< intuition distance
    };
    std::vector<std::vector<Candidate>> candidates_;  ///< per depth
    std::vector<int> line_order_;                     ///< branch_candidates scratch
    std::vector<Cell> line_cells_;                    ///< DP line solver scratch
    line::BitsetLineSolver line_solver_;

    // Per solve() call.
    const Intuition* intuition_ = nullptr;
    const Budget* budget_ = nullptr;
    Rng* rng_ = nullptr;
    SearchStats* stats_ = nullptr;
    std::int64_t limit_ = 0;
    bool stop_ = false;
    SearchOutcome stop_reason_ = SearchOutcome::exhausted;
    Grid solution_;
};

/// H on its own (Algorithm 1): searches from the empty board. stats:
/// iterations (also `evaluations`), solve_calls, nodes, branchings, dead_ends, max_depth,
/// exhausted (1 when the search proved there is no solution).
MetaResult heuristic_solve(const Puzzle& puzzle, const HeuristicOptions& options,
                           const RunControl& control);

/// Adds a SearchStats to a result's stats map (and evaluations = iterations).
void add_search_stats(const SearchStats& stats, MetaResult& result);

}  // namespace nonolab::nn

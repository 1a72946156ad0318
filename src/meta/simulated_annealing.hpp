// sa: simulated annealing with conflict-guided swaps, after Wang & Tang 2014,
// "Simulated Annealing Approach to Solve Nonogram Puzzles with Multiple
// Solutions", section 3.
//
//   1. Place the puzzle's total number of black cells at random.
//   2. Give every cell a conflict metric c: scenario 1 (black-count
//      mismatch, eq. 1-3), scenario 2 (segment-count mismatch, eq. 4-7),
//      scenario 3 (segment lengths when the count matches, eq. 8-9), each
//      computed on the cell's row and on its column and summed.
//   3. Pick a black cell c1 and a white cell c2 (eq. 10-11): with
//      probability q̂ (0.9) the one of highest c, otherwise by roulette on c.
//      Swap them (the black count never changes).
//   4. Heat rule (eq. 12): h0 = total conflict of the start; a swap whose new
//      total is not above h is accepted and h becomes the new total;
//      otherwise it is undone and h grows by (h/h0)^2.
//   5. Stop when every row and column meets its clue.
//
// Readings and deviations (docs/methods.md, "Wang & Tang"):
//   - Eq. 2 divides by the existing white count L_w^e, but Table 2 of the
//     paper's worked example (Figure 5) is computed with the required count
//     L_w^r (1/6, not 1/7). Default: the table (white_share=required);
//     white_share=existing follows the equation.
//   - Table 1 prints L_w^2b = 2, but the Figure 5 list has three white
//     cells between two blacks and Table 2 uses 1/3; we count them.
//   - Eq. 6 sums over segments in a way that gives every middle cell the
//     same value; the text says the middle cells "share the responsibility".
//     Default middle_share=shared: (L_s^r − L_s^e) / (number of middle
//     cells); middle_share=segment divides by the cell's own segment's
//     middle cells; middle_share=literal is eq. 6 as printed.
//   - The text calls cell 10 of Figure 5 black; Table 2 (and the segments
//     1,2,3,1,2 of Table 1) make it white. We follow the tables.
//   - Ties for the argmax are broken uniformly at random (a fixed tie rule
//     would retry the same rejected swap forever); a roulette with all
//     weights 0 picks uniformly.
//   - As printed, the metric is 0 on a list with too few segments none of
//     which is 3 long (clue 1 1, list "##..."): the black count matches and
//     eq. 6 has no middle cell. A grid can then have total conflict 0, the
//     heat becomes 0 and can never grow again (eq. 12 adds (0/h0)^2), so the
//     run freezes on a non-solution; we saw it on most 15×15 runs. Our fix
//     (fallback=on, default): in that case the cells of the two-cell
//     segments share (L_s^r − L_s^e) as eq. 6 would. With it, total
//     conflict 0 holds exactly on solutions. fallback=off is the paper.
//     Success is judged on the clues in either case.
//   - h0 = 0 (a conflict-free start) is treated as h0 = 1.
#pragma once

#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/method.hpp"
#include "core/options.hpp"

namespace nonolab::meta {

/// How the conflict metric resolves the paper's vague points (see above).
struct ConflictOptions {
    bool white_share_required = true;  ///< eq. 2 denominator: L_w^r (Table 2) or L_w^e (eq. 2)
    int middle_share = 0;              ///< eq. 6: 0 shared, 1 segment, 2 literal
    bool two_cell_fallback = true;     ///< eq. 6 with no middle cell: two-cell segments share
};

/// Per-cell conflict of one list (row or column): adds scenario 1-3 values of
/// cells[i*stride] to out[i*out_stride]. `scratch` needs 2n+2 ints.
void add_line_conflicts(const std::vector<int>& runs, const Cell* cells, int n, int stride,
                        const ConflictOptions& options, double* out, int out_stride, int* scratch);

/// The three scenario rows of Table 2 for one list, for tests and reports.
struct LineConflictTable {
    std::vector<double> scenario1, scenario2, scenario3, total;
};
LineConflictTable line_conflict_table(const std::vector<int>& runs, const std::vector<Cell>& cells,
                                      const ConflictOptions& options = {});

struct SaOptions {
    double q_hat = 0.9;                  ///< greedy threshold q̂ of eq. 10-11 (paper: 0.9)
    std::int64_t iterations = 50000000;  ///< swap attempts before giving up
    ConflictOptions conflict;            ///< readings of eq. 2 and eq. 6
};

/// The `sa` method's options (--param keys, ranges, help); the defaults are SaOptions'.
const OptionTable<SaOptions>& sa_option_table();

/// Throws std::invalid_argument (sa_option_table().validate) on options out of range.
MetaResult run_sa(const Puzzle& puzzle, const SaOptions& options, const RunControl& control);

/// Registry entries: "sa" (this file) and "sa-rows" (sa_rows.hpp).
std::vector<MethodInfo> annealing_methods();

}  // namespace nonolab::meta

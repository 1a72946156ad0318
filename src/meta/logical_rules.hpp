// The logical rules of Aloglah, Rashaideh & Al-Kharabsheh ("An Efficient
// Genetic Algorithm and Logical Rule for Solving Nonogram Puzzle"): the
// "complete fill" rule of section 5.2 (equations 1-2) and the hand-solving
// rules of section 3.1, used by ga-logic to fix cells before the GA runs.
//
// Line rules work on one line of cells (kUnknown, kEmpty, kFilled) and
// return the number of cells they decided, or -1 when the line contradicts
// its clue. Every rule is sound: it only decides cells that have that value
// in every arrangement of the clue consistent with the known cells (tested
// against brute force and the complete line solver).
//
// Where the paper explains a rule with blank lines (figures 4-6), the rules
// below reduce to its description; with known cells they use the leftmost
// and rightmost placements of the runs that respect those cells (the
// standard "left-right packing", line/extreme_placements.hpp), which is how
// a human applies them.
#pragma once

#include <span>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::meta {

/// Equations 1-2: the clue fills its line exactly (sum of runs + gaps == length).
bool complete_fill(const std::vector<int>& runs, int length);

/// A grid with every complete-fill row and column written in (filled runs,
/// single empty gaps) and every other cell kUnknown. Where a complete row and
/// a complete column cross they agree (both are forced), so order is irrelevant.
Grid complete_fill_matrix(const Puzzle& puzzle);

/// Section 3.1, "simple boxes" (fig. 4): cells covered by run j in both its
/// leftmost and its rightmost placement are filled.
int simple_boxes(const std::vector<int>& runs, std::span<Cell> line);

/// Section 3.1.1, "simple spaces" (fig. 5): cells no run can reach are empty.
int simple_spaces(const std::vector<int>& runs, std::span<Cell> line);

/// Section 3.1.2, "joining and splitting" (fig. 6): an unknown cell between
/// two filled blocks is empty when joining them would make a block longer
/// than any run that can reach it; an unknown cell next to a block is filled
/// when, were it empty, the block could not grow to the length of any run
/// that can hold it.
int joining_splitting(const std::vector<int>& runs, std::span<Cell> line);

/// Section 3.1.3, "first and end": a filled first (last) cell anchors the
/// first (last) run at the edge: its cells are filled and the cell after
/// (before) it is empty.
int first_and_end(const std::vector<int>& runs, std::span<Cell> line);

struct LogicalRuleStats {
    int complete_fill_cells = 0;  ///< cells fixed by equations 1-2
    int rule_cells = 0;           ///< further cells fixed by the section 3.1 rules
    int sweeps = 0;               ///< passes over all lines until nothing changed
};

/// The complete-fill matrix, then (when `section31`) the four section 3.1
/// rules over every row and column until nothing changes. Returns false when
/// a line contradicts its clue (the puzzle has no solution).
bool apply_logical_rules(const Puzzle& puzzle, Grid& grid, bool section31 = true,
                         LogicalRuleStats* stats = nullptr);

}  // namespace nonolab::meta

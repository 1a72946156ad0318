// Partial erase (Buades Rubio et al. 2024, section 2.3.3, Algorithm 4's
// Delete_wrong_rows_columns): keep what a network prediction got plausibly
// right, forget the rest, and let the search start from there.
//
// Our reading (docs/methods.md): without the goal, "not correctly predicted"
// and "not consistent with the header" can only be judged against the clue,
// so a line is *wrong* when the runs its thresholded cells show differ from
// its clue. Erasing a line sets its cells to unknown; with the default rule a
// cell survives only when its row and its column are both right
// (EraseRule::any_line), so every kept cell agrees with both of its clues.
// EraseRule::both_lines erases only cells whose row and column are both
// wrong, keeping more of the prediction.
//
// A right line can still be wrong about the goal (several boards share a
// clue), so the state after partial erase may have no solution; the callers
// then fall back to full erase (network_search.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::nn {

enum class EraseRule {
    any_line,    ///< erase a cell when its row or its column is wrong (default)
    both_lines,  ///< erase a cell only when its row and its column are both wrong
};

/// Per line (rows top to bottom, then columns left to right): 1 when the
/// complete board's line shows other runs than its clue.
std::vector<std::uint8_t> wrong_lines(const Puzzle& puzzle, const Grid& board);

/// Number of rows and columns of a complete board that break their clue.
int wrong_line_count(const Puzzle& puzzle, const Grid& board);

/// The board after partial erase: the prediction's cells, kUnknown where the
/// rule erases. `erased_lines`, when given, receives the number of wrong lines.
Grid partial_erase(const Puzzle& puzzle, const Grid& prediction, EraseRule rule,
                   int* erased_lines = nullptr);

}  // namespace nonolab::nn

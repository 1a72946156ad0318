// What every line solver assumes of its input, as predicates for assert().
//
// The readers and Puzzle's constructor refuse clues that break these, so a
// line solver never checks them in a release build: like MiniSat and
// CaDiCaL, we state them with assert(), which a Debug build (and the
// sanitizer pass of scripts/test.sh) evaluates and -DNDEBUG removes.
// Each predicate is a loop over the line, so a debug build pays O(n + k)
// per line solve, no more than the solver itself.
#pragma once

#include <span>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::line {

/// Every run is at least one cell long.
inline bool valid_runs(std::span<const int> runs) {
    for (int len : runs)
        if (len < 1) return false;
    return true;
}

/// Every cell is kUnknown, kEmpty or kFilled (a black-and-white line).
inline bool valid_bw_cells(std::span<const Cell> cells) {
    for (Cell c : cells)
        if (c != kUnknown && c != kEmpty && c != kFilled) return false;
    return true;
}

/// Every block is at least one cell long and of a palette colour other than
/// the background.
inline bool valid_colour_clue(const Clue& clue, int palette_size) {
    for (const Run& run : clue)
        if (run.length < 1 || run.colour == kEmpty || run.colour >= palette_size) return false;
    return true;
}

/// Every cell is kUnknown or a colour of the palette.
inline bool valid_colour_cells(std::span<const Cell> cells, int palette_size) {
    for (Cell c : cells)
        if (c != kUnknown && c >= palette_size) return false;
    return true;
}

/// A line solver's answer keeps every cell that was known: it only decides
/// unknown cells, it never flips one (what propagation relies on).
inline bool keeps_known_cells(std::span<const Cell> before, std::span<const Cell> after) {
    if (before.size() != after.size()) return false;
    for (std::size_t i = 0; i < before.size(); ++i)
        if (before[i] != kUnknown && before[i] != after[i]) return false;
    return true;
}

}  // namespace nonolab::line

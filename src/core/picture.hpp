// Clues from a picture: the puzzle whose unique intended solution is a given
// complete grid. Used by image-like readers (PBM, character grids), by the
// generators, and by tests that build random puzzles from random boards.
#pragma once

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab {

/// The runs shown by one line of a complete grid (row r, or column c).
Clue row_clue_of(const Grid& grid, int r);
Clue column_clue_of(const Grid& grid, int c);

/// The puzzle whose clues are read off `picture` (must be complete); the
/// picture is attached as the goal.
Puzzle puzzle_from_picture(const Grid& picture, Palette palette = black_and_white_palette(),
                           PuzzleInfo info = {});

}  // namespace nonolab

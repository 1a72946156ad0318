// Solutions as text rows, the form of the "solutions" field of a run record
// (docs/interface.md): '#' filled and '.' empty in black and
// white, each colour's symbol from the palette in colour; '?' where a
// partial grid is undecided.
#pragma once

#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::io {

/// Rows of `grid`, top to bottom.
std::vector<std::string> grid_rows(const Grid& grid, const Palette& palette);

/// The inverse of grid_rows: a grid of rows.size() x rows[0].size() cells.
/// Throws std::invalid_argument naming the row and column of a character
/// that is not '#', '.', '?' or a palette symbol, or of a ragged row.
Grid grid_from_rows(const std::vector<std::string>& rows, const Palette& palette);

}  // namespace nonolab::io

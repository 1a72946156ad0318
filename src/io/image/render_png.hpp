// PNG pictures of puzzles (`nonolab render --png`), drawn with OpenCV: the
// same layout as render_svg (clue numbers left of the rows and above the
// columns, one square per cell, every fifth grid line darker), as a raster.
#pragma once

#include <string>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::io {

struct PngRenderOptions {
    bool clues = true;  ///< draw the clue numbers around the grid
    int cell = 16;      ///< cell size in pixels, 4..256
};

/// The PNG file's bytes; `grid` may be null (clues only) or partial
/// (undecided cells stay white). Throws std::invalid_argument for a cell
/// size out of range, std::runtime_error when OpenCV cannot encode.
std::string render_png(const Puzzle& puzzle, const Grid* grid, const PngRenderOptions& options);

/// render_png written to `path` via a temporary file and rename.
void write_png(const std::string& path, const Puzzle& puzzle, const Grid* grid,
               const PngRenderOptions& options);

}  // namespace nonolab::io

// Pictures of puzzles: text for terminals and SVG for documents.
// Both draw the clues (optional) and, when given, a full or partial grid.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::io {

struct TextRenderOptions {
    bool clues = true;    ///< draw row clues on the left and column clues on top
    bool unicode = true;  ///< "██" blocks; false = '#' and '.' only (pipes, old terminals)
    bool ansi = false;    ///< 24-bit ANSI colours: filled cells and colour clue numbers
};

/// A multi-line picture; `grid` may be null (clues only) or partial ('?' cells).
std::string render_text(const Puzzle& puzzle, const Grid* grid, const TextRenderOptions& options);

struct SvgRenderOptions {
    bool clues = true;  ///< draw the clue numbers around the grid
    int cell = 16;      ///< cell size in pixels
};

/// A standalone SVG document; `grid` may be null or partial.
std::string render_svg(const Puzzle& puzzle, const Grid* grid, const SvgRenderOptions& options);

/// Where a picture's parts go, in pixels, for cells of `cell` pixels: the
/// clue margins (one cell per run of the deepest clue, at least one) and
/// the whole image with its closing grid line. Shared by SVG and PNG.
struct PictureLayout {
    int left = 0;    ///< width of the row-clue margin
    int top = 0;     ///< height of the column-clue margin
    int width = 0;   ///< whole image
    int height = 0;  ///< whole image
};
PictureLayout picture_layout(const Puzzle& puzzle, int cell, bool clues);

/// The font size, in pixels, for the clue numbers of a picture with cells of
/// `cell` pixels: 60% of the cell, shrunk so that the widest label (a digit
/// is about 0.56 of the font size in the fonts used) leaves a tenth of the
/// cell free on each side. Neighbouring column clues such as "14" and "14"
/// then never touch (they once read "5 1414 5" at 16-pixel cells).
double clue_font_size(const Puzzle& puzzle, int cell);

/// The ink that stays readable on `rgb`: black on light colours, white on
/// dark ones (relative luminance of sRGB, ITU-R BT.709 weights). Colour clue
/// numbers are drawn on a square of their colour in this ink, as webpbn
/// draws them, so that pale colours such as yellow stay readable on white.
std::uint32_t contrast_ink(std::uint32_t rgb);

/// True when a puzzle's clue numbers carry colours (more than one colour
/// besides the background).
bool coloured_clues(const Puzzle& puzzle);

/// Calls fn(x, y, run) for every clue number of a picture laid out by
/// picture_layout, with (x, y) the centre of its cell in pixels; `run` is
/// null for the "0" of an empty clue. Shared by SVG and PNG.
void for_each_clue_cell(const Puzzle& puzzle, const PictureLayout& layout, int cell,
                        const std::function<void(int x, int y, const Run* run)>& fn);

}  // namespace nonolab::io

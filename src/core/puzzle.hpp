// Puzzle: an immutable nonogram (width x height, one clue per row and column).
//
// Colour is part of the model from the start: each run of a clue carries a
// palette index, and a black-and-white puzzle is simply the one-colour case
// (palette = {white, black}, every run has colour 1). Two consecutive runs of
// the same colour need at least one background cell between them; runs of
// different colours may touch.
//
// Construction checks the form (sizes, positive runs, colours in the palette)
// and throws PuzzleError naming the bad line; clues that merely admit no grid
// are kept (clue_contradiction.hpp proves them). Solver state lives elsewhere.
//
//     nonolab::Puzzle p(2, 2, {{{2, 1}}, {}}, {{{1, 1}}, {{1, 1}}});  // "##" / ".."
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/grid.hpp"

namespace nonolab {

/// One entry of a palette. Index 0 of every palette is the background.
struct Colour {
    std::string name;       ///< e.g. "black", "red"; unique within a palette
    char symbol = '#';      ///< one printable character used in pictures and goal images
    std::uint32_t rgb = 0;  ///< 0xRRGGBB
    bool operator==(const Colour&) const = default;
};

/// The ordered colours of a puzzle; [0] is the background.
using Palette = std::vector<Colour>;

/// {white '.', black '#'}: the palette of every black-and-white puzzle.
Palette black_and_white_palette();

/// One block of a clue: `length` consecutive cells of palette colour `colour` (>= 1).
struct Run {
    int length = 0;
    std::uint8_t colour = kFilled;
    bool operator==(const Run&) const = default;
};

/// The runs of one row (left to right) or column (top to bottom). Empty = blank line.
using Clue = std::vector<Run>;

/// Convenience: a black-and-white clue from lengths.
Clue bw_clue(const std::vector<int>& lengths);

/// Descriptive fields carried through conversions; none affect solving.
struct PuzzleInfo {
    std::string title;
    std::string author;
    std::string copyright;
    std::string license;
    std::string id;  ///< catalogue id, e.g. "webpbn #1"
    std::string description;
    std::optional<Grid> goal;  ///< the intended picture, if the file has one (complete)
};

class Puzzle {
  public:
    /// Checks the form and builds; throws PuzzleError naming the bad line.
    Puzzle(int width, int height, std::vector<Clue> rows, std::vector<Clue> columns,
           Palette palette = black_and_white_palette(), PuzzleInfo info = {});

    int width() const { return width_; }
    int height() const { return height_; }
    const std::vector<Clue>& rows() const { return rows_; }
    const std::vector<Clue>& columns() const { return columns_; }
    const Clue& row(int r) const { return rows_[r]; }
    const Clue& column(int c) const { return columns_[c]; }
    const Palette& palette() const { return palette_; }
    const PuzzleInfo& info() const { return info_; }

    /// True when the palette has one colour besides the background.
    bool black_and_white() const { return palette_.size() == 2; }

    /// A copy with other descriptive fields (used to attach a goal or title).
    Puzzle with_info(PuzzleInfo info) const;

    /// Same clues, palette and size (descriptive fields ignored).
    bool same_clues(const Puzzle& other) const;

  private:
    int width_;
    int height_;
    std::vector<Clue> rows_;
    std::vector<Clue> columns_;
    Palette palette_;
    PuzzleInfo info_;
};

/// Minimum cells a clue needs: the run lengths plus one gap between same-coloured neighbours.
int min_length(const Clue& clue);

/// "3 1 2" for B&W, "3a 1b" style with colour symbols otherwise; "0" when empty.
std::string clue_to_string(const Clue& clue, const Palette& palette);

}  // namespace nonolab

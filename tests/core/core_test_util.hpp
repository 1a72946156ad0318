// Helpers shared by the core tests: grids written as pictures, a three-colour
// palette, and the clues of a board computed here, independently of
// src/core/picture.cpp and src/core/verify.cpp, so those two can be checked
// against it.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::core_test {

/// A grid from one string per row: '.' background, '#' colour 1, a digit d
/// palette index d, '?' kUnknown. All rows must have the same length.
inline Grid grid_of(const std::vector<std::string>& rows) {
    const int height = static_cast<int>(rows.size());
    const int width = height ? static_cast<int>(rows[0].size()) : 0;
    Grid g(width, height, kEmpty);
    for (int r = 0; r < height; ++r) {
        EXPECT_EQ(static_cast<int>(rows[r].size()), width) << "ragged picture row " << r;
        for (int c = 0; c < width; ++c) {
            const char ch = rows[r][c];
            g.set(r, c,
                  ch == '.'   ? kEmpty
                  : ch == '#' ? kFilled
                  : ch == '?' ? kUnknown
                              : static_cast<Cell>(ch - '0'));
        }
    }
    return g;
}

/// Background, red (index 1, 'r') and blue (index 2, 'b').
inline Palette red_blue_palette() {
    return {Colour{"white", '.', 0xFFFFFF}, Colour{"red", 'r', 0xFF0000},
            Colour{"blue", 'b', 0x0000FF}};
}

/// A run of `length` cells of palette index `colour`.
inline Run run(int length, int colour) {
    return Run{length, static_cast<std::uint8_t>(colour)};
}

/// The clue of one line given as its cells, by a deliberately different
/// method from verify's: find each run's first cell (non-background, and
/// either at the start or after a different value), then walk to its end.
inline Clue clue_of_cells(const std::vector<Cell>& cells) {
    Clue clue;
    const size_t n = cells.size();
    for (size_t start = 0; start < n; ++start) {
        const Cell v = cells[start];
        if (v == kEmpty || (start > 0 && cells[start - 1] == v)) continue;
        size_t end = start;
        while (end < n && cells[end] == v) ++end;
        clue.push_back(Run{static_cast<int>(end - start), v});
    }
    return clue;
}

inline std::vector<Clue> row_clues(const Grid& g) {
    std::vector<Clue> out;
    for (int r = 0; r < g.height(); ++r) {
        std::vector<Cell> cells;
        for (int c = 0; c < g.width(); ++c) cells.push_back(g.at(r, c));
        out.push_back(clue_of_cells(cells));
    }
    return out;
}

inline std::vector<Clue> column_clues(const Grid& g) {
    std::vector<Clue> out;
    for (int c = 0; c < g.width(); ++c) {
        std::vector<Cell> cells;
        for (int r = 0; r < g.height(); ++r) cells.push_back(g.at(r, c));
        out.push_back(clue_of_cells(cells));
    }
    return out;
}

/// The puzzle whose clues are `g`'s, built without src/core/picture.cpp.
inline Puzzle puzzle_of(const Grid& g, Palette palette = black_and_white_palette()) {
    return Puzzle(g.width(), g.height(), row_clues(g), column_clues(g), std::move(palette));
}

/// Board number `code` of the given size over `colours` values (0 = background):
/// cell i holds digit i of `code` in base `colours`. Enumerating code from 0
/// to colours^(w*h) - 1 visits every board once.
inline Grid board_number(int width, int height, int colours, long code) {
    Grid g(width, height, kEmpty);
    for (Cell& cell : g.cells()) {
        cell = static_cast<Cell>(code % colours);
        code /= colours;
    }
    return g;
}

}  // namespace nonolab::core_test

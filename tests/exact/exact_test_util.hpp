// Test helpers shared by the exact solver's tests: exhaustive enumeration,
// the independent answer the solvers are checked against, and seeded
// random black-and-white puzzles, and the same for colour.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/picture.hpp"
#include "core/puzzle.hpp"
#include "core/verify.hpp"

namespace nonolab::test_util {

/// Solutions of a puzzle (black and white or colour) by brute force, at
/// most `cap` kept: every colouring of one row (palette.size()^w of them)
/// is tried against each row's clue, and each combination of the rows that
/// fit is tried against the columns. These are the grids that trying all
/// palette.size()^(w*h) colourings finds, since a grid fits exactly when
/// each of its rows and each of its columns does; far fewer are tried (a
/// 2x5 grid of 4 colours was a million grids, minutes under the
/// sanitizers). No solver code is used.
inline std::vector<Grid> brute_force(const Puzzle& p, int cap) {
    const int w = p.width(), h = p.height();
    const int base = static_cast<int>(p.palette().size());
    std::vector<std::vector<std::vector<Cell>>> fits(h);  // per row: the colourings that fit
    Grid line(w, 1, kEmpty);
    for (;;) {
        const Clue clue = row_clue_of(line, 0);
        for (int r = 0; r < h; ++r)
            if (clue == p.row(r)) fits[r].push_back(line.cells());
        int i = 0;  // next colouring: count in base `base` over the row's cells
        for (; i < w; ++i) {
            Cell& cell = line.cells()[i];
            if (++cell < base) break;
            cell = kEmpty;
        }
        if (i == w) break;
    }
    Grid g(w, h, kEmpty);
    std::vector<Grid> found;
    std::vector<std::size_t> pick(h, 0);  // row r uses fits[r][pick[r]]: an odometer over rows
    for (int r = 0; r < h; ++r)
        if (fits[r].empty()) return found;
    for (;;) {
        for (int r = 0; r < h; ++r)
            std::copy(fits[r][pick[r]].begin(), fits[r][pick[r]].end(), g.cells().begin() + r * w);
        bool ok = true;
        for (int c = 0; ok && c < w; ++c) ok = column_clue_of(g, c) == p.column(c);
        if (ok) {
            found.push_back(g);
            if (static_cast<int>(found.size()) >= cap) return found;
        }
        int r = 0;
        for (; r < h; ++r) {
            if (++pick[r] < fits[r].size()) break;
            pick[r] = 0;
        }
        if (r == h) return found;
    }
}

/// All grids that satisfy `puzzle`, by brute force (above).
inline std::vector<Grid> enumerate(const Puzzle& puzzle) {
    return brute_force(puzzle, std::numeric_limits<int>::max());
}

/// The puzzle of a random w x h picture with about `density_percent` filled cells.
inline Puzzle random_puzzle(std::mt19937& rng, int w, int h, int density_percent) {
    Grid g(w, h, kEmpty);
    for (Cell& c : g.cells())
        c = static_cast<int>(rng() % 100) < density_percent ? kFilled : kEmpty;
    return puzzle_from_picture(g);
}

/// Background plus colours - 1 named colours ('#', 'a', 'b', ...).
inline Palette palette_of(int colours) {
    Palette p = black_and_white_palette();
    const char symbols[] = "#abcdefghij";
    for (int c = 2; c < colours; ++c)
        p.push_back({"c" + std::to_string(c), symbols[c], static_cast<std::uint32_t>(0x100 * c)});
    return p;
}

/// A random w x h picture over `colours` palette entries (background included).
inline Grid random_colour_grid(int w, int h, int colours, std::mt19937& rng) {
    Grid g(w, h, kEmpty);
    for (Cell& c : g.cells()) c = static_cast<Cell>(rng() % colours);
    return g;
}

/// The contract of the learning back end (sat_search), as
/// `search(puzzle, partial, exclude, wanted)`: on the 2x2 diagonals (two
/// solutions) an excluded solution is not found again, and a partial grid
/// with one fixed cell leaves one solution, proven the only one by a
/// blocking clause over the three open cells. Returns that run's outcome.
template <class Search>
auto expect_exclude_and_partial(Search search) {
    const Puzzle p(2, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({1}), bw_clue({1})});
    const Grid open(2, 2, kUnknown);
    const auto first = search(p, open, std::vector<Grid>{}, 1);
    EXPECT_EQ(first.solutions.size(), 1u);
    EXPECT_FALSE(first.exhausted);
    const auto rest = search(p, open, first.solutions, 5);
    EXPECT_TRUE(rest.exhausted);
    EXPECT_EQ(rest.solutions.size(), 1u);
    if (!rest.solutions.empty() && !first.solutions.empty())
        EXPECT_NE(rest.solutions[0], first.solutions[0]);
    Grid partial(2, 2, kUnknown);
    partial.set(0, 0, kFilled);
    auto one = search(p, partial, std::vector<Grid>{}, 5);
    EXPECT_EQ(one.solutions.size(), 1u);
    EXPECT_TRUE(one.exhausted);
    if (!one.solutions.empty()) {
        EXPECT_EQ(one.solutions[0].at(1, 1), kFilled);
        EXPECT_TRUE(verify(p, one.solutions[0]).ok);
    }
    return one;
}

}  // namespace nonolab::test_util

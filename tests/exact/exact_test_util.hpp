// Test helpers shared by the exact solver's tests: exhaustive enumeration,
// the independent answer the solvers are checked against, and seeded
// random black-and-white puzzles, and the same for colour.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/picture.hpp"
#include "core/puzzle.hpp"
#include "core/verify.hpp"

namespace nonolab::test_util {

/// All grids that satisfy `puzzle`, by trying every one (only for w·h <= 20).
inline std::vector<Grid> enumerate(const Puzzle& puzzle) {
    const int w = puzzle.width(), h = puzzle.height(), n = w * h;
    std::vector<Grid> out;
    for (unsigned long bits = 0; bits < (1ul << n); ++bits) {
        Grid g(w, h, kEmpty);
        for (int i = 0; i < n; ++i)
            if (bits >> i & 1ul) g.cells()[i] = kFilled;
        if (verify(puzzle, g)) out.push_back(g);
    }
    return out;
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

/// Solutions of a colour puzzle by enumerating all palette.size()^(w*h)
/// grids, at most `cap` kept.
inline std::vector<Grid> brute_force_colour(const Puzzle& p, int cap) {
    const int n = p.width() * p.height();
    const int base = static_cast<int>(p.palette().size());
    Grid g(p.width(), p.height(), kEmpty);
    std::vector<Grid> found;
    for (;;) {
        bool ok = true;
        for (int r = 0; ok && r < p.height(); ++r) ok = row_clue_of(g, r) == p.row(r);
        for (int c = 0; ok && c < p.width(); ++c) ok = column_clue_of(g, c) == p.column(c);
        if (ok) {
            found.push_back(g);
            if (static_cast<int>(found.size()) >= cap) return found;
        }
        int i = 0;  // next grid: count in base `base` over the cells
        for (; i < n; ++i) {
            Cell& cell = g.cells()[i];
            if (++cell < base) break;
            cell = kEmpty;
        }
        if (i == n) return found;
    }
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

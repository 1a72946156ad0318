// Test helpers shared by the exact solver's tests: exhaustive enumeration,
// the independent answer the solvers are checked against, and seeded
// random black-and-white puzzles.
#pragma once

#include <random>
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

}  // namespace nonolab::test_util

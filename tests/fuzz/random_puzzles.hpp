// Seeded random puzzles for the solver fuzzer (fuzz_solvers.cpp): small
// black-and-white and colour boards, many of them with several solutions or
// none, so that every verdict of every engine gets exercised.
//
// Case `index` of seed `seed` depends on those two numbers alone (its own
// generator is seeded from both), so a failure found after an hour is
// reproduced at once with `fuzz_solvers --seed S --case I`.
//
// Three kinds, in a fixed mix:
//   - picture: the clues of a random picture (at least one solution);
//   - mutated: a picture's clues with one clue changed (a run longer,
//     shorter, split, merged, dropped, added or recoloured): often no
//     solution, sometimes several;
//   - random clues: every line's clue drawn on its own (almost always none,
//     and often a contradiction the clues alone show).
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/picture.hpp"
#include "core/puzzle.hpp"

namespace nonolab::fuzz {

struct RandomCase {
    Puzzle puzzle;
    std::string kind;  ///< "picture", "mutated" or "random clues", plus the colour count
};

/// Background plus `colours` colours (1 = black and white).
inline Palette fuzz_palette(int colours) {
    Palette p = black_and_white_palette();
    const char symbols[] = "#abcdefgh";
    for (int c = 2; c <= colours; ++c)
        p.push_back(
            Colour{"c" + std::to_string(c), symbols[c - 1], static_cast<std::uint32_t>(0x3F * c)});
    return p;
}

namespace detail {

inline int uniform(std::mt19937_64& rng, int lo, int hi) {  // [lo, hi]
    return std::uniform_int_distribution<int>(lo, hi)(rng);
}

inline Grid random_picture(std::mt19937_64& rng, int w, int h, int colours) {
    const int density = uniform(rng, 10, 65);  // percent not background (sparse: more ambiguity)
    Grid g(w, h, kEmpty);
    for (Cell& c : g.cells())
        if (uniform(rng, 0, 99) < density) c = static_cast<Cell>(uniform(rng, 1, colours));
    return g;
}

// One random change to `clue` (a line of `length` cells, `colours` colours).
inline void mutate(std::mt19937_64& rng, Clue& clue, int length, int colours) {
    const int k = clue.empty() ? 0 : uniform(rng, 0, static_cast<int>(clue.size()) - 1);
    const auto colour = [&] { return static_cast<std::uint8_t>(uniform(rng, 1, colours)); };
    switch (clue.empty() ? 5 : uniform(rng, 0, 6)) {
        case 0:
            ++clue[k].length;
            break;
        case 1:
            if (clue[k].length > 1)
                --clue[k].length;
            else
                clue.erase(clue.begin() + k);
            break;
        case 2:  // split one run in two
            if (clue[k].length > 2) {
                const int left = uniform(rng, 1, clue[k].length - 2);
                const Run right{clue[k].length - 1 - left, clue[k].colour};
                clue[k].length = left;
                clue.insert(clue.begin() + k + 1, right);
            }
            break;
        case 3:  // merge a run with the next
            if (k + 1 < static_cast<int>(clue.size())) {
                clue[k].length += clue[k + 1].length + 1;
                clue.erase(clue.begin() + k + 1);
            }
            break;
        case 4:
            clue.erase(clue.begin() + k);
            break;
        case 5:
            clue.insert(
                clue.begin() + (clue.empty() ? 0 : uniform(rng, 0, static_cast<int>(clue.size()))),
                Run{uniform(rng, 1, std::max(1, length / 2)), colour()});
            break;
        default:
            clue[k].colour = colour();
            break;
    }
}

// A clue drawn on its own: runs of random lengths while they fit `length`.
inline Clue random_clue(std::mt19937_64& rng, int length, int colours) {
    Clue clue;
    int used = 0;
    const int runs = uniform(rng, 0, (length + 1) / 2);
    for (int i = 0; i < runs; ++i) {
        const Run run{uniform(rng, 1, std::max(1, length / 3)),
                      static_cast<std::uint8_t>(uniform(rng, 1, colours))};
        const int gap = !clue.empty() && clue.back().colour == run.colour;
        if (used + gap + run.length > length) break;
        used += gap + run.length;
        clue.push_back(run);
    }
    return clue;
}

}  // namespace detail

/// Case `index` of `seed`. Boards have at most 25 cells (black and white) or
/// 16 (colour), small enough for the enumerating oracle, except one case in
/// ten: a larger board (up to 10x10) on which the engines are only compared
/// with each other.
inline RandomCase random_case(std::uint64_t seed, std::uint64_t index) {
    using namespace detail;
    std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                      static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32)};
    std::mt19937_64 rng(seq);
    const bool large = uniform(rng, 0, 9) == 0;
    const int colours = uniform(rng, 0, 2) == 0 ? uniform(rng, 2, 3) : 1;
    const int max_cells = large ? 100 : colours == 1 ? 25 : 16;
    int w = 0, h = 0;
    do {
        w = uniform(rng, 1, large ? 10 : 6);
        h = uniform(rng, 1, large ? 10 : 6);
    } while (w * h > max_cells || (large && w * h <= 25));
    const Palette palette = fuzz_palette(colours);
    const std::string of = colours == 1 ? "" : ", " + std::to_string(colours) + " colours";

    const int kind = uniform(rng, 0, 9);  // 0-4 picture, 5-8 mutated, 9 random clues
    if (kind == 9) {
        std::vector<Clue> rows(h), columns(w);
        for (Clue& c : rows) c = random_clue(rng, w, colours);
        for (Clue& c : columns) c = random_clue(rng, h, colours);
        return {Puzzle(w, h, rows, columns, palette), "random clues" + of};
    }
    const Puzzle picture = puzzle_from_picture(random_picture(rng, w, h, colours), palette);
    if (kind <= 4) return {picture, "picture" + of};
    std::vector<Clue> rows = picture.rows(), columns = picture.columns();
    const bool row = uniform(rng, 0, 1) == 0;
    std::vector<Clue>& lines = row ? rows : columns;
    mutate(rng, lines[uniform(rng, 0, static_cast<int>(lines.size()) - 1)], row ? w : h, colours);
    return {Puzzle(w, h, rows, columns, palette), "mutated" + of};
}

}  // namespace nonolab::fuzz

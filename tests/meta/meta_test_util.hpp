// Small helpers shared by the meta-heuristic tests.
#pragma once

#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "io/formats.hpp"

namespace nonolab::testing {

/// A grid from picture rows ('#' filled, anything else empty).
inline Grid picture(const std::vector<std::string>& rows) {
    Grid g(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()), kEmpty);
    for (int r = 0; r < g.height(); ++r)
        for (int c = 0; c < g.width(); ++c) g.set(r, c, rows[r][c] == '#' ? kFilled : kEmpty);
    return g;
}

/// A black-and-white puzzle from row and column run lengths.
inline Puzzle bw_puzzle(const std::vector<std::vector<int>>& rows,
                        const std::vector<std::vector<int>>& cols) {
    std::vector<Clue> r, c;
    for (const auto& x : rows) r.push_back(bw_clue(x));
    for (const auto& x : cols) c.push_back(bw_clue(x));
    return Puzzle(static_cast<int>(cols.size()), static_cast<int>(rows.size()), r, c);
}

/// The clues a picture shows (a puzzle the picture solves).
inline Puzzle puzzle_of(const Grid& g) {
    auto runs = [&](int start, int stride, int n) {
        std::vector<int> out;
        int run = 0;
        for (int i = 0; i < n; ++i) {
            if (g.cells()[start + i * stride] == kFilled) {
                ++run;
            } else if (run) {
                out.push_back(run);
                run = 0;
            }
        }
        if (run) out.push_back(run);
        return out;
    };
    std::vector<std::vector<int>> rows, cols;
    for (int r = 0; r < g.height(); ++r) rows.push_back(runs(r * g.width(), 1, g.width()));
    for (int c = 0; c < g.width(); ++c) cols.push_back(runs(c, g.width(), g.height()));
    return bw_puzzle(rows, cols);
}

/// The paper puzzles of Bobko & Grzywacz 2016 (bench/papers/).
inline Puzzle bobko_4x4() {
    return bw_puzzle({{1}, {3}, {3}, {1, 1}}, {{1}, {3}, {2}, {3}});
}
inline Puzzle bobko_5x5() {
    return bw_puzzle({{2}, {3}, {3, 1}, {1, 1}, {1, 1}}, {{1}, {3}, {2, 1}, {2, 1}, {1, 1, 1}});
}

}  // namespace nonolab::testing

// The fuzzer's oracle: every solution of a small puzzle, black and white or
// colour, by enumeration. It shares no code with the solvers, nor with
// core/verify or core/picture: a line's runs are read off here by its own
// loop.
//
// Method: for each row, every colouring of its cells (palette^width of them)
// whose runs are the row's clue; then every combination of those rows, kept
// when each column's runs are its clue. Rows are tried in order and columns
// checked only at the end, so the cost is the product of the rows'
// candidate counts; `max_combinations` bounds it (the result then says it is
// incomplete and the caller compares engines only with each other).
#pragma once

#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::fuzz {

struct Enumeration {
    bool complete = false;        ///< every combination was checked
    std::uint64_t count = 0;      ///< solutions found (all of them when complete)
    std::vector<Grid> solutions;  ///< the first `keep` found
};

namespace detail {

// The runs of `cells` (palette indices, 0 = background), as a clue.
inline Clue runs_of(const std::vector<Cell>& cells) {
    Clue clue;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (cells[i] == kEmpty) continue;
        if (i > 0 && cells[i - 1] == cells[i])
            ++clue.back().length;
        else
            clue.push_back(Run{1, cells[i]});
    }
    return clue;
}

// Every colouring of a line of `length` cells whose runs are `clue`.
inline std::vector<std::vector<Cell>> line_candidates(const Clue& clue, int length, int colours) {
    std::vector<std::vector<Cell>> out;
    std::vector<Cell> cells(length, kEmpty);
    while (true) {
        if (runs_of(cells) == clue) out.push_back(cells);
        int i = 0;  // next colouring, as a base-`colours` counter
        while (i < length && cells[i] == colours - 1) cells[i++] = kEmpty;
        if (i == length) return out;
        ++cells[i];
    }
}

}  // namespace detail

/// All solutions of `puzzle` (at most 8 palette colours, 6 cells per row),
/// or as many as `max_combinations` row combinations show.
inline Enumeration enumerate_solutions(const Puzzle& puzzle, std::size_t keep = 64,
                                       std::uint64_t max_combinations = 300000) {
    const int w = puzzle.width(), h = puzzle.height();
    const int colours = static_cast<int>(puzzle.palette().size());
    Enumeration e;
    std::vector<std::vector<std::vector<Cell>>> rows(h);
    std::uint64_t combinations = 1;
    for (int r = 0; r < h; ++r) {
        rows[r] = detail::line_candidates(puzzle.row(r), w, colours);
        if (rows[r].empty()) return {true, 0, {}};  // a row no colouring satisfies
        combinations *= rows[r].size();
        if (combinations > max_combinations) return e;  // too many to try
    }
    std::vector<std::size_t> pick(h, 0);
    std::vector<Cell> column(h);
    while (true) {
        bool ok = true;
        for (int c = 0; c < w && ok; ++c) {
            for (int r = 0; r < h; ++r) column[r] = rows[r][pick[r]][c];
            ok = detail::runs_of(column) == puzzle.column(c);
        }
        if (ok) {
            ++e.count;
            if (e.solutions.size() < keep) {
                Grid g(w, h, kEmpty);
                for (int r = 0; r < h; ++r)
                    for (int c = 0; c < w; ++c) g.set(r, c, rows[r][pick[r]][c]);
                e.solutions.push_back(g);
            }
        }
        int r = h - 1;  // next combination, the last row fastest
        while (r >= 0 && ++pick[r] == rows[r].size()) pick[r--] = 0;
        if (r < 0) break;
    }
    e.complete = true;
    return e;
}

}  // namespace nonolab::fuzz

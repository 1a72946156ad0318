#include "meta/overlap_rule.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/budget.hpp"
#include "exact/propagator.hpp"
#include "meta/error_score.hpp"

namespace nonolab::meta {

namespace {

/// s = N - (n - 1) - sum X_k, the term of equation (2).
int slack_of(const std::vector<int>& runs, int length) {
    int used = runs.empty() ? 0 : static_cast<int>(runs.size()) - 1;
    for (int x : runs) used += x;
    return length - used;
}

}  // namespace

int overlap_count(const std::vector<int>& runs, int length) {
    const int s = slack_of(runs, length);
    int count = 0;
    for (int x : runs) count += std::max(x - s, 0);
    return count;
}

std::vector<Cell> overlap_line(const std::vector<int>& runs, int length) {
    const int s = slack_of(runs, length);
    if (s < 0)
        throw std::invalid_argument("overlap rule: runs need " + std::to_string(length - s) +
                                    " cells, line has " + std::to_string(length));
    // Slack 0 leaves one arrangement and an empty clue leaves the all-white
    // line: every cell is known, white unless a run covers it below.
    const bool determined = s == 0 || runs.empty();
    std::vector<Cell> line(length, determined ? kEmpty : kUnknown);
    int left = 0;  // leftmost start of the current run
    for (int x : runs) {
        // Leftmost placement covers [left, left + x), rightmost [left + s, left + s + x):
        // the overlap is [left + s, left + x).
        for (int i = left + s; i < left + x; ++i) line[i] = kFilled;
        left += x + 1;
    }
    return line;
}

ConfirmedCells confirmed_cells(const Puzzle& puzzle, bool fixpoint) {
    if (!puzzle.black_and_white())
        throw std::invalid_argument("the overlap rule handles black-and-white puzzles only");
    const int w = puzzle.width();
    const int h = puzzle.height();
    ConfirmedCells out;
    out.known = Grid(w, h, kUnknown);
    auto merge = [&](int r, int c, Cell v) {
        if (v == kUnknown) return;
        const Cell old = out.known.at(r, c);
        if (old == kUnknown)
            out.known.set(r, c, v);
        else if (old != v)
            out.conflict = true;  // keep the row's value; the puzzle has no solution
    };
    for (int r = 0; r < h; ++r) {
        const auto line = overlap_line(run_lengths(puzzle.row(r)), w);
        for (int c = 0; c < w; ++c) merge(r, c, line[c]);
    }
    for (int c = 0; c < w; ++c) {
        const auto line = overlap_line(run_lengths(puzzle.column(c)), h);
        for (int r = 0; r < h; ++r) merge(r, c, line[r]);
    }
    if (fixpoint && !out.conflict) {
        Grid grid = out.known;
        exact::Propagator propagator(puzzle);
        if (propagator.run(grid, Budget(), true) == exact::Propagation::fixpoint)
            out.known = std::move(grid);
        else
            out.conflict = true;
    }
    out.count = out.known.size() - out.known.unknown_count();
    return out;
}

}  // namespace nonolab::meta

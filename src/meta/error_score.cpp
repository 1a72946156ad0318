#include "meta/error_score.hpp"

#include <cstdlib>

namespace nonolab::meta {

int line_error(const std::vector<int>& given, const Cell* cells, int count, int stride) {
    // Walk the line once, comparing each derived run with the given run of the
    // same index as soon as the run ends; no derived-clue vector is built.
    int error = 0;
    int j = 0;    // index of the next derived run
    int run = 0;  // length of the run in progress
    const int k = static_cast<int>(given.size());
    for (int i = 0; i < count; ++i) {
        if (cells[i * stride] == kFilled) {
            ++run;
        } else if (run > 0) {
            error += std::abs((j < k ? given[j] : 0) - run);
            ++j;
            run = 0;
        }
    }
    if (run > 0) {
        error += std::abs((j < k ? given[j] : 0) - run);
        ++j;
    }
    for (; j < k; ++j) error += given[j];  // given runs with no derived partner
    return error;
}

int line_error(const std::vector<int>& given, const std::vector<Cell>& cells) {
    return line_error(given, cells.data(), static_cast<int>(cells.size()), 1);
}

std::vector<int> run_lengths(const Clue& clue) {
    std::vector<int> out;
    out.reserve(clue.size());
    for (const auto& r : clue) out.push_back(r.length);
    return out;
}

std::int64_t error_score(const Puzzle& puzzle, const Grid& grid) {
    std::int64_t total = 0;
    const int w = puzzle.width();
    const int h = puzzle.height();
    const Cell* cells = grid.cells().data();
    for (int r = 0; r < h; ++r) total += line_error(run_lengths(puzzle.rows()[r]), cells + r * w, w, 1);
    for (int c = 0; c < w; ++c)
        total += line_error(run_lengths(puzzle.columns()[c]), cells + c, h, w);
    return total;
}

}  // namespace nonolab::meta

#include "exact/colour_domain.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "exact/colour_sat.hpp"

namespace nonolab::exact {

void check_search_palette(const Puzzle& puzzle) {
    const int colours = static_cast<int>(puzzle.palette().size());
    if (colours > kMaxSearchColours)
        throw std::invalid_argument(
            "the exact solver handles palettes of up to " + std::to_string(kMaxSearchColours) +
            " colours (background included); this puzzle has " + std::to_string(colours));
}

ColourLines::ColourLines(const Puzzle& puzzle, bool decide_only)
    : puzzle_(puzzle),
      decide_only_(decide_only),
      all_(ColourDomain::all_colours(puzzle)),
      cache_(all_ < 256 &&
             std::min(puzzle.width(), puzzle.height()) <= LineCache<ColourCodec>::kCells) {
    check_search_palette(puzzle);
    clues_.reserve(puzzle.height() + puzzle.width());
    for (int r = 0; r < puzzle.height(); ++r)
        clues_.push_back(line::BitsetColourLineSolver::index(puzzle.row(r)));
    for (int c = 0; c < puzzle.width(); ++c)
        clues_.push_back(line::BitsetColourLineSolver::index(puzzle.column(c)));
}

bool ColourLines::solve(int line, std::span<std::uint64_t> cells) {
    const int height = puzzle_.height();
    const Clue& clue = line < height ? puzzle_.row(line) : puzzle_.column(line - height);
    return cache_.solve(
        line, cells, static_cast<int>(clue.size()),
        [&](int r) { return std::pair<int, int>(clue[r].length, clue[r].colour); },
        [&](std::span<std::uint64_t> open) {
            if (!solver_.solve_indexed(clues_[line], open)) return false;
            if (decide_only_)
                for (std::uint64_t& m : open)
                    if (!ColourDomain::decided(m)) m = all_;
            return true;
        });
}

Grid ColourDomain::to_grid(const State& s, int width, int height) {
    Grid g(width, height, kUnknown);
    for (std::size_t i = 0; i < s.size(); ++i)
        if (decided(s[i])) g.cells()[i] = static_cast<Cell>(std::countr_zero(s[i]));
    return g;
}

SatOutcome ColourDomain::sat(const Puzzle& p, const State& root, int wanted, const Budget& budget,
                             const SatOptions& options) {
    return colour_sat_search(p, root, wanted, budget, options);
}

}  // namespace nonolab::exact

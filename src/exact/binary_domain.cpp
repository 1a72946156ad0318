#include "exact/binary_domain.hpp"

#include <stdexcept>

namespace nonolab::exact {

BinaryLines::BinaryLines(const Puzzle& puzzle, bool)
    : cache_(std::min(puzzle.width(), puzzle.height()) <= LineCache<BinaryCodec>::kCells) {
    if (!puzzle.black_and_white())
        throw std::invalid_argument("the exact solver handles black-and-white puzzles only");
    // Every line's run lengths in one array (two allocations per puzzle,
    // not one per line: on batches of small line-solvable puzzles the
    // set-up is a visible share of the time).
    const auto add = [&](const Clue& clue) {
        for (const Run& run : clue) lengths_.push_back(run.length);
        line_end_.push_back(static_cast<std::uint32_t>(lengths_.size()));
    };
    line_end_.reserve(puzzle.height() + puzzle.width() + 1);
    line_end_.push_back(0);
    for (const Clue& clue : puzzle.rows()) add(clue);
    for (const Clue& clue : puzzle.columns()) add(clue);
}

}  // namespace nonolab::exact

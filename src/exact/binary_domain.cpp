#include "exact/binary_domain.hpp"

#include <stdexcept>

namespace nonolab::exact {

BinaryLines::BinaryLines(const Puzzle& puzzle, bool)
    : min_side_(std::min(puzzle.width(), puzzle.height())) {
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

void BinaryLines::enable_cache(unsigned log2_entries) {
    // 2^18 entries = 6 MB: enough for probing search on 25x25 tournament
    // boards. Growing drops the old entries; it is only a cache.
    const std::size_t size = std::size_t{1} << log2_entries;
    if (cache_.size() < size && min_side_ <= 32) cache_.assign(size, CacheEntry{});
}

}  // namespace nonolab::exact

#include "exact/binary_domain.hpp"

#include <stdexcept>

namespace nonolab::exact {

BinaryLines::BinaryLines(const Puzzle& puzzle, bool)
    : min_side_(std::min(puzzle.width(), puzzle.height())) {
    if (!puzzle.black_and_white())
        throw std::invalid_argument("the exact solver handles black-and-white puzzles only");
    for (const Clue& clue : puzzle.rows()) {
        runs_.emplace_back();
        for (const Run& run : clue) runs_.back().push_back(run.length);
    }
    for (const Clue& clue : puzzle.columns()) {
        runs_.emplace_back();
        for (const Run& run : clue) runs_.back().push_back(run.length);
    }
}

void BinaryLines::enable_cache(unsigned log2_entries) {
    // 2^18 entries = 6 MB: enough for probing search on 25x25 tournament
    // boards. Growing drops the old entries; it is only a cache.
    const std::size_t size = std::size_t{1} << log2_entries;
    if (cache_.size() < size && min_side_ <= 32) cache_.assign(size, CacheEntry{});
}

}  // namespace nonolab::exact

// Every board of a small size, in a fixed order (Buades Rubio et al. 2024,
// section 3.1: "We generated all possible boards of size 5 x 5", 2^25 of them).
//
// Board number k (0 <= k < 2^(w*h)) has cell i (row-major) filled when bit
// (w*h - 1 - i) of k is set: the boards come in lexicographic order of their
// row-major cell strings, from all empty (k = 0) to all filled. A range
// [first, last) makes any slice on its own, so shards need no shared state.
// Deviation: none; the paper does not give its order, this one is ours.
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "gen/board_sink.hpp"
#include "gen/shards.hpp"

namespace nonolab::gen {

/// Most cells an exhaustive enumeration accepts (5 x 5; 2^25 = 33,554,432 boards).
inline constexpr int kMaxExhaustiveCells = 25;

struct ExhaustiveOptions {
    int width = 5;            ///< board width, >= 1
    int height = 5;           ///< board height, >= 1; width * height <= kMaxExhaustiveCells
    std::uint64_t first = 0;  ///< first board number of the slice
    std::uint64_t last = 0;   ///< one past the last board number; 0 = all (board_count)

    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

/// 2^(width*height); throws std::invalid_argument beyond kMaxExhaustiveCells.
std::uint64_t exhaustive_count(int width, int height);

/// Board number `k` of the enumeration (see the header comment).
Grid exhaustive_board(int width, int height, std::uint64_t k);

/// Streams boards [first, last) in order; returns false if the sink stopped it.
bool exhaustive_boards(const ExhaustiveOptions& options, const BoardSink& sink);

/// All boards of width x height as a shardable source (the seed is unused).
BoardSource exhaustive_source(int width, int height);

}  // namespace nonolab::gen

// Random noise boards (Buades Rubio et al. 2024, section 3.1: "we applied
// uniform noise between 0 and 1 to an empty board with a threshold of 0.5").
//
// Each cell draws u uniform on [0, 1) (Rng::uniform, 53 bits) and is
// filled when u >= threshold, so P(filled) = 1 - threshold exactly. Cells are
// drawn row-major, one draw per cell, so a seed fixes every board.
// Deviation: the paper does not say whether u > 0.5 or u >= 0.5 fills a
// cell; with 53-bit draws the two differ with probability 2^-53.
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "core/rng.hpp"
#include "gen/board_sink.hpp"
#include "gen/shards.hpp"

namespace nonolab::gen {

struct NoiseOptions {
    int width = 10;          ///< board width, >= 1
    int height = 10;         ///< board height, >= 1
    double threshold = 0.5;  ///< a cell is filled when its uniform draw is >= this, in [0, 1]

    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

/// One board drawn from `rng`.
Grid noise_board(const NoiseOptions& options, Rng& rng);

/// `count` boards from the stream seeded with `seed`; false if the sink stopped it.
bool noise_boards(const NoiseOptions& options, std::uint64_t seed, std::uint64_t count,
                  const BoardSink& sink);

/// `count` noise boards as a shardable source: a shard of m boards is the
/// first m boards of the stream seeded with the shard's seed.
BoardSource noise_source(const NoiseOptions& options, std::uint64_t count);

}  // namespace nonolab::gen

// Random colour boards: `nonolab generate --random WxH
// --colours K --density p`. Each cell is drawn in row-major order: with
// probability `density` it takes one of the K colours, uniformly, otherwise
// the background. K = 1 gives black-and-white boards of any density (the
// noise boards of noise.hpp are density 0.5).
//
// The K colours come from a fixed list of well-separated named colours
// (black, red, blue, green, orange, purple, brown, magenta, teal, olive,
// navy, grey), then evenly spaced hues, so the same K always gives the same
// palette and a board file needs no colour choices of its own.
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/rng.hpp"
#include "gen/board_sink.hpp"
#include "gen/shards.hpp"

namespace nonolab::gen {

/// Largest K: the symbols of io::assign_symbols run out beyond about 90.
inline constexpr int kMaxRandomColours = 64;

struct RandomColourOptions {
    int width = 10;        ///< board width, >= 1
    int height = 10;       ///< board height, >= 1
    int colours = 1;       ///< colours besides the background, 1..kMaxRandomColours
    double density = 0.5;  ///< chance that a cell is not background, in [0, 1]

    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

/// The background (white) and `colours` distinct colours, with distinct
/// names and symbols; colours = 1 is black_and_white_palette().
Palette random_palette(int colours);

/// One board drawn from `rng`; cell values index random_palette(colours).
Grid random_colour_board(const RandomColourOptions& options, Rng& rng);

/// `count` boards as a shardable source whose palette is random_palette:
/// a shard of m boards is the first m boards of the stream seeded with the
/// shard's seed.
BoardSource random_colour_source(const RandomColourOptions& options, std::uint64_t count);

}  // namespace nonolab::gen

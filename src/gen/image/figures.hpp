// Random simple figures drawn with OpenCV (Buades Rubio et al. 2024,
// section 3.1). What is drawn, and the two named settings, are described
// with the options in gen/figures_options.hpp.
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "core/rng.hpp"
#include "gen/board_sink.hpp"
#include "gen/figures_options.hpp"
#include "gen/shards.hpp"

namespace nonolab::gen {

/// One board drawn from `rng`.
Grid figures_board(const FiguresOptions& options, Rng& rng);

/// `count` boards from the stream seeded with `seed`; false if the sink stopped it.
bool figures_boards(const FiguresOptions& options, std::uint64_t seed, std::uint64_t count,
                    const BoardSink& sink);

/// `count` figure boards as a shardable source (like noise_source).
BoardSource figures_source(const FiguresOptions& options, std::uint64_t count);

}  // namespace nonolab::gen

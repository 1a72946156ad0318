// Seeded random boards as benchmark sets: sets that need
// search, in colour and in black and white, which anyone can rebuild from
// their name alone.
//
//   random:WxH:K[:N[:SEED]]   the N boards (default 300, seed 29) of
//                             `nonolab generate --random WxH --colours K
//                             --density 0.6 --count N --seed SEED`; K = 1 is
//                             black and white. random:30x30:3 and
//                             random:30x30:1 are the two the auto engine was tuned on.
//   colour-search             20 boards for each size 15x15, 20x20, 25x25,
//                             30x30 and each K = 2..6 (seed 31, density 0.6):
//                             400 boards, unique ones and ones with several
//                             solutions, most of them past line solving.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "batch/experiment.hpp"

namespace nonolab::batch {

/// The boards `generate --random` makes for these options, as puzzles
/// titled "random WxH K=k #i". Throws std::invalid_argument for bad options.
std::vector<PuzzleRef> random_boards(int width, int height, int colours, double density,
                                     std::uint64_t count, std::uint64_t seed);

/// The set a name above names, or nullopt when `name` is not one of them.
/// Throws std::invalid_argument for a malformed random:... name.
std::optional<std::vector<PuzzleRef>> random_set(const std::string& name);

/// "random:WxH:K[:N[:SEED]], colour-search", for messages.
const char* random_set_names();

}  // namespace nonolab::batch

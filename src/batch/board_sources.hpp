// Board sources by kind: the boards `nonolab generate --KIND` and Python's
// nonolab.generate(kind) make, built in one place so that a kind, a count
// and a seed give the same boards from every front end (Buades Rubio et al.
// 2024, section 3.1, for noise, figures and all). Boards from pictures
// (--from-image) stay with the command line, which reports on each file.
#pragma once

#include <cstdint>
#include <string>

#include "gen/shards.hpp"

namespace nonolab::batch {

/// The most boards one run makes; more would take days, so several runs
/// with other seeds are the way.
inline constexpr std::uint64_t kMaxBoardCount = 1'000'000'000;

struct BoardSourceOptions {
    std::string kind;         ///< "noise", "figures", "random" or "all"
    std::uint64_t count = 0;  ///< boards to make, 1..kMaxBoardCount (unused by "all")
    int width = 10;           ///< board width, 1..kMaxSide ("all": square, at most 5)
    int height = 10;          ///< board height
    int colours = 1;          ///< "random": colours besides the background
    double density = 0.5;     ///< "random": chance that a cell is not background

    std::string figures = "nonodataset";  ///< "figures": the setting (gen/figures_options.hpp)
    int figures_per_board = 0;            ///< "figures": figures a board (0 = the setting's)
};

/// The kinds, for messages: "noise, figures, random or all".
const char* board_kinds();

/// The boards `options` names, as a shardable source. "figures" loads the
/// OpenCV image plugin (image_plugin.hpp), and only it. Throws
/// std::invalid_argument naming what is wrong (the kind, the count, the
/// size), std::runtime_error when the plugin cannot be loaded.
gen::BoardSource board_source(const BoardSourceOptions& options);

}  // namespace nonolab::batch

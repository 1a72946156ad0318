// BoardSink: how every board generator hands out its boards, one at a time,
// so outputs far larger than memory (all 2^25 boards of 5x5) stream through.
#pragma once

#include <functional>

#include "core/grid.hpp"

namespace nonolab::gen {

/// Receives one complete black-and-white board (kEmpty / kFilled cells);
/// returns false to stop the generator early. The board is only valid during
/// the call (generators reuse one buffer).
using BoardSink = std::function<bool(const Grid& board)>;

}  // namespace nonolab::gen

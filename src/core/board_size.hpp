// Board sizes as the command line, the server and Python give them: "N"
// (N x N) or "WxH", each side 1 to kMaxSide (limits.hpp), the one limit
// every reader applies, so no front end accepts a size another refuses.
#pragma once

#include <string_view>

#include "core/limits.hpp"

namespace nonolab {

struct BoardSize {
    int width = 0;
    int height = 0;
};

/// Parses "N" or "WxH" ('x' or 'X', spaces around the numbers allowed).
/// Throws std::invalid_argument "expected N or WxH (e.g. 10 or 20x15), got
/// 'TEXT'", or "each side must be 1 to MAX, got 'TEXT'". `max_side` is
/// kMaxSide except where a front end has a deliberate smaller limit of its
/// own, also in limits.hpp (the server's kMaxRequestSide).
BoardSize parse_board_size(std::string_view text, int max_side = kMaxSide);

/// Throws std::invalid_argument "each side must be 1 to 10000, got WxH"
/// unless both sides are within 1..kMaxSide.
void check_board_size(int width, int height);

}  // namespace nonolab

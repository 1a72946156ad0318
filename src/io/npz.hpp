// NumPy .npz archives (NonoDataset): uncompressed clue or board arrays; compressed ones refused.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace nonolab::io {

/// Reads every puzzle in `content`; throws ParseError with file and line.
std::vector<Puzzle> read_npz(std::string_view content, const std::string& source);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_npz(std::string_view content);

}  // namespace nonolab::io

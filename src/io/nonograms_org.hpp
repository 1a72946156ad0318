// nonograms.org colour puzzles as text (the files of will-iam-wang's
// NonogramSolver): a '#rrggbb' palette, '-', row lines of 'length:colour,'
// blocks, '-', column lines; and the older variant with a colour count, a
// 'W H' line and 'length colour' pairs. Detected by content (they are .txt).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace nonolab::io {

/// Reads the one puzzle in `content` (either variant); throws ParseError with file and line.
std::vector<Puzzle> read_nonograms_org(std::string_view content, const std::string& source);
/// Writes the newer variant; throws WriteError for more than one puzzle.
std::string write_nonograms_org(const std::vector<Puzzle>& puzzles);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_nonograms_org(std::string_view content);

}  // namespace nonolab::io

// QNonograms/Sukhoy .cwd: height, width, rows, blank line, columns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace nonolab::io {

/// Reads every puzzle in `content`; throws ParseError with file and line.
std::vector<Puzzle> read_cwd(std::string_view content, const std::string& source);
/// Serialises puzzles; throws WriteError when the format cannot hold them.
std::string write_cwd(const std::vector<Puzzle>& puzzles);

}  // namespace nonolab::io

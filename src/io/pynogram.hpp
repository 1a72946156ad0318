// pynogram INI / nonogrid TOML: [clues] rows= columns=, colours.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace nonolab::io {

/// Reads every puzzle in `content`; throws ParseError with file and line.
std::vector<Puzzle> read_pynogram(std::string_view content, const std::string& source);
/// Writes nonogrid's TOML form (which our reader and pynogram's share the
/// shape of); throws WriteError for a background other than white, which
/// these files cannot declare, or for more than one puzzle.
std::string write_pynogram(const std::vector<Puzzle>& puzzles);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_pynogram(std::string_view content);

}  // namespace nonolab::io

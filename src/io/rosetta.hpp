// Rosetta Code letter clues (A=1): rows line, columns line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"
#include "io/puzzle_slots.hpp"

namespace nonolab::io {

/// Reads every puzzle in `content`; throws ParseError with file and line.
std::vector<Puzzle> read_rosetta(std::string_view content, const std::string& source);
/// Every blank-line-separated puzzle, each with its puzzle or its own error.
std::vector<PuzzleSlot> read_rosetta_each(std::string_view content, const std::string& source);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_rosetta(std::string_view content);

}  // namespace nonolab::io

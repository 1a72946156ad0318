// SPOJ JCROSS input: count, then 'H W' and clue lines ending in 0.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"
#include "io/puzzle_slots.hpp"

namespace nonolab::io {

/// Reads every puzzle in `content`; throws ParseError with file and line.
std::vector<Puzzle> read_spoj(std::string_view content, const std::string& source);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_spoj(std::string_view content);
/// One slot per announced puzzle, each with its puzzle or its own error, and
/// one more for text after the last of them. Throws when the count line is
/// unreadable or announces more puzzles than the file has lines.
std::vector<PuzzleSlot> read_spoj_each(std::string_view content, const std::string& source);

}  // namespace nonolab::io

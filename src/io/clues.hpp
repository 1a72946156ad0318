// nonolab plain-text clue form.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"
#include "io/puzzle_slots.hpp"

namespace nonolab::io {

/// Reads every puzzle in `content`; throws ParseError with file and line.
std::vector<Puzzle> read_clues(std::string_view content, const std::string& source);
/// Every puzzle in order, each with its puzzle or its own error: after a
/// broken puzzle reading goes on at the next `puzzle` line.
std::vector<PuzzleSlot> read_clues_each(std::string_view content, const std::string& source);
/// Serialises puzzles; throws WriteError when the format cannot hold them.
std::string write_clues(const std::vector<Puzzle>& puzzles);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_clues(std::string_view content);

}  // namespace nonolab::io

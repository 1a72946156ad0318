// nonolab JSON; also reads annap95 and rows/columns JSON variants.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"
#include "io/puzzle_slots.hpp"

namespace nonolab::io {

/// Reads every puzzle in `content`; throws ParseError with file and line.
std::vector<Puzzle> read_json(std::string_view content, const std::string& source);
/// Every puzzle object in order (the top-level array or "puzzles"), each with
/// its puzzle or its own error. Throws only on a JSON syntax error or a top
/// level that holds no puzzle.
std::vector<PuzzleSlot> read_json_each(std::string_view content, const std::string& source);
/// Serialises puzzles; throws WriteError when the format cannot hold them.
std::string write_json(const std::vector<Puzzle>& puzzles);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_json(std::string_view content);

}  // namespace nonolab::io

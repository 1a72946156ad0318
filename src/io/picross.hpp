// picross-solver text: GRID name / ROWS / [ 2 1 ] / COLUMNS.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/puzzle.hpp"
#include "io/puzzle_slots.hpp"

namespace nonolab::io {

/// Reads every puzzle in `content`; throws ParseError with file and line
/// (the first unusable grid or syntax error of the file, in file order).
std::vector<Puzzle> read_picross(std::string_view content, const std::string& source);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_picross(std::string_view content);

/// One grid of a picross-solver file (name: the text after GRID).
using PicrossGrid = PuzzleSlot;

/// Every grid of the file in order, each with its puzzle or its own error.
/// A line that is not part of the syntax becomes an entry of its own (empty
/// name); reading resumes at the next GRID marker. Never throws ParseError.
std::vector<PicrossGrid> read_picross_each(std::string_view content, const std::string& source);

}  // namespace nonolab::io

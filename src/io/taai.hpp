// TAAI/TCGA/ICGA tournament file: $k headers, columns first, TAB-separated.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "io/puzzle_slots.hpp"

namespace nonolab::io {

/// Reads every puzzle in `content`; throws ParseError with file and line.
/// A solution file (`$k` + N lines of N 0/1 cells) is refused with UnsupportedError.
std::vector<Puzzle> read_taai(std::string_view content, const std::string& source);
/// Every `$k` puzzle in file order, each with its puzzle or its own error
/// (a header that is not `$<number>` fails only its puzzle; text before the
/// first header fails the first). Throws only for an empty file or a file of
/// solutions.
std::vector<PuzzleSlot> read_taai_each(std::string_view content, const std::string& source);
/// Serialises puzzles; throws WriteError when the format cannot hold them
/// (colour or non-square puzzles).
std::string write_taai(const std::vector<Puzzle>& puzzles);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_taai(std::string_view content);

/// Reads a TAAI solution file: for each `$k`, N lines of N 0/1 values (TAB or
/// space separated). Cells are kEmpty / kFilled. Throws ParseError.
std::vector<Grid> read_taai_solutions(std::string_view content, const std::string& source);

}  // namespace nonolab::io

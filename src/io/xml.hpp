// webpbn XML (pbn-0.3.dtd): several puzzles, colours, goal image.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"
#include "io/puzzle_slots.hpp"

namespace nonolab::io {

/// Reads every puzzle in `content`; throws ParseError with file and line.
std::vector<Puzzle> read_xml(std::string_view content, const std::string& source);
/// Every <puzzle> of the set in order, each with its puzzle or its own error.
/// Throws only when the document is not well formed or holds no <puzzle>.
std::vector<PuzzleSlot> read_xml_each(std::string_view content, const std::string& source);
/// Serialises puzzles; throws WriteError when the format cannot hold them.
std::string write_xml(const std::vector<Puzzle>& puzzles);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_xml(std::string_view content);

}  // namespace nonolab::io

// The plain "R C" text layout used by several student solvers (the small
// tests of gitqwerty777/Nonogram-Solver, hwnginsoict/Solving-Nonogram-Puzzle):
//
//     5 5        <- number of rows, then number of columns
//     1 1 1      <- R row clues, left to right
//     ...
//     2          <- then C column clues, top to bottom
//
// Numbers are separated by spaces (tabs accepted). An empty clue is "0" or a
// blank line (one data set starts its rows with a blank line). One blank line
// between rows and columns is tolerated when the line count shows it is a
// separator. Lines after the last column clue are ignored, as the programs
// using this layout read exactly R + C clue lines (one real file, heart.txt
// of hwnginsoict, has a stray extra line at the end).
#include "io/rc.hpp"

#include "core/error.hpp"
#include "io/clue_lines.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

/// True when the lines after `pos` (trailing blanks ignored) number
/// rows + cols + 1 and the one after the rows is blank: a separator.
bool has_blank_separator(const std::vector<TextLine>& lines, size_t pos, int rows, int cols) {
    size_t used = lines.size();
    while (used > pos && is_blank(lines[used - 1].text)) --used;
    const size_t want = static_cast<size_t>(rows) + cols + 1;
    return used - pos == want && is_blank(lines[pos + rows].text);
}

}  // namespace

std::vector<Puzzle> read_rc(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    size_t pos = 0;
    const auto [height, width] = read_size_header(lines, pos, kBlanks, source, "rows columns",
                                                  "a number of rows", "a number of columns");
    const int header_line = lines[pos - 1].number;
    const bool separator = has_blank_separator(lines, pos, height, width);
    auto rows = read_clue_block(lines, pos, height, "row", kBlanks, source);
    if (separator) ++pos;
    auto columns = read_clue_block(lines, pos, width, "column", kBlanks, source);
    return {finish_bw_puzzle(source, header_line, 0, std::move(rows), std::move(columns))};
}

int sniff_rc(std::string_view content) {
    const std::vector<TextLine> lines = split_lines(content);
    const size_t pos = skip_blank(lines, 0);
    if (pos == lines.size()) return 0;
    const auto size = scan_two_ints(lines[pos].text);
    if (!size) return 0;
    // rows columns, then `rows` row lines whose clues fit `columns` cells.
    if (scan_counted_blocks(lines, pos + 1, size->first, size->second, kBlanks)) return 60;
    // Extra lines after the clues: still plausible, less certain.
    if (scan_counted_blocks(lines, pos + 1, size->first, size->second, kBlanks, nullptr, nullptr,
                            true))
        return 40;
    return 0;
}

}  // namespace nonolab::io

// The puzzle files of nonogen (github.com/BryanCruz/nonogen, a genetic
// algorithm solver; its puzzles come from nonograms.org):
//
//     3            <- row clues, top to bottom, runs separated by spaces
//     2 1
//     -            <- a line holding only '-'
//     1 1          <- column clues, left to right
//     2
//
// A blank line is an empty clue (so is "0"). Blank lines after the last
// column clue are ignored: they are what an editor leaves at the end of a
// file, so an empty last column has to be written as "0". No header: the
// size is the number of clue lines on each side.
#include "io/nonogen.hpp"

#include "core/error.hpp"
#include "core/limits.hpp"
#include "io/clue_lines.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

bool numbers_line(std::string_view s) {
    for (char c : s)
        if (!((c >= '0' && c <= '9') || c == ' ' || c == '\t' || c == '\r')) return false;
    return true;
}

long numbers_total(std::string_view s) {
    long t = 0;
    for (std::string_view tok : split_any(s, " \t\r"))
        if (auto v = parse_int(tok)) t += *v;
    return t;
}

}  // namespace

std::vector<Puzzle> read_nonogen(std::string_view content, const std::string& source) {
    std::vector<TextLine> lines = split_lines(content);
    while (!lines.empty() && is_blank(lines.back().text)) lines.pop_back();
    if (lines.empty()) throw ParseError(source, 0, "expected row clue lines, got an empty file");

    std::vector<Clue> rows, cols;
    int separator_line = 0;
    for (const TextLine& l : lines) {
        if (is_dash_line(l.text)) {
            if (separator_line)
                throw ParseError(source, l.number,
                                 "expected a single '-' line between the row and column clues, got "
                                 "a second one (the first is at line " +
                                     std::to_string(separator_line) + ")");
            separator_line = l.number;
            continue;
        }
        std::vector<Clue>& side = separator_line ? cols : rows;
        if (static_cast<int>(side.size()) >= kMaxSide)
            throw ParseError(source, l.number,
                             "expected at most " + std::to_string(kMaxSide) + " " +
                                 (separator_line ? "column" : "row") + " clues");
        side.push_back(parse_bw_clue(l.text, kBlanks, source, l.number));
    }
    if (!separator_line)
        throw ParseError(source, lines.back().number,
                         "expected a line '-' between the row clues and the column clues, "
                         "reached the end of the file without one");
    if (rows.empty())
        throw ParseError(source, separator_line,
                         "expected row clues before the '-' line, got none");
    if (cols.empty())
        throw ParseError(source, separator_line,
                         "expected column clues after the '-' line, got none");
    const int h = static_cast<int>(rows.size());
    const int w = static_cast<int>(cols.size());
    return {build_puzzle(source, lines.front().number, 0, w, h, std::move(rows), std::move(cols))};
}

int sniff_nonogen(std::string_view content) {
    std::vector<TextLine> lines = split_lines(content.substr(0, 262144));
    while (!lines.empty() && is_blank(lines.back().text)) lines.pop_back();
    int separators = 0;
    long row_total = 0, col_total = 0;
    int rows = 0, cols = 0;
    for (const TextLine& l : lines) {
        if (is_dash_line(l.text)) {
            ++separators;
            continue;
        }
        if (!numbers_line(l.text)) return 0;
        (separators ? col_total : row_total) += numbers_total(l.text);
        ++(separators ? cols : rows);
    }
    if (separators != 1 || rows == 0 || cols == 0) return 0;
    return row_total == col_total && row_total > 0 ? 60 : 30;
}

}  // namespace nonolab::io

// "Version 2 of Kyle Keen's Python solver" text, one of webpbn's export
// options (used by the gramcracker project for the survey puzzles):
//
//     1          <- one line per row, run lengths separated by spaces
//     3
//     ...
//                <- a single blank line
//     1          <- one line per column
//     2 2
//
// There is no header: the height is the number of lines before the blank
// line and the width the number after it. An empty clue is "0" (a blank line
// would be taken for the separator). Blank lines at the end are ignored.
#include "io/keen.hpp"

#include "core/error.hpp"
#include "io/clue_lines.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

/// The [begin, end) range of lines that matter: leading and trailing blanks removed.
std::pair<size_t, size_t> content_range(const std::vector<TextLine>& lines) {
    size_t begin = 0, end = lines.size();
    while (begin < end && is_blank(lines[begin].text)) ++begin;
    while (end > begin && is_blank(lines[end - 1].text)) --end;
    return {begin, end};
}

}  // namespace

std::vector<Puzzle> read_keen(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    const auto [begin, end] = content_range(lines);
    if (begin == end)
        throw ParseError(source, 0,
                         "expected row clues, a blank line, column clues; the file is empty");
    size_t separator = end;
    for (size_t i = begin; i < end; ++i) {
        if (!is_blank(lines[i].text)) continue;
        if (separator != end)
            throw ParseError(source, lines[i].number,
                             "expected a single blank line (between the row and the column "
                             "clues), got another one (write an empty clue as 0)");
        separator = i;
    }
    if (separator == end)
        throw ParseError(source, lines[end - 1].number,
                         "expected a blank line between the row clues and the column clues, "
                         "found none");
    if (separator - begin > static_cast<size_t>(kMaxSide) ||
        end - separator - 1 > static_cast<size_t>(kMaxSide))
        throw ParseError(source, lines[begin].number,
                         "expected at most " + std::to_string(kMaxSide) +
                             " rows and columns, got " + std::to_string(separator - begin) +
                             " and " + std::to_string(end - separator - 1));
    std::vector<ClueLine> rows, columns;
    for (size_t i = begin; i < end; ++i) {
        if (i == separator) continue;
        const TextLine& tl = lines[i];
        (i < separator ? rows : columns)
            .push_back(ClueLine{parse_bw_clue(tl.text, kBlanks, source, tl.number), tl.number});
    }
    return {finish_bw_puzzle(source, lines[begin].number, 0, std::move(rows), std::move(columns))};
}

int sniff_keen(std::string_view content) {
    const std::vector<TextLine> lines = split_lines(content);
    const auto [begin, end] = content_range(lines);
    if (begin == end) return 0;
    size_t separator = end;
    for (size_t i = begin; i < end; ++i) {
        if (!is_blank(lines[i].text)) continue;
        if (separator != end) return 0;
        separator = i;
    }
    if (separator == end) return 0;
    const size_t height = separator - begin;
    const size_t width = end - separator - 1;
    if (height > static_cast<size_t>(kMaxSide) || width > static_cast<size_t>(kMaxSide)) return 0;
    long totals[2] = {0, 0};
    for (size_t i = begin; i < end; ++i) {
        if (i == separator) continue;
        const bool row = i < separator;
        const auto scan = scan_bw_clue(lines[i].text, kBlanks);
        if (!scan || scan->need > static_cast<int>(row ? width : height)) return 0;
        totals[row ? 0 : 1] += scan->total;
    }
    return totals[0] == totals[1] ? 35 : 0;
}

}  // namespace nonolab::io

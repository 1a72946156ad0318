// Jakub Wilk's .nin format, read by his "nonogram" solver (jwilk-archive/
// nonogram on GitHub; the DATA FORMAT section of its manual page) and by
// pierre-dejoue/picross-solver:
//
//     6 3        <- width, then height
//     3 2        <- height row clues, left to right
//     ...
//     1 1        <- then width column clues, top to bottom
//
// Numbers are separated by spaces (tabs accepted). An empty clue is "0" or a
// blank line. Lines starting with '#' are comments. One blank line between
// the row and the column clues is tolerated when the line count shows it is a
// separator and not an empty clue.
#include "io/nin.hpp"

#include "core/error.hpp"
#include "io/clue_lines.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

/// Index of the first line that is neither blank nor a comment, or lines.size().
size_t first_content(const std::vector<TextLine>& lines) {
    size_t i = 0;
    while (i < lines.size() && (is_blank(lines[i].text) || is_hash_comment(lines[i].text))) ++i;
    return i;
}

/// True when, after `pos`, the non-comment lines (trailing blanks ignored)
/// number rows + cols + 1 and the one after the rows is blank: a separator.
bool has_blank_separator(const std::vector<TextLine>& lines, size_t pos, int rows, int cols) {
    std::vector<size_t> content;
    for (size_t i = pos; i < lines.size(); ++i)
        if (!is_hash_comment(lines[i].text)) content.push_back(i);
    while (!content.empty() && is_blank(lines[content.back()].text)) content.pop_back();
    return content.size() == static_cast<size_t>(rows) + cols + 1 &&
           is_blank(lines[content[rows]].text);
}

}  // namespace

std::vector<Puzzle> read_nin(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    size_t pos = first_content(lines);
    if (pos == lines.size())
        throw ParseError(source, 0, "expected a 'width height' line, the file is empty");
    const TextLine& header = lines[pos++];
    const auto tokens = split_any(header.text, kBlanks);
    if (tokens.size() != 2)
        throw ParseError(source, header.number,
                         "expected 'width height' (two numbers), got '" +
                             std::string(trim(header.text).substr(0, 40)) + "'");
    const int width = expect_side(tokens[0], source, header.number, "a width");
    const int height = expect_side(tokens[1], source, header.number, "a height");
    const bool separator = has_blank_separator(lines, pos, height, width);
    auto rows = read_clue_block(lines, pos, height, "row", kBlanks, source, is_hash_comment);
    if (separator) {
        while (pos < lines.size() && is_hash_comment(lines[pos].text)) ++pos;
        ++pos;  // the blank separator line
    }
    auto columns = read_clue_block(lines, pos, width, "column", kBlanks, source, is_hash_comment);
    expect_only_blank(lines, pos, "the column clues", source, is_hash_comment);
    return {finish_bw_puzzle(source, header.number, 0, std::move(rows), std::move(columns))};
}

std::string write_nin(const std::vector<Puzzle>& puzzles) {
    require_single(puzzles, ".nin");
    require_black_and_white(puzzles, ".nin");
    const Puzzle& p = puzzles.front();
    std::string out = std::to_string(p.width()) + " " + std::to_string(p.height()) + "\n";
    for (const Clue& c : p.rows()) out += bw_clue_text(c, ' ') + "\n";
    for (const Clue& c : p.columns()) out += bw_clue_text(c, ' ') + "\n";
    return out;
}

int sniff_nin(std::string_view content) {
    const std::vector<TextLine> lines = split_lines(content);
    const size_t pos = first_content(lines);
    if (pos == lines.size()) return 0;
    const auto size = scan_two_ints(lines[pos].text);
    if (!size) return 0;
    // A bare '#' line is the separator of Olšák's .mk, not a comment.
    for (size_t i = pos + 1; i < lines.size(); ++i)
        if (trim(lines[i].text) == "#") return 0;
    // width height, then `height` row lines whose clues fit `width` cells.
    if (!scan_counted_blocks(lines, pos + 1, size->second, size->first, kBlanks, nullptr,
                             is_hash_comment))
        return 0;
    return 55;
}

}  // namespace nonolab::io

// Olšák's simple .mk format, read by Mirek and Pavel Olšák's "grid" solver
// and by Jan Wolter's pbnsolve (whose documentation gives the header as
// height then width; the example files agree):
//
//     20 30      <- height, then width
//     1 3 1      <- height row clues, left to right
//     ...
//     #          <- separator line
//     2 2        <- width column clues, top to bottom
//
// Numbers are separated by spaces (tabs accepted); "0" or an empty line is an
// empty clue. Blank lines after the last expected clue are ignored.
#include "io/mk.hpp"

#include "core/error.hpp"
#include "io/clue_lines.hpp"
#include "io/text.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_mk(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    size_t pos = 0;
    const auto [height, width] =
        read_size_header(lines, pos, kBlanks, source, "height width", "a height", "a width");
    const int header_line = lines[pos - 1].number;

    std::vector<ClueLine> rows;
    while (static_cast<int>(rows.size()) < height) {
        if (pos >= lines.size())
            throw ParseError(source, lines.back().number,
                             "expected " + std::to_string(height) +
                                 " row clues, but the file ends after " +
                                 std::to_string(rows.size()));
        const TextLine& tl = lines[pos++];
        if (is_hash_comment(tl.text))
            throw ParseError(source, tl.number,
                             "expected " + std::to_string(height) +
                                 " row clues before the '#' line, got only " +
                                 std::to_string(rows.size()));
        rows.push_back(ClueLine{parse_bw_clue(tl.text, kBlanks, source, tl.number), tl.number});
    }
    pos = skip_blank(lines, pos);
    if (pos >= lines.size())
        throw ParseError(source, lines.back().number,
                         "expected a '#' line after the " + std::to_string(height) +
                             " row clues, but the file ends");
    if (!is_hash_comment(lines[pos].text))
        throw ParseError(source, lines[pos].number,
                         "expected a '#' line after the " + std::to_string(height) +
                             " row clues, got '" +
                             std::string(trim(lines[pos].text).substr(0, 40)) + "'");
    ++pos;
    auto columns = read_clue_block(lines, pos, width, "column", kBlanks, source);
    expect_only_blank(lines, pos, "the column clues", source);
    return {finish_bw_puzzle(source, header_line, 0, std::move(rows), std::move(columns))};
}

std::string write_mk(const std::vector<Puzzle>& puzzles) {
    require_single(puzzles, ".mk");
    require_black_and_white(puzzles, ".mk");
    const Puzzle& p = puzzles.front();
    std::string out = std::to_string(p.height()) + " " + std::to_string(p.width()) + "\n";
    for (const Clue& c : p.rows()) out += bw_clue_text(c, ' ') + "\n";
    out += "#\n";
    for (const Clue& c : p.columns()) out += bw_clue_text(c, ' ') + "\n";
    return out;
}

int sniff_mk(std::string_view content) {
    const std::vector<TextLine> lines = split_lines(content);
    const size_t pos = skip_blank(lines, 0);
    if (pos == lines.size()) return 0;
    const auto size = scan_two_ints(lines[pos].text);
    if (!size) return 0;
    // height width, `height` rows fitting `width` cells, '#', `width` columns.
    if (!scan_counted_blocks(lines, pos + 1, size->first, size->second, kBlanks, is_hash_comment))
        return 0;
    return 80;
}

}  // namespace nonolab::io

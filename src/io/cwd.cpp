// The .cwd format of QNonograms (Sukhoy's Qt nonogram game), as summarised
// in the project's format notes and in pbnsolve's list of input formats; no
// sample file was available, so this follows that description:
//
//     10         <- height
//     5          <- width
//     2          <- height row clues, numbers separated by spaces
//     2 1
//     ...
//                <- one blank line
//     2 1        <- width column clues
//     ...
//
// An empty clue is "0". Because the header gives both counts, a blank line
// in a clue position is also read as an empty clue.
#include "io/cwd.hpp"

#include "core/error.hpp"
#include "io/clue_lines.hpp"
#include "io/text.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_cwd(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    size_t pos = 0;
    pos = skip_blank(lines, pos);
    if (pos == lines.size())
        throw ParseError(source, 0, "expected the height on the first line, the file is empty");
    const TextLine& first = lines[pos++];
    const int height = expect_side(trim(first.text), source, first.number, "the height");
    if (pos == lines.size())
        throw ParseError(source, first.number,
                         "expected the width on the line after the height, the file ends");
    const TextLine& second = lines[pos++];
    const int width = expect_side(trim(second.text), source, second.number, "the width");
    auto rows = read_clue_block(lines, pos, height, "row", kBlanks, source);
    if (pos >= lines.size())
        throw ParseError(source, lines.back().number,
                         "expected a blank line and " + std::to_string(width) +
                             " column clues after the row clues, the file ends");
    if (!is_blank(lines[pos].text))
        throw ParseError(source, lines[pos].number,
                         "expected a blank line between the " + std::to_string(height) +
                             " row clues and the column clues, got '" +
                             std::string(trim(lines[pos].text).substr(0, 40)) + "'");
    ++pos;
    auto columns = read_clue_block(lines, pos, width, "column", kBlanks, source);
    expect_only_blank(lines, pos, "the column clues", source);
    return {finish_bw_puzzle(source, first.number, 0, std::move(rows), std::move(columns))};
}

std::string write_cwd(const std::vector<Puzzle>& puzzles) {
    require_single(puzzles, ".cwd");
    require_black_and_white(puzzles, ".cwd");
    const Puzzle& p = puzzles.front();
    std::string out = std::to_string(p.height()) + "\n" + std::to_string(p.width()) + "\n";
    for (const Clue& c : p.rows()) out += bw_clue_text(c, ' ') + "\n";
    out += "\n";
    for (const Clue& c : p.columns()) out += bw_clue_text(c, ' ') + "\n";
    return out;
}

}  // namespace nonolab::io

// Input of the SPOJ problem JCROSS ("Japanese Crosswords"), as kept in the
// examples of tsionyx/nonogrid:
//
//     3          <- number of puzzles
//     10 5       <- height, then width
//     3 0        <- height row clues, each line ending in a 0 terminator
//     ...
//     1 8 0      <- then width column clues, same shape
//     25 25      <- next puzzle ...
//
// An empty clue is the terminator alone ("0"). Blank lines are ignored
// everywhere (every real line carries at least its terminator).
#include "io/spoj.hpp"

#include "core/error.hpp"
#include "io/clue_lines.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

constexpr std::string_view kSeps = " \t";
constexpr int kMaxPuzzles = 1000000;

/// The next non-blank line at or after pos, or nullptr at the end of the file.
const TextLine* next_line(const std::vector<TextLine>& lines, size_t& pos) {
    while (pos < lines.size() && is_blank(lines[pos].text)) ++pos;
    return pos < lines.size() ? &lines[pos++] : nullptr;
}

int last_line(const std::vector<TextLine>& lines) {
    return lines.empty() ? 0 : lines.back().number;
}

/// One clue line "a b c 0": everything before the final 0 terminator.
Clue parse_terminated(const TextLine& tl, const std::string& source) {
    std::string_view text = trim(tl.text);
    const size_t cut = text.find_last_of(" \t");
    const std::string_view last = cut == std::string_view::npos ? text : text.substr(cut + 1);
    if (last != "0")
        throw ParseError(source, tl.number,
                         "expected a clue line ending in the terminator 0, got '" +
                             std::string(text.substr(0, 40)) + "'");
    const std::string_view runs = cut == std::string_view::npos ? "" : text.substr(0, cut);
    if (!runs.empty() && trim(runs) == "0")
        throw ParseError(source, tl.number,
                         "expected positive run lengths before the terminator 0, got '" +
                             std::string(text.substr(0, 40)) + "'");
    return parse_bw_clue(runs, kSeps, source, tl.number);
}

std::vector<ClueLine> read_block(const std::vector<TextLine>& lines, size_t& pos, int count,
                                 const char* what, int puzzle, const std::string& source) {
    std::vector<ClueLine> out;
    out.reserve(static_cast<size_t>(count));
    while (static_cast<int>(out.size()) < count) {
        const TextLine* tl = next_line(lines, pos);
        if (!tl)
            throw ParseError(
                source, last_line(lines),
                "puzzle " + std::to_string(puzzle) + ": expected " + std::to_string(count) + " " +
                    what + " clue lines, but the file ends after " + std::to_string(out.size()));
        out.push_back(ClueLine{parse_terminated(*tl, source), tl->number});
    }
    return out;
}

}  // namespace

std::vector<Puzzle> read_spoj(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    size_t pos = 0;
    const TextLine* first = next_line(lines, pos);
    if (!first) throw ParseError(source, 0, "expected the number of puzzles, the file is empty");
    const std::string_view count_text = trim(first->text);
    const auto count = parse_int(count_text);
    if (!count || *count < 1 || *count > kMaxPuzzles)
        throw ParseError(source, first->number,
                         "expected the number of puzzles (1 to " + std::to_string(kMaxPuzzles) +
                             "), got '" + std::string(count_text.substr(0, 40)) + "'");
    std::vector<Puzzle> puzzles;
    for (int k = 1; k <= *count; ++k) {
        const TextLine* header = next_line(lines, pos);
        if (!header)
            throw ParseError(source, last_line(lines),
                             "expected " + std::to_string(*count) +
                                 " puzzles, but the file ends after " + std::to_string(k - 1));
        const auto tokens = split_any(header->text, kSeps);
        if (tokens.size() != 2)
            throw ParseError(source, header->number,
                             "puzzle " + std::to_string(k) + ": expected 'height width', got '" +
                                 std::string(trim(header->text).substr(0, 40)) + "'");
        const int height = expect_side(tokens[0], source, header->number, "a height");
        const int width = expect_side(tokens[1], source, header->number, "a width");
        auto rows = read_block(lines, pos, height, "row", k, source);
        auto columns = read_block(lines, pos, width, "column", k, source);
        puzzles.push_back(finish_bw_puzzle(source, header->number, *count > 1 ? k : 0,
                                           std::move(rows), std::move(columns)));
    }
    expect_only_blank(lines, pos, "the announced puzzles", source);
    return puzzles;
}

int sniff_spoj(std::string_view content) {
    const std::vector<TextLine> lines = split_lines(content);
    size_t pos = 0;
    const TextLine* first = next_line(lines, pos);
    if (!first) return 0;
    const auto count = parse_int(trim(first->text));
    if (!count || *count < 1) return 0;
    const TextLine* header = next_line(lines, pos);
    if (!header) return 0;
    const auto size = scan_two_ints(header->text);
    if (!size || size->first < 1 || size->second < 1 || size->first > kMaxSide ||
        size->second > kMaxSide)
        return 0;
    long totals[2] = {0, 0};
    const int counts[2] = {size->first, size->second};
    for (int block = 0; block < 2; ++block) {
        for (int i = 0; i < counts[block]; ++i) {
            const TextLine* tl = next_line(lines, pos);
            if (!tl) return 0;
            const std::string_view text = trim(tl->text);
            const size_t cut = text.find_last_of(" \t");
            const std::string_view last =
                cut == std::string_view::npos ? text : text.substr(cut + 1);
            if (last != "0") return 0;
            const std::string_view runs =
                cut == std::string_view::npos ? std::string_view() : text.substr(0, cut);
            const auto scan = scan_bw_clue(runs, kSeps);
            if (!scan || scan->need > counts[1 - block]) return 0;
            if (!runs.empty() && scan->total == 0) return 0;
            totals[block] += scan->total;
        }
    }
    return totals[0] == totals[1] ? 60 : 0;
}

}  // namespace nonolab::io

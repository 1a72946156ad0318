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
// everywhere (every real line carries at least its terminator). Since every
// clue line ends in 0 and a header never does, a broken puzzle does not
// hide where the next one starts: read_spoj_each reads on after it.
#include "io/spoj.hpp"

#include <optional>

#include "core/error.hpp"
#include "io/clue_lines.hpp"
#include "io/puzzle_slots.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

constexpr int kMaxPuzzles = 1000000;

/// The next non-blank line at or after pos, or nullptr at the end of the file.
const TextLine* next_line(const std::vector<TextLine>& lines, size_t& pos) {
    pos = skip_blank(lines, pos);
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
    return parse_bw_clue(runs, kBlanks, source, tl.number);
}

/// A line that can only be a puzzle's "height width" header: two positive
/// integers. Clue lines always end in the terminator 0, so after a broken
/// puzzle the next header is found again by its shape.
bool is_header(std::string_view text) {
    const auto size = scan_two_ints(text);
    return size && size->first >= 1 && size->second >= 1;
}

/// Reads one puzzle whose header is lines[pos - 1] (already taken). Reads
/// its clue lines even after a bad one, so that the next puzzle starts where
/// it should; stops early at a line shaped like the next header. The first
/// problem is thrown once the puzzle's lines are consumed.
Puzzle read_puzzle(const std::vector<TextLine>& lines, size_t& pos, const TextLine& header, int k,
                   int index, const std::string& source) {
    const std::string tag = "puzzle " + std::to_string(k) + ": ";
    const auto tokens = split_any(header.text, kBlanks);
    if (tokens.size() != 2)
        throw ParseError(source, header.number,
                         tag + "expected 'height width', got '" +
                             std::string(trim(header.text).substr(0, 40)) + "'");
    const int height = expect_side(tokens[0], source, header.number, "a height");
    const int width = expect_side(tokens[1], source, header.number, "a width");
    std::vector<ClueLine> blocks[2];
    std::optional<ParseError> first_error;
    const int counts[2] = {height, width};
    const char* what[2] = {"row", "column"};
    for (int b = 0; b < 2; ++b) {
        while (static_cast<int>(blocks[b].size()) < counts[b]) {
            size_t at = pos;
            const TextLine* tl = next_line(lines, at);
            const std::string got = std::to_string(blocks[b].size());
            if ((!tl || is_header(tl->text)) && first_error) throw *first_error;
            if (!tl)
                throw ParseError(source, last_line(lines),
                                 tag + "expected " + std::to_string(counts[b]) + " " + what[b] +
                                     " clue lines, but the file ends after " + got);
            if (is_header(tl->text))
                throw ParseError(source, tl->number,
                                 tag + "expected " + std::to_string(counts[b]) + " " + what[b] +
                                     " clue lines, got " + got +
                                     " before this line, which looks like the next puzzle's "
                                     "'height width'");
            pos = at;
            try {
                blocks[b].push_back(ClueLine{parse_terminated(*tl, source), tl->number});
            } catch (const ParseError& e) {
                if (!first_error) first_error = ParseError(source, e.line(), tag + e.message());
                blocks[b].push_back(ClueLine{Clue{}, tl->number});
            }
        }
    }
    if (first_error) throw *first_error;
    return finish_bw_puzzle(source, header.number, index, std::move(blocks[0]),
                            std::move(blocks[1]));
}

}  // namespace

// The count on the first line marks how many puzzles there are, so there is
// one slot per announced puzzle, plus one for text after the last of them.
std::vector<PuzzleSlot> read_spoj_each(std::string_view content, const std::string& source) {
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
    // Every puzzle takes a line at least: a count the file cannot hold is a
    // wrong first line, not a set of that many missing puzzles.
    long rest = 0;
    for (size_t i = pos; i < lines.size(); ++i) rest += is_blank(lines[i].text) ? 0 : 1;
    if (*count > rest)
        throw ParseError(source, first->number,
                         "expected the number of puzzles, got " + std::to_string(*count) +
                             " but only " + std::to_string(rest) + " lines follow");
    std::vector<PuzzleSlot> slots;
    for (int k = 1; k <= *count; ++k) {
        const TextLine* header = next_line(lines, pos);
        if (!header) {
            slots.push_back(failed_slot(
                ParseError(source, last_line(lines),
                           "puzzle " + std::to_string(k) + ": expected " + std::to_string(*count) +
                               " puzzles, but the file ends after " + std::to_string(k - 1)),
                last_line(lines)));
            continue;
        }
        const int index = *count > 1 ? k : 0;
        slots.push_back(read_slot(source, header->number, "", [&] {
            return read_puzzle(lines, pos, *header, k, index, source);
        }));
        // After an unreadable header the clue lines cannot be counted: go on
        // at the next line shaped like a header.
        if (!is_header(header->text))
            while (pos < lines.size() && !is_header(lines[pos].text)) ++pos;
    }
    try {
        expect_only_blank(lines, pos, "the announced puzzles", source);
    } catch (const ParseError& e) {
        slots.push_back(failed_slot(e, e.line()));
    }
    return slots;
}

std::vector<Puzzle> read_spoj(std::string_view content, const std::string& source) {
    return puzzles_or_first_error(read_spoj_each(content, source));
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
            const auto scan = scan_bw_clue(runs, kBlanks);
            if (!scan || scan->need > counts[1 - block]) return 0;
            if (!runs.empty() && scan->total == 0) return 0;
            totals[block] += scan->total;
        }
    }
    return totals[0] == totals[1] ? 60 : 0;
}

}  // namespace nonolab::io

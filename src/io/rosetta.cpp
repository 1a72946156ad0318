// Rosetta Code "Nonogram solver" task file (nonogram_problems.txt, from
// rosettacode.org/wiki/Nonogram_solver; the puzzles come from Werner Hett's
// "99 Prolog problems", P98). Each puzzle is two lines: first the row clues,
// then the column clues, one word per line, words separated by spaces. A word
// spells the runs with letters, A = 1, B = 2, ... Z = 26:
//
//     C BA CB BB F AE F A B
//     AB CA AE GA E C D C
//
// Puzzles are separated by blank lines. The task never writes an empty line
// (a word cannot be empty); as a nonolab extension the word "0" stands for
// one. Lower-case letters are not part of the format and are refused.
#include "io/rosetta.hpp"

#include "core/error.hpp"
#include "core/limits.hpp"
#include "io/puzzle_slots.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

bool is_upper(char c) {
    return c >= 'A' && c <= 'Z';
}

std::vector<Clue> parse_clue_line(const TextLine& l, const std::string& source) {
    std::vector<Clue> out;
    for (std::string_view word : split_any(l.text, " \t")) {
        Clue clue;
        if (word != "0") {
            for (char c : word) {
                if (!is_upper(c))
                    throw ParseError(source, l.number,
                                     "expected a clue word of letters A-Z (A=1, B=2, ...), got '" +
                                         std::string(word.substr(0, 30)) + "'");
                clue.push_back(Run{c - 'A' + 1, kFilled});
            }
        }
        out.push_back(std::move(clue));
        if (static_cast<int>(out.size()) > kMaxSide)
            throw ParseError(
                source, l.number,
                "expected at most " + std::to_string(kMaxSide) + " clue words on a line");
    }
    return out;
}

// Blocks of consecutive non-blank lines.
std::vector<std::vector<TextLine>> blocks_of(const std::vector<TextLine>& lines) {
    std::vector<std::vector<TextLine>> blocks;
    bool open = false;
    for (const TextLine& l : lines) {
        if (is_blank(l.text)) {
            open = false;
            continue;
        }
        if (!open) blocks.emplace_back(), open = true;
        blocks.back().push_back(l);
    }
    return blocks;
}

bool letters_line(std::string_view s) {
    bool any = false;
    for (char c : s) {
        if (is_upper(c))
            any = true;
        else if (c != ' ' && c != '\t' && c != '0')
            return false;
    }
    return any;
}

long letters_total(std::string_view s) {
    long t = 0;
    for (char c : s)
        if (is_upper(c)) t += c - 'A' + 1;
    return t;
}

}  // namespace

namespace {

Puzzle read_block(const std::vector<TextLine>& block, int index, const std::string& source) {
    if (block.size() != 2) {
        const TextLine& where = block.size() > 2 ? block[2] : block[0];
        throw ParseError(
            source, where.number,
            "expected exactly 2 lines per puzzle (row clues, then column clues), "
            "got " +
                std::to_string(block.size()) +
                (block.size() > 2 ? " (puzzles must be separated by a blank line)" : ""));
    }
    std::vector<Clue> rows = parse_clue_line(block[0], source);
    std::vector<Clue> cols = parse_clue_line(block[1], source);
    const int h = static_cast<int>(rows.size());
    const int w = static_cast<int>(cols.size());
    return build_puzzle(source, block[0].number, index, w, h, std::move(rows), std::move(cols));
}

}  // namespace

// Blank lines mark the puzzles, so each block is read on its own.
std::vector<PuzzleSlot> read_rosetta_each(std::string_view content, const std::string& source) {
    const auto blocks = blocks_of(split_lines(content));
    if (blocks.empty())
        throw ParseError(source, 0, "expected a line of row clue words, got an empty file");
    std::vector<PuzzleSlot> out;
    const bool several = blocks.size() > 1;
    for (size_t b = 0; b < blocks.size(); ++b) {
        const int index = several ? static_cast<int>(b) + 1 : 0;
        out.push_back(read_slot(source, blocks[b][0].number, "",
                                [&] { return read_block(blocks[b], index, source); }));
    }
    return out;
}

std::vector<Puzzle> read_rosetta(std::string_view content, const std::string& source) {
    return puzzles_or_first_error(read_rosetta_each(content, source));
}

int sniff_rosetta(std::string_view content) {
    const auto lines = split_lines(content.substr(0, 65536));
    const auto blocks = blocks_of(lines);
    if (blocks.empty()) return 0;
    bool sums_agree = true;
    for (const auto& block : blocks) {
        if (block.size() != 2) return 0;
        for (const TextLine& l : block)
            if (!letters_line(l.text)) return 0;
        if (letters_total(block[0].text) != letters_total(block[1].text)) sums_agree = false;
    }
    // Each puzzle needs at least two words per line to look like this format.
    for (const auto& block : blocks)
        if (split_any(block[0].text, " \t").size() < 2 ||
            split_any(block[1].text, " \t").size() < 2)
            return 0;
    return sums_agree ? 60 : 30;
}

}  // namespace nonolab::io

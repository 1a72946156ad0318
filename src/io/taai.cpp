// TAAI / TCGA / ICGA computer-nonogram tournament format.
//
// Used by the Taiwanese computer-game tournaments (TAAI 2011 onwards, TCGA)
// and the ICGA Computer Olympiad; described in the tournament rules and in
// the README of the benchmark folder. A file holds many square puzzles:
//
//     $1                  <- puzzle header, numbered from 1
//     1<TAB>5<TAB>1       <- N column clues, left to right (top to bottom)
//     ...
//     3<TAB>2             <- then N row clues, top to bottom (left to right)
//
// N is not written anywhere: it is half the number of clue lines of the
// block (25 in the tournaments, 15 and 10 in other sets). An empty clue is
// "0"; one known file writes it as an empty line instead, so blank lines
// inside a block are empty clues, and trailing blank lines are used only as
// far as they are needed to complete the block. A file without any `$` line
// is read as a single puzzle. Solution files ("$k" + N lines of N 0/1
// cells) are recognised and refused by read_taai; read_taai_solutions reads them.
#include "io/taai.hpp"

#include <algorithm>
#include <iterator>
#include <optional>

#include "core/error.hpp"
#include "io/clue_lines.hpp"
#include "io/puzzle_slots.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

/// One `$k` block: the header and the index range of its body lines.
struct Block {
    int header_line = 0;  ///< 0 when the file has no `$` line at all
    std::string id;       ///< the k of `$k`
    size_t begin = 0;
    size_t end = 0;
    /// Why the block cannot be read whatever its clues say: a header that
    /// is not `$<number>`, or text before the first header (the first block
    /// answers for it, so that every later puzzle keeps its index).
    std::optional<ParseError> error;
};

bool looks_like_header(std::string_view text) {
    const std::string_view t = trim(text);
    return !t.empty() && t[0] == '$';
}

/// Splits the file into `$k` blocks; a file without headers is one block.
/// Every line starting with `$` starts a block, readable or not, so one bad
/// header costs one puzzle, not the rest of the file.
std::vector<Block> split_blocks(const std::vector<TextLine>& lines, const std::string& source) {
    std::vector<Block> blocks;
    for (size_t i = 0; i < lines.size(); ++i) {
        if (!looks_like_header(lines[i].text)) continue;
        const std::string_view number = trim(trim(lines[i].text).substr(1));
        if (!blocks.empty()) blocks.back().end = i;
        blocks.push_back(Block{lines[i].number, std::string(number), i + 1, lines.size(), {}});
        if (!parse_int(number))
            blocks.back().error =
                ParseError(source, lines[i].number,
                           "expected a puzzle header like '$1', got '" +
                               std::string(trim(lines[i].text).substr(0, 40)) + "'");
    }
    if (blocks.empty()) {
        size_t first = 0;
        while (first < lines.size() && is_blank(lines[first].text)) ++first;
        if (first < lines.size()) blocks.push_back(Block{0, "", first, lines.size(), {}});
        return blocks;
    }
    const size_t first_header = blocks.front().begin - 1;
    for (size_t i = 0; i < first_header; ++i)
        if (!is_blank(lines[i].text)) {
            if (!blocks.front().error)
                blocks.front().error =
                    ParseError(source, lines[i].number,
                               "expected a '$1' puzzle header before the clues, got '" +
                                   std::string(trim(lines[i].text).substr(0, 40)) + "'");
            break;
        }
    return blocks;
}

/// "$k" for messages, or a neutral name for the header-less case.
std::string block_name(const Block& b) {
    return b.header_line ? "'$" + b.id + "'" : "the start";
}

/// True when every non-blank line of the block has exactly m tokens of 0/1,
/// m being the number of such lines (m >= 2): the shape of a solution block.
bool is_solution_block(const std::vector<TextLine>& lines, const Block& b) {
    size_t m = 0;
    for (size_t i = b.begin; i < b.end; ++i)
        if (!is_blank(lines[i].text)) ++m;
    if (m < 2) return false;
    for (size_t i = b.begin; i < b.end; ++i) {
        if (is_blank(lines[i].text)) continue;
        const auto tokens = split_any(lines[i].text, kBlanks);
        if (tokens.size() != m) return false;
        for (std::string_view t : tokens)
            if (t != "0" && t != "1") return false;
    }
    return true;
}

int start_line_of(const std::vector<TextLine>& lines, const Block& b) {
    return b.header_line ? b.header_line : lines[b.begin].number;
}

Puzzle read_block(const std::vector<TextLine>& lines, const Block& b, int index,
                  const std::string& source) {
    if (b.error) throw *b.error;
    const int start_line = start_line_of(lines, b);
    if (is_solution_block(lines, b))
        throw UnsupportedError(source, start_line,
                               "this is a TAAI solution file (the block after " + block_name(b) +
                                   " is a square of 0/1 cells), not a question file with clues");
    size_t used = b.end;  // one past the last non-blank line
    while (used > b.begin && is_blank(lines[used - 1].text)) --used;
    const size_t t = used - b.begin;
    const size_t blanks = b.end - used;
    if (t == 0)
        throw ParseError(source, start_line,
                         "expected 2N clue lines after " + block_name(b) +
                             " (N columns, then N rows), got none");
    if (t > static_cast<size_t>(2 * kMaxSide))
        throw ParseError(source, start_line,
                         "expected at most " + std::to_string(2 * kMaxSide) +
                             " clue lines per puzzle, got " + std::to_string(t));
    std::vector<ClueLine> clues;
    clues.reserve(t);
    std::vector<long> prefix(t + 1, 0);
    int max_need = 0;
    for (size_t i = 0; i < t; ++i) {
        const TextLine& tl = lines[b.begin + i];
        clues.push_back(ClueLine{parse_bw_clue(tl.text, kBlanks, source, tl.number), tl.number});
        long total = 0;
        for (const Run& r : clues.back().clue) total += r.length;
        prefix[i + 1] = prefix[i] + total;
        max_need = std::max(max_need, min_length(clues.back().clue));
    }
    // N: the smallest size, using as few trailing blank lines as possible, for
    // which the clues are consistent (equal totals, every clue fits).
    const size_t lo = (t + 1) / 2;
    const size_t hi = std::min((t + blanks) / 2, t);
    size_t n = 0;
    for (size_t c = lo; c <= hi; ++c) {
        if (prefix[c] == prefix[t] - prefix[c] && max_need <= static_cast<int>(c)) {
            n = c;
            break;
        }
    }
    if (n == 0) {
        // Nothing consistent: report the most natural reading's problem.
        if (t % 2 == 0)
            n = t / 2;
        else if (blanks > 0)
            n = lo;
        else
            throw ParseError(source, lines[used - 1].number,
                             "expected an even number of clue lines after " + block_name(b) +
                                 " (N columns, then N rows), got " + std::to_string(t));
    }
    if (n > static_cast<size_t>(kMaxSide))
        throw ParseError(
            source, start_line,
            "expected N of at most " + std::to_string(kMaxSide) + ", got " + std::to_string(n));
    std::vector<ClueLine> columns(std::make_move_iterator(clues.begin()),
                                  std::make_move_iterator(clues.begin() + n));
    std::vector<ClueLine> rows;
    rows.reserve(n);
    for (size_t i = n; i < 2 * n; ++i) {
        if (i < t)
            rows.push_back(std::move(clues[i]));
        else
            rows.push_back(ClueLine{Clue{}, lines[b.begin + i].number});
    }
    PuzzleInfo info;
    if (b.header_line) info.id = "$" + b.id;
    return finish_bw_puzzle(source, start_line, index, std::move(rows), std::move(columns),
                            std::move(info));
}

}  // namespace

std::vector<PuzzleSlot> read_taai_each(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    const std::vector<Block> blocks = split_blocks(lines, source);
    if (blocks.empty()) throw ParseError(source, 0, "expected TAAI puzzles, the file is empty");
    // A file of solutions is refused as a whole; one solution-shaped block
    // among question blocks is that puzzle's problem only.
    const bool all_solutions = std::all_of(blocks.begin(), blocks.end(), [&](const Block& b) {
        return !b.error && is_solution_block(lines, b);
    });
    if (all_solutions) (void)read_block(lines, blocks.front(), 0, source);  // throws
    std::vector<PuzzleSlot> slots;
    slots.reserve(blocks.size());
    for (size_t i = 0; i < blocks.size(); ++i) {
        const int index = blocks.size() > 1 ? static_cast<int>(i + 1) : 0;
        slots.push_back(read_slot(source, start_line_of(lines, blocks[i]), "",
                                  [&] { return read_block(lines, blocks[i], index, source); }));
    }
    return slots;
}

std::vector<Puzzle> read_taai(std::string_view content, const std::string& source) {
    return puzzles_or_first_error(read_taai_each(content, source));
}

std::vector<Grid> read_taai_solutions(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    const std::vector<Block> blocks = split_blocks(lines, source);
    std::vector<Grid> grids;
    grids.reserve(blocks.size());
    for (const Block& b : blocks) {
        if (b.error) throw *b.error;
        std::vector<const TextLine*> body;
        for (size_t i = b.begin; i < b.end; ++i)
            if (!is_blank(lines[i].text)) body.push_back(&lines[i]);
        const int start_line = start_line_of(lines, b);
        if (body.empty())
            throw ParseError(
                source, start_line,
                "expected N lines of N 0/1 cells after " + block_name(b) + ", got none");
        if (body.size() > static_cast<size_t>(kMaxSide))
            throw ParseError(source, start_line,
                             "expected at most " + std::to_string(kMaxSide) +
                                 " solution lines, got " + std::to_string(body.size()));
        const int n = static_cast<int>(body.size());
        Grid grid(n, n, kEmpty);
        for (int r = 0; r < n; ++r) {
            const std::string_view text = body[r]->text;
            int c = 0;
            for (size_t i = 0; i < text.size();) {
                if (text[i] == ' ' || text[i] == '\t') {
                    ++i;
                    continue;
                }
                size_t j = i;
                while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
                const std::string_view tok = text.substr(i, j - i);
                if (tok != "0" && tok != "1")
                    throw ParseError(source, body[r]->number,
                                     "expected a cell value 0 or 1, got '" +
                                         std::string(tok.substr(0, 20)) + "'");
                if (c < n && tok == "1") grid.set(r, c, kFilled);
                ++c;
                i = j;
            }
            if (c != n)
                throw ParseError(source, body[r]->number,
                                 "expected " + std::to_string(n) +
                                     " cells (0 or 1) on this solution line, got " +
                                     std::to_string(c));
        }
        grids.push_back(std::move(grid));
    }
    if (grids.empty()) throw ParseError(source, 0, "expected TAAI solutions, the file is empty");
    return grids;
}

std::string write_taai(const std::vector<Puzzle>& puzzles) {
    if (puzzles.empty()) throw WriteError("TAAI: there are no puzzles to write");
    require_black_and_white(puzzles, "TAAI");
    std::string out;
    for (size_t i = 0; i < puzzles.size(); ++i) {
        const Puzzle& p = puzzles[i];
        if (p.width() != p.height())
            throw WriteError(
                "TAAI holds only square puzzles (N is implied by the 2N clue "
                "lines), but puzzle " +
                std::to_string(i + 1) + " is " + std::to_string(p.width()) + "x" +
                std::to_string(p.height()));
        out += "$" + std::to_string(i + 1) + "\n";
        for (const Clue& c : p.columns()) out += bw_clue_text(c, '\t') + "\n";
        for (const Clue& c : p.rows()) out += bw_clue_text(c, '\t') + "\n";
    }
    return out;
}

int sniff_taai(std::string_view content) {
    const std::vector<TextLine> lines = split_lines(content);
    size_t first = 0;
    while (first < lines.size() && is_blank(lines[first].text)) ++first;
    if (first == lines.size()) return 0;
    const std::string_view head = trim(lines[first].text);
    if (head[0] == '$') return parse_int(trim(head.substr(1))) ? 100 : 0;
    // Header-less: 2N clean clue lines, no blank line inside, consistent halves.
    size_t used = lines.size();
    while (used > first && is_blank(lines[used - 1].text)) --used;
    const size_t t = used - first;
    if (t < 2 || t % 2 != 0 || t > static_cast<size_t>(2 * kMaxSide)) return 0;
    const size_t n = t / 2;
    long sums[2] = {0, 0};
    bool tabs = false;
    for (size_t i = 0; i < t; ++i) {
        const std::string_view text = lines[first + i].text;
        if (is_blank(text)) return 0;
        const auto scan = scan_bw_clue(text, kBlanks);
        if (!scan || scan->need > static_cast<int>(n)) return 0;
        sums[i < n ? 0 : 1] += scan->total;
        if (text.find('\t') != std::string_view::npos) tabs = true;
    }
    if (sums[0] != sums[1]) return 0;
    return tabs ? 40 : 25;
}

}  // namespace nonolab::io

// Shared parsing for the simple one-clue-per-line text formats (see clue_lines.hpp).
#include "io/clue_lines.hpp"

#include <algorithm>
#include <cassert>

#include "core/error.hpp"

namespace nonolab::io {

std::pair<int, int> read_size_header(const std::vector<TextLine>& lines, size_t& pos,
                                     std::string_view seps, const std::string& source,
                                     const char* names, const char* first, const char* second) {
    pos = skip_blank(lines, pos);
    if (pos == lines.size())
        throw ParseError(source, 0,
                         std::string("expected a '") + names + "' line, the file is empty");
    const TextLine& header = lines[pos++];
    const auto tokens = split_any(header.text, seps);
    if (tokens.size() != 2)
        throw ParseError(source, header.number,
                         std::string("expected '") + names + "' (two numbers), got '" +
                             std::string(trim(header.text).substr(0, 40)) + "'");
    return {expect_side(tokens[0], source, header.number, first),
            expect_side(tokens[1], source, header.number, second)};
}

namespace {

/// Calls f(token) for each piece of `s` between separators, without allocating.
template <class F>
void for_each_token(std::string_view s, std::string_view seps, F&& f) {
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && seps.find(s[i]) != std::string_view::npos) ++i;
        size_t j = i;
        while (j < s.size() && seps.find(s[j]) == std::string_view::npos) ++j;
        if (j > i && !f(s.substr(i, j - i))) return;
        i = j;
    }
}

}  // namespace

Clue parse_bw_clue(std::string_view text, std::string_view seps, const std::string& source,
                   int line) {
    const RunSyntax syntax{seps, RunSyntax::kNoColour, "a run length (a non-negative integer)"};
    Clue clue;
    for_each_run(text, syntax, source, line, [&clue](const RunToken& run) {
        clue.push_back(Run{run.length, kFilled});
    });
    return clue;
}

std::optional<ClueScan> scan_bw_clue(std::string_view text, std::string_view seps) {
    ClueScan scan;
    bool ok = true, zero = false;
    for_each_token(text, seps, [&](std::string_view tok) {
        const auto v = parse_int(tok);
        if (!v || *v > kMaxSide || zero || (*v == 0 && scan.total > 0)) return ok = false;
        if (*v == 0) return zero = true;
        scan.need += *v + (scan.total == 0 ? 0 : 1);
        scan.total += *v;
        if (scan.need > kMaxSide) return ok = false;
        return true;
    });
    if (!ok) return std::nullopt;
    return scan;
}

std::optional<std::pair<int, int>> scan_two_ints(std::string_view text) {
    const auto tokens = split_any(text, " \t");
    if (tokens.size() != 2) return std::nullopt;
    const auto a = parse_int(tokens[0]);
    const auto b = parse_int(tokens[1]);
    if (!a || !b) return std::nullopt;
    return std::make_pair(*a, *b);
}

std::vector<ClueLine> read_clue_block(const std::vector<TextLine>& lines, size_t& pos, int count,
                                      const char* what, std::string_view seps,
                                      const std::string& source, bool (*skip)(std::string_view)) {
    std::vector<ClueLine> out;
    while (static_cast<int>(out.size()) < count) {
        if (pos >= lines.size()) {
            const int last = lines.empty() ? 0 : lines.back().number;
            throw ParseError(source, last,
                             "expected " + std::to_string(count) + " " + what +
                                 " clues, but the file ends after " + std::to_string(out.size()));
        }
        const TextLine& tl = lines[pos++];
        if (skip && skip(tl.text)) continue;
        out.push_back(ClueLine{parse_bw_clue(tl.text, seps, source, tl.number), tl.number});
    }
    return out;
}

void expect_only_blank(const std::vector<TextLine>& lines, size_t pos, const char* after,
                       const std::string& source, bool (*skip)(std::string_view)) {
    for (; pos < lines.size(); ++pos) {
        const TextLine& tl = lines[pos];
        if (is_blank(tl.text) || (skip && skip(tl.text))) continue;
        std::string text(trim(tl.text).substr(0, 40));
        throw ParseError(
            source, tl.number,
            std::string("expected the end of the file after ") + after + ", got '" + text + "'");
    }
}

Puzzle finish_bw_puzzle(const std::string& source, int start_line, int index,
                        std::vector<ClueLine> rows, std::vector<ClueLine> columns,
                        PuzzleInfo info) {
    const int width = static_cast<int>(columns.size());
    const int height = static_cast<int>(rows.size());
    // A clue longer than its line is kept: the puzzle is well formed and has
    // no solution, which the solvers report (core/clue_contradiction.hpp).
    std::vector<Clue> r, c;
    r.reserve(rows.size());
    c.reserve(columns.size());
    for (auto& cl : rows) r.push_back(std::move(cl.clue));
    for (auto& cl : columns) c.push_back(std::move(cl.clue));
    // The black-and-white grammars paint every run with the one colour.
    assert(std::all_of(r.begin(), r.end(), [](const Clue& clue) {
        return std::all_of(clue.begin(), clue.end(),
                           [](const Run& run) { return run.colour == kFilled; });
    }));
    return build_puzzle(source, start_line, index, width, height, std::move(r), std::move(c),
                        black_and_white_palette(), std::move(info));
}

std::string bw_clue_text(const Clue& clue, char sep) {
    if (clue.empty()) return "0";
    std::string out;
    for (size_t i = 0; i < clue.size(); ++i) {
        if (i) out += sep;
        out += std::to_string(clue[i].length);
    }
    return out;
}

void require_black_and_white(const std::vector<Puzzle>& puzzles, const char* format) {
    for (size_t i = 0; i < puzzles.size(); ++i)
        if (!puzzles[i].black_and_white())
            throw WriteError(std::string(format) +
                             " holds only black-and-white puzzles, but puzzle " +
                             std::to_string(i + 1) + " has " +
                             std::to_string(puzzles[i].palette().size() - 1) + " colours");
}

void require_single(const std::vector<Puzzle>& puzzles, const char* format) {
    if (puzzles.size() != 1)
        throw WriteError(std::string(format) + " holds exactly one puzzle, but there are " +
                         std::to_string(puzzles.size()));
}

bool is_hash_comment(std::string_view text) {
    const std::string_view t = trim(text);
    return !t.empty() && t[0] == '#';
}

bool scan_counted_blocks(const std::vector<TextLine>& lines, size_t pos, int first, int second,
                         std::string_view seps, bool (*separator)(std::string_view),
                         bool (*skip)(std::string_view), bool allow_trailing) {
    if (first < 1 || second < 1 || first > kMaxSide || second > kMaxSide) return false;
    long totals[2] = {0, 0};
    const int counts[2] = {first, second};
    for (int block = 0; block < 2; ++block) {
        if (block == 1 && separator) {
            while (pos < lines.size() && !separator(lines[pos].text) &&
                   (is_blank(lines[pos].text) || (skip && skip(lines[pos].text))))
                ++pos;
            if (pos >= lines.size() || !separator(lines[pos].text)) return false;
            ++pos;
        }
        const int fit = counts[1 - block];
        for (int k = 0; k < counts[block];) {
            if (pos >= lines.size()) return false;
            const std::string_view text = lines[pos++].text;
            if (skip && skip(text)) continue;
            const auto scan = scan_bw_clue(text, seps);
            if (!scan || scan->need > fit) return false;
            totals[block] += scan->total;
            ++k;
        }
    }
    for (; pos < lines.size() && !allow_trailing; ++pos)
        if (!is_blank(lines[pos].text) && !(skip && skip(lines[pos].text))) return false;
    return totals[0] == totals[1];
}

}  // namespace nonolab::io

// nonograms.org colour puzzles in the text form of will-iam-wang's
// NonogramSolver (github.com/will-iam-wang/NonogramSolver, puzzle/*.txt; the
// puzzles were crawled from nonograms.org). There is no written
// specification; this follows the files themselves. Newer variant:
//
//     #ffffff          palette, one colour per line; the first is the background
//     #fbf204
//     #000000
//     -                a line holding only '-'
//     1:1,2:3,         one line per row, top to bottom: 'length:colour,' blocks,
//     ...              colour = 0-based palette index (so at least 1)
//     -
//     2:1,1:2,         one line per column, left to right
//
// Older variant (4866.txt): the number of palette entries, the palette, a
// blank line, 'W H ', a blank line, H row lines, a blank line, W column
// lines; a clue line is space-separated 'length colour' pairs ("1 1 23 4 "
// = 1 of colour 1, then 23 of colour 4). The blank lines are taken as
// separators only where the counts leave room for them.
//
// Choices where the files are silent (none of them has an empty line):
//   - an empty clue is a blank line or "0"; the writer writes "0", because
//     the newer variant has no size line and trailing blank lines at the end
//     of a file are dropped as editor leftovers;
//   - every palette entry is kept, used or not, so a written file keeps its
//     palette; colours are named by the CSS table or by their hex digits.
// CRLF and a missing final newline are accepted (split_lines).
#include "io/nonograms_org.hpp"

#include "core/error.hpp"
#include "core/limits.hpp"
#include "io/colours.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

/// "#rrggbb" and nothing else (the three-digit form is not used here).
bool is_palette_line(std::string_view s) {
    s = trim(s);
    return s.size() == 7 && s[0] == '#' && parse_hex_rgb(s).has_value();
}

std::string quote(std::string_view s) {
    return "'" + std::string(trim(s).substr(0, 60)) + "'";
}

/// The lines of the file without the blank ones it ends with.
std::vector<TextLine> content_lines(std::string_view content) {
    std::vector<TextLine> lines = split_lines(content);
    while (!lines.empty() && is_blank(lines.back().text)) lines.pop_back();
    return lines;
}

/// Reads the clues of one file; palette indices are checked against the palette.
class OrgReader {
  public:
    explicit OrgReader(const std::string& source) : source_(source) {}

    Puzzle newer(const std::vector<TextLine>& lines) {
        size_t i = 0;
        for (; i < lines.size() && !is_dash_line(lines[i].text); ++i)
            if (!is_blank(lines[i].text)) add_palette_line(lines[i]);
        if (i == lines.size())
            throw ParseError(source_, lines.back().number,
                             "expected a line '-' after the palette, reached the end of the file");
        check_palette(lines[i].number);
        const size_t rows_end = next_separator(lines, i + 1, "the row clues");
        for (size_t k = i + 1; k < rows_end; ++k) rows_.push_back(block_clue(lines[k]));
        for (size_t k = rows_end + 1; k < lines.size(); ++k) {
            if (is_dash_line(lines[k].text))
                throw ParseError(source_, lines[k].number,
                                 "expected column clues, got a third '-' line");
            cols_.push_back(block_clue(lines[k]));
        }
        if (rows_.empty() || cols_.empty())
            throw ParseError(source_, lines[rows_.empty() ? i : rows_end].number,
                             std::string("expected ") + (rows_.empty() ? "row" : "column") +
                                 " clue lines after this '-' line, got none");
        return build(lines.front().number);
    }

    Puzzle older(const std::vector<TextLine>& lines) {
        const int count = expect_int(trim(lines[0].text), source_, lines[0].number,
                                     "the number of palette colours");
        if (count < 2 || count > kMaxColours)
            throw ParseError(source_, lines[0].number,
                             "expected from 2 to " + std::to_string(kMaxColours) +
                                 " palette colours, got " + std::to_string(count));
        size_t i = 1;
        for (int k = 0; k < count; ++k, ++i) {
            if (i == lines.size())
                throw ParseError(source_, lines.back().number,
                                 "expected " + std::to_string(count) +
                                     " palette lines, the file ends after " + std::to_string(k));
            add_palette_line(lines[i]);
        }
        i = skip_one_blank(lines, i);
        if (i == lines.size())
            throw ParseError(source_, lines.back().number,
                             "expected a 'width height' line, reached the end of the file");
        const auto [w, h] = size_line(lines[i]);
        i = skip_one_blank(lines, i + 1);
        const size_t needed = static_cast<size_t>(w) + h;
        if (lines.size() - i < needed)
            throw ParseError(source_, lines.back().number,
                             "expected " + std::to_string(h) + " row lines and " +
                                 std::to_string(w) + " column lines, the file ends after " +
                                 std::to_string(lines.size() - i));
        for (int k = 0; k < h; ++k) rows_.push_back(pair_clue(lines[i++]));
        // A blank line between rows and columns, when there is a line to spare for it.
        if (lines.size() - i > static_cast<size_t>(w)) i = skip_one_blank(lines, i);
        if (lines.size() - i < static_cast<size_t>(w))
            throw ParseError(source_, lines.back().number,
                             "expected " + std::to_string(w) + " column lines after the " +
                                 std::to_string(h) + " row lines, the file ends after " +
                                 std::to_string(lines.size() - i));
        for (int k = 0; k < w; ++k) cols_.push_back(pair_clue(lines[i++]));
        if (i < lines.size())
            throw ParseError(source_, lines[i].number,
                             "expected the end of the file after the " + std::to_string(w) +
                                 " column lines, got " + quote(lines[i].text));
        return build(lines.front().number);
    }

  private:
    void add_palette_line(const TextLine& l) {
        if (!is_palette_line(l.text))
            throw ParseError(source_, l.number,
                             "expected a palette colour '#rrggbb', got " + quote(l.text));
        if (rgbs_.size() >= static_cast<size_t>(kMaxColours))
            throw ParseError(source_, l.number,
                             "expected at most " + std::to_string(kMaxColours) + " colours");
        rgbs_.push_back(*parse_hex_rgb(trim(l.text)));
    }

    void check_palette(int line) const {
        if (rgbs_.size() < 2)
            throw ParseError(source_, line,
                             "expected a palette of at least two '#rrggbb' lines (the background "
                             "first) before the '-' line, got " +
                                 std::to_string(rgbs_.size()));
    }

    size_t next_separator(const std::vector<TextLine>& lines, size_t from, const char* what) const {
        for (size_t k = from; k < lines.size(); ++k)
            if (is_dash_line(lines[k].text)) return k;
        throw ParseError(
            source_, lines.back().number,
            std::string("expected a line '-' after ") + what + ", reached the end of the file");
    }

    static size_t skip_one_blank(const std::vector<TextLine>& lines, size_t i) {
        return i < lines.size() && is_blank(lines[i].text) ? i + 1 : i;
    }

    std::pair<int, int> size_line(const TextLine& l) const {
        const std::vector<std::string_view> parts = split_any(l.text, " \t");
        if (parts.size() != 2)
            throw ParseError(source_, l.number, "expected 'width height', got " + quote(l.text));
        const int w = expect_int(parts[0], source_, l.number, "a width");
        const int h = expect_int(parts[1], source_, l.number, "a height");
        if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
            throw ParseError(source_, l.number,
                             "expected a width and height from 1 to " + std::to_string(kMaxSide) +
                                 ", got " + quote(l.text));
        return {w, h};
    }

    static bool empty_clue(std::string_view text) {
        text = trim(text);
        return text.empty() || text == "0";
    }

    Run run(std::string_view length, std::string_view colour, const TextLine& l) const {
        const std::optional<int> n = parse_int(length);
        const std::optional<int> c = parse_int(colour);
        if (!n || !c || *n < 1 || *n > kMaxSide)
            throw ParseError(source_, l.number,
                             "expected blocks of a positive length and a palette index, got '" +
                                 std::string(length) + "' and '" + std::string(colour) + "' in " +
                                 quote(l.text));
        if (*c < 1 || *c >= static_cast<int>(rgbs_.size()))
            throw ParseError(source_, l.number,
                             "expected a palette index from 1 to " +
                                 std::to_string(rgbs_.size() - 1) + " (0 is the background), got " +
                                 std::to_string(*c) + " in " + quote(l.text));
        return Run{*n, static_cast<std::uint8_t>(*c)};
    }

    /// "3:1,2:4," (the trailing comma is optional).
    Clue block_clue(const TextLine& l) const {
        Clue clue;
        if (empty_clue(l.text)) return clue;
        for (std::string_view block : split_any(l.text, ",")) {
            block = trim(block);
            if (block.empty()) continue;
            const size_t colon = block.find(':');
            if (colon == std::string_view::npos)
                throw ParseError(source_, l.number,
                                 "expected blocks 'length:colour,' such as '3:1,', got '" +
                                     std::string(block.substr(0, 30)) + "'");
            clue.push_back(run(trim(block.substr(0, colon)), trim(block.substr(colon + 1)), l));
        }
        return clue;
    }

    /// "1 1 23 4 " (older variant).
    Clue pair_clue(const TextLine& l) const {
        Clue clue;
        if (empty_clue(l.text)) return clue;
        const std::vector<std::string_view> numbers = split_any(l.text, " \t");
        if (numbers.size() % 2)
            throw ParseError(source_, l.number,
                             "expected pairs 'length colour', got an odd count of numbers (" +
                                 std::to_string(numbers.size()) + ") in " + quote(l.text));
        for (size_t k = 0; k < numbers.size(); k += 2)
            clue.push_back(run(numbers[k], numbers[k + 1], l));
        return clue;
    }

    Puzzle build(int line) {
        if (rows_.size() > static_cast<size_t>(kMaxSide) ||
            cols_.size() > static_cast<size_t>(kMaxSide))
            throw ParseError(source_, line,
                             "expected at most " + std::to_string(kMaxSide) + " rows and columns");
        std::optional<Palette> palette = palette_of_rgbs(rgbs_);
        if (!palette)
            throw UnsupportedError(source_, line,
                                   "the palette has " + std::to_string(rgbs_.size() - 1) +
                                       " colours, more than nonolab can give distinct symbols to");
        const int w = static_cast<int>(cols_.size()), h = static_cast<int>(rows_.size());
        return build_puzzle(source_, line, 0, w, h, std::move(rows_), std::move(cols_),
                            std::move(*palette));
    }

    const std::string& source_;
    std::vector<std::uint32_t> rgbs_;
    std::vector<Clue> rows_, cols_;
};

std::string clue_line(const Clue& clue) {
    if (clue.empty()) return "0\n";
    std::string out;
    for (const Run& r : clue)
        out += std::to_string(r.length) + ":" + std::to_string(int{r.colour}) + ",";
    return out + "\n";
}

}  // namespace

std::vector<Puzzle> read_nonograms_org(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = content_lines(content);
    if (lines.empty())
        throw ParseError(source, 0,
                         "expected a '#rrggbb' palette and clue lines, got an empty file");
    const std::string_view first = trim(lines.front().text);
    if (parse_int(first)) return {OrgReader(source).older(lines)};
    if (!first.empty() && first[0] == '#') return {OrgReader(source).newer(lines)};
    throw ParseError(source, lines.front().number,
                     "expected a palette colour '#rrggbb' (or, in the older variant, the number "
                     "of colours), got " +
                         quote(first));
}

std::string write_nonograms_org(const std::vector<Puzzle>& puzzles) {
    if (puzzles.size() != 1)
        throw WriteError("a nonograms.org text file holds one puzzle, got " +
                         std::to_string(puzzles.size()));
    const Puzzle& p = puzzles[0];
    std::string out;
    for (const Colour& c : p.palette()) out += "#" + rgb_hex(c.rgb) + "\n";
    out += "-\n";
    for (const Clue& clue : p.rows()) out += clue_line(clue);
    out += "-\n";
    for (const Clue& clue : p.columns()) out += clue_line(clue);
    return out;
}

int sniff_nonograms_org(std::string_view content) {
    const std::vector<TextLine> lines = content_lines(content.substr(0, 65536));
    if (lines.empty()) return 0;
    size_t i = 0;
    if (const auto count = parse_int(trim(lines[0].text))) {
        // Older variant: the count, then exactly that many palette lines.
        if (*count < 2 || *count > kMaxColours || lines.size() <= static_cast<size_t>(*count))
            return 0;
        for (i = 1; i <= static_cast<size_t>(*count); ++i)
            if (!is_palette_line(lines[i].text)) return 0;
        return i < lines.size() && !is_palette_line(lines[i].text) ? 100 : 0;
    }
    while (i < lines.size() && is_palette_line(lines[i].text)) ++i;
    if (i < 2 || i + 1 >= lines.size() || !is_dash_line(lines[i].text)) return 0;
    const std::string_view next = trim(lines[i + 1].text);
    const size_t colon = next.find(':');
    const bool block = colon != std::string_view::npos && parse_int(next.substr(0, colon));
    return block || next == "0" ? 100 : 50;
}

}  // namespace nonolab::io

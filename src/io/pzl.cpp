// Colour puzzles of Izaron/Nonograms (github.com/Izaron/Nonograms, puzzles/*.pzl),
// generated there from pictures:
//
//     3                 <- K, the number of colours
//     #000000           <- K colours, #rrggbb
//     #ff9900
//     #ffffff
//                       (blank)
//     32 32             <- H W: rows first
//                       (blank)
//     0                 <- H row lines, then W column lines:
//     2 10 255 153 0 1 0 0 0      n, then n runs "length r g b"
//
// The program reads it as whitespace-separated numbers, and so do we (line
// breaks are not significant). The background is not in the table: it is an
// implicit white, colour 0, and a table entry #ffffff (several files have one)
// is a separate run colour that merely looks the same. A run whose RGB is not
// in the table is an error. Palette names are CSS names when the RGB matches
// one exactly ("black"), otherwise the hex code; symbols are assigned
// deterministically ('#' for black, then a, b, c, ...).
#include "io/pzl.hpp"

#include <map>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "io/colours.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

struct Token {
    std::string_view text;
    int line;
};

std::vector<Token> tokens_of(std::string_view content) {
    std::vector<Token> out;
    for (const TextLine& l : split_lines(content))
        for (std::string_view t : split_any(l.text, " \t\f\v")) out.push_back({t, l.number});
    return out;
}

bool hex_colour(std::string_view t) {
    return t.size() == 7 && t[0] == '#' &&
           t.substr(1).find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
}

class PzlReader {
  public:
    PzlReader(std::string_view content, const std::string& source)
        : source_(source), toks_(tokens_of(content)) {}

    Puzzle read() {
        if (toks_.empty())
            throw ParseError(source_, 0, "expected the number of colours, got an empty file");
        const int k = number("the number of colours", 1, kMaxColours - 1);
        Palette palette{Colour{"white", '.', 0xFFFFFF}};
        std::vector<char> preferred{'.'};
        for (int i = 0; i < k; ++i) {
            const Token& t = next("a colour #rrggbb");
            if (!hex_colour(t.text))
                throw ParseError(source_, t.line,
                                 "expected a colour #rrggbb (" + std::to_string(i + 1) + " of " +
                                     std::to_string(k) + "), got '" +
                                     std::string(t.text.substr(0, 20)) + "'");
            const auto rgb =
                static_cast<std::uint32_t>(std::stoul(std::string(t.text.substr(1)), nullptr, 16));
            if (index_.count(rgb)) continue;  // listed twice: one palette entry
            index_[rgb] = static_cast<int>(palette.size());
            const std::string name = colour_name_of_rgb(rgb).value_or(rgb_hex(rgb));
            palette.push_back(Colour{unique_colour_name(palette, name), 0, rgb});
            preferred.push_back(rgb == 0 ? '#' : '\0');
        }
        if (!assign_symbols(palette, preferred))
            throw UnsupportedError(source_, toks_[0].line,
                                   "the puzzle has " + std::to_string(k) +
                                       " colours, more than nonolab can give distinct symbols to");
        const int start_line = pos_ < toks_.size() ? toks_[pos_].line : 0;
        const int h = number("the number of rows (H of 'H W')", 1, kMaxSide);
        const int w = number("the number of columns (W of 'H W')", 1, kMaxSide);
        std::vector<Clue> rows = lines(h, w, "row");
        std::vector<Clue> cols = lines(w, h, "column");
        if (pos_ < toks_.size())
            throw ParseError(source_, toks_[pos_].line,
                             "expected the end of the file after " + std::to_string(w) +
                                 " column clues, got '" +
                                 std::string(toks_[pos_].text.substr(0, 20)) + "'");
        return build_puzzle(source_, start_line, 0, w, h, std::move(rows), std::move(cols),
                            std::move(palette));
    }

  private:
    const Token& next(const std::string& what) {
        if (pos_ >= toks_.size())
            throw ParseError(source_, toks_.empty() ? 0 : toks_.back().line,
                             "expected " + what + ", got the end of the file");
        return toks_[pos_++];
    }

    int number(const std::string& what, int lo, int hi) {
        const Token& t = next(what);
        const auto v = parse_int(t.text);
        if (!v)
            throw ParseError(
                source_, t.line,
                "expected " + what + ", got '" + std::string(t.text.substr(0, 20)) + "'");
        if (*v < lo || *v > hi)
            throw ParseError(source_, t.line,
                             "expected " + what + " between " + std::to_string(lo) + " and " +
                                 std::to_string(hi) + ", got " + std::to_string(*v));
        return *v;
    }

    std::vector<Clue> lines(int count, int length, const char* what) {
        std::vector<Clue> out;
        for (int i = 0; i < count; ++i) {
            const std::string which = std::string(what) + " " + std::to_string(i + 1);
            const int n = number("the number of runs of " + which, 0, length);
            Clue clue;
            for (int r = 0; r < n; ++r) {
                const int len = number("a run length in " + which, 1, length);
                int line = toks_[pos_ - 1].line;
                std::uint32_t rgb = 0;
                for (int c = 0; c < 3; ++c)
                    rgb = rgb << 8 | static_cast<std::uint32_t>(
                                         number("an RGB component (0-255) in " + which, 0, 255));
                const auto it = index_.find(rgb);
                if (it == index_.end())
                    throw ParseError(source_, line,
                                     "expected a run colour from the colour table in " + which +
                                         ", got #" + rgb_hex(rgb));
                clue.push_back(Run{len, static_cast<std::uint8_t>(it->second)});
            }
            out.push_back(std::move(clue));
        }
        return out;
    }

    const std::string& source_;
    std::vector<Token> toks_;
    size_t pos_ = 0;
    std::map<std::uint32_t, int> index_;  // rgb -> palette index
};

}  // namespace

std::vector<Puzzle> read_pzl(std::string_view content, const std::string& source) {
    PzlReader reader(content, source);
    return {reader.read()};
}

int sniff_pzl(std::string_view content) {
    const auto toks = tokens_of(content.substr(0, 16384));
    if (toks.empty()) return 0;
    const auto k = parse_int(toks[0].text);
    if (!k || *k < 1 || *k >= kMaxColours || toks.size() < static_cast<size_t>(*k) + 3) return 0;
    for (int i = 1; i <= *k; ++i)
        if (!hex_colour(toks[i].text)) return 0;
    if (!parse_int(toks[*k + 1].text) || !parse_int(toks[*k + 2].text)) return 0;
    return 100;
}

}  // namespace nonolab::io

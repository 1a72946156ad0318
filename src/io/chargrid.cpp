// A picture drawn with characters, one grid row per line, such as the raw
// solution files of picross-solver (github.com/pierre-dejoue/picross-solver,
// inputs/raw/*.txt: '.'/'#' or '0'/'1') and the char-grid examples of
// number-loom (github.com/paulstansifer/number-loom, examples/char-grid,
// Unicode squares). The clues are read off the picture, which becomes the
// puzzle's goal.
//
// Rules (ours; neither source documents one):
//  - one cell per character (a Unicode code point; U+FE0E/U+FE0F variation
//    selectors are dropped);
//  - background: space . 0 _ - and the white squares ⬜ □ ◻ ◽ and middle dot;
//  - every other character is a colour, in order of first appearance. The
//    black-looking ones (# X x 1 * @ █ ■ ◼ ◾ ⬛) are named black, the coloured
//    emoji squares (🟥🟧🟨🟩🟦🟪🟫) get their colour, other ASCII characters
//    stand for themselves, other glyphs get a generated name. One colour
//    gives a black-and-white puzzle;
//  - triangle half-cells (◢◣◤◥ ◸◹◺◿) are refused: such pictures are not
//    standard nonograms;
//  - blank lines before and after the picture are ignored. When the picture
//    uses spaces, short lines are padded with spaces and an inner blank line
//    is an empty row; otherwise all lines must have the same length.
#include "io/chargrid.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/picture.hpp"
#include "io/colours.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

enum class Kind { Background, Colour, Triangle };

struct Glyph {
    char32_t cp;
    Kind kind;
    const char* name;
    std::uint32_t rgb;
    char symbol;
};

constexpr Glyph kKnown[] = {
    {U' ', Kind::Background, "", 0, 0},
    {U'.', Kind::Background, "", 0, 0},
    {U'0', Kind::Background, "", 0, 0},
    {U'_', Kind::Background, "", 0, 0},
    {U'-', Kind::Background, "", 0, 0},
    {0x2B1C, Kind::Background, "", 0, 0},  // ⬜ white large square
    {0x25A1, Kind::Background, "", 0, 0},  // □ white square
    {0x25FB, Kind::Background, "", 0, 0},  // ◻ white medium square
    {0x25FD, Kind::Background, "", 0, 0},  // ◽ white medium small square
    {0x00B7, Kind::Background, "", 0, 0},  // · middle dot
    {U'#', Kind::Colour, "black", 0x000000, '#'},
    {U'X', Kind::Colour, "black", 0x000000, 'X'},
    {U'x', Kind::Colour, "black", 0x000000, 'x'},
    {U'1', Kind::Colour, "black", 0x000000, '#'},
    {U'*', Kind::Colour, "black", 0x000000, '*'},
    {U'@', Kind::Colour, "black", 0x000000, '@'},
    {0x2588, Kind::Colour, "black", 0x000000, '#'},    // █ full block
    {0x25A0, Kind::Colour, "black", 0x000000, '#'},    // ■ black square
    {0x25FC, Kind::Colour, "black", 0x000000, '#'},    // ◼ black medium square
    {0x25FE, Kind::Colour, "black", 0x000000, '#'},    // ◾ black medium small square
    {0x2B1B, Kind::Colour, "black", 0x000000, '#'},    // ⬛ black large square
    {0x1F7E5, Kind::Colour, "red", 0xDD2E44, 'r'},     // 🟥
    {0x1F7E6, Kind::Colour, "blue", 0x55ACEE, 'b'},    // 🟦
    {0x1F7E7, Kind::Colour, "orange", 0xF4900C, 'o'},  // 🟧
    {0x1F7E8, Kind::Colour, "yellow", 0xFDCB58, 'y'},  // 🟨
    {0x1F7E9, Kind::Colour, "green", 0x78B159, 'g'},   // 🟩
    {0x1F7EA, Kind::Colour, "purple", 0xAA8ED6, 'p'},  // 🟪
    {0x1F7EB, Kind::Colour, "brown", 0xC1694F, 'n'},   // 🟫
};

bool is_triangle(char32_t cp) {
    return (cp >= 0x25E2 && cp <= 0x25E5) || (cp >= 0x25F8 && cp <= 0x25FA) || cp == 0x25FF;
}

const Glyph* known(char32_t cp) {
    for (const Glyph& g : kKnown)
        if (g.cp == cp) return &g;
    return nullptr;
}

bool is_background(char32_t cp) {
    const Glyph* g = known(cp);
    return g && g->kind == Kind::Background;
}

std::string code_point_name(char32_t cp) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
    return buf;
}

// Decodes one line; nullopt (with `bad` = byte offset) on invalid UTF-8.
std::optional<std::vector<char32_t>> decode(std::string_view s, size_t& bad) {
    std::vector<char32_t> out;
    size_t i = 0;
    while (i < s.size()) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        int extra = 0;
        char32_t cp = 0;
        if (c < 0x80) {
            cp = c;
        } else if ((c & 0xE0) == 0xC0) {
            extra = 1, cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2, cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3, cp = c & 0x07;
        } else {
            bad = i;
            return std::nullopt;
        }
        for (int k = 1; k <= extra; ++k) {
            if (i + k >= s.size() || (static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) {
                bad = i;
                return std::nullopt;
            }
            cp = cp << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        }
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            bad = i;
            return std::nullopt;
        }
        i += extra + 1;
        if (cp == 0xFE0E || cp == 0xFE0F) continue;
        out.push_back(cp);
    }
    return out;
}

struct Row {
    int line;
    std::vector<char32_t> cells;
};

// The picture's rows, with outer blank lines removed; throws on bad UTF-8.
std::vector<Row> picture_rows(std::string_view content, const std::string& source) {
    std::vector<Row> rows;
    for (const TextLine& l : split_lines(content)) {
        size_t bad = 0;
        auto cells = decode(l.text, bad);
        if (!cells)
            throw ParseError(source, l.number,
                             "expected UTF-8 text, got an invalid byte sequence at column " +
                                 std::to_string(bad + 1));
        rows.push_back({l.number, std::move(*cells)});
    }
    auto blank = [](const Row& r) {
        for (char32_t c : r.cells)
            if (c != U' ' && c != U'\t') return false;
        return true;
    };
    while (!rows.empty() && blank(rows.back())) rows.pop_back();
    size_t first = 0;
    while (first < rows.size() && blank(rows[first])) ++first;
    rows.erase(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(first));
    return rows;
}

}  // namespace

std::vector<Puzzle> read_chargrid(std::string_view content, const std::string& source) {
    std::vector<Row> rows = picture_rows(content, source);
    if (rows.empty())
        throw ParseError(source, 0,
                         "expected a picture (one row of cells per line), got an empty file");
    if (rows.size() > static_cast<size_t>(kMaxSide))
        throw ParseError(source, rows[kMaxSide].line,
                         "expected at most " + std::to_string(kMaxSide) + " picture rows");

    bool uses_space = false;
    size_t width = 0;
    for (const Row& r : rows) {
        for (size_t c = 0; c < r.cells.size(); ++c) {
            const char32_t cp = r.cells[c];
            if (cp == U' ') uses_space = true;
            if (is_triangle(cp))
                throw UnsupportedError(
                    source, r.line,
                    "the picture has a triangle half-cell (" + code_point_name(cp) +
                        ") at column " + std::to_string(c + 1) +
                        "; pictures with triangle cells are not standard nonograms");
            if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
                throw ParseError(
                    source, r.line,
                    "expected a picture character at column " + std::to_string(c + 1) +
                        ", got the control character " + code_point_name(cp) +
                        (cp == U'\t' ? " (TAB; draw the background with spaces or '.')" : ""));
        }
        width = std::max(width, r.cells.size());
    }
    if (width > static_cast<size_t>(kMaxSide))
        throw ParseError(source, rows[0].line,
                         "expected at most " + std::to_string(kMaxSide) + " cells per picture row");
    // Padding short lines could turn a small file into a huge picture.
    const size_t cells = width * rows.size();
    if (cells > std::max<size_t>(4 * content.size(), size_t{1} << 20))
        throw ParseError(source, rows[0].line,
                         "expected a picture no larger than its file suggests, got " +
                             std::to_string(width) + "x" + std::to_string(rows.size()) +
                             " cells from " + std::to_string(content.size()) + " bytes");
    if (!uses_space) {
        for (const Row& r : rows)
            if (r.cells.size() != rows[0].cells.size())
                throw ParseError(source, r.line,
                                 "expected " + std::to_string(rows[0].cells.size()) +
                                     " cells like the first picture row (line " +
                                     std::to_string(rows[0].line) + "), got " +
                                     std::to_string(r.cells.size()) +
                                     (r.cells.empty() ? " (a blank line inside the picture)" : ""));
    }

    // Palette in order of first appearance.
    Palette palette{Colour{"white", '.', 0xFFFFFF}};
    std::vector<char> preferred{'.'};
    std::vector<char32_t> glyph_of;  // palette index -> code point (index 0 unused)
    glyph_of.push_back(0);
    const int h = static_cast<int>(rows.size()), w = static_cast<int>(width);
    Grid picture(w, h, kEmpty);
    for (int r = 0; r < h; ++r) {
        const Row& row = rows[r];
        for (int c = 0; c < static_cast<int>(row.cells.size()); ++c) {
            const char32_t cp = row.cells[c];
            if (is_background(cp)) continue;
            size_t k = 1;
            while (k < glyph_of.size() && glyph_of[k] != cp) ++k;
            if (k == glyph_of.size()) {
                if (palette.size() >= static_cast<size_t>(kMaxColours))
                    throw UnsupportedError(source, row.line,
                                           "the picture uses more than " +
                                               std::to_string(kMaxColours - 1) +
                                               " different characters (colours)");
                const Glyph* g = known(cp);
                std::string name;
                std::uint32_t rgb = 0x808080;
                char symbol = 0;
                if (g) {
                    name = g->name, rgb = g->rgb, symbol = g->symbol;
                } else if (cp < 0x80) {
                    name = std::string(1, static_cast<char>(cp)), symbol = static_cast<char>(cp);
                } else {
                    name = code_point_name(cp);
                }
                palette.push_back(Colour{unique_colour_name(palette, name), 0, rgb});
                preferred.push_back(symbol);
                glyph_of.push_back(cp);
            }
            picture.set(r, c, static_cast<Cell>(k));
        }
    }
    if (palette.size() == 1)
        palette.push_back(Colour{"black", '#', 0});  // an all-background picture
    if (!assign_symbols(palette, preferred))
        throw UnsupportedError(
            source, rows[0].line,
            "the picture uses " + std::to_string(palette.size() - 1) +
                " different characters, more than nonolab can give distinct symbols to");
    try {
        return {puzzle_from_picture(picture, std::move(palette))};
    } catch (const PuzzleError& e) {
        throw ParseError(source, rows[0].line, e.what());
    }
}

int sniff_chargrid(std::string_view content) {
    if (content.size() > 1 << 20) content = content.substr(0, 1 << 20);
    std::vector<Row> rows;
    try {
        rows = picture_rows(content, "");
    } catch (const ParseError&) {
        return 0;
    }
    if (rows.size() < 2 || rows[0].cells.size() < 2) return 0;
    std::vector<char32_t> glyphs;
    bool digits = false, other_digits = false, space = false, background = false, ink = false;
    for (const Row& r : rows) {
        if (r.cells.size() != rows[0].cells.size()) return 0;
        for (char32_t cp : r.cells) {
            if (cp < 0x20 || cp == 0x7F) return 0;
            if (cp >= U'0' && cp <= U'9') digits = true;
            if (cp >= U'2' && cp <= U'9') other_digits = true;
            if (cp == U' ') space = true;
            if (is_background(cp))
                background = true;
            else
                ink = true;
            bool seen = false;
            for (char32_t g : glyphs) seen = seen || g == cp;
            if (!seen) glyphs.push_back(cp);
            if (glyphs.size() > 10) return 0;
        }
    }
    if (!background || !ink) return 0;
    if (digits && (other_digits || space || glyphs.size() != 2)) return 0;
    // Two-symbol pictures in the usual alphabets are the common case.
    auto only = [&](std::u32string_view set) {
        for (char32_t g : glyphs)
            if (set.find(g) == std::u32string_view::npos) return false;
        return true;
    };
    if (only(U".#") || only(U"01") || only(U".X") || only(U" #") || only(U" X")) return 40;
    return 30;
}

}  // namespace nonolab::io

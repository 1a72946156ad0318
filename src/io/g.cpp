// Olšák's full .g format, the input of Mirek and Pavel Olšák's "grid"
// griddler solver (described in the comments of its example files and in its
// gridoce.pdf manual):
//
//     Any free text (ignored) until a line starting with ':' or '#'.
//     #d                     <- optional colour table, one entry per line:
//       r:&  red   comment      <inchar>:<outchar> <XPM colour> <comment>
//       0:   white              '0' = background, '1' = default block colour
//     : rows                 <- the row clues, one line per row
//     1 3r 1                    blocks may carry a colour letter (3r)
//     : columns              <- the column clues
//     ...
//     : end                  <- anything after this is ignored
//
// Text after the ':' on a section line is a comment. An empty line or "0" is
// an empty clue. Without a colour table the puzzle is black and white.
// Variants that are not plain grids are refused with UnsupportedError:
// triddlers ('#t', hexagonal grids with six clue groups) and triangle cells
// (colours written "black/orange" or "black\orange").
#include "io/g.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "core/error.hpp"
#include "io/clue_lines.hpp"
#include "io/clue_tokens.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

constexpr std::string_view kGSeparators = " \t,";

/// Blocks are a length and an optional colour letter: "3", "3r".
const RunSyntax kGRuns{kGSeparators, RunSyntax::kOneChar,
                       "a block like '3' or '3r' (length, optional colour letter)"};

bool starts_section(std::string_view text) {
    return !text.empty() && text[0] == ':';
}

std::string quoted(std::string_view s) {
    return "'" + std::string(trim(s).substr(0, 40)) + "'";
}

/// One line of the #d table.
struct Decl {
    char in = 0;
    char out = ' ';
    std::string xpm;
    int line = 0;
};

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/// XPM colour word to 0xRRGGBB: "#rgb", "#rrggbb", "#rrrrggggbbbb" or a common X11 name.
std::uint32_t xpm_rgb(std::string_view word) {
    if (!word.empty() && word[0] == '#') {
        const std::string_view hex = word.substr(1);
        if (hex.size() % 3 != 0 || hex.empty() || hex.size() > 12) return 0x808080;
        const size_t per = hex.size() / 3;
        std::uint32_t rgb = 0;
        for (size_t k = 0; k < 3; ++k) {
            int v = 0;
            for (size_t j = 0; j < std::min<size_t>(per, 2); ++j) {
                const int d = hex_digit(hex[k * per + j]);
                if (d < 0) return 0x808080;
                v = v * 16 + d;
            }
            if (per == 1) v *= 17;
            rgb = (rgb << 8) | static_cast<std::uint32_t>(v);
        }
        return rgb;
    }
    static const std::map<std::string, std::uint32_t> names = {
        {"white", 0xFFFFFF},     {"black", 0x000000},     {"red", 0xFF0000},    {"green", 0x00FF00},
        {"blue", 0x0000FF},      {"yellow", 0xFFFF00},    {"orange", 0xFFA500}, {"brown", 0xA52A2A},
        {"pink", 0xFFC0CB},      {"gray", 0xBEBEBE},      {"grey", 0xBEBEBE},   {"cyan", 0x00FFFF},
        {"magenta", 0xFF00FF},   {"purple", 0xA020F0},    {"violet", 0xEE82EE}, {"gold", 0xFFD700},
        {"navy", 0x000080},      {"maroon", 0xB03060},    {"olive", 0x808000},  {"lime", 0x32CD32},
        {"darkgreen", 0x006400}, {"lightblue", 0xADD8E6}, {"beige", 0xF5F5DC},  {"tan", 0xD2B48C},
    };
    const auto it = names.find(to_lower(word));
    return it == names.end() ? 0x808080 : it->second;
}

bool is_alpha_word(std::string_view w) {
    if (w.empty()) return false;
    for (char c : w)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
    return true;
}

class GReader {
  public:
    GReader(const std::vector<TextLine>& lines, const std::string& source)
        : lines_(lines), source_(source) {}

    Puzzle read() {
        size_t i = 0;
        std::string description;
        while (i < lines_.size() && !starts_section(lines_[i].text) &&
               !(lines_[i].text.size() && lines_[i].text[0] == '#')) {
            const std::string_view t = trim(lines_[i].text);
            if (!t.empty() && description.size() < 2000) {
                if (!description.empty()) description += '\n';
                description += std::string(t);
            }
            ++i;
        }
        if (i == lines_.size())
            throw ParseError(source_, last_line(),
                             "expected a line starting with ':' (the row clues) or '#d' (a "
                             "colour table), found none");
        bool coloured = false;
        if (lines_[i].text[0] == '#') {
            directive(lines_[i]);  // '#d' here; anything else throws
            coloured = true;
            i = colour_table(i + 1);
        }
        build_palette(coloured);
        const int rows_line = lines_[i].number;
        std::vector<ClueLine> rows, columns;
        i = section(i + 1, rows, "row", true);
        i = section(i + 1, columns, "column", false);
        // A clue longer than its line is kept: no solution, not a bad file
        // (core/clue_contradiction.hpp).
        std::vector<Clue> r, c;
        for (auto& cl : rows) r.push_back(std::move(cl.clue));
        for (auto& cl : columns) c.push_back(std::move(cl.clue));
        PuzzleInfo info;
        info.description = std::move(description);
        const int width = static_cast<int>(c.size());
        const int height = static_cast<int>(r.size());
        return build_puzzle(source_, rows_line, 0, width, height, std::move(r), std::move(c),
                            palette_, std::move(info));
    }

  private:
    int last_line() const { return lines_.empty() ? 0 : lines_.back().number; }

    /// A '#' line: '#d' opens the colour table, '#t' declares a triddler.
    void directive(const TextLine& tl) {
        const char kind = tl.text.size() > 1 ? to_lower(tl.text.substr(1, 1))[0] : '\0';
        if (kind == 't')
            throw UnsupportedError(source_, tl.number,
                                   "this .g file declares a triddler ('#t': a hexagonal grid "
                                   "with six clue groups); triddlers are not supported");
        if (kind != 'd')
            throw ParseError(
                source_, tl.number,
                "expected '#d' (a colour table) or '#t' (a triddler), got " + quoted(tl.text));
    }

    /// Reads colour declarations up to the ':' line; returns that line's index.
    size_t colour_table(size_t i) {
        for (; i < lines_.size(); ++i) {
            const TextLine& tl = lines_[i];
            if (starts_section(tl.text)) return i;
            if (is_blank(tl.text)) continue;
            if (tl.text[0] == '#') {
                directive(tl);
                continue;  // a repeated '#d' line
            }
            decls_.push_back(declaration(tl));
        }
        throw ParseError(source_, last_line(),
                         "expected ':' and the row clues after the colour table, the file ends");
    }

    Decl declaration(const TextLine& tl) {
        std::string_view s = tl.text;
        while (!s.empty() && (s[0] == ' ' || s[0] == '\t')) s.remove_prefix(1);
        if (s.size() < 2 || s[1] != ':')
            throw ParseError(source_, tl.number,
                             "expected a colour declaration like 'r:&  red' or ':' to start the "
                             "row clues, got " +
                                 quoted(tl.text));
        Decl d;
        d.in = s[0];
        d.out = s.size() > 2 ? s[2] : ' ';
        d.line = tl.number;
        const std::string_view rest = s.size() > 3 ? trim(s.substr(3)) : std::string_view();
        const auto words = split_any(rest, " \t");
        if (words.empty())
            throw ParseError(source_, tl.number,
                             std::string("expected a colour (a name or #rrggbb) after '") + d.in +
                                 ":" + d.out + "', got nothing");
        d.xpm = std::string(words[0]);
        if (d.in >= '2' && d.in <= '9')
            throw ParseError(source_, tl.number,
                             std::string("expected a colour letter (digits other than 0 and 1 are "
                                         "reserved), got '") +
                                 d.in + "'");
        if (d.xpm.find('/') != std::string::npos || d.xpm.find('\\') != std::string::npos)
            throw UnsupportedError(source_, tl.number,
                                   std::string("colour '") + d.in + "' is a triangle cell ('" +
                                       d.xpm + "'); triangle-cell puzzles are not supported");
        for (const Decl& other : decls_)
            if (other.in == d.in)
                throw ParseError(source_, tl.number,
                                 std::string("colour '") + d.in +
                                     "' is declared twice (first on line " +
                                     std::to_string(other.line) + ")");
        return d;
    }

    std::string unique_name(std::string name) const {
        auto taken = [&](const std::string& n) {
            return std::any_of(palette_.begin(), palette_.end(),
                               [&](const Colour& c) { return c.name == n; });
        };
        if (!taken(name)) return name;
        for (int k = 2;; ++k)
            if (!taken(name + "-" + std::to_string(k))) return name + "-" + std::to_string(k);
    }

    char unique_symbol(char preferred, char second) const {
        auto usable = [&](char c) {
            if (c <= ' ' || c > '~' || c == '.') return false;
            return std::none_of(palette_.begin(), palette_.end(),
                                [&](const Colour& col) { return col.symbol == c; });
        };
        if (usable(preferred)) return preferred;
        if (usable(second)) return second;
        for (char c = '!'; c <= '~'; ++c)
            if (usable(c)) return c;
        return '?';
    }

    void add_colour(const Decl& d) {
        Colour c;
        c.rgb = xpm_rgb(d.xpm);
        c.name = unique_name(is_alpha_word(d.xpm) ? to_lower(d.xpm) : std::string(1, d.in));
        c.symbol = unique_symbol(d.out, d.in);
        index_[d.in] = static_cast<std::uint8_t>(palette_.size());
        palette_.push_back(std::move(c));
    }

    /// Background first ('.'), then the default colour '1', then the others.
    void build_palette(bool coloured) {
        if (!coloured) {
            palette_ = black_and_white_palette();
            index_['1'] = kFilled;
            return;
        }
        auto find = [&](char in) -> const Decl* {
            for (const Decl& d : decls_)
                if (d.in == in) return &d;
            return nullptr;
        };
        const Decl* bg = find('0');
        palette_.push_back(Colour{bg && is_alpha_word(bg->xpm) ? to_lower(bg->xpm) : "white", '.',
                                  bg ? xpm_rgb(bg->xpm) : 0xFFFFFF});
        if (const Decl* def = find('1')) add_colour(*def);
        for (const Decl& d : decls_)
            if (d.in != '0' && d.in != '1') add_colour(d);
        if (palette_.size() < 2)
            throw ParseError(source_, decls_.empty() ? last_line() : decls_.back().line,
                             "expected at least one block colour in the colour table, got only "
                             "the background");
    }

    /// Reads clue lines from index i up to the next ':' line (returned) or the end.
    size_t section(size_t i, std::vector<ClueLine>& out, const char* what, bool needs_end) {
        size_t k = i;
        for (; k < lines_.size() && !starts_section(lines_[k].text); ++k) {
        }
        size_t end = k;
        if (k == lines_.size()) {
            if (needs_end)
                throw ParseError(source_, last_line(),
                                 "expected a ':' line and the column clues after the row clues, "
                                 "the file ends");
            while (end > i && is_blank(lines_[end - 1].text)) --end;
        }
        if (end - i > static_cast<size_t>(kMaxSide))
            throw ParseError(source_, lines_[i].number,
                             std::string("expected at most ") + std::to_string(kMaxSide) + " " +
                                 what + " clues, got " + std::to_string(end - i));
        if (end == i)
            throw ParseError(source_, i < lines_.size() ? lines_[i].number : last_line(),
                             std::string("expected ") + what + " clues, got none");
        for (; i < end; ++i) out.push_back(ClueLine{clue(lines_[i]), lines_[i].number});
        return k;
    }

    Clue clue(const TextLine& tl) {
        Clue c;
        for_each_run(tl.text, kGRuns, source_, tl.number, [&](const RunToken& run) {
            const char letter = run.colour.empty() ? '1' : run.colour[0];
            const auto it = index_.find(letter);
            if (it == index_.end()) {
                if (letter == '1')
                    throw ParseError(source_, tl.number,
                                     "block '" + std::string(run.text) +
                                         "' has no colour letter and the colour table declares "
                                         "no default colour '1:'");
                throw ParseError(source_, tl.number,
                                 std::string("colour '") + letter + "' of block '" +
                                     std::string(run.text) +
                                     "' is not declared in a '#d' colour table");
            }
            c.push_back(Run{run.length, it->second});
        });
        return c;
    }

    const std::vector<TextLine>& lines_;
    const std::string& source_;
    std::vector<Decl> decls_;
    Palette palette_;
    std::map<char, std::uint8_t> index_;
};

/// Sniffer helper: a clue line of the .g kind (blocks "3" or "3r", or blank).
bool g_clue_like(std::string_view text) {
    for (std::string_view tok : split_any(text, kGSeparators)) {
        size_t digits = 0;
        while (digits < tok.size() && tok[digits] >= '0' && tok[digits] <= '9') ++digits;
        if (digits == 0 || digits > 5 || tok.size() > digits + 1) return false;
    }
    return true;
}

}  // namespace

std::vector<Puzzle> read_g(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    return {GReader(lines, source).read()};
}

int sniff_g(std::string_view content) {
    const std::vector<TextLine> lines = split_lines(content);
    size_t i = 0;
    while (i < lines.size() && !starts_section(lines[i].text) &&
           !(lines[i].text.size() && lines[i].text[0] == '#'))
        ++i;
    if (i == lines.size()) return 0;
    bool table = false;
    if (lines[i].text[0] == '#') {
        const char kind = lines[i].text.size() > 1 ? to_lower(lines[i].text.substr(1, 1))[0] : 0;
        if (kind != 'd' && kind != 't') return 0;
        table = kind == 'd';
        for (++i; i < lines.size() && !starts_section(lines[i].text); ++i) {
            if (!table || is_blank(lines[i].text)) continue;
            const std::string_view s = trim(lines[i].text);
            if (s.size() < 2 || s[1] != ':') return 0;
        }
        if (i == lines.size()) return 0;
    }
    if (table) {
        // A colour table followed by at least two section lines is distinctive
        // enough; the blocks may use triangle glyphs, so they are not checked.
        for (++i; i < lines.size(); ++i)
            if (starts_section(lines[i].text)) return 90;
        return 0;
    }
    // Row clues after the first ':' line, then another ':' line, then columns.
    size_t rows = 0, columns = 0;
    for (++i; i < lines.size() && !starts_section(lines[i].text); ++i, ++rows)
        if (!g_clue_like(lines[i].text)) return 0;
    if (i == lines.size() || rows == 0) return 0;
    for (++i; i < lines.size() && !starts_section(lines[i].text); ++i) {
        if (!g_clue_like(lines[i].text)) return 0;
        if (!is_blank(lines[i].text)) ++columns;
    }
    return columns == 0 ? 0 : 60;
}

}  // namespace nonolab::io

// nonolab's own plain-text clue form (.clues), meant to be written by hand
// and read by people. It is our design; it borrows the keyword-and-section
// shape of Simpson's .non and the |row| goal picture of webpbn XML.
//
//     nonolab-clues 1              optional first line that marks the format
//     # a comment                  (outside a goal section)
//     puzzle                       starts the next puzzle (optional for the first)
//     title: Arrow                 also author:, copyright:, license:, id:,
//                                  description: (free text to the end of line)
//     size: 4x3                    width x height; or width: 4 / height: 3
//     colour: . white #ffffff      symbol, name, #rrggbb; the first colour line
//     colour: r red #ff0000        is the background (omit all for black/white)
//     rows:                        one clue line per row follows
//     1
//     4
//     1r 1r                        runs: length + optional colour symbol,
//     columns:                     separated by spaces or commas; "0" or a
//     0                            blank line is an empty clue
//     ...
//     columns: 1 | 3 | 1 | 1       inline form: clues separated by '|'
//     goal:                        one row per line, between bars
//     |.#..|
//
// Keys are case-insensitive ("color" is accepted). In a section, blank lines
// are formatting when the other lines already give one clue per row (or
// column); otherwise they are empty clues. Without a size, the sections give
// it. A puzzle with a goal but no clues gets its clues from the goal.
#include "io/clues.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/picture.hpp"
#include "io/clue_tokens.hpp"
#include "io/colours.hpp"
#include "io/puzzle_slots.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

constexpr std::string_view kMagic = "nonolab-clues";

struct Block {
    int line = 0;                   ///< line of the key
    std::string_view inline_value;  ///< text after "rows:" when given on the same line
    std::vector<TextLine> lines;    ///< following lines up to the next key (comments dropped)
    int end_line = 0;               ///< the line that ended the block (0 = end of file)
};

struct Raw {
    int start_line = 0;
    bool any = false;
    PuzzleInfo info;
    std::optional<int> width, height;
    int size_line = 0;
    std::vector<std::pair<Colour, int>> colours;  ///< with their lines
    std::optional<Block> rows, columns, goal;
};

bool is_key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
}

/// "word:" at the start of the line -> the lower-cased word; nullopt otherwise.
std::optional<std::string> key_of(std::string_view text) {
    text = trim(text);
    size_t n = 0;
    while (n < text.size() && is_key_char(text[n])) ++n;
    if (n == 0) return std::nullopt;
    size_t k = n;
    while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
    if (k < text.size() && text[k] == ':') return to_lower(text.substr(0, n));
    return std::nullopt;
}

bool is_puzzle_marker(std::string_view text) {
    text = trim(text);
    return starts_with_nocase(text, "puzzle") &&
           (text.size() == 6 || text[6] == ' ' || text[6] == '\t' || text[6] == ':');
}

bool is_magic(std::string_view text) {
    return starts_with_nocase(trim(text), kMagic);
}

bool is_comment(std::string_view text) {
    text = trim(text);
    return !text.empty() && text[0] == '#';
}

/// True for lines that end a section: keys, puzzle markers and the magic line.
bool ends_block(std::string_view text) {
    return key_of(text).has_value() || is_puzzle_marker(text) || is_magic(text);
}

bool is_clue_symbol(char c) {
    return c > ' ' && c < 127 && !(c >= '0' && c <= '9') && c != ',' && c != '|';
}

/// One clue line per grid line (blank lines handled as the header says).
std::vector<TextLine> pick_lines(const Block& b, std::optional<int> expected, const char* what,
                                 const std::string& source) {
    std::vector<TextLine> nonblank;
    for (const TextLine& l : b.lines)
        if (!is_blank(l.text)) nonblank.push_back(l);
    if (!expected) {
        auto first = std::find_if(b.lines.begin(), b.lines.end(),
                                  [](const TextLine& l) { return !is_blank(l.text); });
        auto last = std::find_if(b.lines.rbegin(), b.lines.rend(),
                                 [](const TextLine& l) { return !is_blank(l.text); });
        if (first == b.lines.end()) return {};
        return std::vector<TextLine>(first, last.base());
    }
    const int n = *expected;
    const std::string want = "expected " + std::to_string(n) + " " + what + " clues";
    if (static_cast<int>(nonblank.size()) == n) return nonblank;
    if (static_cast<int>(nonblank.size()) > n)
        throw ParseError(source, nonblank[n].number,
                         want + ", found more: '" + std::string(trim(nonblank[n].text)) + "'");
    if (static_cast<int>(b.lines.size()) < n)
        throw ParseError(source, b.end_line ? b.end_line : b.line,
                         want + ", found " + std::to_string(nonblank.size()));
    for (size_t i = static_cast<size_t>(n); i < b.lines.size(); ++i)
        if (!is_blank(b.lines[i].text))
            throw ParseError(source, b.lines[i].number,
                             want + " (blank lines count as empty clues here), found more: '" +
                                 std::string(trim(b.lines[i].text)) + "'");
    return std::vector<TextLine>(b.lines.begin(), b.lines.begin() + n);
}

/// Runs are a length and an optional colour symbol: "3", "3r".
const RunSyntax kRunSyntax{
    ", \t", RunSyntax::kOneChar,
    "a run length (a positive integer, optionally followed by a colour symbol)"};

Clue parse_clue(std::string_view text, int line, const Palette& palette,
                const std::string& source) {
    Clue clue;
    for_each_run(text, kRunSyntax, source, line, [&](const RunToken& run) {
        std::uint8_t colour = kFilled;
        if (!run.colour.empty()) {
            const char sym = run.colour[0];
            size_t k = 1;
            while (k < palette.size() && palette[k].symbol != sym) ++k;  // <= 250 entries
            if (k == palette.size())
                throw ParseError(source, line,
                                 std::string("expected a colour symbol declared by a 'colour:' "
                                             "line after the run length, got '") +
                                     sym + "' in '" + std::string(run.text) + "'");
            colour = static_cast<std::uint8_t>(k);
        }
        clue.push_back(Run{run.length, colour});
    });
    return clue;
}

std::vector<Clue> read_block(const Block& b, std::optional<int> expected, const char* what,
                             const Palette& palette, const std::string& source) {
    std::vector<Clue> out;
    if (!trim(b.inline_value).empty()) {
        for (const TextLine& l : b.lines)
            if (!is_blank(l.text))
                throw ParseError(source, l.number,
                                 std::string("expected the next key after an inline '") + what +
                                     "s:' list, got '" + std::string(trim(l.text)) + "'");
        std::string_view v = b.inline_value;
        while (true) {
            const size_t bar = v.find('|');
            out.push_back(parse_clue(v.substr(0, bar), b.line, palette, source));
            if (out.size() > static_cast<size_t>(kMaxSide))
                throw ParseError(source, b.line,
                                 "more than " + std::to_string(kMaxSide) + " clues");
            if (bar == std::string_view::npos) break;
            v.remove_prefix(bar + 1);
        }
        if (expected && static_cast<int>(out.size()) != *expected)
            throw ParseError(source, b.line,
                             "expected " + std::to_string(*expected) + " " + what +
                                 " clues, found " + std::to_string(out.size()));
        return out;
    }
    for (const TextLine& l : pick_lines(b, expected, what, source))
        out.push_back(parse_clue(l.text, l.number, palette, source));
    if (out.empty())
        throw ParseError(source, b.line,
                         std::string("expected at least one clue after '") + what + "s:'");
    return out;
}

Grid read_goal(const Block& b, std::optional<int> width, std::optional<int> height,
               const Palette& palette, const std::string& source) {
    std::vector<std::pair<int, std::string_view>> rows;
    for (const TextLine& l : b.lines) {
        std::string_view t = trim(l.text);
        if (t.empty()) continue;
        if (t.size() >= 2 && t.front() == '|' && t.back() == '|') t = t.substr(1, t.size() - 2);
        rows.emplace_back(l.number, t);
    }
    if (rows.empty()) throw ParseError(source, b.line, "expected goal rows after 'goal:'");
    const int h = static_cast<int>(rows.size());
    const int w = static_cast<int>(rows[0].second.size());
    if (height && *height != h)
        throw ParseError(
            source, rows.back().first,
            "expected " + std::to_string(*height) + " goal rows, found " + std::to_string(h));
    if (h > kMaxSide || w < 1 || w > kMaxSide)
        throw ParseError(
            source, b.line,
            "expected a goal of 1 to " + std::to_string(kMaxSide) + " rows and columns");
    const int want = width.value_or(w);
    std::array<int, 256> by_symbol;
    by_symbol.fill(-1);
    for (size_t k = palette.size(); k-- > 0;)
        by_symbol[static_cast<unsigned char>(palette[k].symbol)] = static_cast<int>(k);
    Grid goal(want, h, kEmpty);
    for (int r = 0; r < h; ++r) {
        const auto& [line, row] = rows[static_cast<size_t>(r)];
        if (static_cast<int>(row.size()) != want)
            throw ParseError(source, line,
                             "expected " + std::to_string(want) + " cells in goal row " +
                                 std::to_string(r + 1) + ", got " + std::to_string(row.size()));
        for (int c = 0; c < want; ++c) {
            const char ch = row[static_cast<size_t>(c)];
            const int k = by_symbol[static_cast<unsigned char>(ch)];
            if (k < 0)
                throw ParseError(source, line,
                                 std::string("expected a colour symbol in goal row ") +
                                     std::to_string(r + 1) + ", got '" + ch + "'");
            goal.set(r, c, static_cast<Cell>(k));
        }
    }
    return goal;
}

Puzzle finish(Raw& raw, int index, const std::string& source) {
    Palette palette = black_and_white_palette();
    if (!raw.colours.empty()) {
        if (raw.colours.size() < 2)
            throw ParseError(source, raw.colours[0].second,
                             "expected at least two 'colour:' lines (the background first), "
                             "found one");
        palette.clear();
        for (auto& [c, line] : raw.colours) palette.push_back(c);
    }
    if (!raw.rows != !raw.columns)
        throw ParseError(source, raw.start_line,
                         std::string("expected both 'rows:' and 'columns:', found only '") +
                             (raw.rows ? "rows:'" : "columns:'"));
    if (!raw.rows && !raw.goal)
        throw ParseError(source, raw.start_line,
                         "expected 'rows:' and 'columns:' sections (or a 'goal:')");
    std::vector<Clue> rows, cols;
    if (raw.rows) {
        rows = read_block(*raw.rows, raw.height, "row", palette, source);
        cols = read_block(*raw.columns, raw.width, "column", palette, source);
    }
    const int width = raw.width.value_or(static_cast<int>(cols.size()));
    const int height = raw.height.value_or(static_cast<int>(rows.size()));
    if (raw.goal)
        raw.info.goal =
            read_goal(*raw.goal, raw.rows ? std::optional<int>(width) : raw.width,
                      raw.rows ? std::optional<int>(height) : raw.height, palette, source);
    if (!raw.rows) {
        try {
            const Grid picture = *raw.info.goal;  // raw.info is moved below
            return puzzle_from_picture(picture, std::move(palette), std::move(raw.info));
        } catch (const PuzzleError& e) {
            throw ParseError(source, raw.goal->line, e.what());
        }
    }
    return build_puzzle(source, raw.start_line, index, width, height, std::move(rows),
                        std::move(cols), std::move(palette), std::move(raw.info));
}

/// Reads the line lines[i] of a puzzle into `raw`; a section key also
/// takes the lines of its section, leaving i on the last of them.
void read_line(Raw& raw, const std::vector<TextLine>& lines, size_t& i, const std::string& source) {
    const TextLine& line = lines[i];
    const std::string_view text = trim(line.text);
    const std::optional<std::string> key = key_of(text);
    if (!key)
        throw ParseError(source, line.number,
                         "expected a key such as 'rows:', 'columns:' or 'title:', got '" +
                             std::string(text) + "'");
    const std::string_view value = trim(text.substr(text.find(':') + 1));
    if (!raw.any && raw.start_line == 0) raw.start_line = line.number;
    raw.any = true;

    if (*key == "rows" || *key == "columns" || *key == "goal") {
        std::optional<Block>& slot = *key == "rows"      ? raw.rows
                                     : *key == "columns" ? raw.columns
                                                         : raw.goal;
        if (slot)
            throw ParseError(source, line.number,
                             "expected one '" + *key +
                                 ":' per puzzle, found a second (the "
                                 "first is on line " +
                                 std::to_string(slot->line) +
                                 "; start the next puzzle with a 'puzzle' line)");
        Block b;
        b.line = line.number;
        b.inline_value = value;
        const bool goal = *key == "goal";
        if (goal && !value.empty())
            throw ParseError(source, line.number,
                             "expected the goal rows on the lines after 'goal:', got '" +
                                 std::string(value) + "'");
        size_t j = i + 1;
        for (; j < lines.size() && !ends_block(lines[j].text); ++j) {
            if (!goal && is_comment(lines[j].text)) continue;
            b.lines.push_back(lines[j]);
            if (b.lines.size() > 4 * static_cast<size_t>(kMaxSide))
                throw ParseError(source, lines[j].number, "more than 10000 lines in a section");
        }
        if (j < lines.size()) b.end_line = lines[j].number;
        slot = std::move(b);
        i = j - 1;
    } else if (*key == "size") {
        const std::vector<std::string_view> parts = split_any(value, "xX* \t");
        if (parts.size() != 2)
            throw ParseError(source, line.number,
                             "expected 'size: <width>x<height>', got '" + std::string(text) + "'");
        if (raw.width || raw.height)
            throw ParseError(source, line.number, "expected one size per puzzle, found a second");
        raw.width = expect_side(parts[0], source, line.number, "a width");
        raw.height = expect_side(parts[1], source, line.number, "a height");
    } else if (*key == "width" || *key == "height") {
        std::optional<int>& slot = *key == "width" ? raw.width : raw.height;
        if (slot)
            throw ParseError(source, line.number,
                             "expected one " + *key + " per puzzle, found a second");
        slot = expect_side(value, source, line.number, ("a " + *key).c_str());
    } else if (*key == "colour" || *key == "color") {
        const std::vector<std::string_view> parts = split_any(value, " \t");
        const std::optional<std::uint32_t> rgb =
            parts.size() >= 2 ? parse_hex_rgb(parts.back()) : std::nullopt;
        if (parts.size() < 2 || parts[0].size() != 1 || !is_clue_symbol(parts[0][0]) || !rgb)
            throw ParseError(source, line.number,
                             "expected 'colour: <symbol> <name> #rrggbb' with a one-character "
                             "symbol (not a digit, ',' or '|'), got '" +
                                 std::string(text) + "'");
        Colour c;
        c.symbol = parts[0][0];
        c.rgb = *rgb;
        for (size_t k = 1; k + 1 < parts.size(); ++k)
            c.name += (c.name.empty() ? "" : " ") + std::string(parts[k]);
        if (c.name.empty()) c.name = std::string(1, c.symbol);
        for (const auto& [other, other_line] : raw.colours)
            if (other.symbol == c.symbol || other.name == c.name)
                throw ParseError(source, line.number,
                                 "expected a new colour, but symbol '" + std::string(1, c.symbol) +
                                     "' or name '" + c.name + "' was declared on line " +
                                     std::to_string(other_line));
        if (raw.colours.size() >= static_cast<size_t>(kMaxColours))
            throw ParseError(source, line.number,
                             "expected at most " + std::to_string(kMaxColours) + " colours");
        raw.colours.emplace_back(std::move(c), line.number);
    } else if (*key == "title") {
        raw.info.title = std::string(value);
    } else if (*key == "author" || *key == "by") {
        raw.info.author = std::string(value);
    } else if (*key == "copyright") {
        raw.info.copyright = std::string(value);
    } else if (*key == "license") {
        raw.info.license = std::string(value);
    } else if (*key == "id") {
        raw.info.id = std::string(value);
    } else if (*key == "description") {
        raw.info.description = std::string(value);
    } else {
        throw ParseError(source, line.number,
                         "expected a known key (title, author, copyright, license, id, "
                         "description, size, width, height, colour, rows, columns, goal), "
                         "got '" +
                             *key + ":'");
    }
}

}  // namespace

// `puzzle` lines mark the puzzles: after an error the rest of that puzzle is
// skipped and the next one is read as if nothing had happened.
std::vector<PuzzleSlot> read_clues_each(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    int markers = 0;
    for (const TextLine& l : lines) markers += is_puzzle_marker(l.text) ? 1 : 0;

    std::vector<PuzzleSlot> slots;
    Raw raw;
    std::optional<ParseError> failed;  // the current puzzle's first error
    bool several = markers > 1;
    auto flush = [&]() {
        const int index = several ? static_cast<int>(slots.size()) + 1 : 0;
        if (failed)
            slots.push_back(failed_slot(*failed, raw.start_line, raw.info.title));
        else if (raw.any)
            slots.push_back(read_slot(source, raw.start_line, raw.info.title,
                                      [&] { return finish(raw, index, source); }));
        raw = Raw{};
        failed.reset();
    };

    for (size_t i = 0; i < lines.size(); ++i) {
        const TextLine& line = lines[i];
        const std::string_view text = trim(line.text);
        if (text.empty() || is_comment(text) || is_magic(text)) continue;
        if (is_puzzle_marker(text)) {
            if (raw.any || failed) several = true;
            flush();
            raw.start_line = line.number;
            continue;
        }
        if (failed) continue;
        try {
            read_line(raw, lines, i, source);
        } catch (const ParseError& e) {
            if (raw.start_line == 0) raw.start_line = line.number;
            failed = e;
        }
    }
    flush();
    if (slots.empty())
        throw ParseError(source, 0, "expected a puzzle ('rows:' and 'columns:'), found none");
    return slots;
}

std::vector<Puzzle> read_clues(std::string_view content, const std::string& source) {
    return puzzles_or_first_error(read_clues_each(content, source));
}

namespace {

std::string one_line(const std::string& s) {
    std::string out = s;
    for (char& c : out)
        if (c == '\n' || c == '\r') c = ' ';
    return std::string(trim(out));
}

std::vector<char> symbols_for(const Palette& palette) {
    return distinct_chars(
        palette, ".#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ*+@%&$=?!~^-_:;<>/",
        is_clue_symbol,
        "too many colours for distinct one-character symbols (" + std::to_string(palette.size()) +
            ")");
}

void write_one(std::string& out, const Puzzle& p) {
    const PuzzleInfo& info = p.info();
    auto field = [&out](const char* key, const std::string& value) {
        if (!one_line(value).empty()) out += std::string(key) + ": " + one_line(value) + "\n";
    };
    field("title", info.title);
    field("author", info.author);
    field("copyright", info.copyright);
    field("license", info.license);
    field("id", info.id);
    field("description", info.description);
    out += "size: " + std::to_string(p.width()) + "x" + std::to_string(p.height()) + "\n";
    const Palette& pal = p.palette();
    const std::vector<char> sym = symbols_for(pal);
    const bool default_palette = pal == black_and_white_palette();
    if (!default_palette) {
        for (size_t k = 0; k < pal.size(); ++k) {
            char rgb[8];
            std::snprintf(rgb, sizeof rgb, "#%06x", static_cast<unsigned>(pal[k].rgb & 0xFFFFFF));
            std::string name = one_line(pal[k].name);
            if (name.empty()) name = "colour" + std::to_string(k);
            out += std::string("colour: ") + sym[k] + " " + name + " " + rgb + "\n";
        }
    }
    auto clues = [&](const char* key, const std::vector<Clue>& lines) {
        out += std::string(key) + ":\n";
        for (const Clue& clue : lines) {
            if (clue.empty()) out += '0';
            for (size_t i = 0; i < clue.size(); ++i) {
                if (i) out += ' ';
                out += std::to_string(clue[i].length);
                if (!p.black_and_white()) out += sym[clue[i].colour];
            }
            out += '\n';
        }
    };
    clues("rows", p.rows());
    clues("columns", p.columns());
    if (info.goal && info.goal->complete()) {
        out += "goal:\n";
        for (int r = 0; r < info.goal->height(); ++r) {
            out += '|';
            for (int c = 0; c < info.goal->width(); ++c) {
                const Cell v = info.goal->at(r, c);
                if (v >= sym.size())
                    throw WriteError("goal cell colour " + std::to_string(v) +
                                     " is not in the palette");
                out += sym[v];
            }
            out += "|\n";
        }
    }
}

}  // namespace

std::string write_clues(const std::vector<Puzzle>& puzzles) {
    std::string out = std::string(kMagic) + " 1\n";
    for (size_t i = 0; i < puzzles.size(); ++i) {
        if (puzzles.size() > 1) out += (i ? "\npuzzle " : "puzzle ") + std::to_string(i + 1) + "\n";
        write_one(out, puzzles[i]);
    }
    return out;
}

int sniff_clues(std::string_view content) {
    const std::vector<TextLine> lines = split_lines(content.substr(0, 1 << 16));
    bool rows = false, columns = false;
    for (const TextLine& l : lines) {
        const std::string_view t = trim(l.text);
        if (t.empty() || is_comment(t)) continue;
        if (is_magic(t)) return 100;
        if (auto key = key_of(t)) {
            if (*key == "rows") rows = true;
            if (*key == "columns") columns = true;
        }
        if (rows && columns) return 60;
    }
    return 0;
}

}  // namespace nonolab::io

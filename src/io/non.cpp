// Steve Simpson's .non puzzle files, as exported by webpbn ("ss" option),
// with the pbnsolve and mikix/nonogram-db extensions.
//
// Sources: Simpson's "Puzzle-file format" notes for his nonogram solver,
// Jan Wolter's webpbn exports (which add `goal`), and nonogram-db's FORMAT.md
// (2015: `license`, `color`, colour-suffixed clues, `.nonpack` bundles).
//
// A puzzle is a list of `keyword value` lines:
//   catalogue, title, by, copyright  quoted strings that may hold HTML entities
//   license                          an SPDX id, or a quoted string
//   width N, height N                the size
//   rows, columns                    each followed by one clue line per line of
//                                    the grid: runs separated by commas, "0" or
//                                    a blank line for an empty line; a run may
//                                    end in a colour character ("3a,1b")
//   color C #rrggbb                  declares colour character C
//   color NAME rrggbb C              nonny's dialect: a named colour; its clue
//                                    lines read "red 1 yellow 4" (a name
//                                    colours the runs after it)
//   goal "0110..."                   the picture, row-major, 0 = background
// Unknown lines are ignored, as the format asks. A bundle holds several
// puzzles separated by a line "====".
//
// Choices where the sources are silent:
//   - width/height may come anywhere (not only first); without them the size
//     is the number of clue lines (griddler-solver's brandon.non has none).
//   - In a section, blank lines are formatting when the non-blank lines
//     already give `height` (or `width`) clues; otherwise they stand for
//     empty clues, counted from the line after the keyword.
//   - A run without a colour character uses the first colour; in a goal any
//     character other than 0 is "filled" in a black-and-white puzzle.
//   - Colour characters used without a `color` line get a stock colour.
//   - A puzzle with a goal but no clues gets its clues from the goal.
#include "io/non.hpp"

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
#include "io/text_encoding.hpp"

namespace nonolab::io {

namespace {

/// The clue lines that follow a `rows` or `columns` keyword.
struct Section {
    int keyword_line = 0;         ///< line of the keyword
    int end_line = 0;             ///< line that ended the section (0 = end of file)
    std::string end_text;         ///< that line's text, for messages
    std::vector<TextLine> lines;  ///< every line in between, blank ones included
};

/// Everything one puzzle of the file said, before it is checked and built.
struct RawPuzzle {
    int start_line = 0;
    PuzzleInfo info;
    std::optional<int> width, height;
    int width_line = 0, height_line = 0;
    std::optional<Section> rows, columns;
    std::optional<std::string> goal;
    int goal_line = 0;
    std::vector<std::pair<char, std::uint32_t>> declared;  ///< `color` lines, in order
    /// nonny's named colours (`color red FF0000 #`): name -> its character.
    std::vector<std::pair<std::string, char>> named;
    bool any = false;  ///< saw a known keyword
};

/// Keywords that fill a descriptive field.
const std::pair<const char*, std::string PuzzleInfo::*> kInfoKeys[] = {
    {"title", &PuzzleInfo::title},         {"by", &PuzzleInfo::author},
    {"copyright", &PuzzleInfo::copyright}, {"catalogue", &PuzzleInfo::id},
    {"license", &PuzzleInfo::license},     {"description", &PuzzleInfo::description}};

/// A run as written: its length and its colour character ('1' when bare).
struct RawRun {
    int length;
    char colour;
};

bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
}

/// A line that starts a new key: "====", or a word of two or more letters
/// followed by a space or the end of the line. Clue lines start with a digit.
/// A clue line of nonny's colour dialect starts with a declared colour's
/// name ("red 1 yellow 4"), which is not a keyword.
bool is_keyword_line(std::string_view text,
                     const std::vector<std::pair<std::string, char>>& named = {}) {
    text = trim(text);
    if (text == "====") return true;
    size_t n = 0;
    while (n < text.size() && is_word_char(text[n])) ++n;
    for (const auto& [name, c] : named)
        if (text.substr(0, n) == name) return false;
    return n >= 2 && (n == text.size() || text[n] == ' ' || text[n] == '\t');
}

/// A string value: quotes removed (when present) and entities decoded. The
/// raw text becomes UTF-8 first (text_encoding.hpp; webpbn's export has
/// Latin-1 titles), so that a title holding both a Latin-1 byte and an
/// entity such as &eacute; decodes each correctly.
std::string string_value(std::string_view rest) {
    rest = trim(rest);
    if (!rest.empty() && rest.front() == '"') {
        rest.remove_prefix(1);
        if (!rest.empty() && rest.back() == '"') rest.remove_suffix(1);
    }
    return decode_html_entities(to_utf8(rest));
}

/// The clue lines of a section, one per grid line (see the header comment).
std::vector<TextLine> pick_clue_lines(const Section& s, std::optional<int> expected,
                                      const char* what, const char* side,
                                      const std::string& source) {
    std::vector<TextLine> nonblank;
    for (const TextLine& l : s.lines)
        if (!is_blank(l.text)) nonblank.push_back(l);
    if (!expected) {
        // No size given: interior blank lines are empty clues, outer ones formatting.
        auto first = std::find_if(s.lines.begin(), s.lines.end(),
                                  [](const TextLine& l) { return !is_blank(l.text); });
        auto last = std::find_if(s.lines.rbegin(), s.lines.rend(),
                                 [](const TextLine& l) { return !is_blank(l.text); });
        if (first == s.lines.end()) return {};
        return std::vector<TextLine>(first, last.base());
    }
    const int n = *expected;
    if (static_cast<int>(nonblank.size()) == n) return nonblank;
    if (static_cast<int>(nonblank.size()) > n) {
        const TextLine& extra = nonblank[n];
        throw ParseError(source, extra.number,
                         "expected " + std::to_string(n) + " " + what + " clues (the " + side +
                             "), found more: '" + std::string(trim(extra.text)) + "'");
    }
    if (static_cast<int>(s.lines.size()) < n) {
        const int line =
            s.end_line ? s.end_line : (s.lines.empty() ? s.keyword_line : s.lines.back().number);
        const std::string where =
            s.end_line ? " before '" + std::string(trim(s.end_text)) + "'" : " before the end";
        throw ParseError(source, line,
                         "expected " + std::to_string(n) + " " + what + " clues (the " + side +
                             "), found " + std::to_string(nonblank.size()) + where);
    }
    // Fewer clues than lines: blank lines stand for empty clues.
    for (size_t i = static_cast<size_t>(n); i < s.lines.size(); ++i)
        if (!is_blank(s.lines[i].text))
            throw ParseError(source, s.lines[i].number,
                             "expected " + std::to_string(n) + " " + what + " clues (the " + side +
                                 "; blank lines count as empty clues here), found more: '" +
                                 std::string(trim(s.lines[i].text)) + "'");
    return std::vector<TextLine>(s.lines.begin(), s.lines.begin() + n);
}

/// Colour characters are printable ASCII: they name palette entries and
/// appear in pictures, so control bytes and stray UTF-8 are refused.
bool is_colour_char(char c) {
    return c > ' ' && c < 127 && c != '"' && c != ',';
}

/// Runs end in an optional colour character ("3a,1b"); in nonny's dialect
/// a colour name colours the runs after it ("red 1 yellow 4").
RunSyntax run_syntax(bool colour_words) {
    return RunSyntax{", \t", RunSyntax::kOneChar,
                     "a run length (a positive integer, optionally followed by one colour "
                     "character)",
                     colour_words};
}

std::vector<RawRun> parse_clue_line(const TextLine& line, const std::string& source,
                                    const std::vector<std::pair<std::string, char>>& named) {
    const RunSyntax syntax = run_syntax(!named.empty());
    // nonny: a bare run before any colour name takes the first declared
    // colour (nonny's own default).
    char current = named.empty() ? '1' : named.front().second;
    std::vector<RawRun> runs;
    for_each_run(line.text, syntax, source, line.number, [&](const RunToken& run) {
        if (run.length == 0) {  // a colour word
            const auto it = std::find_if(named.begin(), named.end(),
                                         [&run](const auto& n) { return n.first == run.colour; });
            if (it == named.end())
                throw ParseError(source, line.number,
                                 "expected a run length or a colour declared by a 'color' line, "
                                 "got '" +
                                     std::string(run.text) + "'");
            current = it->second;
        } else if (run.colour.empty()) {
            runs.push_back(RawRun{run.length, current});
        } else if (is_colour_char(run.colour[0])) {
            runs.push_back(RawRun{run.length, run.colour[0]});
        } else {
            throw_bad_run(run.text, syntax, source, line.number);
        }
    });
    return runs;
}

/// Stock colours for colour characters that have no `color` line.
std::uint32_t stock_colour(size_t k) {
    static const std::uint32_t stock[] = {0x000000, 0xD62728, 0x1F77B4, 0x2CA02C,
                                          0xFF7F0E, 0x9467BD, 0x8C564B, 0xE377C2,
                                          0x7F7F7F, 0xBCBD22, 0x17BECF, 0xFFD700};
    return stock[k % (sizeof stock / sizeof stock[0])];
}

Puzzle finish_puzzle(RawPuzzle& raw, int index, const std::string& source) {
    const int at = raw.start_line;
    if (!raw.rows && !raw.columns && !raw.goal)
        throw ParseError(source, at, "expected 'rows' and 'columns' sections (or a goal)");
    if (!raw.rows && raw.columns) throw ParseError(source, at, "expected a 'rows' section");
    if (raw.rows && !raw.columns) throw ParseError(source, at, "expected a 'columns' section");

    std::vector<std::vector<RawRun>> row_runs, col_runs;
    if (raw.rows) {
        for (const TextLine& l : pick_clue_lines(*raw.rows, raw.height, "row", "height", source))
            row_runs.push_back(parse_clue_line(l, source, raw.named));
        for (const TextLine& l :
             pick_clue_lines(*raw.columns, raw.width, "column", "width", source))
            col_runs.push_back(parse_clue_line(l, source, raw.named));
        if (row_runs.empty() || col_runs.empty())
            throw ParseError(source,
                             row_runs.empty() ? raw.rows->keyword_line : raw.columns->keyword_line,
                             "expected at least one clue line after '" +
                                 std::string(row_runs.empty() ? "rows" : "columns") + "'");
        if (row_runs.size() > kMaxSide || col_runs.size() > kMaxSide)
            throw ParseError(source, at,
                             "expected at most " + std::to_string(kMaxSide) + " clue lines");
    } else if (!raw.width || !raw.height) {
        throw ParseError(source, raw.goal_line,
                         "expected 'width' and 'height' (or 'rows' and 'columns') with a goal");
    }
    const int width = raw.width.value_or(static_cast<int>(col_runs.size()));
    const int height = raw.height.value_or(static_cast<int>(row_runs.size()));

    // Colour characters in use: declared ones first (in declaration order), then the rest.
    // Without clues, the goal's characters decide.
    std::vector<char> used;
    std::array<bool, 256> seen{};
    auto note = [&](char c) {
        if (!seen[static_cast<unsigned char>(c)]) used.push_back(c);
        seen[static_cast<unsigned char>(c)] = true;
    };
    auto note_goal = [&]() {
        for (char c : *raw.goal)
            if (c != '0') note(c);
    };
    for (const auto* lines : {&row_runs, &col_runs})
        for (const auto& runs : *lines)
            for (const RawRun& r : runs) note(r.colour);
    if (!raw.rows) note_goal();
    const bool colour = !used.empty() && !(used.size() == 1 && used[0] == '1');
    if (colour && raw.goal && raw.rows) note_goal();

    Palette palette = black_and_white_palette();
    auto declared_rgb = [&raw](char c) -> std::optional<std::uint32_t> {
        std::optional<std::uint32_t> rgb;
        for (const auto& [ch, v] : raw.declared)
            if (ch == c) rgb = v;
        return rgb;
    };
    if (auto bg = declared_rgb('0')) palette[0].rgb = *bg;
    std::vector<char> order;  // palette index k >= 1 <-> order[k - 1]
    if (colour) {
        std::array<bool, 256> placed{};
        auto place = [&](char c) {
            if (!placed[static_cast<unsigned char>(c)]) order.push_back(c);
            placed[static_cast<unsigned char>(c)] = true;
        };
        for (const auto& [ch, v] : raw.declared)
            if (seen[static_cast<unsigned char>(ch)]) place(ch);
        for (char c : used) place(c);
        if (order.size() + 1 > static_cast<size_t>(kMaxColours))
            throw ParseError(source, at,
                             "expected at most " + std::to_string(kMaxColours - 1) +
                                 " colours, got " + std::to_string(order.size()));
        palette.resize(1);
        if (std::find(order.begin(), order.end(), '.') != order.end()) palette[0].symbol = '0';
        for (size_t k = 0; k < order.size(); ++k) {
            const char c = order[k];
            std::string name = c == '1' ? "default" : std::string(1, c);
            for (const auto& [n, ch] : raw.named)
                if (ch == c) name = n;
            palette.push_back(Colour{name, c, declared_rgb(c).value_or(stock_colour(k))});
        }
    } else if (auto rgb = declared_rgb('1')) {
        palette[1].rgb = *rgb;
    }
    std::array<std::uint8_t, 256> by_char;  // colour character -> palette index
    by_char.fill(kFilled);
    for (size_t k = 0; k < order.size(); ++k)
        by_char[static_cast<unsigned char>(order[k])] = static_cast<std::uint8_t>(k + 1);
    auto index_of = [&by_char](char c) { return by_char[static_cast<unsigned char>(c)]; };

    if (raw.goal) {
        const std::string& g = *raw.goal;
        const long cells = static_cast<long>(width) * height;
        if (static_cast<long>(g.size()) != cells)
            throw ParseError(source, raw.goal_line,
                             "expected a goal of " + std::to_string(cells) + " cells (" +
                                 std::to_string(width) + " x " + std::to_string(height) +
                                 "), got " + std::to_string(g.size()));
        Grid goal(width, height, kEmpty);
        for (long i = 0; i < cells; ++i) {
            const char c = g[static_cast<size_t>(i)];
            goal.cells()[static_cast<size_t>(i)] = c == '0' ? kEmpty : index_of(c);
        }
        raw.info.goal = std::move(goal);
    }

    if (!raw.rows) {
        try {
            return puzzle_from_picture(*raw.info.goal, palette, raw.info);
        } catch (const PuzzleError& e) {
            throw ParseError(source, raw.goal_line, e.what());
        }
    }
    auto convert = [&](const std::vector<std::vector<RawRun>>& lines) {
        std::vector<Clue> clues;
        clues.reserve(lines.size());
        for (const auto& runs : lines) {
            Clue clue;
            for (const RawRun& r : runs) clue.push_back(Run{r.length, index_of(r.colour)});
            clues.push_back(std::move(clue));
        }
        return clues;
    };
    return build_puzzle(source, at, index, width, height, convert(row_runs), convert(col_runs),
                        std::move(palette), std::move(raw.info));
}

/// Reads the line lines[i] of a puzzle into `raw`; a section keyword also
/// takes the lines of its section, leaving i on the last of them.
void read_line(RawPuzzle& raw, const std::vector<TextLine>& lines, size_t& i,
               const std::string& source) {
    const TextLine& line = lines[i];
    const std::string_view text = trim(line.text);
    const size_t sp = text.find_first_of(" \t");
    const std::string key = to_lower(text.substr(0, sp));
    const std::string_view rest = sp == std::string_view::npos ? "" : trim(text.substr(sp));
    std::string PuzzleInfo::*field = nullptr;
    for (const auto& [name, member] : kInfoKeys)
        if (key == name) field = member;
    const bool known = field || key == "rows" || key == "columns" || key == "width" ||
                       key == "height" || key == "goal" || key == "color" || key == "colour" ||
                       key == "name";
    if (!known) return;  // the format says: ignore what you do not recognise
    if (!raw.any) raw.start_line = line.number;
    raw.any = true;
    auto once = [&](bool seen, int first_line) {
        if (seen)
            throw ParseError(source, line.number,
                             "expected one '" + key +
                                 "' per puzzle, found a second (the first is on line " +
                                 std::to_string(first_line) + "; separate puzzles with '====')");
    };

    if (key == "rows" || key == "columns") {
        std::optional<Section>& slot = key == "rows" ? raw.rows : raw.columns;
        once(slot.has_value(), slot ? slot->keyword_line : 0);
        Section s;
        s.keyword_line = line.number;
        size_t j = i + 1;
        while (j < lines.size() && !is_keyword_line(lines[j].text, raw.named)) {
            s.lines.push_back(lines[j]);
            if (s.lines.size() > 4 * static_cast<size_t>(kMaxSide))
                throw ParseError(source, lines[j].number,
                                 "expected at most " + std::to_string(kMaxSide) + " clue lines");
            ++j;
        }
        if (j < lines.size()) s.end_line = lines[j].number, s.end_text = lines[j].text;
        slot = std::move(s);
        i = j - 1;
    } else if (key == "width" || key == "height") {
        std::optional<int>& slot = key == "width" ? raw.width : raw.height;
        int& slot_line = key == "width" ? raw.width_line : raw.height_line;
        once(slot.has_value(), slot_line);
        slot = expect_side(rest, source, line.number, ("a " + key).c_str());
        slot_line = line.number;
    } else if (key == "goal") {
        once(raw.goal.has_value(), raw.goal_line);
        std::string g;
        for (char c : rest) {
            if (c == '"' || c == ' ' || c == '\t') continue;
            if (!is_colour_char(c))
                throw ParseError(source, line.number,
                                 "expected goal characters 0/1 or printable colour "
                                 "characters, got byte " +
                                     std::to_string(static_cast<unsigned char>(c)));
            g += c;
        }
        if (g.empty())
            throw ParseError(source, line.number,
                             "expected a goal string of 0/1 or colour characters after "
                             "'goal', got nothing");
        raw.goal = std::move(g);
        raw.goal_line = line.number;
    } else if ((key == "color" || key == "colour") && split_any(rest, " \t").size() == 3) {
        // nonny's dialect: color NAME RRGGBB CHARACTER
        const std::vector<std::string_view> parts = split_any(rest, " \t");
        std::string hex(parts[1]);
        if (hex[0] != '#') hex = "#" + hex;
        const std::optional<std::uint32_t> rgb = parse_hex_rgb(hex);
        bool word = parts[0].size() >= 2;
        for (char c : parts[0]) word = word && is_word_char(c);
        if (!word || !rgb || parts[2].size() != 1 || !is_colour_char(parts[2][0]))
            throw ParseError(
                source, line.number,
                "expected 'color <name> rrggbb <character>', got '" + std::string(text) + "'");
        // A palette's names are unique (core/puzzle.hpp); a second
        // declaration of a name is a mistake, not a second colour.
        for (const auto& [n, ch] : raw.named)
            if (n == parts[0])
                throw ParseError(source, line.number,
                                 "expected a new colour, but '" + n +
                                     "' was already declared by an earlier 'color' line");
        // Digits and '.' mean background and bare runs in this format's
        // clues and goals, so such a character gives way to a free letter
        // (it only draws the colour).
        char symbol = parts[2][0];
        auto taken = [&raw](char c) {
            for (const auto& [n, ch] : raw.named)
                if (ch == c) return true;
            return false;
        };
        if ((symbol >= '0' && symbol <= '9') || symbol == '.' || taken(symbol))
            for (char c : std::string_view("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
                if (!taken(c)) {
                    symbol = c;
                    break;
                }
        raw.declared.emplace_back(symbol, *rgb);
        raw.named.emplace_back(std::string(parts[0]), symbol);
    } else if (key == "color" || key == "colour") {
        const std::vector<std::string_view> parts = split_any(rest, " \t");
        const std::optional<std::uint32_t> rgb =
            parts.size() == 2 ? parse_hex_rgb(parts[1]) : std::nullopt;
        if (parts.size() != 2 || parts[0].size() != 1 || !rgb ||
            (parts[0][0] >= '2' && parts[0][0] <= '9') || parts[0][0] == ',')
            throw ParseError(
                source, line.number,
                "expected 'color <character> #rrggbb', got '" + std::string(text) + "'");
        raw.declared.emplace_back(parts[0][0], *rgb);
    } else if (key == "name") {  // griddler-solver's files
        if (raw.info.title.empty()) raw.info.title = string_value(rest);
    } else {
        raw.info.*field = string_value(rest);
    }
}

}  // namespace

// In a bundle, `====` marks the puzzles: after an error the rest of that
// puzzle is skipped and the next one is read as if nothing had happened.
std::vector<PuzzleSlot> read_non_each(std::string_view content, const std::string& source) {
    const std::vector<TextLine> lines = split_lines(content);
    const bool bundle = std::any_of(lines.begin(), lines.end(),
                                    [](const TextLine& l) { return trim(l.text) == "===="; });
    std::vector<PuzzleSlot> slots;
    RawPuzzle raw;
    std::optional<ParseError> failed;  // the current puzzle's first error
    auto flush = [&]() {
        const int index = bundle ? static_cast<int>(slots.size()) + 1 : 0;
        if (failed)
            slots.push_back(failed_slot(*failed, raw.start_line, raw.info.title));
        else if (raw.any)
            slots.push_back(read_slot(source, raw.start_line, raw.info.title,
                                      [&] { return finish_puzzle(raw, index, source); }));
        raw = RawPuzzle{};
        failed.reset();
    };

    for (size_t i = 0; i < lines.size(); ++i) {
        const std::string_view text = trim(lines[i].text);
        if (text == "====") {
            flush();
            continue;
        }
        if (text.empty() || failed) continue;
        try {
            read_line(raw, lines, i, source);
        } catch (const ParseError& e) {
            failed = e;
        }
    }
    flush();
    if (slots.empty())
        throw ParseError(source, 0,
                         "expected a .non puzzle ('width', 'height', 'rows' and 'columns' "
                         "lines), found none");
    return slots;
}

std::vector<Puzzle> read_non(std::string_view content, const std::string& source) {
    return puzzles_or_first_error(read_non_each(content, source));
}

int sniff_non(std::string_view content) {
    bool width = false, height = false, rows = false, columns = false, goal = false;
    int seen = 0;
    size_t start = 0;
    content = strip_bom(content);
    while (start < content.size() && seen < 50000) {
        size_t end = content.find('\n', start);
        if (end == std::string_view::npos) end = content.size();
        const std::string_view text = trim(content.substr(start, end - start));
        start = end + 1;
        ++seen;
        if (text.empty() || (text[0] >= '0' && text[0] <= '9')) continue;
        if (text == "rows")
            rows = true;
        else if (text == "columns")
            columns = true;
        else if (text.substr(0, 6) == "width ")
            width = parse_int(trim(text.substr(6))).has_value();
        else if (text.substr(0, 7) == "height ")
            height = parse_int(trim(text.substr(7))).has_value();
        else if (text.substr(0, 6) == "goal \"")
            goal = true;
        if (width && height && (rows || columns || goal)) return 100;
    }
    if (rows && columns) return 60;
    if (width && height) return 30;
    return 0;
}

}  // namespace nonolab::io

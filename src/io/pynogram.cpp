// pynogram's INI-like board files (github.com/tsionyx/pynogram, examples/*.txt,
// format described in its examples/hello.txt) and the TOML variant used by
// nonogrid (github.com/tsionyx/nonogrid, examples/*.toml):
//
//     [colors]                    # optional; TOML: defs = ['b = (blue) *', ...]
//     b = (blue) *                # name = (css name | r, g, b | RRGGBB) symbol
//     [clues]
//     columns = 1 1, 3b 1         # clues separated by commas and/or newlines
//         2r
//     rows = """                  # TOML puts the lists in triple quotes
//         1, 2 1
//     """
//
// Comments start with '#' or ';' anywhere on a line. Blank lines inside a
// list only break it up visually; an empty clue is written "0". A clue may be
// quoted ('1 1'). A run is a length with an optional colour-name suffix
// ("3b"); a bare length is the default colour, black. The palette is white,
// then black if any bare run uses it, then the defined colours that the clues
// use, in definition order (unused definitions are dropped, so a file with an
// empty [colors] section stays black-and-white).
#include "io/pynogram.hpp"

#include <optional>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "io/clue_tokens.hpp"
#include "io/colours.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

struct ColourDef {
    std::string key;   // the name used in clues, e.g. "b"
    std::string name;  // palette name, e.g. "blue"
    std::uint32_t rgb = 0;
    char symbol = 0;
    int line = 0;
};

struct ClueText {
    int line;
    std::string text;
};

bool is_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// Everything before the first '#' or ';'.
std::string_view cut_comment(std::string_view s) {
    const size_t p = s.find_first_of("#;");
    return p == std::string_view::npos ? s : s.substr(0, p);
}

// Like cut_comment, but ignores '#' and ';' inside '...' or "..." strings.
std::string_view cut_comment_quoted(std::string_view s) {
    char quote = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#' || c == ';') {
            return s.substr(0, i);
        }
    }
    return s;
}

// "key = rest": the key when the line starts with an identifier and '='.
std::optional<std::string_view> key_of(std::string_view line, std::string_view& rest) {
    std::string_view t = trim(line);
    size_t i = 0;
    if (t.empty() || !is_alpha(t[0])) return std::nullopt;
    while (i < t.size() && (is_alpha(t[i]) || ascii_digit(t[i]) || t[i] == '-')) ++i;
    const std::string_view key = t.substr(0, i);
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) ++i;
    if (i >= t.size() || t[i] != '=') return std::nullopt;
    rest = t.substr(i + 1);
    return key;
}

class PynogramParser {
  public:
    PynogramParser(std::string_view content, const std::string& source) : source_(source) {
        lines_ = split_lines(content);
    }

    Puzzle parse() {
        enum class Section { None, Clues, Colours, Other } section = Section::None;
        std::vector<ClueText>* current = nullptr;  // the list being continued
        bool in_defs = false;                      // inside a TOML `defs = [` array
        int clues_line = 0;
        for (const TextLine& l : lines_) {
            const std::string_view t = trim(l.text);
            if (in_defs) {
                if (add_defs(cut_comment_quoted(t), l.number)) in_defs = false;
                continue;
            }
            if (t.empty() || t[0] == '#' || t[0] == ';') continue;
            if (t.front() == '[' && t.back() == ']' && t.find('=') == std::string_view::npos) {
                const std::string name = to_lower(trim(t.substr(1, t.size() - 2)));
                current = nullptr;
                if (name == "clues") {
                    section = Section::Clues;
                    if (!clues_line) clues_line = l.number;
                } else if (name == "colors" || name == "colours") {
                    section = Section::Colours;
                } else {
                    section = Section::Other;
                }
                continue;
            }
            std::string_view rest;
            const auto key = key_of(l.text, rest);
            switch (section) {
                case Section::None:
                    throw ParseError(source_, l.number,
                                     "expected a section header such as [clues], got '" +
                                         std::string(t.substr(0, 30)) + "'");
                case Section::Other:
                    break;
                case Section::Colours:
                    if (key && to_lower(*key) == "defs") {
                        if (!add_defs(cut_comment_quoted(rest), l.number, true)) in_defs = true;
                    } else if (key) {
                        add_colour(t, l.number);
                    } else {
                        throw ParseError(
                            source_, l.number,
                            "expected a colour definition 'name = (colour) symbol', got '" +
                                std::string(t.substr(0, 30)) + "'");
                    }
                    break;
                case Section::Clues: {
                    if (key) {
                        const std::string k = to_lower(*key);
                        if (k == "columns" || k == "cols")
                            current = &columns_;
                        else if (k == "rows")
                            current = &rows_;
                        else
                            throw ParseError(source_, l.number,
                                             "expected 'columns =' or 'rows =' in [clues], got '" +
                                                 std::string(*key) + " ='");
                        if (!current->empty())
                            throw ParseError(source_, l.number,
                                             "'" + k + "' is given twice in [clues]");
                        set_lines_[current == &rows_] = l.number;
                        current->push_back({l.number, std::string(cut_comment(rest))});
                    } else if (current) {
                        current->push_back({l.number, std::string(cut_comment(l.text))});
                    } else {
                        throw ParseError(
                            source_, l.number,
                            "expected 'columns =' or 'rows =' before the clues, got '" +
                                std::string(t.substr(0, 30)) + "'");
                    }
                    break;
                }
            }
        }
        if (in_defs)
            throw ParseError(
                source_, lines_.empty() ? 0 : lines_.back().number,
                "expected ']' to close the colour 'defs' list, got the end of the file");
        if (!clues_line)
            throw ParseError(
                source_, lines_.empty() ? 0 : lines_.back().number,
                "expected a [clues] section with 'columns =' and 'rows =', found none");
        if (!set_lines_[0])
            throw ParseError(source_, clues_line, "expected 'columns =' in the [clues] section");
        if (!set_lines_[1])
            throw ParseError(source_, clues_line, "expected 'rows =' in the [clues] section");

        std::vector<std::vector<RawRun>> raw_cols = clue_list(columns_, "column");
        std::vector<std::vector<RawRun>> raw_rows = clue_list(rows_, "row");
        Palette palette = make_palette(raw_rows, raw_cols);
        std::vector<Clue> rows = resolve(raw_rows), cols = resolve(raw_cols);
        const int w = static_cast<int>(cols.size()), h = static_cast<int>(rows.size());
        return build_puzzle(source_, clues_line, 0, w, h, std::move(rows), std::move(cols),
                            std::move(palette));
    }

  private:
    struct RawRun {
        int length;
        int colour;  // -1 = default (black), else index into defs_
    };

    // Quoted colour definitions of a TOML `defs` array; returns true once
    // the closing ']' has been seen.
    bool add_defs(std::string_view s, int line, bool opening = false) {
        s = trim(s);
        if (opening) {
            if (s.empty() || s[0] != '[')
                throw ParseError(source_, line, "expected '[' to start the colour 'defs' list");
            s.remove_prefix(1);
        }
        size_t i = 0;
        while (i < s.size()) {
            const char c = s[i];
            if (c == ' ' || c == '\t' || c == ',') {
                ++i;
            } else if (c == ']') {
                if (!trim(s.substr(i + 1)).empty())
                    throw ParseError(source_, line, "expected nothing after ']' closing 'defs'");
                return true;
            } else if (c == '\'' || c == '"') {
                const size_t end = s.find(c, i + 1);
                if (end == std::string_view::npos)
                    throw ParseError(
                        source_, line,
                        std::string("expected a closing ") + c + " in the colour definition");
                add_colour(s.substr(i + 1, end - i - 1), line);
                i = end + 1;
            } else {
                throw ParseError(source_, line,
                                 "expected a quoted colour definition in 'defs', got '" +
                                     std::string(s.substr(i, 20)) + "'");
            }
        }
        return false;
    }

    // "b = (blue) *"
    void add_colour(std::string_view def, int line) {
        std::string_view rest;
        const auto key = key_of(def, rest);
        if (!key)
            throw ParseError(source_, line,
                             "expected a colour definition 'name = (colour) symbol', got '" +
                                 std::string(trim(def).substr(0, 30)) + "'");
        rest = trim(rest);
        if (rest.empty() || rest[0] != '(')
            throw ParseError(
                source_, line,
                "expected '(' and a colour description after '" + std::string(*key) + " ='");
        const size_t close = rest.find(')');
        if (close == std::string_view::npos)
            throw ParseError(source_, line, "expected ')' to close the colour description");
        const std::string_view desc = trim(rest.substr(1, close - 1));
        std::string_view after = trim(rest.substr(close + 1));
        ColourDef c;
        c.key = std::string(*key);
        c.line = line;
        if (!after.empty()) {
            // "(red) *" or "(red) * # comment"; a '#' or ';' followed by more
            // text is a comment rather than the symbol.
            const std::string_view tail = trim(after.substr(1));
            const bool comment_char = after[0] == '#' || after[0] == ';';
            if (tail.empty() || !comment_char) c.symbol = after[0];
            if (!tail.empty() && !comment_char && tail[0] != '#' && tail[0] != ';')
                throw ParseError(source_, line,
                                 "expected one symbol character after the colour, got '" +
                                     std::string(after.substr(0, 20)) + "'");
        }
        describe(desc, c);
        for (const ColourDef& d : defs_)
            if (d.key == c.key)
                throw ParseError(source_, line,
                                 "colour '" + c.key + "' is defined twice (first at line " +
                                     std::to_string(d.line) + ")");
        if (defs_.size() >= static_cast<size_t>(kMaxColours))
            throw UnsupportedError(
                source_, line,
                "more colours than nonolab supports (" + std::to_string(kMaxColours - 1) + ")");
        defs_.push_back(std::move(c));
    }

    // (red) | (0, 204, 0) | (FF0000)
    void describe(std::string_view desc, ColourDef& c) const {
        const auto parts = split_any(desc, ", \t");
        if (parts.size() == 3) {
            std::uint32_t rgb = 0;
            for (std::string_view p : parts) {
                const auto v = parse_int(p);
                if (!v || *v > 255)
                    throw ParseError(
                        source_, c.line,
                        "expected an RGB triple of 0..255 values, got '" + std::string(p) + "'");
                rgb = rgb << 8 | static_cast<std::uint32_t>(*v);
            }
            c.rgb = rgb;
            c.name = colour_name_of_rgb(rgb).value_or(c.key);
            return;
        }
        std::string_view hex = desc;
        if (!hex.empty() && hex[0] == '#') hex.remove_prefix(1);
        if (hex.size() == 6 &&
            hex.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos) {
            c.rgb = static_cast<std::uint32_t>(std::stoul(std::string(hex), nullptr, 16));
            c.name = colour_name_of_rgb(c.rgb).value_or(c.key);
            return;
        }
        if (const auto rgb = rgb_of_colour_name(desc)) {
            c.rgb = *rgb;
            c.name = to_lower(desc);
            return;
        }
        if (parts.size() == 1 && !desc.empty() && is_alpha(desc[0])) {
            // An unknown name: keep it, shown as grey.
            c.rgb = 0x808080;
            c.name = to_lower(desc);
            return;
        }
        throw ParseError(source_, c.line,
                         "expected a colour name, 'r, g, b' or RRGGBB in the parentheses, got '" +
                             std::string(desc.substr(0, 30)) + "'");
    }

    std::vector<std::vector<RawRun>> clue_list(const std::vector<ClueText>& texts,
                                               const char* what) {
        std::vector<std::vector<RawRun>> out;
        for (const ClueText& t : texts) {
            std::string cleaned = t.text;
            for (char& ch : cleaned)
                if (ch == '\'' || ch == '"') ch = ' ';
            for (std::string_view piece : split_any(cleaned, ",")) {
                if (is_blank(piece)) continue;
                if (out.size() >= static_cast<size_t>(kMaxSide))
                    throw ParseError(source_, t.line,
                                     std::string("expected at most ") + std::to_string(kMaxSide) +
                                         " " + what + " clues");
                out.push_back(parse_clue(piece, t.line));
            }
        }
        return out;
    }

    std::vector<RawRun> parse_clue(std::string_view piece, int line) {
        // A run is a length and an optional colour name: "3", "3b", "3red".
        static const RunSyntax syntax{
            " \t", RunSyntax::kAnyText,
            "a run length (a positive integer, optionally followed by a colour name)"};
        std::vector<RawRun> clue;
        for_each_run(piece, syntax, source_, line, [&](const RunToken& run) {
            int colour = -1;
            if (!run.colour.empty()) {
                for (size_t k = 0; k < defs_.size() && colour < 0; ++k)
                    if (defs_[k].key == run.colour) colour = static_cast<int>(k);
                if (colour < 0) {
                    std::string known;
                    for (const ColourDef& d : defs_) known += (known.empty() ? "" : ", ") + d.key;
                    throw ParseError(
                        source_, line,
                        "expected a colour defined in [colors] after the run length, got '" +
                            std::string(run.colour.substr(0, 20)) +
                            "' (defined: " + (known.empty() ? std::string("none") : known) + ")");
                }
            }
            clue.push_back({run.length, colour});
        });
        return clue;
    }

    Palette make_palette(const std::vector<std::vector<RawRun>>& a,
                         const std::vector<std::vector<RawRun>>& b) {
        std::vector<bool> used(defs_.size(), false);
        bool default_used = false;
        for (const auto* side : {&a, &b})
            for (const auto& clue : *side)
                for (const RawRun& r : clue) {
                    if (r.colour < 0)
                        default_used = true;
                    else
                        used[r.colour] = true;
                }
        // A defined colour called "black" is the default colour itself.
        int black_def = -1;
        for (size_t k = 0; k < defs_.size(); ++k)
            if (defs_[k].key == "black") black_def = static_cast<int>(k);
        if (black_def >= 0 && default_used) used[black_def] = true;

        Palette palette{Colour{"white", '.', 0xFFFFFF}};
        std::vector<char> preferred{'.'};
        index_.assign(defs_.size(), 0);
        default_index_ = 0;
        bool any_defined = false;
        for (bool u : used) any_defined = any_defined || u;
        if ((default_used && black_def < 0) || (!default_used && !any_defined)) {
            palette.push_back(Colour{"black", '#', 0x000000});
            preferred.push_back('#');
            default_index_ = 1;
        }
        for (size_t k = 0; k < defs_.size(); ++k) {
            if (!used[k]) continue;
            index_[k] = static_cast<int>(palette.size());
            palette.push_back(Colour{unique_colour_name(palette, defs_[k].name), 0, defs_[k].rgb});
            preferred.push_back(defs_[k].symbol);
        }
        if (black_def >= 0 && default_used) default_index_ = index_[black_def];
        if (palette.size() > static_cast<size_t>(kMaxColours) ||
            !assign_symbols(palette, preferred))
            throw UnsupportedError(source_, defs_.empty() ? 0 : defs_.back().line,
                                   "the puzzle uses " + std::to_string(palette.size() - 1) +
                                       " colours, more than nonolab can give distinct symbols to");
        return palette;
    }

    std::vector<Clue> resolve(const std::vector<std::vector<RawRun>>& raw) const {
        std::vector<Clue> out(raw.size());
        for (size_t i = 0; i < raw.size(); ++i)
            for (const RawRun& r : raw[i])
                out[i].push_back(Run{
                    r.length,
                    static_cast<std::uint8_t>(r.colour < 0 ? default_index_ : index_[r.colour])});
        return out;
    }

    const std::string& source_;
    std::vector<TextLine> lines_;
    std::vector<ColourDef> defs_;
    std::vector<ClueText> columns_, rows_;
    int set_lines_[2] = {0, 0};  // line of 'columns =', 'rows ='
    std::vector<int> index_;     // defs_ index -> palette index
    int default_index_ = 1;
};

}  // namespace

std::vector<Puzzle> read_pynogram(std::string_view content, const std::string& source) {
    PynogramParser parser(content, source);
    return {parser.parse()};
}

int sniff_pynogram(std::string_view content) {
    for (const TextLine& l : split_lines(content.substr(0, 65536))) {
        const std::string_view t = trim(l.text);
        if (t.size() >= 7 && t.front() == '[' && to_lower(t) == "[clues]") return 100;
    }
    return 0;
}

}  // namespace nonolab::io

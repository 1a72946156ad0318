// JSON puzzle files: nonolab's own layout, plus the two layouts met in the wild.
//
// nonolab JSON (written by write_json; our own design):
//   {"format": "nonolab", "version": 1, "puzzles": [
//     {"title": "...", "author": "...", "copyright": "...", "license": "...",
//      "id": "...", "description": "...", "width": 4, "height": 3,
//      "colours": [{"name": "white", "symbol": ".", "rgb": "#ffffff"}, ...],
//      "rows": [[2], [1, 1], []], "columns": [...],
//      "goal": [".##.", ...]}]}
//   "colours" is omitted for the default black-and-white palette; its first
//   entry is the background. A run is a length (first colour) or a pair
//   [length, "symbol or name"]; a clue may also be a string such as "3r 1b".
//   An empty clue is [] or [0]. "goal" holds one string per row, one palette
//   symbol per cell.
// annap95/GriddlerSolverComparison: {"id", "level", "height", "width",
//   "colsDef": [[2,1], ...], "rowsDef": [[2], ...]}.
// Thesis style: {"rows": [...], "columns": [...], "rowCount": 10,
//   "columnCount": 5}.
// erikbrinkman/color-nonogram (example.json): {"styles": {"B": ["blue",
//   "bgBlue"], " ": ["white", "bgWhite"], ...}, "rows": ["2B4K1L 2L", ...],
//   "cols": [...]}. Each letter of "styles" is a colour (" " the
//   background), named by its terminal colour. In a run string, blocks
//   written without a space between them touch and a space stands for one
//   or more background cells; webpbn-style clues keep only the order, so the
//   spaces are dropped (the touching is a hint we cannot represent). Two
//   touching blocks of the same colour would be one block: refused.
// The top level may be one puzzle object, an array of them, or an object
// with a "puzzles" array. Without clues, a goal gives them.
//
// Errors carry the line of the offending value (see json_value.hpp).
#include "io/json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/picture.hpp"
#include "io/clue_tokens.hpp"
#include "io/colours.hpp"
#include "io/json_value.hpp"
#include "io/puzzle_slots.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

using JValue = JsonValue;

/// Runs written as a string: "3", "3r", "3red", or touching blocks "2B4K1L".
const RunSyntax kRunStrings{
    " \t,", RunSyntax::kAnyText,
    "run lengths with an optional colour symbol (such as '3', '3r', or '2B4K' for touching "
    "blocks)"};

/// Turns one puzzle object into a Puzzle, reporting errors at value lines.
class PuzzleReader {
  public:
    PuzzleReader(const JValue& obj, int index, const std::string& source)
        : obj_(obj), index_(index), source_(source) {}

    Puzzle read() {
        if (obj_.kind != JValue::Kind::Object)
            fail(obj_, std::string("expected a puzzle object, got ") + json_kind_name(obj_.kind));
        read_info();
        read_palette();
        by_symbol_.fill(-1);
        for (size_t k = palette_.size(); k-- > 0;)
            by_symbol_[static_cast<unsigned char>(palette_[k].symbol)] = static_cast<int>(k);
        const JValue* rows = first_of({"rows", "rowsDef"});
        const JValue* cols = first_of({"columns", "colsDef", "cols"});
        const JValue* width = first_of({"width", "columnCount"});
        const JValue* height = first_of({"height", "rowCount"});
        const JValue* goal = obj_.get("goal");
        if (!rows && !cols && !goal)
            fail(obj_,
                 "expected \"rows\" and \"columns\" (or \"rowsDef\" and \"colsDef\"), "
                 "found neither");
        if (!rows != !cols)
            fail(obj_, std::string("expected both row and column clues, found only ") +
                           (rows ? "rows" : "columns"));
        std::optional<int> w = width ? std::optional<int>(side(*width, "a width")) : std::nullopt;
        std::optional<int> h =
            height ? std::optional<int>(side(*height, "a height")) : std::nullopt;

        std::vector<Clue> row_clues, col_clues;
        if (rows) {
            row_clues = clues(*rows, "row");
            col_clues = clues(*cols, "column");
            check_count(width, w, col_clues.size(), "width", "column");
            check_count(height, h, row_clues.size(), "height", "row");
            w = static_cast<int>(col_clues.size());
            h = static_cast<int>(row_clues.size());
            if (*w == 0 || *h == 0)
                fail(*w == 0 ? *cols : *rows,
                     "expected at least one clue in each of the row "
                     "and column lists");
        }
        if (goal) info_.goal = read_goal(*goal, w, h);
        // The goal is read: from here on the symbols are only labels.
        spaceless_symbols(palette_);
        if (!rows) {
            try {
                return puzzle_from_picture(*info_.goal, palette_, info_);
            } catch (const PuzzleError& e) {
                fail(*goal, e.what());
            }
        }
        return build_puzzle(source_, obj_.line, index_, *w, *h, std::move(row_clues),
                            std::move(col_clues), palette_, info_);
    }

  private:
    [[noreturn]] void fail(const JValue& at, const std::string& message) const {
        const std::string prefix = index_ > 0 ? "puzzle " + std::to_string(index_) + ": " : "";
        throw ParseError(source_, at.line, prefix + message);
    }

    const JValue* first_of(std::initializer_list<const char*> keys) const {
        for (const char* k : keys)
            if (const JValue* v = obj_.get(k)) return v;
        return nullptr;
    }

    std::string str(const JValue& v, const char* what) const {
        if (v.kind == JValue::Kind::String) return v.text;
        if (v.kind == JValue::Kind::Integer) return std::to_string(v.integer);
        fail(v,
             std::string("expected a string for \"") + what + "\", got " + json_kind_name(v.kind));
    }

    void read_info() {
        auto field = [this](std::initializer_list<const char*> keys, std::string& out) {
            for (const char* k : keys)
                if (const JValue* v = obj_.get(k)) {
                    if (v->kind != JValue::Kind::Null) out = str(*v, k);
                    return;
                }
        };
        field({"title", "name"}, info_.title);
        field({"author", "by"}, info_.author);
        field({"copyright"}, info_.copyright);
        field({"license"}, info_.license);
        field({"id"}, info_.id);
        field({"description"}, info_.description);
    }

    int side(const JValue& v, const char* what) const {
        if (v.kind != JValue::Kind::Integer || !is_side(v.integer))
            fail(v, "expected " + side_wanted(what) + ", got " + describe(v));
        return static_cast<int>(v.integer);
    }

    void check_count(const JValue* at, std::optional<int> declared, size_t count, const char* what,
                     const char* kind) const {
        if (declared && *declared != static_cast<int>(count))
            fail(*at, std::string("expected ") + what + " " + std::to_string(*declared) +
                          " to match the " + std::to_string(count) + " " + kind + " clues");
    }

    static std::string describe(const JValue& v) {
        if (v.kind == JValue::Kind::Integer) return std::to_string(v.integer);
        if (v.kind == JValue::Kind::Float) return std::to_string(v.number);
        if (v.kind == JValue::Kind::String) return "\"" + v.text.substr(0, 40) + "\"";
        return json_kind_name(v.kind);
    }

    void read_palette() {
        const JValue* list = obj_.get("colours");
        if (!list) list = obj_.get("colors");
        if (!list) {
            if (const JValue* styles = obj_.get("styles")) read_styles(*styles);
            return;
        }
        if (list->kind != JValue::Kind::Array || list->items.size() < 2)
            fail(*list,
                 "expected \"colours\" to be an array of at least two colour objects "
                 "(the background first)");
        if (list->items.size() > static_cast<size_t>(kMaxColours))
            fail(*list, "expected at most " + std::to_string(kMaxColours) + " colours, got " +
                            std::to_string(list->items.size()));
        Palette palette;
        for (const JValue& c : list->items) {
            if (c.kind != JValue::Kind::Object)
                fail(c, std::string("expected a colour object, got ") + json_kind_name(c.kind));
            Colour colour;
            if (const JValue* n = c.get("name")) colour.name = str(*n, "name");
            const JValue* sym = c.get("symbol");
            if (!sym) sym = c.get("char");
            if (sym) {
                const std::string s = str(*sym, "symbol");
                if (s.size() != 1)
                    fail(*sym, "expected a one-character colour symbol, got \"" + s + "\"");
                colour.symbol = s[0];
            }
            const JValue* rgb = c.get("rgb");
            if (!rgb) rgb = c.get("color");
            if (rgb) {
                const std::string s = str(*rgb, "rgb");
                const auto v = parse_hex_rgb(s);
                if (!v) fail(*rgb, "expected an RGB colour like \"#ff0000\", got \"" + s + "\"");
                colour.rgb = *v;
            }
            if (colour.name.empty()) colour.name = "colour " + std::to_string(palette.size());
            if (!sym)
                colour.symbol =
                    palette.empty() ? '.' : static_cast<char>('a' + palette.size() % 26);
            palette.push_back(std::move(colour));
        }
        palette_ = std::move(palette);
    }

    /// color-nonogram's letter -> [terminal colour, background style] table.
    void read_styles(const JValue& styles) {
        if (styles.kind != JValue::Kind::Object ||
            styles.items.size() > static_cast<size_t>(kMaxColours))
            fail(styles,
                 "expected \"styles\" to map colour letters to [\"colour name\", ...] "
                 "(at most " +
                     std::to_string(kMaxColours) + ")");
        Palette palette{Colour{"white", '.', 0xFFFFFF}};
        for (size_t k = 0; k < styles.keys.size(); ++k) {
            const std::string& letter = styles.keys[k];
            const JValue& v = styles.items[k];
            const JValue* name = v.kind == JValue::Kind::Array && !v.items.empty()
                                     ? &v.items[0]
                                     : (v.kind == JValue::Kind::String ? &v : nullptr);
            if (!name || name->kind != JValue::Kind::String)
                fail(v, "expected the style of '" + letter + "' as [\"colour name\", ...], got " +
                            json_kind_name(v.kind));
            const std::string lower = to_lower(name->text);
            const std::uint32_t rgb = rgb_of_colour_name(lower).value_or(0x808080);
            if (letter == " ") {
                palette[0] = Colour{lower, '.', rgb};
                continue;
            }
            const char c = letter.size() == 1 ? letter[0] : '\0';
            if (c <= ' ' || c >= 127 || (c >= '0' && c <= '9') || c == ',' || c == '.')
                fail(v, "expected a one-letter colour key in \"styles\", got \"" + letter + "\"");
            palette.push_back(Colour{unique_colour_name(palette, lower), c, rgb});
        }
        if (palette.size() < 2)
            fail(styles, "expected at least one colour besides \" \" in \"styles\"");
        palette_ = std::move(palette);
    }

    /// Palette index named by a run's colour reference (symbol, name or index).
    std::uint8_t colour_ref(const JValue& v) const {
        if (v.kind == JValue::Kind::Integer) {
            if (v.integer >= 1 && v.integer < static_cast<std::int64_t>(palette_.size()))
                return static_cast<std::uint8_t>(v.integer);
        } else if (v.kind == JValue::Kind::String) {
            if (auto k = colour_by_text(v.text)) return *k;
        }
        fail(v, "expected a colour (a symbol, name or index of a foreground colour), got " +
                    describe(v));
    }

    std::optional<std::uint8_t> colour_by_text(std::string_view t) const {
        if (t.size() == 1 && by_symbol_[static_cast<unsigned char>(t[0])] >= 1)
            return static_cast<std::uint8_t>(by_symbol_[static_cast<unsigned char>(t[0])]);
        for (size_t k = 1; k < palette_.size(); ++k)
            if (palette_[k].name == t) return static_cast<std::uint8_t>(k);
        return std::nullopt;
    }

    int length(const JValue& v) const {
        if (v.kind != JValue::Kind::Integer || v.integer < 1 || v.integer > kMaxSide)
            fail(v, "expected a run length (a positive integer), got " + describe(v));
        return static_cast<int>(v.integer);
    }

    /// A clue written as a string: runs separated by blanks or commas. The
    /// shared grammar throws; this reader's own refusals (a colour) are
    /// noted and stop the reading at once, so that the first problem of
    /// the string is the one reported, with the string quoted.
    Clue clue_from_string(const JValue& v) const {
        Clue clue;
        std::string refused;
        try {
            for_each_run(v.text, kRunStrings, source_, v.line, [&](const RunToken& run) {
                if (refused.empty()) refused = add_string_run(run, clue);
            });
        } catch (const ParseError& e) {
            if (refused.empty()) refused = e.message();
        }
        if (!refused.empty()) fail(v, refused + " in \"" + v.text.substr(0, 60) + "\"");
        return clue;
    }

    /// Adds one run of a run string to `clue`; returns why it is refused,
    /// or "" when it is not.
    std::string add_string_run(const RunToken& run, Clue& clue) const {
        const std::optional<std::uint8_t> whole =
            run.colour.empty() ? std::optional<std::uint8_t>(kFilled) : colour_by_text(run.colour);
        if (whole) {
            clue.push_back(Run{run.length, *whole});
            return "";
        }
        // The colour text names no colour as a whole: touching blocks, each
        // a length and one symbol ("2B4K1L").
        const std::string got = ", got '" + std::string(run.text.substr(0, 40)) + "'";
        std::uint8_t previous = 0;
        for (std::string_view rest = run.text; !rest.empty();) {
            const std::optional<RunToken> block = split_run_token(rest);
            // 0 = no colour: colour_by_text gives foreground indices only.
            const std::uint8_t c = block && !block->colour.empty()
                                       ? colour_by_text(block->colour.substr(0, 1)).value_or(0)
                                       : 0;
            if (!block || block->length < 1 || c == 0)
                return std::string("expected ") + kRunStrings.expected + got;
            if (c == previous)
                return "expected touching blocks to differ in colour (two blocks of one colour "
                       "written without a space would be one block)" +
                       got;
            clue.push_back(Run{block->length, c});
            previous = c;
            rest = block->colour.substr(1);
        }
        return "";
    }

    Clue clue(const JValue& v) const {
        if (v.kind == JValue::Kind::String) return clue_from_string(v);
        if (v.kind != JValue::Kind::Array)
            fail(v, std::string("expected a clue (an array of run lengths), got ") +
                        json_kind_name(v.kind));
        Clue clue;
        if (v.items.size() == 1 && v.items[0].kind == JValue::Kind::Integer &&
            v.items[0].integer == 0)
            return clue;
        for (const JValue& run : v.items) {
            if (run.kind == JValue::Kind::Array) {
                if (run.items.size() != 2)
                    fail(run, "expected a run as [length, colour], got an array of " +
                                  std::to_string(run.items.size()));
                clue.push_back(Run{length(run.items[0]), colour_ref(run.items[1])});
            } else {
                if (run.kind == JValue::Kind::Integer && run.integer == 0)
                    fail(run,
                         "expected positive run lengths (a 0 may only stand alone for an empty "
                         "line)");
                clue.push_back(Run{length(run), kFilled});
            }
        }
        return clue;
    }

    std::vector<Clue> clues(const JValue& v, const char* kind) const {
        if (v.kind != JValue::Kind::Array)
            fail(v, std::string("expected an array of ") + kind + " clues, got " +
                        json_kind_name(v.kind));
        if (v.items.size() > static_cast<size_t>(kMaxSide))
            fail(v, "expected at most " + std::to_string(kMaxSide) + " " + kind + " clues");
        std::vector<Clue> out;
        out.reserve(v.items.size());
        for (const JValue& c : v.items) out.push_back(clue(c));
        return out;
    }

    Cell cell_of(char ch, const JValue& at) const {
        const int k = by_symbol_[static_cast<unsigned char>(ch)];
        if (k >= 0) return static_cast<Cell>(k);
        fail(at, std::string("expected a colour symbol in the goal, got '") + ch + "'");
    }

    Grid read_goal(const JValue& g, std::optional<int> w, std::optional<int> h) const {
        if (g.kind == JValue::Kind::String) {
            // One row-major string, as in .non files.
            if (!w || !h) fail(g, "expected \"width\" and \"height\" with a one-string goal");
            if (g.text.size() != static_cast<size_t>(*w) * static_cast<size_t>(*h))
                fail(g, "expected a goal of " + std::to_string(*w * *h) + " cells, got " +
                            std::to_string(g.text.size()));
            Grid grid(*w, *h, kEmpty);
            for (size_t i = 0; i < g.text.size(); ++i) {
                const char ch = g.text[i];
                grid.cells()[i] = palette_.size() == 2 && (ch == '0' || ch == '1')
                                      ? static_cast<Cell>(ch - '0')
                                      : cell_of(ch, g);
            }
            return grid;
        }
        if (g.kind != JValue::Kind::Array || g.items.empty() ||
            g.items[0].kind != JValue::Kind::String)
            fail(g, "expected the goal as an array of row strings");
        const int rows = static_cast<int>(g.items.size());
        const int cols = static_cast<int>(g.items[0].text.size());
        if (rows > kMaxSide || cols < 1 || cols > kMaxSide || (h && *h != rows) ||
            (w && *w != cols))
            fail(g, "expected a goal of " + std::to_string(h.value_or(rows)) + " rows of " +
                        std::to_string(w.value_or(cols)) + " cells, got " + std::to_string(rows) +
                        " rows of " + std::to_string(cols));
        Grid grid(cols, rows, kEmpty);
        for (int r = 0; r < rows; ++r) {
            const JValue& row = g.items[static_cast<size_t>(r)];
            if (row.kind != JValue::Kind::String || row.text.size() != static_cast<size_t>(cols))
                fail(row, "expected goal row " + std::to_string(r + 1) + " to be a string of " +
                              std::to_string(cols) + " colour symbols");
            for (int c = 0; c < cols; ++c)
                grid.set(r, c, cell_of(row.text[static_cast<size_t>(c)], row));
        }
        return grid;
    }

    const JValue& obj_;
    int index_;
    const std::string& source_;
    PuzzleInfo info_;
    Palette palette_ = black_and_white_palette();
    std::array<int, 256> by_symbol_{};  ///< symbol -> first palette index, -1 if none
};

}  // namespace

std::vector<PuzzleSlot> read_json_each(std::string_view content, const std::string& source) {
    const JValue root = parse_json_with_lines(content, source);
    const JValue* list = nullptr;
    if (root.kind == JValue::Kind::Array)
        list = &root;
    else if (root.kind == JValue::Kind::Object)
        list = root.get("puzzles");
    else
        throw ParseError(source, root.line,
                         std::string("expected a puzzle object or an array of them, got ") +
                             json_kind_name(root.kind));
    std::vector<const JValue*> objects;
    if (!list) {
        objects.push_back(&root);
    } else {
        if (list->kind != JValue::Kind::Array)
            throw ParseError(source, list->line,
                             std::string("expected \"puzzles\" to be an array, got ") +
                                 json_kind_name(list->kind));
        for (const JValue& v : list->items) objects.push_back(&v);
        if (objects.empty())
            throw ParseError(source, list->line,
                             "expected at least one puzzle, got an empty array");
    }
    // Each element is read on its own: a broken one costs only itself.
    std::vector<PuzzleSlot> slots;
    for (size_t i = 0; i < objects.size(); ++i) {
        const int index = objects.size() > 1 ? static_cast<int>(i) + 1 : 0;
        const JValue* title =
            objects[i]->kind == JValue::Kind::Object ? objects[i]->get("title") : nullptr;
        std::string name =
            title && title->kind == JValue::Kind::String ? title->text : std::string();
        slots.push_back(read_slot(source, objects[i]->line, std::move(name),
                                  [&] { return PuzzleReader(*objects[i], index, source).read(); }));
    }
    return slots;
}

std::vector<Puzzle> read_json(std::string_view content, const std::string& source) {
    return puzzles_or_first_error(read_json_each(content, source));
}

namespace {

/// Distinct printable symbols per palette entry (the palette's own when possible).
std::vector<char> symbols_for(const Palette& palette) {
    return distinct_chars(
        palette, ".#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ*+@%&$=?!~^-_:;<>/",
        [](char s) { return s >= ' ' && s < 127 && !(s >= '0' && s <= '9') && s != ','; },
        "too many colours for distinct one-character symbols (" + std::to_string(palette.size()) +
            ")");
}

std::string dump(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// A JSON array with one item per line, indented for a puzzle member.
std::string block(const std::vector<std::string>& items) {
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ",\n        " : "\n        ") + items[i];
    return out + "\n      ]";
}

std::string puzzle_json(const Puzzle& p) {
    using nlohmann::json;
    const Palette& pal = p.palette();
    const PuzzleInfo& info = p.info();
    const std::vector<char> sym = symbols_for(pal);
    std::vector<std::pair<std::string, std::string>> members;  // key, rendered value
    const std::pair<const char*, const std::string*> texts[] = {
        {"title", &info.title},     {"author", &info.author}, {"copyright", &info.copyright},
        {"license", &info.license}, {"id", &info.id},         {"description", &info.description}};
    for (const auto& [key, value] : texts)
        if (!value->empty()) members.emplace_back(key, dump(*value));
    members.emplace_back("width", std::to_string(p.width()));
    members.emplace_back("height", std::to_string(p.height()));
    if (pal != black_and_white_palette()) {
        std::vector<std::string> colours;
        for (size_t k = 0; k < pal.size(); ++k) {
            char rgb[8];
            std::snprintf(rgb, sizeof rgb, "#%06x", static_cast<unsigned>(pal[k].rgb & 0xFFFFFF));
            colours.push_back(
                dump({{"name", pal[k].name}, {"symbol", std::string(1, sym[k])}, {"rgb", rgb}}));
        }
        members.emplace_back("colours", block(colours));
    }
    auto clues = [&](const std::vector<Clue>& lines) {
        std::vector<std::string> items;
        for (const Clue& clue : lines) {
            json runs = json::array();
            for (const Run& r : clue)
                runs.push_back(p.black_and_white() ? json(r.length)
                                                   : json{r.length, std::string(1, sym[r.colour])});
            items.push_back(dump(runs));
        }
        return block(items);
    };
    members.emplace_back("rows", clues(p.rows()));
    members.emplace_back("columns", clues(p.columns()));
    if (info.goal && info.goal->complete()) {
        std::vector<std::string> rows;
        for (int r = 0; r < info.goal->height(); ++r) {
            std::string row;
            for (int c = 0; c < info.goal->width(); ++c) {
                const Cell v = info.goal->at(r, c);
                if (v >= sym.size())
                    throw WriteError("goal cell colour " + std::to_string(v) +
                                     " is not in the palette");
                row += sym[v];
            }
            rows.push_back(dump(row));
        }
        members.emplace_back("goal", block(rows));
    }
    std::string out = "    {";
    for (size_t i = 0; i < members.size(); ++i)
        out += (i ? ",\n      " : "\n      ") + dump(members[i].first) + ": " + members[i].second;
    return out + "\n    }";
}

}  // namespace

std::string write_json(const std::vector<Puzzle>& puzzles) {
    std::string out = "{\n  \"format\": \"nonolab\",\n  \"version\": 1,\n  \"puzzles\": [\n";
    for (size_t i = 0; i < puzzles.size(); ++i)
        out += puzzle_json(puzzles[i]) + (i + 1 < puzzles.size() ? ",\n" : "\n");
    return out + "  ]\n}\n";
}

int sniff_json(std::string_view content) {
    const std::string_view body = trim(strip_bom(content));
    // '{' then a key or '}'; '[' then a value ("[clues]" in an INI file is not JSON).
    const std::string_view next = trim(body.substr(body.empty() ? 0 : 1)).substr(0, 1);
    if (body.empty() || next.empty()) return 0;
    if (body[0] == '{' && next != "\"" && next != "}") return 0;
    if (body[0] == '[' && std::string_view("{[]\"-0123456789").find(next) == std::string_view::npos)
        return 0;
    if (body[0] != '{' && body[0] != '[') return 0;
    auto has = [&body](std::string_view s) { return body.find(s) != std::string_view::npos; };
    if (has("\"format\": \"nonolab\"") || has("\"format\":\"nonolab\"")) return 100;
    if (has("\"rowsDef\"") && has("\"colsDef\"")) return 100;
    if (has("\"rows\"") && (has("\"columns\"") || has("\"cols\""))) return 60;
    if (has("\"rowCount\"") || has("\"puzzles\"")) return 30;
    return 10;
}

}  // namespace nonolab::io

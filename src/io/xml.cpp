// webpbn XML puzzle files (Jan Wolter, "XML Format for Paint-by-Number
// Puzzles", version 0.3, webpbn.com/pbn_fmt.html, DTD pbn-0.3.dtd).
//
// <puzzleset> holds one or more <puzzle type="grid" defaultcolor="black"
// backgroundcolor="white">. A puzzle names its colours with
// <color name="red" char="r">FF0000</color>, gives
// <clues type="rows"> and <clues type="columns">, each a list of <line>s of
// <count color="red">3</count> (a count without color= has the default
// colour; an empty <line/> is an empty clue), and may carry the intended
// picture as <solution type="goal"><image>|.XX..|...</image></solution>,
// one row per line between bars, one colour character per cell.
//
// Choices where the format leaves room:
//   - "white" ('.') and "black" ('X') exist even when no <color> names them.
//   - The palette is the background followed by the colours the clues or the
//     goal actually use, in the order of the <color> table; unused colours
//     are dropped so that a black-and-white puzzle with a spare colour in its
//     table is still black-and-white.
//   - A puzzle with a goal but no clues gets its clues from the goal.
//   - Triddlers (type="triddler") are refused with UnsupportedError;
//     solutions other than type="goal" (saved, partial) are ignored.
// Parsing is done by pugixml; line numbers come from node offsets.
#include "io/xml.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <optional>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/picture.hpp"
#include "io/colours.hpp"
#include "io/puzzle_slots.hpp"
#include "io/text.hpp"
#include "io/text_encoding.hpp"

namespace nonolab::io {

namespace {

/// Maps byte offsets of the (BOM-less) content to 1-based line numbers.
class LineIndex {
  public:
    explicit LineIndex(std::string_view text) {
        for (size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') newlines_.push_back(i);
    }
    int line_of(std::ptrdiff_t offset) const {
        if (offset < 0) return 0;
        const auto it =
            std::lower_bound(newlines_.begin(), newlines_.end(), static_cast<size_t>(offset));
        return static_cast<int>(it - newlines_.begin()) + 1;
    }

  private:
    std::vector<size_t> newlines_;
};

/// True when the XML declaration names Latin-1 or Windows-1252
/// (`<?xml version="1.0" encoding="ISO-8859-1"?>`). Such a document is
/// decoded as a whole before parsing, so that character references and raw
/// bytes end up in one encoding; pugixml's own Latin-1 conversion is not used
/// because it maps 0x80-0x9F to control characters, where the WHATWG
/// Encoding Standard (and every browser) reads these labels as
/// Windows-1252. Other documents are parsed as UTF-8 and their text fields
/// decided one by one after reading (text_encoding.hpp).
bool declares_latin1(std::string_view content) {
    if (content.substr(0, 5) != "<?xml") return false;
    const std::string decl = to_lower(content.substr(0, content.find("?>")));
    size_t at = decl.find("encoding");
    if (at == std::string::npos) return false;
    at = decl.find_first_of("\"'", at);
    if (at == std::string::npos) return false;
    const size_t end = decl.find(decl[at], at + 1);
    if (end == std::string::npos) return false;
    const std::string label(trim(std::string_view(decl).substr(at + 1, end - at - 1)));
    for (const char* l : {"iso-8859-1", "iso8859-1", "iso88591", "iso_8859-1", "latin1", "latin-1",
                          "l1", "cp819", "windows-1252", "cp1252", "x-cp1252"})
        if (label == l) return true;
    return false;
}

struct XmlColour {
    std::string name;
    char symbol;
    std::uint32_t rgb;
    int line;
};

class PuzzleReader {
  public:
    PuzzleReader(pugi::xml_node node, int index, const LineIndex& lines, const std::string& source)
        : node_(node), index_(index), lines_(lines), source_(source) {}

    Puzzle read() {
        start_ = line_of(node_);
        const std::string type = to_lower(node_.attribute("type").as_string("grid"));
        if (type != "grid")
            throw UnsupportedError(source_, start_,
                                   where() + "type=\"" + type +
                                       "\" is not supported (only rectangular grid puzzles "
                                       "are; triddlers and other shapes are not)");
        read_colours();
        read_info();

        std::optional<std::vector<std::vector<std::pair<int, int>>>> rows, columns;
        int rows_line = 0, columns_line = 0;
        for (pugi::xml_node clues : node_.children("clues")) {
            const std::string kind = to_lower(clues.attribute("type").as_string());
            auto* slot = kind == "rows" ? &rows : kind == "columns" ? &columns : nullptr;
            int* slot_line = kind == "rows" ? &rows_line : &columns_line;
            if (!slot)
                throw UnsupportedError(source_, line_of(clues),
                                       where() + "expected <clues type=\"rows\"> or " +
                                           "<clues type=\"columns\">, got type=\"" + kind + "\"");
            if (*slot)
                throw ParseError(source_, line_of(clues),
                                 where() + "expected one <clues type=\"" + kind +
                                     "\">, found a second (the first is on line " +
                                     std::to_string(*slot_line) + ")");
            *slot_line = line_of(clues);
            *slot = read_clues(clues);
        }
        if (rows.has_value() != columns.has_value())
            throw ParseError(source_, start_,
                             where() +
                                 "expected both <clues type=\"rows\"> and "
                                 "<clues type=\"columns\">, found only " +
                                 (rows ? "rows" : "columns"));

        const int height = rows ? static_cast<int>(rows->size()) : 0;
        const int width = columns ? static_cast<int>(columns->size()) : 0;
        read_goal(width, height);
        if (!rows && !goal_)
            throw ParseError(source_, start_,
                             where() +
                                 "expected <clues type=\"rows\"> and "
                                 "<clues type=\"columns\"> (or a goal image)");
        if (rows && (width == 0 || height == 0))
            throw ParseError(source_, width == 0 ? columns_line : rows_line,
                             where() + "expected at least one <line> in every <clues>");

        // Palette: background, then every colour in use, in table order.
        std::vector<int> in_palette(table_.size(), -1);
        in_palette[static_cast<size_t>(background_)] = 0;
        Palette palette{
            Colour{table_[background_].name, table_[background_].symbol, table_[background_].rgb}};
        for (size_t t = 0; t < table_.size(); ++t) {
            if (!used_[t] || static_cast<int>(t) == background_) continue;
            in_palette[t] = static_cast<int>(palette.size());
            palette.push_back(Colour{table_[t].name, table_[t].symbol, table_[t].rgb});
        }
        if (palette.size() < 2) palette.push_back(Colour{"black", 'X', 0x000000});
        if (palette.size() > static_cast<size_t>(kMaxColours))
            throw ParseError(source_, start_,
                             where() + "expected at most " + std::to_string(kMaxColours - 1) +
                                 " colours in use, got " + std::to_string(palette.size() - 1));
        spaceless_symbols(palette);
        if (goal_)
            for (Cell& c : goal_->cells()) c = static_cast<Cell>(in_palette[c]);
        info_.goal = goal_;
        if (!rows) {
            try {
                return puzzle_from_picture(*goal_, std::move(palette), std::move(info_));
            } catch (const PuzzleError& e) {
                throw ParseError(source_, goal_line_, where() + e.what());
            }
        }
        auto convert = [&in_palette](const std::vector<std::vector<std::pair<int, int>>>& ls) {
            std::vector<Clue> out;
            for (const auto& l : ls) {
                Clue clue;
                for (const auto& [n, t] : l)
                    clue.push_back(Run{n, static_cast<std::uint8_t>(in_palette[t])});
                out.push_back(std::move(clue));
            }
            return out;
        };
        return build_puzzle(source_, start_, index_, width, height, convert(*rows),
                            convert(*columns), std::move(palette), std::move(info_));
    }

  private:
    int line_of(const pugi::xml_node& n) const { return lines_.line_of(n.offset_debug()); }

    /// "puzzle 2: " in a file of several puzzles, "" otherwise.
    std::string where() const {
        return index_ > 0 ? "puzzle " + std::to_string(index_) + ": " : "";
    }

    int find_colour(std::string_view name) const {
        const auto it = by_name_.find(std::string(name));
        return it == by_name_.end() ? -1 : it->second;
    }

    void add_colour(XmlColour c) {
        by_name_.emplace(c.name, static_cast<int>(table_.size()));
        table_.push_back(std::move(c));
    }

    std::string colour_names() const {
        std::string out;
        for (const XmlColour& c : table_) out += (out.empty() ? "" : ", ") + c.name;
        return out;
    }

    void read_colours() {
        for (pugi::xml_node c : node_.children("color")) {
            const int line = line_of(c);
            const std::string name = c.attribute("name").as_string();
            if (name.empty())
                throw ParseError(source_, line, "expected a name= attribute on <color>");
            if (find_colour(name) >= 0)
                throw ParseError(source_, line, "colour '" + name + "' is defined twice");
            const std::string sym = c.attribute("char").as_string();
            if (sym.size() > 1)
                throw ParseError(source_, line,
                                 "expected a single ASCII character in char= of colour '" + name +
                                     "', got '" + sym + "'");
            const auto rgb = parse_hex_rgb(c.child_value());
            if (!rgb)
                throw ParseError(source_, line,
                                 "expected an RGB value like FF0000 for colour '" + name +
                                     "', got '" + std::string(trim(c.child_value())) + "'");
            if (table_.size() >= static_cast<size_t>(kMaxColours))
                throw ParseError(
                    source_, line,
                    "expected at most " + std::to_string(kMaxColours) + " <color> definitions");
            add_colour(XmlColour{name, sym.empty() ? '\0' : sym[0], *rgb, line});
        }
        // The two colours every puzzle has, unless the table redefines them.
        if (find_colour("white") < 0) add_colour(XmlColour{"white", '.', 0xFFFFFF, 0});
        if (find_colour("black") < 0) add_colour(XmlColour{"black", 'X', 0x000000, 0});
        // Colours without char= get a free character.
        static const std::string pool =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#*+@%&$";
        for (XmlColour& c : table_) {
            if (c.symbol) continue;
            for (char p : pool)
                if (std::none_of(table_.begin(), table_.end(),
                                 [p](const XmlColour& o) { return o.symbol == p; })) {
                    c.symbol = p;
                    break;
                }
            if (!c.symbol) c.symbol = '?';
        }
        used_.assign(table_.size(), false);
        // Goal characters -> first colour with that char (defined before implicit).
        by_char_.fill(-1);
        for (size_t t = table_.size(); t-- > 0;)
            by_char_[static_cast<unsigned char>(table_[t].symbol)] = static_cast<int>(t);

        const std::string bg = node_.attribute("backgroundcolor").as_string("white");
        background_ = find_colour(bg);
        if (background_ < 0)
            throw ParseError(source_, start_,
                             where() + "expected a defined background colour, got '" + bg +
                                 "' (defined: " + colour_names() + ")");
        const std::string def = node_.attribute("defaultcolor").as_string("black");
        default_ = find_colour(def);
        // A missing default colour only matters if a <count> relies on it.
    }

    void read_info() {
        auto text = [this](const char* tag) {
            return std::string(trim(node_.child(tag).child_value()));
        };
        info_.title = text("title");
        info_.author = text("author");
        info_.copyright = text("copyright");
        info_.id = text("id");
        info_.description = text("description");
        // The writer keeps a license in a note, since the DTD has no element for it.
        for (pugi::xml_node note : node_.children("note")) {
            const std::string_view v = trim(note.child_value());
            if (starts_with_nocase(v, "license:")) info_.license = std::string(trim(v.substr(8)));
        }
    }

    std::vector<std::vector<std::pair<int, int>>> read_clues(const pugi::xml_node& clues) {
        std::vector<std::vector<std::pair<int, int>>> out;
        for (pugi::xml_node line : clues.children()) {
            if (line.type() != pugi::node_element) continue;
            if (std::string_view(line.name()) != "line")
                throw ParseError(
                    source_, line_of(line),
                    std::string("expected <line> inside <clues>, got <") + line.name() + ">");
            if (out.size() >= static_cast<size_t>(kMaxSide))
                throw ParseError(source_, line_of(line),
                                 "more than " + std::to_string(kMaxSide) + " clue lines");
            std::vector<std::pair<int, int>> runs;
            for (pugi::xml_node count : line.children()) {
                if (count.type() != pugi::node_element) continue;
                const int at = line_of(count);
                if (std::string_view(count.name()) != "count")
                    throw ParseError(
                        source_, at,
                        std::string("expected <count> inside <line>, got <") + count.name() + ">");
                const std::string_view value = trim(count.child_value());
                const std::optional<int> n = parse_int(value);
                if (!n || *n < 1)
                    throw ParseError(source_, at,
                                     "expected a run length (a positive integer), got '" +
                                         std::string(value) + "'");
                int t = default_;
                const pugi::xml_attribute attr = count.attribute("color");
                if (attr) {
                    t = find_colour(attr.as_string());
                    if (t < 0)
                        throw ParseError(source_, at,
                                         "expected a defined colour in color=, got '" +
                                             std::string(attr.as_string()) +
                                             "' (defined: " + colour_names() + ")");
                } else if (t < 0 || t == background_) {
                    throw ParseError(
                        source_, at,
                        "expected color= on this <count>: the default colour '" +
                            std::string(node_.attribute("defaultcolor").as_string("black")) +
                            "' is " + (t < 0 ? "not defined" : "the background"));
                }
                if (t == background_)
                    throw ParseError(source_, at,
                                     "expected a foreground colour, got the background colour '" +
                                         table_[t].name + "'");
                used_[t] = true;
                runs.emplace_back(*n, t);
            }
            out.push_back(std::move(runs));
        }
        return out;
    }

    void read_goal(int width, int height) {
        for (pugi::xml_node sol : node_.children("solution")) {
            const std::string type = to_lower(sol.attribute("type").as_string("goal"));
            if (type != "goal") continue;
            const pugi::xml_node image = sol.child("image");
            if (!image) continue;
            goal_line_ = line_of(image);
            // Row lines of the image, with their line numbers.
            std::vector<std::pair<int, std::string_view>> rows;
            pugi::xml_node text = image.first_child();
            const std::string_view body = image.child_value();
            int line = text ? line_of(text) : goal_line_;
            size_t start = 0;
            while (start <= body.size()) {
                size_t end = body.find('\n', start);
                if (end == std::string_view::npos) end = body.size();
                std::string_view row = trim(body.substr(start, end - start));
                if (!row.empty()) rows.emplace_back(line, row);
                ++line;
                start = end + 1;
                if (rows.size() > static_cast<size_t>(kMaxSide))
                    throw ParseError(
                        source_, line,
                        "goal image has more than " + std::to_string(kMaxSide) + " rows");
            }
            for (auto& [l, row] : rows)
                if (row.size() >= 2 && row.front() == '|' && row.back() == '|')
                    row = row.substr(1, row.size() - 2);
            if (rows.empty())
                throw ParseError(source_, goal_line_,
                                 where() +
                                     "expected rows of colour characters in the goal "
                                     "image, got none");
            if (height == 0) height = static_cast<int>(rows.size());
            if (width == 0) width = static_cast<int>(rows[0].second.size());
            if (static_cast<int>(rows.size()) != height)
                throw ParseError(source_, rows.back().first,
                                 "expected " + std::to_string(height) +
                                     " rows in the goal image, got " + std::to_string(rows.size()));
            if (width < 1 || width > kMaxSide)
                throw ParseError(source_, rows[0].first, "goal image row is too wide");
            Grid goal(width, height, kEmpty);
            for (int r = 0; r < height; ++r) {
                const auto& [l, row] = rows[static_cast<size_t>(r)];
                if (static_cast<int>(row.size()) != width)
                    throw ParseError(source_, l,
                                     "expected " + std::to_string(width) +
                                         " cells in goal image row " + std::to_string(r + 1) +
                                         ", got " + std::to_string(row.size()) + ": '" +
                                         std::string(row) + "'");
                for (int c = 0; c < width; ++c) {
                    const char ch = row[static_cast<size_t>(c)];
                    const int t = by_char_[static_cast<unsigned char>(ch)];
                    if (t < 0)
                        throw ParseError(source_, l,
                                         "expected a colour character in goal image row " +
                                             std::to_string(r + 1) + ", got '" +
                                             std::string(1, ch) + "'");
                    used_[static_cast<size_t>(t)] = true;
                    goal.set(r, c, static_cast<Cell>(t));  // table index; remapped later
                }
            }
            used_[static_cast<size_t>(background_)] = true;
            goal_ = std::move(goal);
            return;
        }
    }

    pugi::xml_node node_;
    int index_;
    const LineIndex& lines_;
    const std::string& source_;
    int start_ = 0;
    std::vector<XmlColour> table_;
    std::map<std::string, int> by_name_;
    std::array<int, 256> by_char_{};
    std::vector<bool> used_;
    int background_ = -1;
    int default_ = -1;
    PuzzleInfo info_;
    std::optional<Grid> goal_;
    int goal_line_ = 0;
};

}  // namespace

std::vector<PuzzleSlot> read_xml_each(std::string_view content, const std::string& source) {
    content = strip_bom(content);
    std::string decoded;
    if (declares_latin1(content)) {
        decoded = cp1252_to_utf8(content);
        content = decoded;
    }
    const LineIndex lines(content);
    pugi::xml_document doc;
    const pugi::xml_parse_result result =
        doc.load_buffer(content.data(), content.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!result)
        throw ParseError(source, lines.line_of(result.offset),
                         std::string("expected well-formed XML: ") + result.description());
    pugi::xml_node set = doc.child("puzzleset");
    std::vector<pugi::xml_node> nodes;
    if (set) {
        for (pugi::xml_node p : set.children("puzzle")) nodes.push_back(p);
    } else if (doc.child("puzzle")) {
        nodes.push_back(doc.child("puzzle"));
    } else {
        const pugi::xml_node root = doc.document_element();
        throw ParseError(source, root ? lines.line_of(root.offset_debug()) : 0,
                         std::string("expected a <puzzleset> or <puzzle> element, got ") +
                             (root ? "<" + std::string(root.name()) + ">" : "no element"));
    }
    if (nodes.empty())
        throw ParseError(source, lines.line_of(set.offset_debug()),
                         "expected at least one <puzzle> in the <puzzleset>");
    // Each <puzzle> is read on its own: a broken one costs only itself.
    std::vector<PuzzleSlot> slots;
    for (size_t i = 0; i < nodes.size(); ++i) {
        const int index = nodes.size() > 1 ? static_cast<int>(i) + 1 : 0;
        slots.push_back(read_slot(source, lines.line_of(nodes[i].offset_debug()),
                                  std::string(trim(nodes[i].child("title").child_value())), [&] {
                                      return PuzzleReader(nodes[i], index, lines, source).read();
                                  }));
    }
    return slots;
}

std::vector<Puzzle> read_xml(std::string_view content, const std::string& source) {
    return puzzles_or_first_error(read_xml_each(content, source));
}

namespace {

/// Per palette entry, a distinct printable character for the goal image:
/// the palette's own symbol when it is free, otherwise a spare one.
std::vector<char> image_chars(const Palette& palette) {
    return distinct_chars(
        palette, ".XabcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWYZ0123456789#*+@%&$=?!~^-_:;",
        [](char s) { return s >= ' ' && s < 127 && s != '|'; },
        "too many colours for distinct goal image characters (" + std::to_string(palette.size()) +
            ")");
}

std::string hex6(std::uint32_t rgb) {
    std::string s;
    for (int shift = 20; shift >= 0; shift -= 4) s += "0123456789ABCDEF"[(rgb >> shift) & 15];
    return s;
}

void add_text(pugi::xml_node parent, const char* tag, const std::string& value) {
    if (!value.empty()) parent.append_child(tag).text().set(value.c_str());
}

}  // namespace

std::string write_xml(const std::vector<Puzzle>& puzzles) {
    pugi::xml_document doc;
    pugi::xml_node decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    doc.append_child(pugi::node_doctype).set_value("pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\"");
    pugi::xml_node set = doc.append_child("puzzleset");
    for (const Puzzle& p : puzzles) {
        const Palette& pal = p.palette();
        // Colour names must be distinct for color= references.
        std::vector<std::string> names(pal.size());
        for (size_t k = 0; k < pal.size(); ++k) {
            std::string n = pal[k].name.empty() ? "colour" + std::to_string(k) : pal[k].name;
            while (std::find(names.begin(), names.end(), n) != names.end())
                n += "_" + std::to_string(k);
            names[k] = n;
        }
        const std::vector<char> chars = image_chars(pal);

        pugi::xml_node node = set.append_child("puzzle");
        node.append_attribute("type") = "grid";
        node.append_attribute("defaultcolor") = names[1].c_str();
        node.append_attribute("backgroundcolor") = names[0].c_str();
        const PuzzleInfo& info = p.info();
        add_text(node, "title", info.title);
        add_text(node, "author", info.author);
        add_text(node, "copyright", info.copyright);
        add_text(node, "id", info.id);
        add_text(node, "description", info.description);
        if (!info.license.empty()) add_text(node, "note", "license: " + info.license);
        for (size_t k = 0; k < pal.size(); ++k) {
            pugi::xml_node c = node.append_child("color");
            c.append_attribute("name") = names[k].c_str();
            c.append_attribute("char") = std::string(1, chars[k]).c_str();
            c.text().set(hex6(pal[k].rgb).c_str());
        }
        auto clues = [&](const char* type, const std::vector<Clue>& lines) {
            pugi::xml_node cl = node.append_child("clues");
            cl.append_attribute("type") = type;
            for (const Clue& clue : lines) {
                pugi::xml_node line = cl.append_child("line");
                for (const Run& r : clue) {
                    pugi::xml_node count = line.append_child("count");
                    if (r.colour != 1) count.append_attribute("color") = names[r.colour].c_str();
                    count.text().set(r.length);
                }
            }
        };
        clues("columns", p.columns());
        clues("rows", p.rows());
        if (info.goal && info.goal->complete()) {
            std::string image = "\n";
            for (int r = 0; r < info.goal->height(); ++r) {
                image += '|';
                for (int c = 0; c < info.goal->width(); ++c) {
                    const Cell v = info.goal->at(r, c);
                    if (v >= chars.size())
                        throw WriteError("goal cell colour " + std::to_string(v) +
                                         " is not in the palette");
                    image += chars[v];
                }
                image += "|\n";
            }
            pugi::xml_node sol = node.append_child("solution");
            sol.append_attribute("type") = "goal";
            sol.append_child("image").text().set(image.c_str());
        }
    }
    struct Sink : pugi::xml_writer {
        std::string out;
        void write(const void* data, size_t size) override {
            out.append(static_cast<const char*>(data), size);
        }
    } sink;
    doc.save(sink, "  ", pugi::format_default, pugi::encoding_utf8);
    return sink.out;
}

int sniff_xml(std::string_view content) {
    const std::string_view head = strip_bom(content).substr(0, 4096);
    if (head.find("<puzzleset") != std::string_view::npos) return 100;
    if (head.find("<!DOCTYPE pbn") != std::string_view::npos) return 100;
    const std::string_view start = trim(head).substr(0, 1);
    if (start == "<" && head.find("<puzzle") != std::string_view::npos &&
        head.find("<clues") != std::string_view::npos)
        return 60;
    if (start == "<" && head.find("<puzzle") != std::string_view::npos) return 30;
    return 0;
}

}  // namespace nonolab::io

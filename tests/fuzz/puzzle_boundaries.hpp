// How many puzzles a file marks, counted the plainest way each format
// allows and apart from the readers' own per-puzzle code, so that the fuzz
// target (fuzz_readers.cpp) and tests/io can check "one entry per puzzle,
// whatever is broken": `$` lines for TAAI, <puzzle> elements for
// XML, array items for JSON, `====` blocks for .non, `puzzle` lines for
// .clues, the count line for SPOJ, blank-line blocks for Rosetta, GRID lines
// for picross, array rows for .npz.
#pragma once

#include <pugixml.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/formats.hpp"
#include "io/json_value.hpp"
#include "io/npz.hpp"
#include "io/text.hpp"

namespace nonolab::fuzz {

namespace detail {

inline std::string first_word(std::string_view t) {
    const size_t end = t.find_first_of(" \t");
    return io::to_lower(t.substr(0, end));
}

// The blocks of lines between lines for which `mark` is true (and before
// the first) that hold a line for which `counts` is true.
template <class Mark, class Counts>
long marked_blocks(std::string_view content, Mark&& mark, Counts&& counts) {
    long n = 0;
    bool counted = false;
    for (const io::TextLine& l : io::split_lines(content)) {
        const std::string_view t = io::trim(l.text);
        if (mark(t))
            counted = false;
        else if (!counted && counts(t))
            ++n, counted = true;
    }
    return n;
}

}  // namespace detail

/// Why `entries` (io::read_entries_text of `content` as `format`) is not one
/// entry per puzzle the file marks, or nullopt when it is (or when the
/// format marks no puzzles, so there is nothing to count).
inline std::optional<std::string> boundary_mismatch(const std::string& format,
                                                    std::string_view content,
                                                    const std::vector<io::Entry>& entries) {
    const long got = static_cast<long>(entries.size());
    long want = -1;
    const std::vector<io::TextLine> lines = io::split_lines(content);
    auto trimmed = [](const io::TextLine& l) { return io::trim(l.text); };
    if (format == "taai") {
        want = std::count_if(lines.begin(), lines.end(), [&](const io::TextLine& l) {
            const std::string_view t = trimmed(l);
            return !t.empty() && t[0] == '$';
        });
        if (want == 0) want = 1;  // a header-less file is one puzzle
    } else if (format == "xml") {
        std::string_view text = io::strip_bom(content);
        pugi::xml_document doc;
        if (!doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8))
            return std::nullopt;  // not well formed: a file the reader cannot split
        want = 0;
        if (pugi::xml_node set = doc.child("puzzleset"))
            for (pugi::xml_node p : set.children("puzzle")) (void)p, ++want;
        else if (doc.child("puzzle"))
            want = 1;
    } else if (format == "json") {
        const io::JsonValue root = io::parse_json_with_lines(content, "count");
        const io::JsonValue* list =
            root.kind == io::JsonValue::Kind::Array ? &root : root.get("puzzles");
        want = list ? static_cast<long>(list->items.size()) : 1;
    } else if (format == "non") {
        static const char* const keys[] = {
            "catalogue", "title", "by",     "copyright", "license", "description", "rows",
            "columns",   "width", "height", "goal",      "color",   "colour",      "name"};
        want = detail::marked_blocks(
            content, [](std::string_view t) { return t == "===="; },
            [](std::string_view t) {
                const std::string w = detail::first_word(t);
                return std::find(std::begin(keys), std::end(keys), w) != std::end(keys);
            });
    } else if (format == "clues") {
        auto marker = [](std::string_view t) {
            return io::starts_with_nocase(t, "puzzle") &&
                   (t.size() == 6 || t[6] == ' ' || t[6] == '\t' || t[6] == ':');
        };
        // Text before the first `puzzle` line is a puzzle too; a `puzzle`
        // line followed by nothing but comments is none.
        want = detail::marked_blocks(content, marker, [](std::string_view t) {
            return !t.empty() && t[0] != '#' && !io::starts_with_nocase(t, "nonolab-clues");
        });
    } else if (format == "spoj") {
        for (const io::TextLine& l : lines)
            if (!io::is_blank(l.text)) {
                want = io::parse_int(trimmed(l)).value_or(-1);
                break;
            }
        // Text after the announced puzzles is one more entry.
        if (got == want + 1 && !entries.back().puzzle &&
            entries.back().error.find("expected the end of the file") != std::string::npos)
            return std::nullopt;
    } else if (format == "rosetta") {
        want = 0;
        bool in_block = false;
        for (const io::TextLine& l : lines) {
            const bool blank = io::is_blank(l.text);
            if (!blank && !in_block) ++want;
            in_block = !blank;
        }
    } else if (format == "picross") {
        // A stray line between grids is an entry of its own (the project's
        // own test file has a misspelt GRID); every GRID line is one entry,
        // in order.
        std::vector<int> grids;
        for (const io::TextLine& l : lines) {
            const std::string_view t = trimmed(l);
            if (t.substr(0, 4) == "GRID" && (t.size() == 4 || t[4] == ' ' || t[4] == '\t'))
                grids.push_back(l.number);
        }
        std::vector<int> seen;
        for (const io::Entry& e : entries)
            if (std::find(grids.begin(), grids.end(), e.line) != grids.end())
                seen.push_back(e.line);
        if (seen != grids)
            return "picross: " + std::to_string(grids.size()) + " GRID lines but " +
                   std::to_string(seen.size()) + " entries start at one";
        return std::nullopt;
    } else if (format == "npz") {
        want = static_cast<long>(io::read_npz_array(content, "count").count);
    }
    if (want < 0 || got == want) return std::nullopt;
    return format + ": the file marks " + std::to_string(want) + " puzzle(s) but " +
           std::to_string(got) + " entries were read";
}

}  // namespace nonolab::fuzz

// Writer for Steve Simpson's .non files (the reader and the format notes are
// in non.cpp): metadata as quoted strings with HTML entities escaped, the
// clues, and the goal when the puzzle carries a complete one.
//
// Colour puzzles are written in nonny's dialect (`color red ff0000 r`, clue
// lines "red 1 yellow 4"), not in mikix's `color r #ff0000` / "1r,4y": it
// keeps the colour names, and nonny is a program people use to play them.
// A name nonny's clue lines cannot carry (digits, spaces, one letter, a
// keyword such as "rows") is replaced by "colour-a", "colour-b", ... A
// background other than white, which neither dialect declares, is written
// as `color 0 #rrggbb` (our reader's extension, after mikix's characters).
#include <algorithm>
#include <cctype>
#include <string>

#include "core/error.hpp"
#include "io/colours.hpp"
#include "io/non.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

std::string quoted(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '&')
            out += "&amp;";
        else if (c == '"')
            out += "&quot;";
        else if (c == '\n' || c == '\r' || c == '\t')
            out += ' ';
        else
            out += c;
    }
    return out + "\"";
}

/// A license is written bare when it looks like an SPDX id, quoted otherwise.
bool spdx_like(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
              c == '+'))
            return false;
    return true;
}

/// One letter per colour (index >= 1): the palette's own symbol when it is a
/// letter not taken yet, otherwise the first free letter or punctuation mark.
std::vector<char> colour_letters(const Palette& palette) {
    static const std::string pool =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!$%&*+-/<=>?@^_~";
    return distinct_chars(
        palette, pool, [](char s) { return (s >= 'a' && s <= 'z') || (s >= 'A' && s <= 'Z'); },
        "the .non format has room for " + std::to_string(pool.size()) +
            " colour characters, but the puzzle has " + std::to_string(palette.size() - 1) +
            " colours",
        1);
}

/// True when nonny's clue lines can carry `name`: two or more letters, '_'
/// or '-', and no keyword of the format (a clue line starting with a
/// keyword would end the section).
bool nonny_name(std::string_view name) {
    static const char* const keywords[] = {
        "title",  "by",   "copyright", "catalogue", "license", "description", "width",
        "height", "rows", "columns",   "goal",      "color",   "colour",      "name"};
    if (name.size() < 2) return false;
    for (char c : name)
        if (!std::isalpha(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
    for (const char* k : keywords)
        if (to_lower(name) == k) return false;
    return true;
}

/// One distinct nonny name per colour (index >= 1; [0] stays empty).
std::vector<std::string> colour_names(const Palette& palette) {
    std::vector<std::string> names(palette.size());
    auto taken = [&names](const std::string& n) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
    for (size_t k = 1; k < palette.size(); ++k)
        if (nonny_name(palette[k].name) && !taken(palette[k].name)) names[k] = palette[k].name;
    for (size_t k = 1, next = 1; k < palette.size(); ++k)
        while (names[k].empty()) {
            const std::string n = "colour-" + letters_of(next++);
            if (!taken(n)) names[k] = n;
        }
    return names;
}

/// True unless the palette is plain white and black, which needs no declaration.
bool needs_colours(const Palette& palette) {
    return palette.size() > 2 || palette[1].rgb != 0x000000;
}

/// One clue line; `names` is empty for black-and-white puzzles.
std::string clue_line(const Clue& clue, const std::vector<std::string>& names) {
    if (clue.empty()) return "0";
    std::string out;
    std::uint8_t current = 0;
    for (size_t i = 0; i < clue.size(); ++i) {
        if (names.empty()) {
            out += (i ? "," : "") + std::to_string(clue[i].length);
            continue;
        }
        // A name colours every run after it, so it is repeated only on a change.
        if (clue[i].colour != current) out += (i ? " " : "") + names[clue[i].colour];
        out += " " + std::to_string(clue[i].length);
        current = clue[i].colour;
    }
    return out;
}

void write_one(std::string& out, const Puzzle& p) {
    const PuzzleInfo& info = p.info();
    if (!info.id.empty()) out += "catalogue " + quoted(info.id) + "\n";
    if (!info.title.empty()) out += "title " + quoted(info.title) + "\n";
    if (!info.author.empty()) out += "by " + quoted(info.author) + "\n";
    if (!info.copyright.empty()) out += "copyright " + quoted(info.copyright) + "\n";
    if (!info.license.empty())
        out += "license " + (spdx_like(info.license) ? info.license : quoted(info.license)) + "\n";
    if (!info.description.empty()) out += "description " + quoted(info.description) + "\n";
    out += "width " + std::to_string(p.width()) + "\n";
    out += "height " + std::to_string(p.height()) + "\n";

    const Palette& pal = p.palette();
    const bool colour = needs_colours(pal);
    const std::vector<char> letters = colour ? colour_letters(pal) : std::vector<char>{};
    const std::vector<std::string> names = colour ? colour_names(pal) : std::vector<std::string>{};
    if (pal[0].rgb != 0xFFFFFF) out += "color 0 #" + rgb_hex(pal[0].rgb) + "\n";
    for (size_t k = 1; colour && k < pal.size(); ++k)
        out += "color " + names[k] + " " + rgb_hex(pal[k].rgb) + " " + letters[k] + "\n";

    auto clues = [&](const char* key, const std::vector<Clue>& lines) {
        out += std::string("\n") + key + "\n";
        for (const Clue& clue : lines) out += clue_line(clue, names) + "\n";
    };
    clues("rows", p.rows());
    clues("columns", p.columns());

    if (info.goal && info.goal->complete()) {
        std::string g;
        g.reserve(info.goal->cells().size());
        for (Cell c : info.goal->cells()) {
            if (c == kEmpty)
                g += '0';
            else if (!colour)
                g += '1';
            else if (c < letters.size())
                g += letters[c];
            else
                throw WriteError("goal cell colour " + std::to_string(c) +
                                 " is not in the palette");
        }
        out += "\ngoal \"" + g + "\"\n";
    }
}

}  // namespace

std::string write_non(const std::vector<Puzzle>& puzzles) {
    std::string out;
    for (size_t i = 0; i < puzzles.size(); ++i) {
        if (i) out += "====\n";
        write_one(out, puzzles[i]);
    }
    return out;
}

}  // namespace nonolab::io

// Writer for pynogram / nonogrid board files (the reader and the format
// notes are in pynogram.cpp). It writes nonogrid's TOML form:
//
//     # Title                         (the format has no title field)
//     [colors]
//     defs = [
//         'a = (red) %',              key = (CSS name or RRGGBB) symbol
//     ]
//     [clues]
//     columns = """
//     1a 2b
//     0                               an empty clue
//     """
//     rows = """ ... """
//
// Every run of a colour puzzle carries its colour's key, so no run relies on
// the default colour (black) and the palette reads back in the same order.
// A colour no clue uses is dropped by readers of this format. The
// background is always white in these files.
#include <algorithm>
#include <cctype>

#include "core/error.hpp"
#include "io/colours.hpp"
#include "io/pynogram.hpp"

namespace nonolab::io {

namespace {

bool plain_black_and_white(const Palette& palette) {
    return palette.size() == 2 && palette[1].rgb == 0x000000;
}

/// One distinct key per colour (index >= 1): the symbol when it is a letter.
std::vector<std::string> colour_keys(const Palette& palette) {
    std::vector<std::string> keys(palette.size());
    auto taken = [&keys](const std::string& k) {
        return std::find(keys.begin(), keys.end(), k) != keys.end();
    };
    for (size_t k = 1; k < palette.size(); ++k) {
        const std::string s(1, palette[k].symbol);
        if (std::isalpha(static_cast<unsigned char>(palette[k].symbol)) && !taken(s)) keys[k] = s;
    }
    for (size_t k = 1, next = 1; k < palette.size(); ++k)
        while (keys[k].empty()) {
            const std::string key = letters_of(next++);
            if (!taken(key) && key != "black") keys[k] = key;
        }
    return keys;
}

/// The CSS name when it names exactly this colour, otherwise RRGGBB.
std::string describe(const Colour& c) {
    if (rgb_of_colour_name(c.name) == c.rgb &&
        std::all_of(c.name.begin(), c.name.end(),
                    [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)) != 0; }))
        return c.name;
    std::string hex = rgb_hex(c.rgb);
    for (char& ch : hex) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return hex;
}

std::vector<char> colour_symbols(const Palette& palette) {
    // Not quotes (the TOML strings), '#' or ';' (comments), nor ',' or a space.
    return distinct_chars(
        palette, "*%@&+=$!?~^<>/|:-_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        [](char s) {
            return s > ' ' && s < 127 &&
                   std::string_view("'\"#;,").find(s) == std::string_view::npos;
        },
        "too many colours for distinct pynogram symbols (" + std::to_string(palette.size() - 1) +
            ")",
        1);
}

std::string clue_lines(const std::vector<Clue>& lines, const std::vector<std::string>& keys) {
    std::string out = "\"\"\"\n";
    for (const Clue& clue : lines) {
        if (clue.empty()) out += "0";
        for (size_t i = 0; i < clue.size(); ++i)
            out += (i ? " " : "") + std::to_string(clue[i].length) +
                   (keys.empty() ? "" : keys[clue[i].colour]);
        out += "\n";
    }
    return out + "\"\"\"\n";
}

}  // namespace

std::string write_pynogram(const std::vector<Puzzle>& puzzles) {
    if (puzzles.size() != 1)
        throw WriteError("a pynogram file holds one puzzle, got " + std::to_string(puzzles.size()));
    const Puzzle& p = puzzles[0];
    const Palette& pal = p.palette();
    if (pal[0].rgb != 0xFFFFFF)
        throw WriteError(
            "pynogram and nonogrid files have a white background, but this puzzle's "
            "is #" +
            rgb_hex(pal[0].rgb));
    std::string out;
    std::string title = p.info().title;
    std::replace_if(
        title.begin(), title.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    if (!title.empty()) out += "# " + title + "\n\n";
    std::vector<std::string> keys;
    if (!plain_black_and_white(pal)) {
        keys = colour_keys(pal);
        const std::vector<char> symbols = colour_symbols(pal);
        out += "[colors]\ndefs = [\n";
        for (size_t k = 1; k < pal.size(); ++k)
            out += "    '" + keys[k] + " = (" + describe(pal[k]) + ") " + symbols[k] + "',\n";
        out += "]\n\n";
    }
    out += "[clues]\ncolumns = " + clue_lines(p.columns(), keys);
    out += "rows = " + clue_lines(p.rows(), keys);
    return out;
}

}  // namespace nonolab::io

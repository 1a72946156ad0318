// Writer for Steve Simpson's .non files (the reader and the format notes are
// in non.cpp): metadata as quoted strings with HTML entities escaped, the
// clues, colour characters when the puzzle has more than one colour, and the
// goal when the puzzle carries a complete one.
#include <algorithm>
#include <cctype>
#include <string>

#include "core/error.hpp"
#include "io/colours.hpp"
#include "io/non.hpp"

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

    const bool colour = !p.black_and_white();
    const std::vector<char> letters = colour ? colour_letters(p.palette()) : std::vector<char>{};
    if (colour)
        for (size_t k = 1; k < p.palette().size(); ++k)
            out += std::string("color ") + letters[k] + " #" + rgb_hex(p.palette()[k].rgb) + "\n";

    auto clues = [&](const char* key, const std::vector<Clue>& lines) {
        out += std::string("\n") + key + "\n";
        for (const Clue& clue : lines) {
            if (clue.empty()) out += '0';
            for (size_t i = 0; i < clue.size(); ++i) {
                if (i) out += ',';
                out += std::to_string(clue[i].length);
                if (colour) out += letters[clue[i].colour];
            }
            out += '\n';
        }
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

#include "core/clue_contradiction.hpp"

#include <vector>

namespace nonolab {
namespace {

// The first line of `lines` whose clue needs more than `length` cells.
std::string too_long(const std::vector<Clue>& lines, int length, const char* kind,
                     const char* dim, const Palette& palette) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        // min_length's sum, in long: an impossible clue may be long enough to overflow int.
        long need = 0;
        for (std::size_t k = 0; k < lines[i].size(); ++k)
            need += lines[i][k].length + (k && lines[i][k - 1].colour == lines[i][k].colour);
        if (need > length)
            return std::string(kind) + " " + std::to_string(i + 1) + " clue \"" +
                   clue_to_string(lines[i], palette) + "\" needs " + std::to_string(need) +
                   " cells but the puzzle is only " + std::to_string(length) + " " + dim;
    }
    return "";
}

}  // namespace

std::string clue_contradiction(const Puzzle& puzzle) {
    const Palette& palette = puzzle.palette();
    if (std::string r = too_long(puzzle.rows(), puzzle.width(), "row", "wide", palette); !r.empty())
        return r;
    if (std::string r = too_long(puzzle.columns(), puzzle.height(), "column", "high", palette);
        !r.empty())
        return r;
    std::vector<long> by_rows(palette.size(), 0), by_columns(palette.size(), 0);
    for (const Clue& c : puzzle.rows())
        for (const Run& r : c) by_rows[r.colour] += r.length;
    for (const Clue& c : puzzle.columns())
        for (const Run& r : c) by_columns[r.colour] += r.length;
    for (std::size_t k = 1; k < palette.size(); ++k)
        if (by_rows[k] != by_columns[k]) {
            const std::string of = puzzle.black_and_white() ? "" : " of " + palette[k].name;
            return "rows fill " + std::to_string(by_rows[k]) + " cells" + of +
                   ", columns fill " + std::to_string(by_columns[k]);
        }
    return "";
}

}  // namespace nonolab

#include "core/puzzle.hpp"

#include "core/error.hpp"

#include <algorithm>
#include <limits>

namespace nonolab {

Palette black_and_white_palette() {
    return {Colour{"white", '.', 0xFFFFFF}, Colour{"black", '#', 0x000000}};
}

Clue bw_clue(const std::vector<int>& lengths) {
    Clue clue;
    clue.reserve(lengths.size());
    for (int n : lengths) clue.push_back(Run{n, kFilled});
    return clue;
}

int min_length(const Clue& clue) {
    // Summed in long and capped: readers take clues longer than any line
    // (a puzzle with no solution), and such a clue may overflow int.
    long total = 0;
    for (size_t i = 0; i < clue.size(); ++i) {
        total += clue[i].length;
        if (i > 0 && clue[i - 1].colour == clue[i].colour) ++total;
    }
    return static_cast<int>(std::min<long>(total, std::numeric_limits<int>::max()));
}

std::string clue_to_string(const Clue& clue, const Palette& palette) {
    if (clue.empty()) return "0";
    const bool bw = palette.size() == 2;
    std::string out;
    for (size_t i = 0; i < clue.size(); ++i) {
        if (i) out += ' ';
        out += std::to_string(clue[i].length);
        if (!bw) out += palette[clue[i].colour].symbol;
    }
    return out;
}

namespace {

// The form of every run. A clue longer than its line is a puzzle with no
// solution, not a malformed one: clue_contradiction.hpp proves it.
void check_lines(const std::vector<Clue>& lines, const char* kind, const Palette& palette) {
    const size_t palette_size = palette.size();
    for (size_t i = 0; i < lines.size(); ++i) {
        for (const Run& run : lines[i]) {
            if (run.length < 1)
                throw PuzzleError(std::string(kind) + " " + std::to_string(i + 1) +
                                  ": run length " + std::to_string(run.length) +
                                  " (expected a positive length)");
            if (run.colour == 0 || run.colour >= palette_size)
                throw PuzzleError(std::string(kind) + " " + std::to_string(i + 1) +
                                  ": run colour index " + std::to_string(run.colour) +
                                  " is not in the palette");
        }
    }
}

}  // namespace

Puzzle::Puzzle(int width, int height, std::vector<Clue> rows, std::vector<Clue> columns,
               Palette palette, PuzzleInfo info)
    : width_(width),
      height_(height),
      rows_(std::move(rows)),
      columns_(std::move(columns)),
      palette_(std::move(palette)),
      info_(std::move(info)) {
    if (width_ < 1 || height_ < 1)
        throw PuzzleError("size " + std::to_string(width_) + "x" + std::to_string(height_) +
                          " (expected a width and height of at least 1)");
    if (static_cast<int>(rows_.size()) != height_)
        throw PuzzleError("expected " + std::to_string(height_) + " row clues, got " +
                          std::to_string(rows_.size()));
    if (static_cast<int>(columns_.size()) != width_)
        throw PuzzleError("expected " + std::to_string(width_) + " column clues, got " +
                          std::to_string(columns_.size()));
    if (palette_.size() < 2 || palette_.size() > static_cast<size_t>(kMaxColours))
        throw PuzzleError("palette has " + std::to_string(palette_.size()) +
                          " entries (expected a background and 1 to " +
                          std::to_string(kMaxColours - 1) + " colours)");
    check_lines(rows_, "row", palette_);
    check_lines(columns_, "column", palette_);

    // Row and column totals that differ make a puzzle with no solution, not
    // a malformed one: clue_contradiction.hpp.
    if (info_.goal && (info_.goal->width() != width_ || info_.goal->height() != height_))
        throw PuzzleError("goal image is " + std::to_string(info_.goal->width()) + "x" +
                          std::to_string(info_.goal->height()) + " but the puzzle is " +
                          std::to_string(width_) + "x" + std::to_string(height_));
}

Puzzle Puzzle::with_info(PuzzleInfo info) const {
    return Puzzle(width_, height_, rows_, columns_, palette_, std::move(info));
}

bool Puzzle::same_clues(const Puzzle& other) const {
    if (width_ != other.width_ || height_ != other.height_ || rows_ != other.rows_ ||
        columns_ != other.columns_ || palette_.size() != other.palette_.size())
        return false;
    return true;
}

}  // namespace nonolab

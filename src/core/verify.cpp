#include "core/verify.hpp"

namespace nonolab {

namespace {

// The runs visible in cells[0], cells[stride], ... (count cells): maximal
// stretches of one non-background colour.
Clue runs_shown(const Cell* cells, int count, int stride) {
    Clue shown;
    for (int i = 0; i < count; ++i) {
        const Cell v = cells[i * stride];
        if (v == kEmpty) continue;
        if (i > 0 && cells[(i - 1) * stride] == v)
            ++shown.back().length;
        else
            shown.push_back(Run{1, v});
    }
    return shown;
}

}  // namespace

VerifyResult verify(const Puzzle& puzzle, const Grid& grid) {
    if (grid.width() != puzzle.width() || grid.height() != puzzle.height())
        return {false, "grid is " + std::to_string(grid.width()) + "x" +
                           std::to_string(grid.height()) + ", puzzle is " +
                           std::to_string(puzzle.width()) + "x" + std::to_string(puzzle.height())};
    const auto colours = puzzle.palette().size();
    for (int r = 0; r < grid.height(); ++r)
        for (int c = 0; c < grid.width(); ++c) {
            const Cell v = grid.at(r, c);
            if (v == kUnknown)
                return {false, "cell (row " + std::to_string(r + 1) + ", column " +
                                   std::to_string(c + 1) + ") is undecided"};
            if (v >= colours)
                return {false, "cell (row " + std::to_string(r + 1) + ", column " +
                                   std::to_string(c + 1) + ") has colour index " +
                                   std::to_string(v) + " outside the palette"};
        }
    const Cell* data = grid.cells().data();
    for (int r = 0; r < grid.height(); ++r) {
        const Clue shown = runs_shown(data + r * grid.width(), grid.width(), 1);
        if (shown != puzzle.row(r))
            return {false, "row " + std::to_string(r + 1) + ": clue " +
                               clue_to_string(puzzle.row(r), puzzle.palette()) + ", grid shows " +
                               clue_to_string(shown, puzzle.palette())};
    }
    for (int c = 0; c < grid.width(); ++c) {
        const Clue shown = runs_shown(data + c, grid.height(), grid.width());
        if (shown != puzzle.column(c))
            return {false, "column " + std::to_string(c + 1) + ": clue " +
                               clue_to_string(puzzle.column(c), puzzle.palette()) +
                               ", grid shows " + clue_to_string(shown, puzzle.palette())};
    }
    return {true, ""};
}

}  // namespace nonolab

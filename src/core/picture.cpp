#include "core/picture.hpp"

#include "core/error.hpp"

namespace nonolab {

namespace {
Clue clue_along(const Grid& grid, int start, int count, int stride) {
    Clue clue;
    Cell prev = kEmpty;
    for (int i = 0; i < count; ++i) {
        const Cell v = grid.cells()[start + i * stride];
        if (v == kUnknown) throw PuzzleError("picture has an undecided cell");
        if (v != kEmpty) {
            if (v == prev)
                ++clue.back().length;
            else
                clue.push_back(Run{1, v});
        }
        prev = v;
    }
    return clue;
}
}  // namespace

Clue row_clue_of(const Grid& grid, int r) {
    return clue_along(grid, r * grid.width(), grid.width(), 1);
}

Clue column_clue_of(const Grid& grid, int c) {
    return clue_along(grid, c, grid.height(), grid.width());
}

Puzzle puzzle_from_picture(const Grid& picture, Palette palette, PuzzleInfo info) {
    std::vector<Clue> rows, cols;
    for (int r = 0; r < picture.height(); ++r) rows.push_back(row_clue_of(picture, r));
    for (int c = 0; c < picture.width(); ++c) cols.push_back(column_clue_of(picture, c));
    info.goal = picture;
    return Puzzle(picture.width(), picture.height(), std::move(rows), std::move(cols),
                  std::move(palette), std::move(info));
}

}  // namespace nonolab

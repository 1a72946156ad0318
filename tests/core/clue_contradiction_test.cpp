#include "core/clue_contradiction.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core_test_util.hpp"

namespace nonolab {
namespace {

using core_test::red_blue_palette;
using core_test::run;

std::vector<Clue> blank_lines(int n) {
    return std::vector<Clue>(static_cast<std::size_t>(n));
}

TEST(ClueContradiction, AClueLongerThanItsLineIsAPuzzleWithNoSolution) {
    // 3 + gap + 1 = 5 cells in a row of 4: the Puzzle exists, the reason says why it has no grid.
    const Puzzle row(4, 1, {bw_clue({3, 1})}, {bw_clue({1}), bw_clue({1}), bw_clue({1}), {}});
    EXPECT_EQ(clue_contradiction(row), "row 1 clue \"3 1\" needs 5 cells but the puzzle is only 4 wide");
    const Puzzle column(1, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({3})});
    EXPECT_EQ(clue_contradiction(column),
              "column 1 clue \"3\" needs 3 cells but the puzzle is only 2 high");
    // Same colour twice needs the gap: 1r 1r is 3 cells, too many for 2;
    // 1r 1b needs no gap and fits.
    const Puzzle same(2, 1, {{run(1, 1), run(1, 1)}}, {{run(1, 1)}, {run(1, 1)}},
                      red_blue_palette());
    EXPECT_EQ(clue_contradiction(same), "row 1 clue \"1r 1r\" needs 3 cells but the puzzle is only 2 wide");
    const Puzzle touching(2, 1, {{run(1, 1), run(1, 2)}}, {{run(1, 1)}, {run(1, 2)}},
                          red_blue_palette());
    EXPECT_EQ(clue_contradiction(touching), "");
}

TEST(ClueContradiction, TotalsThatDifferAreCountedPerColour) {
    const Puzzle bw(2, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({1}), {}});
    EXPECT_EQ(clue_contradiction(bw), "rows fill 2 cells, columns fill 1");
    // Two cells in all either way, but red and blue disagree.
    const Puzzle swapped(2, 1, {{run(2, 1)}}, {{run(1, 2)}, {run(1, 1)}}, red_blue_palette());
    EXPECT_EQ(clue_contradiction(swapped), "rows fill 2 cells of red, columns fill 1");
}

TEST(ClueContradiction, ConsistentCluesProveNothing) {
    const Puzzle p(2, 2, {bw_clue({2}), {}}, {bw_clue({1}), bw_clue({1})});
    EXPECT_EQ(clue_contradiction(p), "");
    // Totals that agree and clues that fit, yet no grid (column 1 needs row 2): left to search.
    const Puzzle q(2, 2, {bw_clue({2}), {}}, {bw_clue({2}), {}});
    EXPECT_EQ(clue_contradiction(q), "");
}

TEST(ClueContradiction, FormStaysAnError) {
    EXPECT_THROW(Puzzle(2, 2, {bw_clue({0}), {}}, blank_lines(2)), PuzzleError);
    EXPECT_THROW(Puzzle(2, 1, blank_lines(1), blank_lines(3)), PuzzleError);
    EXPECT_THROW(Puzzle(1, 1, {{run(1, 3)}}, {{run(1, 3)}}, red_blue_palette()), PuzzleError);
}

}  // namespace
}  // namespace nonolab

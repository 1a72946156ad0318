// Clues from a picture (src/core/picture.hpp), against the independent clue
// computation of core_test_util.hpp on every board of a few small sizes, plus
// what puzzle_from_picture promises: the picture becomes the goal, the
// palette and info pass through, and an incomplete picture is refused.
#include "core/picture.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/verify.hpp"
#include "core_test_util.hpp"

namespace nonolab {
namespace {

using namespace core_test;

TEST(Picture, LineCluesOfAHandDrawnPicture) {
    const Grid g = grid_of({"##.#", ".###", "#..."});
    EXPECT_EQ(row_clue_of(g, 0), bw_clue({2, 1}));
    EXPECT_EQ(row_clue_of(g, 1), bw_clue({3}));
    EXPECT_EQ(row_clue_of(g, 2), bw_clue({1}));
    EXPECT_EQ(column_clue_of(g, 0), bw_clue({1, 1}));
    EXPECT_EQ(column_clue_of(g, 1), bw_clue({2}));
    EXPECT_EQ(column_clue_of(g, 2), bw_clue({1}));
    EXPECT_EQ(column_clue_of(g, 3), bw_clue({2}));
    EXPECT_TRUE(row_clue_of(grid_of({"...."}), 0).empty());
}

TEST(Picture, ColourBlocksSplitWhereTheColourChanges) {
    const Grid g = grid_of({"1122.1", "2....."});
    EXPECT_EQ(row_clue_of(g, 0), (Clue{run(2, 1), run(2, 2), run(1, 1)}));
    EXPECT_EQ(column_clue_of(g, 0), (Clue{run(1, 1), run(1, 2)}));
}

// Every board of the size, with `colours` values, against the test's own clues.
void expect_clues_match(int width, int height, int colours) {
    long boards = 1;
    for (int i = 0; i < width * height; ++i) boards *= colours;
    for (long b = 0; b < boards; ++b) {
        const Grid g = board_number(width, height, colours, b);
        const auto rows = row_clues(g);
        const auto cols = column_clues(g);
        for (int r = 0; r < height; ++r)
            ASSERT_EQ(row_clue_of(g, r), rows[r]) << "board " << b << " row " << r;
        for (int c = 0; c < width; ++c)
            ASSERT_EQ(column_clue_of(g, c), cols[c]) << "board " << b << " column " << c;
    }
}

TEST(Picture, MatchesIndependentCluesOnEverySmallBoard) {
    expect_clues_match(4, 4, 2);
    expect_clues_match(3, 2, 2);
    expect_clues_match(2, 3, 2);
    expect_clues_match(3, 2, 3);
    expect_clues_match(2, 3, 3);
}

TEST(Picture, PuzzleFromPictureAttachesTheGoalAndKeepsPaletteAndInfo) {
    const Grid g = grid_of({"12.", "..1"});
    PuzzleInfo info;
    info.title = "flags";
    const Puzzle p = puzzle_from_picture(g, red_blue_palette(), info);
    EXPECT_EQ(p.width(), 3);
    EXPECT_EQ(p.height(), 2);
    EXPECT_EQ(p.palette(), red_blue_palette());
    EXPECT_EQ(p.info().title, "flags");
    ASSERT_TRUE(p.info().goal.has_value());
    EXPECT_EQ(*p.info().goal, g);
    EXPECT_EQ(p.rows(), row_clues(g));
    EXPECT_EQ(p.columns(), column_clues(g));
    EXPECT_TRUE(verify(p, g).ok);
}

TEST(Picture, RefusesAnIncompletePicture) {
    EXPECT_THROW(puzzle_from_picture(grid_of({"#?", ".."})), PuzzleError);
    EXPECT_THROW(row_clue_of(grid_of({"#?"}), 0), PuzzleError);
    EXPECT_THROW(column_clue_of(grid_of({"#", "?"}), 0), PuzzleError);
}

TEST(Picture, RefusesAColourTheBlackAndWhitePaletteLacks) {
    try {
        puzzle_from_picture(grid_of({"2."}));
        ADD_FAILURE() << "no PuzzleError";
    } catch (const PuzzleError& e) {
        EXPECT_STREQ(e.what(), "row 1: run colour index 2 is not in the palette");
    }
}

}  // namespace
}  // namespace nonolab

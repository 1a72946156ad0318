// Puzzle: every check the constructor makes (src/core/puzzle.cpp), each with
// the PuzzleError message it promises (naming the line and what was expected),
// plus the just-inside cases that must still be accepted, and the small free
// functions beside it (min_length, clue_to_string, bw_clue).
#include "core/puzzle.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core_test_util.hpp"

namespace nonolab {
namespace {

using namespace core_test;

// Runs make(), expecting a PuzzleError whose message is exactly `message`.
template <class Make>
void expect_puzzle_error(Make&& make, const std::string& message) {
    try {
        make();
        ADD_FAILURE() << "no PuzzleError; expected: " << message;
    } catch (const PuzzleError& e) {
        EXPECT_EQ(std::string(e.what()), message);
    }
}

std::vector<Clue> blank_lines(int n) {
    return std::vector<Clue>(static_cast<size_t>(n));
}

// ---------------------------------------------------------------- accepted

TEST(Puzzle, KeepsWhatItWasGiven) {
    PuzzleInfo info;
    info.title = "two";
    const Puzzle p(2, 3, {bw_clue({2}), {}, bw_clue({1})}, {bw_clue({1, 1}), bw_clue({1})},
                   black_and_white_palette(), info);
    EXPECT_EQ(p.width(), 2);
    EXPECT_EQ(p.height(), 3);
    EXPECT_EQ(p.row(0), bw_clue({2}));
    EXPECT_TRUE(p.row(1).empty());
    EXPECT_EQ(p.column(0), bw_clue({1, 1}));
    EXPECT_EQ(p.rows().size(), 3u);
    EXPECT_EQ(p.columns().size(), 2u);
    EXPECT_TRUE(p.black_and_white());
    EXPECT_EQ(p.info().title, "two");
}

TEST(Puzzle, AcceptsTheEdgeCases) {
    // 1x1, blank and full.
    EXPECT_NO_THROW(Puzzle(1, 1, {{}}, {{}}));
    EXPECT_NO_THROW(Puzzle(1, 1, {bw_clue({1})}, {bw_clue({1})}));
    // A clue that needs exactly the line: 2 + gap + 1 = 4.
    EXPECT_NO_THROW(
        Puzzle(4, 1, {bw_clue({2, 1})}, {bw_clue({1}), bw_clue({1}), {}, bw_clue({1})}));
    // Different colours need no gap, so 1r 1b fits in 2 cells.
    EXPECT_NO_THROW(
        Puzzle(2, 1, {{run(1, 1), run(1, 2)}}, {{run(1, 1)}, {run(1, 2)}}, red_blue_palette()));
    // The largest palette allowed: background + kMaxColours - 1 colours.
    Palette big(kMaxColours, Colour{"c", 'c', 0});
    EXPECT_NO_THROW(Puzzle(1, 1, {{run(1, kMaxColours - 1)}}, {{run(1, kMaxColours - 1)}}, big));
    // A goal of the puzzle's size.
    PuzzleInfo info;
    info.goal = grid_of({"#."});
    EXPECT_NO_THROW(
        Puzzle(2, 1, {bw_clue({1})}, {bw_clue({1}), {}}, black_and_white_palette(), info));
}

// ---------------------------------------------------------------- size

TEST(PuzzleValidation, RefusesASideBelowOne) {
    expect_puzzle_error([] { Puzzle(0, 3, blank_lines(3), {}); },
                        "size 0x3 (expected a width and height of at least 1)");
    expect_puzzle_error([] { Puzzle(2, 0, {}, blank_lines(2)); },
                        "size 2x0 (expected a width and height of at least 1)");
    expect_puzzle_error([] { Puzzle(-1, 1, {{}}, {}); },
                        "size -1x1 (expected a width and height of at least 1)");
}

TEST(PuzzleValidation, RefusesAClueCountThatIsNotTheSize) {
    expect_puzzle_error([] { Puzzle(2, 3, blank_lines(2), blank_lines(2)); },
                        "expected 3 row clues, got 2");
    expect_puzzle_error([] { Puzzle(2, 3, blank_lines(4), blank_lines(2)); },
                        "expected 3 row clues, got 4");
    expect_puzzle_error([] { Puzzle(2, 3, blank_lines(3), blank_lines(3)); },
                        "expected 2 column clues, got 3");
    expect_puzzle_error([] { Puzzle(2, 3, blank_lines(3), {}); }, "expected 2 column clues, got 0");
}

// ---------------------------------------------------------------- palette

TEST(PuzzleValidation, RefusesAPaletteWithoutColoursOrWithTooMany) {
    const std::string expected =
        " entries (expected a background and 1 to " + std::to_string(kMaxColours - 1) + " colours)";
    expect_puzzle_error([] { Puzzle(1, 1, {{}}, {{}}, Palette{}); }, "palette has 0" + expected);
    expect_puzzle_error(
        [] {
            Puzzle(1, 1, {{}}, {{}}, Palette{Colour{"white", '.', 0}});
        },
        "palette has 1" + expected);
    expect_puzzle_error(
        [] {
            Puzzle(1, 1, {{}}, {{}}, Palette(kMaxColours + 1, Colour{"c", 'c', 0}));
        },
        "palette has " + std::to_string(kMaxColours + 1) + expected);
}

TEST(PuzzleValidation, RefusesARunColourOutsideThePalette) {
    // Colour 0 is the background, never a run.
    expect_puzzle_error([] { Puzzle(1, 1, {{run(1, 0)}}, {{run(1, 0)}}); },
                        "row 1: run colour index 0 is not in the palette");
    // Index 2 in a black-and-white puzzle; the rows are fine, a column is not.
    expect_puzzle_error(
        [] {
            Puzzle(2, 1, {bw_clue({1})}, {{}, {run(1, 2)}});
        },
        "column 2: run colour index 2 is not in the palette");
    // Index 3 with a three-entry palette.
    expect_puzzle_error(
        [] {
            Puzzle(1, 2, {{run(1, 1)}, {run(1, 3)}}, {{run(1, 1), run(1, 3)}}, red_blue_palette());
        },
        "row 2: run colour index 3 is not in the palette");
}

// ---------------------------------------------------------------- runs

TEST(PuzzleValidation, RefusesARunOfZeroOrNegativeLength) {
    expect_puzzle_error(
        [] {
            Puzzle(2, 2, {{}, bw_clue({0})}, blank_lines(2));
        },
        "row 2: run length 0 (expected a positive length)");
    expect_puzzle_error(
        [] {
            Puzzle(2, 2, blank_lines(2), {{}, bw_clue({1, -2})});
        },
        "column 2: run length -2 (expected a positive length)");
}

// A clue longer than its line, and totals that differ (per colour), are
// puzzles with no solution, not malformed ones: built, and proven impossible
// by clue_contradiction (tests/core/clue_contradiction_test.cpp has the reasons).
TEST(PuzzleValidation, KeepsCluesThatAdmitNoGrid) {
    EXPECT_NO_THROW(Puzzle(4, 1, {bw_clue({3, 1})}, blank_lines(4)));
    EXPECT_NO_THROW(Puzzle(1, 2, blank_lines(2), {bw_clue({3})}));
    EXPECT_NO_THROW(Puzzle(2, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({1}), {}}));
    EXPECT_NO_THROW(Puzzle(2, 2, {{run(1, 1)}, {run(1, 1)}}, {{run(1, 1)}, {run(1, 2)}},
                           red_blue_palette()));
}

// ---------------------------------------------------------------- goal

TEST(PuzzleValidation, RefusesAGoalOfAnotherSize) {
    PuzzleInfo info;
    info.goal = grid_of({"#.", ".."});
    expect_puzzle_error(
        [&] {
            Puzzle(2, 1, {bw_clue({1})}, {bw_clue({1}), {}}, black_and_white_palette(), info);
        },
        "goal image is 2x2 but the puzzle is 2x1");
    // with_info validates again, so a bad goal cannot be attached later.
    const Puzzle p(2, 1, {bw_clue({1})}, {bw_clue({1}), {}});
    expect_puzzle_error([&] { p.with_info(info); }, "goal image is 2x2 but the puzzle is 2x1");
}

// ---------------------------------------------------------------- helpers

TEST(Puzzle, WithInfoKeepsTheCluesAndReplacesTheInfo) {
    const Puzzle p(2, 1, {bw_clue({1})}, {bw_clue({1}), {}});
    PuzzleInfo info;
    info.title = "t";
    info.goal = grid_of({"#."});
    const Puzzle q = p.with_info(info);
    EXPECT_EQ(q.info().title, "t");
    EXPECT_EQ(q.info().goal, grid_of({"#."}));
    EXPECT_TRUE(q.same_clues(p));
    EXPECT_TRUE(p.info().title.empty());
}

TEST(Puzzle, SameCluesComparesSizeCluesAndPaletteSizeOnly) {
    const Puzzle p(2, 1, {bw_clue({1})}, {bw_clue({1}), {}});
    PuzzleInfo info;
    info.title = "other";
    EXPECT_TRUE(p.same_clues(
        Puzzle(2, 1, {bw_clue({1})}, {bw_clue({1}), {}}, black_and_white_palette(), info)));
    EXPECT_FALSE(p.same_clues(Puzzle(2, 1, {bw_clue({1})}, {{}, bw_clue({1})})));
    EXPECT_FALSE(p.same_clues(Puzzle(1, 2, {bw_clue({1}), {}}, {bw_clue({1})})));
    // Same clue indices, palette of another size.
    EXPECT_FALSE(
        p.same_clues(Puzzle(2, 1, {bw_clue({1})}, {bw_clue({1}), {}}, red_blue_palette())));
}

TEST(Puzzle, MinLengthCountsAGapOnlyBetweenSameColours) {
    EXPECT_EQ(min_length({}), 0);
    EXPECT_EQ(min_length(bw_clue({4})), 4);
    EXPECT_EQ(min_length(bw_clue({3, 1, 2})), 8);
    EXPECT_EQ(min_length({run(1, 1), run(1, 2)}), 2);
    EXPECT_EQ(min_length({run(1, 1), run(1, 1)}), 3);
    EXPECT_EQ(min_length({run(2, 1), run(1, 2), run(1, 2), run(3, 1)}), 8);
}

TEST(Puzzle, ClueToString) {
    const Palette bw = black_and_white_palette();
    EXPECT_EQ(clue_to_string({}, bw), "0");
    EXPECT_EQ(clue_to_string(bw_clue({3, 1, 2}), bw), "3 1 2");
    EXPECT_EQ(clue_to_string({run(3, 1), run(1, 2)}, red_blue_palette()), "3r 1b");
    EXPECT_EQ(clue_to_string({}, red_blue_palette()), "0");
}

TEST(Puzzle, BwClueAndThePalette) {
    EXPECT_EQ(bw_clue({2, 5}), (Clue{nonolab::Run{2, kFilled}, nonolab::Run{5, kFilled}}));
    EXPECT_TRUE(bw_clue({}).empty());
    const Palette bw = black_and_white_palette();
    ASSERT_EQ(bw.size(), 2u);
    EXPECT_EQ(bw[0].symbol, '.');
    EXPECT_EQ(bw[1].symbol, '#');
    EXPECT_EQ(bw[0].rgb, 0xFFFFFFu);
    EXPECT_EQ(bw[1].rgb, 0x000000u);
    EXPECT_FALSE(Puzzle(1, 1, {{}}, {{}}, red_blue_palette()).black_and_white());
}

}  // namespace
}  // namespace nonolab

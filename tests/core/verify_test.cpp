// verify(): the referee every printed solution passes through. Each kind of
// wrong grid is rejected with a reason naming where it is wrong; the grids for
// row violations are chosen so that every COLUMN still holds, so a verify that
// skipped the row check would accept them (and the other way round). Then a
// brute-force cross-check on every board of a few small sizes against clues
// computed in this file.
#include "core/verify.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "core_test_util.hpp"

namespace nonolab {
namespace {

using namespace core_test;

// Rejected, and the reason starts with `prefix` ("row 2:", "column 1:", ...).
void expect_rejected(const Puzzle& p, const Grid& g, const std::string& prefix) {
    const VerifyResult v = verify(p, g);
    EXPECT_FALSE(v.ok) << "accepted a wrong grid; expected: " << prefix;
    EXPECT_FALSE(static_cast<bool>(v));
    EXPECT_EQ(v.reason.rfind(prefix, 0), 0u) << "reason: '" << v.reason << "'";
}

void expect_accepted(const Puzzle& p, const Grid& g) {
    const VerifyResult v = verify(p, g);
    EXPECT_TRUE(v.ok) << v.reason;
    EXPECT_TRUE(static_cast<bool>(v));
    EXPECT_TRUE(v.reason.empty()) << v.reason;
}

// A 4x3 black-and-white puzzle written out clue by clue (not derived from a
// picture, so this test does not lean on picture.cpp):
//   ##.#
//   .###
//   #...
Puzzle small_bw() {
    return Puzzle(4, 3, {bw_clue({2, 1}), bw_clue({3}), bw_clue({1})},
                  {bw_clue({1, 1}), bw_clue({2}), bw_clue({1}), bw_clue({2})});
}
const std::vector<std::string> kSmallBwSolution = {"##.#", ".###", "#..."};

// ---------------------------------------------------------------- accepted

TEST(Verify, AcceptsTheSolution) {
    expect_accepted(small_bw(), grid_of(kSmallBwSolution));
}

TEST(Verify, AcceptsEmptyLinesAndAnAllBlankPuzzle) {
    // Zero clues everywhere: only the all-background grid fits.
    const Puzzle blank(3, 2, {{}, {}}, {{}, {}, {}});
    expect_accepted(blank, grid_of({"...", "..."}));
    expect_rejected(blank, grid_of({"...", ".#."}), "row 2:");
    // Empty rows and columns among filled ones.
    const Puzzle p(3, 3, {{}, bw_clue({1}), {}}, {{}, bw_clue({1}), {}});
    expect_accepted(p, grid_of({"...", ".#.", "..."}));
    // Row 2 still shows its "1"; column 1 should be blank.
    expect_rejected(p, grid_of({"...", "#..", "..."}), "column 1: clue 0, grid shows 1");
}

TEST(Verify, AcceptsABlockThatFillsTheWholeLine) {
    const Puzzle p(3, 1, {bw_clue({3})}, {bw_clue({1}), bw_clue({1}), bw_clue({1})});
    expect_accepted(p, grid_of({"###"}));
}

TEST(Verify, AcceptsDifferentColoursTouching) {
    // 1r 1b with no gap: legal in colour puzzles; a verify that merged all
    // non-background cells into one run would see "2" and refuse.
    const Puzzle p(2, 1, {{run(1, 1), run(1, 2)}}, {{run(1, 1)}, {run(1, 2)}}, red_blue_palette());
    expect_accepted(p, grid_of({"12"}));
}

// ---------------------------------------------------------------- size and cells

TEST(Verify, RejectsAGridOfTheWrongSize) {
    const Puzzle p = small_bw();
    expect_rejected(p, grid_of({"##.#", ".###"}), "grid is 4x2, puzzle is 4x3");
    expect_rejected(p, grid_of({"##.#", ".###", "#...", "...."}), "grid is 4x4");
    expect_rejected(p, grid_of({"##.", ".##", "#.."}), "grid is 3x3");
    expect_rejected(p, grid_of({"##.#.", ".###.", "#...."}), "grid is 5x3");
    expect_rejected(p, Grid(3, 4, kEmpty), "grid is 3x4");  // transposed
    expect_rejected(p, Grid(), "grid is 0x0");
}

TEST(Verify, RejectsAnUndecidedCellAnywhere) {
    const Grid solution = grid_of(kSmallBwSolution);
    for (int r = 0; r < solution.height(); ++r)
        for (int c = 0; c < solution.width(); ++c) {
            Grid g = solution;
            g.set(r, c, kUnknown);
            expect_rejected(small_bw(), g,
                            "cell (row " + std::to_string(r + 1) + ", column " +
                                std::to_string(c + 1) + ") is undecided");
        }
    expect_rejected(small_bw(), Grid(4, 3), "cell (row 1, column 1) is undecided");
}

TEST(Verify, RejectsAColourIndexOutsideThePalette) {
    // In a black-and-white puzzle index 2 does not exist...
    Grid g = grid_of(kSmallBwSolution);
    g.set(0, 1, 2);
    expect_rejected(small_bw(), g, "cell (row 1, column 2) has colour index 2 outside the palette");
    // ...and with three palette entries, index 3 does not.
    const Puzzle colour(2, 1, {{run(1, 1), run(1, 2)}}, {{run(1, 1)}, {run(1, 2)}},
                        red_blue_palette());
    expect_rejected(colour, grid_of({"13"}), "cell (row 1, column 2) has colour index 3");
}

// ---------------------------------------------------------------- rows
// Each grid below satisfies every column clue of the puzzle, so only the row
// check can catch it.

TEST(Verify, RejectsARowWithTooManyRuns) {
    // Puzzle of "##." / "..#"; the grid "#.#" / ".#." has the same columns.
    const Puzzle p(3, 2, {bw_clue({2}), bw_clue({1})}, {bw_clue({1}), bw_clue({1}), bw_clue({1})});
    expect_rejected(p, grid_of({"#.#", ".#."}), "row 1: clue 2, grid shows 1 1");
}

TEST(Verify, RejectsARowWithTooFewRuns) {
    // The same two grids the other way round.
    const Puzzle p(3, 2, {bw_clue({1, 1}), bw_clue({1})},
                   {bw_clue({1}), bw_clue({1}), bw_clue({1})});
    expect_rejected(p, grid_of({"##.", "..#"}), "row 1: clue 1 1, grid shows 2");
}

TEST(Verify, RejectsARowRunOfTheWrongLength) {
    // Puzzle of "###" / "#.."; the grid "##." / "#.#" has the same columns.
    const Puzzle p(3, 2, {bw_clue({3}), bw_clue({1})}, {bw_clue({2}), bw_clue({1}), bw_clue({1})});
    expect_rejected(p, grid_of({"##.", "#.#"}), "row 1: clue 3, grid shows 2");
}

TEST(Verify, RejectsARowWithItsRunsInTheWrongOrder) {
    // Puzzle of "##.#" / "#.##"; swapping the rows keeps every column clue.
    const Puzzle p(4, 2, {bw_clue({2, 1}), bw_clue({1, 2})},
                   {bw_clue({2}), bw_clue({1}), bw_clue({1}), bw_clue({2})});
    expect_accepted(p, grid_of({"##.#", "#.##"}));
    expect_rejected(p, grid_of({"#.##", "##.#"}), "row 1: clue 2 1, grid shows 1 2");
}

TEST(Verify, RejectsALaterRowToo) {
    // Only the last row is wrong: verify must look past the first rows.
    const Puzzle p = small_bw();
    expect_rejected(p, grid_of({"##.#", ".###", "##.."}), "row 3: clue 1, grid shows 2");
}

// ---------------------------------------------------------------- columns

TEST(Verify, RejectsAColumnWhileEveryRowHolds) {
    // Columns 2 / 0: the grid "#." / ".#" satisfies both row clues "1".
    const Puzzle p(2, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({2}), {}});
    expect_accepted(p, grid_of({"#.", "#."}));
    expect_rejected(p, grid_of({"#.", ".#"}), "column 1: clue 2, grid shows 1");
}

TEST(Verify, RejectsOnlyTheLastColumnWhileEveryRowHolds) {
    // Puzzle of "#.." / "..#" / "..#"; in the grid "..#" / "#.." / "..#" every
    // row and column 1 still hold, so only the check of the last column sees it.
    const Puzzle p(3, 3, {bw_clue({1}), bw_clue({1}), bw_clue({1})},
                   {bw_clue({1}), {}, bw_clue({2})});
    expect_accepted(p, grid_of({"#..", "..#", "..#"}));
    expect_rejected(p, grid_of({"..#", "#..", "..#"}), "column 3: clue 2, grid shows 1 1");
}

// ---------------------------------------------------------------- colour

TEST(Verify, RejectsABlockOfTheWrongColour) {
    // 2r 1b, same lengths and positions, but the last block red.
    const Puzzle p(4, 1, {{run(2, 1), run(1, 2)}}, {{run(1, 1)}, {run(1, 1)}, {}, {run(1, 2)}},
                   red_blue_palette());
    expect_accepted(p, grid_of({"11.2"}));
    expect_rejected(p, grid_of({"11.1"}), "row 1: clue 2r 1b, grid shows 2r 1r");
    expect_rejected(p, grid_of({"22.2"}), "row 1:");
}

TEST(Verify, RejectsAColumnBlockOfTheWrongColourWhileEveryRowHolds) {
    // Puzzle of "r." / ".b"; the grid ".r" / "b." keeps both rows, and each
    // column still shows one block of length 1, only of the other colour.
    const Puzzle p(2, 2, {{run(1, 1)}, {run(1, 2)}}, {{run(1, 1)}, {run(1, 2)}},
                   red_blue_palette());
    expect_accepted(p, grid_of({"1.", ".2"}));
    expect_rejected(p, grid_of({".1", "2."}), "column 1: clue 1r, grid shows 1b");
}

TEST(Verify, RejectsSameColourBlocksTouchingWithoutAGap) {
    // Clue 1r 1r needs a gap; "11." shows one run 2r.
    const Puzzle p(3, 1, {{run(1, 1), run(1, 1)}}, {{run(1, 1)}, {}, {run(1, 1)}},
                   red_blue_palette());
    expect_accepted(p, grid_of({"1.1"}));
    expect_rejected(p, grid_of({"11."}), "row 1: clue 1r 1r, grid shows 2r");
    // The same in black and white.
    const Puzzle bw(3, 1, {bw_clue({1, 1})}, {bw_clue({1}), {}, bw_clue({1})});
    expect_rejected(bw, grid_of({"##."}), "row 1: clue 1 1, grid shows 2");
}

// ---------------------------------------------------------------- brute force

// verify(puzzle of a, b) must be true exactly when b has a's clues, the clues
// computed by core_test_util.hpp. `colours` counts the background.
void cross_check(int width, int height, int colours, const std::vector<long>& puzzles) {
    long boards = 1;
    for (int i = 0; i < width * height; ++i) boards *= colours;
    Palette palette = black_and_white_palette();
    if (colours == 3) palette = red_blue_palette();
    ASSERT_LE(colours, 3);
    // Key every board by its clues once.
    std::vector<std::pair<std::vector<Clue>, std::vector<Clue>>> clues;
    for (long b = 0; b < boards; ++b) {
        const Grid g = board_number(width, height, colours, b);
        clues.emplace_back(row_clues(g), column_clues(g));
    }
    long accepted = 0;
    for (long a : puzzles) {
        const Puzzle p = puzzle_of(board_number(width, height, colours, a), palette);
        for (long b = 0; b < boards; ++b) {
            const bool same = clues[a] == clues[b];
            const VerifyResult v = verify(p, board_number(width, height, colours, b));
            accepted += v.ok;
            if (v.ok != same) {
                ADD_FAILURE() << width << "x" << height << " with " << colours << " values: board "
                              << b << " against the puzzle of board " << a << ": verify says "
                              << v.ok << " (" << v.reason << "), the clues say " << same;
                return;
            }
        }
    }
    // Every board accepts at least itself.
    EXPECT_GE(accepted, static_cast<long>(puzzles.size()));
}

std::vector<long> all_codes(long n) {
    std::vector<long> out;
    for (long i = 0; i < n; ++i) out.push_back(i);
    return out;
}

TEST(VerifyBruteForce, EveryPairOf3x3Boards) {
    cross_check(3, 3, 2, all_codes(512));
}

TEST(VerifyBruteForce, EveryPairOfNonSquareBoards) {
    // Not square, so a verify that mixed up width and height (row stride,
    // column count) cannot pass by symmetry.
    cross_check(2, 3, 2, all_codes(64));
    cross_check(3, 2, 2, all_codes(64));
    cross_check(4, 1, 2, all_codes(16));
    cross_check(1, 4, 2, all_codes(16));
}

TEST(VerifyBruteForce, EveryPairOfTwoColourBoards) {
    // Background + red + blue: touching blocks of different colours, and
    // same-colour blocks that must be separated.
    cross_check(3, 2, 3, all_codes(729));
    cross_check(2, 3, 3, all_codes(729));
}

TEST(VerifyBruteForce, SeededPuzzlesAgainstEvery4x3Board) {
    std::mt19937 rng(14);
    std::vector<long> picks;
    for (int i = 0; i < 40; ++i) picks.push_back(static_cast<long>(rng() % 4096));
    picks.push_back(0);     // all blank
    picks.push_back(4095);  // all filled
    cross_check(4, 3, 2, picks);
}

}  // namespace
}  // namespace nonolab

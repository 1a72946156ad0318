// The overlap rule of Lee & Geem 2025, section 3.2.2 (harmony search version B).
//
// Expected cells are derived by hand from the paper's figures 6-9 and the
// text around them: push the runs fully left and fully right; cells covered
// by the same run both times are black. The rule is also checked against the
// complete line solver, which shares no code with it: on a line with nothing
// known, the cells the line solver forces are exactly the overlap cells
// (plus the whites of a slack-0 or empty line).
#include "meta/overlap_rule.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/picture.hpp"
#include "core/rng.hpp"
#include "io/formats.hpp"
#include "oracle/line_solver.hpp"

namespace nonolab::meta {
namespace {

std::string show(const std::vector<Cell>& line) {
    std::string s;
    for (Cell c : line) s += c == kFilled ? '#' : c == kEmpty ? '.' : '?';
    return s;
}

// Figures 6 and 7: N = 10, clue "3": 10 - 0 - 3 = 7 > 3, nothing confirmed.
TEST(OverlapRule, PaperFigures6And7) {
    EXPECT_EQ(overlap_count({3}, 10), 0);
    EXPECT_EQ(show(overlap_line({3}, 10)), "??????????");
}

// Figure 8: N = 10, clue "4 3": 10 - 1 - 7 = 2; (4 - 2) + (3 - 2) = 3 cells,
// columns 3, 4 and 8 (1-based). Left: 1-4 and 6-8; right: 3-6 and 8-10.
TEST(OverlapRule, PaperFigure8) {
    EXPECT_EQ(overlap_count({4, 3}, 10), 3);
    EXPECT_EQ(show(overlap_line({4, 3}, 10)), "??##???#??");
}

// Figure 9: N = 15, clue "3 1 4 2": 15 - 3 - 10 = 2; max(3-2,0) + 0 +
// max(4-2,0) + 0 = 3 cells. Left: 1-3, 5, 7-10, 12-13; right: 3-5, 7, 9-12,
// 14-15; overlaps at columns 3, 9 and 10.
TEST(OverlapRule, PaperFigure9) {
    EXPECT_EQ(overlap_count({3, 1, 4, 2}, 15), 3);
    EXPECT_EQ(show(overlap_line({3, 1, 4, 2}, 15)), "??#?????##?????");
}

// Section 2.1, Figure 3: clue "3" on 5 cells confirms the middle cell.
TEST(OverlapRule, PaperFigure3) {
    EXPECT_EQ(overlap_count({3}, 5), 1);
    EXPECT_EQ(show(overlap_line({3}, 5)), "??#??");
    // Figure 2: "1 1" on 5 cells confirms nothing.
    EXPECT_EQ(show(overlap_line({1, 1}, 5)), "?????");
}

TEST(OverlapRule, FullAndEmptyLines) {
    EXPECT_EQ(show(overlap_line({2, 2}, 5)), "##.##");
    EXPECT_EQ(overlap_count({2, 2}, 5), 4);  // equation (2) counts black cells only
    EXPECT_EQ(show(overlap_line({}, 4)), "....");
    EXPECT_EQ(overlap_count({}, 4), 0);
    EXPECT_EQ(show(overlap_line({5}, 5)), "#####");
}

TEST(OverlapRule, RunsThatDoNotFitAreAnError) {
    EXPECT_THROW(overlap_line({3, 3}, 6), std::invalid_argument);
}

// On an empty line the complete line solver forces exactly what the overlap
// rule confirms: an independent check on many random clues.
TEST(OverlapRule, MatchesTheLineSolverOnEmptyLines) {
    Rng rng(11);
    oracle::LineSolver solver;
    for (int trial = 0; trial < 3000; ++trial) {
        const int n = 1 + static_cast<int>(rng.below(30));
        std::vector<int> runs;
        int used = -1;
        while (true) {
            const int len = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
            if (used + 1 + len > n || rng.chance(0.25)) break;
            runs.push_back(len);
            used += 1 + len;
        }
        std::vector<Cell> cells(n, kUnknown);
        ASSERT_TRUE(solver.solve(runs, cells));
        const auto mine = overlap_line(runs, n);
        ASSERT_EQ(show(mine), show(cells)) << "length " << n << ", " << runs.size() << " runs";
        int black = 0;
        for (Cell c : mine) black += c == kFilled;
        EXPECT_EQ(overlap_count(runs, n), black);
    }
}

TEST(OverlapRule, ScanCountsEachCellOnce) {
    // 3x3 plus sign: rows "1", "3", "1"; columns the same.
    Grid g(3, 3, kEmpty);
    g.set(0, 1, kFilled);
    g.set(1, 0, kFilled);
    g.set(1, 1, kFilled);
    g.set(1, 2, kFilled);
    g.set(2, 1, kFilled);
    const Puzzle p = puzzle_from_picture(g);
    const ConfirmedCells cc = confirmed_cells(p);
    // Row 1 and column 1 ("3") are full lines: 5 distinct cells; the centre
    // is confirmed by both and counted once.
    EXPECT_EQ(cc.count, 5);
    EXPECT_FALSE(cc.conflict);
    EXPECT_EQ(cc.known.at(1, 1), kFilled);
    EXPECT_EQ(cc.known.at(0, 0), kUnknown);
}

TEST(OverlapRule, FixpointExtendsTheSinglePass) {
    const auto puzzles = io::read_puzzles(NONOLAB_SOURCE_DIR "/examples/heart.non");
    ASSERT_EQ(puzzles.size(), 1u);
    const Puzzle& p = puzzles[0];
    const ConfirmedCells once = confirmed_cells(p, false);
    const ConfirmedCells fix = confirmed_cells(p, true);
    EXPECT_FALSE(once.conflict);
    EXPECT_FALSE(fix.conflict);
    EXPECT_GT(once.count, 0);
    EXPECT_GE(fix.count, once.count);
    EXPECT_EQ(fix.count, p.width() * p.height());  // the heart is line-solvable
    // The single pass agrees with the fixpoint wherever it decided something.
    for (int r = 0; r < p.height(); ++r)
        for (int c = 0; c < p.width(); ++c)
            if (once.known.at(r, c) != kUnknown) EXPECT_EQ(once.known.at(r, c), fix.known.at(r, c));
}

}  // namespace
}  // namespace nonolab::meta

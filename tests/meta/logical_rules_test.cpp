// Aloglah et al.: the complete-fill rule (eq. 1-2) and the section 3.1
// rules on the paper's own examples (figures 4-6, figures 9-10), plus
// soundness against brute force and the complete line solver.
#include "meta/logical_rules.hpp"

#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "oracle/line_solver.hpp"
#include "meta/brute_force.hpp"
#include "meta_test_util.hpp"

using namespace nonolab;
using namespace nonolab::meta;

namespace {
// '?' unknown, '#' filled, '.' empty.
std::vector<Cell> cells_of(const char* s) {
    std::vector<Cell> v;
    for (; *s; ++s) v.push_back(*s == '#' ? kFilled : *s == '.' ? kEmpty : kUnknown);
    return v;
}
std::string show(const std::vector<Cell>& v) {
    std::string s;
    for (Cell c : v) s += c == kFilled ? '#' : c == kEmpty ? '.' : '?';
    return s;
}
}  // namespace

TEST(CompleteFill, EquationsOneAndTwo) {
    EXPECT_TRUE(complete_fill({10}, 10));          // fig. 9: a 10 in a 10-wide puzzle
    EXPECT_TRUE(complete_fill({1, 2, 2, 2}, 10));  // fig. 10: 7 + 3 gaps = 10
    EXPECT_FALSE(complete_fill({1, 2, 2}, 10));
    EXPECT_FALSE(complete_fill({9}, 10));
    EXPECT_FALSE(complete_fill({}, 10));
}

TEST(CompleteFill, MatrixWritesCompleteRowsAndColumns) {
    // 4x3: row 0 "4" and column 1 "1 1" (length 3) are complete.
    const Puzzle p =
        nonolab::testing::puzzle_of(nonolab::testing::picture({"####", ".#..", "##.."}));
    const Grid g = complete_fill_matrix(p);
    EXPECT_EQ(g.at(0, 0), kFilled);
    EXPECT_EQ(g.at(0, 3), kFilled);
    EXPECT_EQ(g.at(1, 1), kFilled);  // column 1 shows 3 of 3: complete
    EXPECT_EQ(g.at(2, 1), kFilled);
    EXPECT_EQ(g.at(1, 0), kEmpty);    // column 0 "1 1" fills its 3 cells: complete
    EXPECT_EQ(g.at(1, 2), kUnknown);  // row 1 "1" and column 2 "1" are not complete
}

TEST(LogicalRules, SimpleBoxesFigure4a) {
    auto v = cells_of("??????????");
    EXPECT_EQ(simple_boxes({8}, v), 6);
    EXPECT_EQ(show(v), "??######??");  // squares 3-8
}

TEST(LogicalRules, SimpleBoxesFigure4b) {
    auto v = cells_of("??????????");
    simple_boxes({4, 3}, v);
    EXPECT_EQ(show(v), "??##???#??");  // 3rd, 4th and 8th squares
}

TEST(LogicalRules, SimpleSpacesFigure5) {
    auto v = cells_of("??#????#??");
    simple_spaces({2, 1}, v);
    EXPECT_EQ(show(v), ".?#?...#..");  // the 2 spans squares 2-4, the 1 is square 8
}

TEST(LogicalRules, JoiningAndSplittingFigure6) {
    // 15 cells, clue 5 2 2, boxes at 3, 4, 6, 7, 11, 13.
    auto v = cells_of("??##?##???#?#??");
    joining_splitting({5, 2, 2}, v);
    EXPECT_EQ(v[4], kFilled);  // square 5 joins the first two blocks into the 5
    EXPECT_EQ(v[11], kEmpty);  // square 12 splits the two 2s
}

TEST(LogicalRules, FirstAndEnd) {
    auto v = cells_of("#????????#");
    EXPECT_EQ(first_and_end({3, 1, 2}, v), 5);
    EXPECT_EQ(show(v), "###.???.##");  // the 3 from the left, the 2 from the right
    auto bad = cells_of("#.????????");
    EXPECT_EQ(first_and_end({2}, bad), -1);
}

TEST(LogicalRules, FirstAndEndAcrossTheGrid) {
    // Figure 7's situation: simple boxes fill the last row completely, then
    // every column's last run is anchored at the bottom edge.
    const Puzzle p = nonolab::testing::puzzle_of(
        nonolab::testing::picture({"#....", "##..#", "#.#.#", "..###", "#####"}));
    Grid g;
    ASSERT_TRUE(apply_logical_rules(p, g));
    for (int c = 0; c < 5; ++c) EXPECT_EQ(g.at(4, c), kFilled);
    EXPECT_EQ(g.at(3, 0), kEmpty);   // column 0 "3 1": the 1 is the bottom cell
    EXPECT_EQ(g.at(3, 2), kFilled);  // column 2 "3": the 3 ends at the bottom
    EXPECT_EQ(g.at(2, 2), kFilled);
    EXPECT_EQ(g.at(1, 2), kEmpty);  // ... and the cell above it is empty
}

TEST(LogicalRules, SoundAgainstBruteForceAndLineSolver) {
    // Every cell the rules decide has that value in every solution, and on
    // each line the rules never decide more than the complete line solver.
    Rng rng(99);
    oracle::LineSolver solver;
    for (int t = 0; t < 300; ++t) {
        Grid pic(5, 4, kEmpty);  // 2^20 grids: brute force stays fast
        const double d = 0.3 + 0.5 * rng.uniform();
        for (auto& c : pic.cells()) c = rng.chance(d) ? kFilled : kEmpty;
        const Puzzle p = nonolab::testing::puzzle_of(pic);
        Grid g;
        ASSERT_TRUE(apply_logical_rules(p, g));
        const auto all = brute_force_count(p, 1u << 20);
        for (const auto& s : all.first)
            for (int i = 0; i < 20; ++i)
                if (g.cells()[i] != kUnknown)
                    ASSERT_EQ(g.cells()[i], s.cells()[i]) << "puzzle " << t;
        // Line-level: from a random partial state of the solution, one rule
        // pass decides a subset of what the line solver decides.
        for (int r = 0; r < 4; ++r) {
            std::vector<Cell> known(5);
            for (int c = 0; c < 5; ++c) known[c] = rng.chance(0.3) ? pic.at(r, c) : kUnknown;
            std::vector<int> runs;
            for (const auto& run : p.rows()[r]) runs.push_back(run.length);
            std::vector<Cell> full = known;
            ASSERT_TRUE(solver.solve(runs, full));
            for (auto rule : {simple_boxes, simple_spaces, joining_splitting, first_and_end}) {
                std::vector<Cell> mine = known;
                ASSERT_GE(rule(runs, mine), 0);
                for (int c = 0; c < 5; ++c)
                    if (mine[c] != kUnknown) ASSERT_EQ(mine[c], full[c]) << show(known);
            }
        }
    }
}

// Wang & Tang 2014: the conflict metric against the paper's worked example
// (Figure 5, Tables 1 and 2: all 16 cells), and the annealer's contract.
#include "meta/simulated_annealing.hpp"

#include <gtest/gtest.h>

#include "core/verify.hpp"
#include "meta/sa_rows.hpp"
#include "meta_test_util.hpp"

using namespace nonolab;
using namespace nonolab::meta;

namespace {
// Figure 5: solution 4 2 1 3 on 16 cells; the current list has segments
// 1,2,3,1,2 (Table 1) and the 7 white cells to which Table 2 gives the
// scenario 1 share: cells 1, 3, 6, 10, 12, 13, 16 (1-based).
const char* kCurrent = ".#.##.###.#..##.";
std::vector<Cell> cells_of(const char* s) {
    std::vector<Cell> v;
    for (; *s; ++s) v.push_back(*s == '#' ? kFilled : kEmpty);
    return v;
}
}  // namespace

TEST(WangTangConflict, Table2AllSixteenCells) {
    const auto t = line_conflict_table({4, 2, 1, 3}, cells_of(kCurrent));
    // Table 2 of the paper, row by row, two decimals.
    const double s1[16] = {0.17, 0, 0.17, 0, 0, 0.17, 0, 0, 0, 0.17, 0, 0.17, 0.17, 0, 0, 0.17};
    const double s2[16] = {0,    0.20, 0.33, 0.10, 0.10, 0.33, 0.10, 0,
                           0.10, 0.33, 0.20, 0,    0,    0.10, 0.10, 0};
    const double tot[16] = {0.17, 0.20, 0.50, 0.10, 0.10, 0.50, 0.10, 0,
                            0.10, 0.50, 0.20, 0.17, 0.17, 0.10, 0.10, 0.17};
    for (int i = 0; i < 16; ++i) {
        EXPECT_NEAR(t.scenario1[i], s1[i], 0.005) << "scenario 1, cell " << i + 1;
        EXPECT_NEAR(t.scenario2[i], s2[i], 0.005) << "scenario 2, cell " << i + 1;
        EXPECT_EQ(t.scenario3[i], 0.0) << "scenario 3, cell " << i + 1;
        EXPECT_NEAR(t.total[i], tot[i], 0.005) << "total, cell " << i + 1;
    }
    // The maxima the text names: cells 3, 6 and 10 (0.5).
    EXPECT_NEAR(t.total[2], 0.5, 1e-12);
    EXPECT_NEAR(t.total[5], 0.5, 1e-12);
    EXPECT_NEAR(t.total[9], 0.5, 1e-12);
}

TEST(WangTangConflict, EquationTwoAsPrintedUsesExistingWhites) {
    ConflictOptions o;
    o.white_share_required = false;
    const auto t = line_conflict_table({4, 2, 1, 3}, cells_of(kCurrent), o);
    EXPECT_NEAR(t.scenario1[0], 1.0 / 7, 1e-12);  // (10 - 9) / L_w^e = 1/7, not Table 2's 1/6
}

TEST(WangTangConflict, ScenarioOneTooManyBlacks) {
    // Eq. 1: 3 blacks where 2 are required: each black gets (3-2)/3.
    const auto t = line_conflict_table({2}, cells_of("###.."));
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(t.scenario1[i], 1.0 / 3, 1e-12);
    EXPECT_EQ(t.scenario1[3], 0.0);
    // Segment count matches (1): scenario 3, the segment is 1 too long: both ends 0.5.
    EXPECT_NEAR(t.scenario3[0], 0.5, 1e-12);
    EXPECT_NEAR(t.scenario3[2], 0.5, 1e-12);
    EXPECT_EQ(t.scenario3[1], 0.0);
}

TEST(WangTangConflict, ScenarioTwoTooFewSegmentsSharesMiddleCells) {
    // Clue 1 1 1 on "#####..": 1 segment of 5, 2 missing. Middle cells 2..4.
    const auto shared = line_conflict_table({1, 1, 1}, cells_of("#####.."));
    for (int i = 1; i <= 3; ++i) EXPECT_NEAR(shared.scenario2[i], 2.0 / 3, 1e-12);
    EXPECT_EQ(shared.scenario2[0], 0.0);
    EXPECT_EQ(shared.scenario2[4], 0.0);
    // Two segments of 3 and 4 against 4 runs: shared gives 2/(1+2) to each
    // middle cell, literal eq. 6 gives 2/1 + 2/2 = 3 to each.
    ConflictOptions lit;
    lit.middle_share = 2;
    const auto a = line_conflict_table({1, 1, 1, 1}, cells_of("###.####"));
    const auto b = line_conflict_table({1, 1, 1, 1}, cells_of("###.####"), lit);
    EXPECT_NEAR(a.scenario2[1], 2.0 / 3, 1e-12);
    EXPECT_NEAR(a.scenario2[5], 2.0 / 3, 1e-12);
    EXPECT_NEAR(b.scenario2[1], 3.0, 1e-12);
    EXPECT_NEAR(b.scenario2[5], 3.0, 1e-12);
}

TEST(WangTangConflict, ScenarioThreeTooShortGoesToNeighbouringWhites) {
    // Clue 3 on ".#...": the segment is 2 short; both neighbours get 1.
    const auto t = line_conflict_table({3}, cells_of(".#..."));
    EXPECT_NEAR(t.scenario3[0], 1.0, 1e-12);
    EXPECT_NEAR(t.scenario3[2], 1.0, 1e-12);
    EXPECT_EQ(t.scenario3[3], 0.0);
}

TEST(WangTangConflict, SolvedLineHasNoConflict) {
    const auto t = line_conflict_table({4, 2, 1, 3}, cells_of("####.##.#.###..."));
    for (double x : t.total) EXPECT_EQ(x, 0.0);
}

TEST(SimulatedAnnealing, SolvesSmallPuzzlesAndIsDeterministic) {
    const Puzzle p = nonolab::testing::bobko_5x5();
    int solved = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        RunControl c;
        c.seed = seed;
        c.max_evaluations = 200000;
        const auto r = run_sa(p, {}, c);
        if (r.reached_zero) {
            ++solved;
            EXPECT_TRUE(verify(p, r.best)) << "seed " << seed;
        }
        const auto again = run_sa(p, {}, c);
        EXPECT_EQ(r.best, again.best);
        EXPECT_EQ(r.evaluations, again.evaluations);
    }
    EXPECT_GE(solved, 8);
}

TEST(SimulatedAnnealing, KeepsTheBlackCount) {
    const Puzzle p = nonolab::testing::bobko_5x5();
    RunControl c;
    c.max_evaluations = 7;
    const auto r = run_sa(p, {}, c);
    int blacks = 0;
    for (Cell x : r.best.cells()) blacks += x == kFilled;
    EXPECT_EQ(blacks, 13);
    EXPECT_EQ(r.evaluations, r.reached_zero ? r.evaluations : 7);
}

TEST(SaRows, SolvesAndRowsStayValid) {
    const Puzzle p = nonolab::testing::bobko_5x5();
    int solved = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        RunControl c;
        c.seed = seed;
        c.max_evaluations = 100000;
        const auto r = run_sa_rows(p, {}, c);
        for (int row = 0; row < 5; ++row) {
            Grid one(5, 1, kEmpty);
            for (int col = 0; col < 5; ++col) one.set(0, col, r.best.at(row, col));
            std::vector<int> runs;
            for (const auto& run : p.rows()[row]) runs.push_back(run.length);
            int len = 0;
            std::vector<int> got;
            for (int col = 0; col <= 5; ++col) {
                if (col < 5 && one.at(0, col) == kFilled) {
                    ++len;
                } else if (len) {
                    got.push_back(len);
                    len = 0;
                }
            }
            EXPECT_EQ(got, runs) << "row " << row << ", seed " << seed;
        }
        if (r.reached_zero) {
            ++solved;
            EXPECT_TRUE(verify(p, r.best));
        }
        EXPECT_EQ(run_sa_rows(p, {}, c).best, r.best);
    }
    EXPECT_GE(solved, 8);
}

TEST(WangTangConflict, BlindSpotAndOurFallback) {
    // Clue 1 1 against "##...": black count matches, one segment too few,
    // and no segment has a middle cell. As printed, no conflict at all.
    ConflictOptions paper;
    paper.two_cell_fallback = false;
    const auto t = line_conflict_table({1, 1}, cells_of("##..."), paper);
    for (double x : t.total) EXPECT_EQ(x, 0.0);
    // With the fallback the two cells share the missing segment: 1/2 each.
    const auto f = line_conflict_table({1, 1}, cells_of("##..."));
    EXPECT_NEAR(f.total[0], 0.5, 1e-12);
    EXPECT_NEAR(f.total[1], 0.5, 1e-12);
    EXPECT_EQ(f.total[2], 0.0);
}

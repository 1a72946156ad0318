// The complete line solver against brute force: for every length up to 12,
// every clue that fits, and many random partial states (both consistent ones,
// revealed from a real arrangement, and arbitrary ones that are mostly
// contradictory), the solver must decide exactly the cells that all matching
// full lines agree on, and report a contradiction exactly when none match.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include "line/line_test_util.hpp"

#include "line/bitset_line_solver.hpp"
#include "line/wide_line_solver.hpp"
#include "oracle/line_solver.hpp"

namespace nonolab {
namespace {

using test::runs_of;

// Brute-force answer: the cells fixed in all full lines of `lines` that agree
// with `partial`; empty optional-like flag when none agree.
bool brute_force(const std::vector<unsigned>& lines, const std::vector<Cell>& partial,
                 std::vector<Cell>& out) {
    const int n = static_cast<int>(partial.size());
    bool any = false;
    std::vector<int> ones(n, 0), zeros(n, 0);
    for (unsigned bits : lines) {
        bool ok = true;
        for (int i = 0; i < n && ok; ++i) {
            const Cell v = (bits >> i & 1u) ? kFilled : kEmpty;
            if (partial[i] != kUnknown && partial[i] != v) ok = false;
        }
        if (!ok) continue;
        any = true;
        for (int i = 0; i < n; ++i) ((bits >> i & 1u) ? ones : zeros)[i]++;
    }
    if (!any) return false;
    out.assign(n, kUnknown);
    for (int i = 0; i < n; ++i) {
        if (ones[i] && !zeros[i]) out[i] = kFilled;
        if (zeros[i] && !ones[i]) out[i] = kEmpty;
    }
    return true;
}

// Solves `partial` with `solver` and compares with the brute-force answer
// over `lines` (every full line with this clue); sets `consistent`.
template <class Solver>
::testing::AssertionResult agrees_with_brute_force(Solver& solver, const std::vector<int>& runs,
                                                   const std::vector<unsigned>& lines,
                                                   const std::vector<Cell>& partial,
                                                   bool& consistent) {
    std::vector<Cell> expected;
    consistent = brute_force(lines, partial, expected);
    std::vector<Cell> got = partial;
    if (solver.solve(runs, got) != consistent)
        return ::testing::AssertionFailure()
               << (consistent ? "missed an arrangement" : "accepted an impossible line");
    if (consistent && got != expected)
        return ::testing::AssertionFailure() << "decided other cells than brute force";
    return ::testing::AssertionSuccess();
}

TEST(LineSolver, MatchesBruteForceOnEveryClueUpToLength12) {
    std::mt19937 rng(12345);
    oracle::LineSolver solver;
    line::WideLineSolver wide;  // the multi-word DP, here on one-word lines
    long checked = 0, contradictions = 0;
    for (int n = 1; n <= 12; ++n) {
        std::map<std::vector<int>, std::vector<unsigned>> by_clue;
        for (unsigned bits = 0; bits < (1u << n); ++bits) by_clue[runs_of(bits, n)].push_back(bits);
        for (const auto& [runs, lines] : by_clue) {
            for (int trial = 0; trial < 24; ++trial) {
                std::vector<Cell> partial(n, kUnknown);
                if (trial % 2 == 0) {
                    // Reveal a random subset of a real arrangement: always consistent.
                    const unsigned bits = lines[rng() % lines.size()];
                    const int p = static_cast<int>(rng() % 100);
                    for (int i = 0; i < n; ++i)
                        if (static_cast<int>(rng() % 100) < p)
                            partial[i] = (bits >> i & 1u) ? kFilled : kEmpty;
                } else {
                    const int p = static_cast<int>(rng() % 60);
                    for (int i = 0; i < n; ++i)
                        if (static_cast<int>(rng() % 100) < p)
                            partial[i] = (rng() & 1u) ? kFilled : kEmpty;
                }
                bool consistent = false;
                ASSERT_TRUE(agrees_with_brute_force(solver, runs, lines, partial, consistent))
                    << "n=" << n << " trial=" << trial;
                ASSERT_TRUE(agrees_with_brute_force(wide, runs, lines, partial, consistent))
                    << "wide DP, n=" << n << " trial=" << trial;
                contradictions += !consistent;
                ++checked;
            }
        }
    }
    // Make sure both branches of the comparison were really exercised.
    EXPECT_GT(checked, 10000);
    EXPECT_GT(contradictions, 1000);
    EXPECT_LT(contradictions, checked - 1000);
}

// Random lines up to length 16, past what exhaustive clues cover: for 13..16 cells, where
// every clue is too many, random full lines give the clues and random
// partial states (consistent or not) are checked against brute force, for
// the byte DP, the bitset solver and the multi-word DP.
TEST(LineSolver, MatchesBruteForceOnRandomLinesOfLength13To16) {
    std::mt19937 rng(1616);
    oracle::LineSolver solver;
    line::BitsetLineSolver bitset;
    line::WideLineSolver wide;
    long checked = 0, contradictions = 0;
    for (int n = 13; n <= 16; ++n) {
        std::map<std::vector<int>, std::vector<unsigned>> by_clue;
        for (unsigned bits = 0; bits < (1u << n); ++bits) by_clue[runs_of(bits, n)].push_back(bits);
        for (int trial = 0; trial < 150; ++trial) {
            const unsigned truth = rng() & ((1u << n) - 1);
            const std::vector<int> runs = runs_of(truth, n);
            std::vector<Cell> partial(n, kUnknown);
            const int p = static_cast<int>(rng() % 70);
            const bool consistent_reveal = trial % 2 == 0;
            for (int i = 0; i < n; ++i)
                if (static_cast<int>(rng() % 100) < p)
                    partial[i] = consistent_reveal ? ((truth >> i & 1u) ? kFilled : kEmpty)
                                                   : ((rng() & 1u) ? kFilled : kEmpty);
            bool consistent = false;
            ASSERT_TRUE(agrees_with_brute_force(solver, runs, by_clue[runs], partial, consistent))
                << "byte DP, n=" << n << " trial=" << trial;
            ASSERT_TRUE(agrees_with_brute_force(bitset, runs, by_clue[runs], partial, consistent))
                << "bitset DP, n=" << n << " trial=" << trial;
            ASSERT_TRUE(agrees_with_brute_force(wide, runs, by_clue[runs], partial, consistent))
                << "wide DP, n=" << n << " trial=" << trial;
            contradictions += !consistent;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 600);
    EXPECT_GT(contradictions, 60);
    EXPECT_LT(contradictions, checked - 200);
}

TEST(LineSolver, DetectsRunsThatDoNotFit) {
    oracle::LineSolver solver;
    std::vector<Cell> cells(4, kUnknown);
    const std::vector<int> runs{3, 1};
    EXPECT_FALSE(solver.solve(runs, cells));
}

TEST(LineSolver, OverlapAndEmptyClue) {
    oracle::LineSolver solver;
    std::vector<Cell> cells(5, kUnknown);
    const std::vector<int> three{3};
    ASSERT_TRUE(solver.solve(three, cells));
    EXPECT_EQ(cells, (std::vector<Cell>{kUnknown, kUnknown, kFilled, kUnknown, kUnknown}));
    std::vector<Cell> blank(3, kUnknown);
    ASSERT_TRUE(solver.solve({}, blank));
    EXPECT_EQ(blank, std::vector<Cell>(3, kEmpty));
}

TEST(LineSolver, LongLineWithManyRunsIsSolvedWithoutBlowup) {
    // 1000 cells, 500 runs of 1: exactly one arrangement.
    oracle::LineSolver solver;
    std::vector<Cell> cells(999, kUnknown);
    std::vector<int> runs(500, 1);
    ASSERT_TRUE(solver.solve(runs, cells));
    for (int i = 0; i < 999; ++i) ASSERT_EQ(cells[i], i % 2 == 0 ? kFilled : kEmpty);
}

}  // namespace
}  // namespace nonolab

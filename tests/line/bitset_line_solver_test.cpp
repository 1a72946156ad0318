#include "line/bitset_line_solver.hpp"

#include <gtest/gtest.h>

#include <iterator>
#include <random>
#include <utility>
#include <vector>

#include "oracle/line_solver.hpp"
#include "line/wide_line_solver.hpp"

namespace nonolab::line {
namespace {

// The clue of a full line: its run lengths.
std::vector<int> clue_of(const std::vector<Cell>& line) {
    std::vector<int> runs;
    int run = 0;
    for (std::size_t i = 0; i <= line.size(); ++i) {
        if (i < line.size() && line[i] == kFilled) {
            ++run;
        } else if (run) {
            runs.push_back(run);
            run = 0;
        }
    }
    return runs;
}

// One random test input: a clue and a partial state over n cells.
struct Case {
    std::vector<int> runs;
    std::vector<Cell> state;
};

// A random line (random density; for `dense`, mostly alternating cells: many
// short runs and little slack), then its clue, a perturbed clue (one run one
// longer or shorter, or one dropped) or an unrelated random clue, and a
// partial state revealing a random share of the line, with some cells
// flipped for `trial % 7 == 6` (usually contradictory).
Case random_case(std::mt19937_64& rng, int n, int trial, bool dense) {
    std::vector<Cell> line(n);
    const int density = static_cast<int>(rng() % 100);
    for (int i = 0; i < n; ++i) {
        const bool on =
            dense ? (i % 2 == 0) != (rng() % 16 == 0) : static_cast<int>(rng() % 100) < density;
        line[i] = on ? kFilled : kEmpty;
    }
    Case c;
    if (trial % 5 == 4) {  // random clue, usually wrong for the state below
        const int k = static_cast<int>(rng() % (n / 2 + 2));
        for (int j = 0; j < k; ++j) c.runs.push_back(1 + static_cast<int>(rng() % 4));
    } else {
        c.runs = clue_of(line);
        if (trial % 5 == 3 && !c.runs.empty()) {  // perturbed: often just barely wrong
            const std::size_t j = rng() % c.runs.size();
            const int how = static_cast<int>(rng() % 3);
            if (how == 0) ++c.runs[j];
            if (how == 1 && c.runs[j] > 1) --c.runs[j];
            if (how == 2) c.runs.erase(c.runs.begin() + static_cast<long>(j));
        }
    }
    const int known = static_cast<int>(rng() % 100);
    c.state.assign(n, kUnknown);
    for (int i = 0; i < n; ++i) {
        if (static_cast<int>(rng() % 100) >= known) continue;
        c.state[i] = line[i];
        if (trial % 7 == 6 && rng() % 10 == 0) c.state[i] = line[i] == kFilled ? kEmpty : kFilled;
    }
    return c;
}

// The byte DP's answer to a case: the reference every solver is held to.
struct Reference {
    bool ok;
    std::vector<Cell> cells;
};

Reference byte_dp(const Case& c) {
    oracle::LineSolver dp;
    Reference r{false, c.state};
    r.ok = dp.solve(c.runs, r.cells);
    return r;
}

// Solves `c` with `solver`; it must give the byte DP's verdict and cells
// (`want`, computed once per case: on a 10,000-cell line the O(n k) DP
// costs far more than the solvers under test). Counts the verdicts.
template <class Solver>
::testing::AssertionResult agrees_with(Solver& solver, const Case& c, const Reference& want,
                                       int& feasible, int& infeasible) {
    std::vector<Cell> b = c.state;
    const bool ok_b = solver.solve(c.runs, b);
    if (want.ok != ok_b)
        return ::testing::AssertionFailure() << "verdicts differ: byte DP says " << want.ok;
    if (want.ok && want.cells != b) return ::testing::AssertionFailure() << "decided cells differ";
    ++(want.ok ? feasible : infeasible);
    return ::testing::AssertionSuccess();
}

template <class Solver>
::testing::AssertionResult agrees_with_dp(Solver& solver, const Case& c, int& feasible,
                                          int& infeasible) {
    return agrees_with(solver, c, byte_dp(c), feasible, infeasible);
}

// The bitset solver must agree with the byte DP on every input: same
// feasibility verdict and the same forced cells. Lines of every width class
// (64-bit words, 128-bit words, multi-word), clues from real lines or random
// (often infeasible), partial states consistent or not.
TEST(BitsetLineSolver, AgreesWithTheDpOnRandomLines) {
    std::mt19937_64 rng(2024);
    BitsetLineSolver bits;
    const int sizes[] = {1,  2,  3,  5,  8,  13,  25,  31,  32,  33,
                         50, 62, 63, 64, 65, 100, 126, 127, 128, 150};
    int feasible = 0, infeasible = 0;
    for (int n : sizes) {
        for (int trial = 0; trial < 1500; ++trial) {
            const Case c = random_case(rng, n, trial, trial % 4 == 1);
            ASSERT_TRUE(agrees_with_dp(bits, c, feasible, infeasible))
                << "n=" << n << " trial=" << trial;
        }
    }
    // Both outcomes must actually have been exercised.
    EXPECT_GT(feasible, 5000);
    EXPECT_GT(infeasible, 1000);
}

// Lines of any length on multi-word bitsets. Lengths on
// both sides of every word boundary up to four words, then long lines up to
// the longest side a puzzle may have (kMaxSide = 10000), fewer trials there
// since the byte DP is O(n k). Both through BitsetLineSolver (which hands
// these lines to WideLineSolver) and WideLineSolver itself.
TEST(BitsetLineSolver, AgreesWithTheDpOnLinesOfAnyLength) {
    std::mt19937_64 rng(19);
    BitsetLineSolver bits;
    WideLineSolver wide;
    const int sizes[] = {127, 128, 129, 191, 192, 193, 255, 256, 257, 319, 320, 321, 500};
    const std::pair<int, int> long_sizes[] = {{1000, 150}, {2000, 60}, {4095, 12}, {10000, 6}};
    std::vector<std::pair<int, int>> plan;
    for (int n : sizes) plan.push_back({n, 400});
    plan.insert(plan.end(), std::begin(long_sizes), std::end(long_sizes));
    int feasible = 0, infeasible = 0, decided = 0;
    for (const auto& [n, trials] : plan) {
        for (int trial = 0; trial < trials; ++trial) {
            const Case c = random_case(rng, n, trial, trial % 3 == 1);
            const Reference want = byte_dp(c);
            ASSERT_TRUE(agrees_with(bits, c, want, feasible, infeasible))
                << "n=" << n << " trial=" << trial;
            ASSERT_TRUE(agrees_with(wide, c, want, feasible, infeasible))
                << "wide, n=" << n << " trial=" << trial;
            std::vector<Cell> solved = c.state;
            if (bits.solve(c.runs, solved) && solved != c.state) ++decided;
        }
    }
    EXPECT_GT(feasible, 3000);
    EXPECT_GT(infeasible, 1500);
    EXPECT_GT(decided, 1500);  // feasible lines where the solve actually decided cells
}

// WideLineSolver on short lines too (one or two words, every boundary), so
// its window arithmetic is checked where the byte DP is cheapest.
TEST(WideLineSolver, AgreesWithTheDpOnShortLines) {
    std::mt19937_64 rng(7);
    WideLineSolver wide;
    int feasible = 0, infeasible = 0;
    for (int n = 1; n <= 140; ++n) {
        for (int trial = 0; trial < 300; ++trial) {
            const Case c = random_case(rng, n, trial, trial % 3 == 1);
            ASSERT_TRUE(agrees_with_dp(wide, c, feasible, infeasible))
                << "n=" << n << " trial=" << trial;
        }
    }
    EXPECT_GT(feasible, 15000);
    EXPECT_GT(infeasible, 8000);
}

// Extremes of the window layout: one run filling the line, n/2 runs of 1
// with no slack, a clue one cell too long, no runs, and the longest line.
TEST(WideLineSolver, TightAndEmptyClues) {
    WideLineSolver wide;
    for (int n : {201, 1001, 9999}) {  // odd: (n + 1) / 2 ones have no slack
        std::vector<Cell> line(n, kUnknown);
        ASSERT_TRUE(wide.solve(std::vector<int>{n}, line)) << n;
        EXPECT_EQ(line, std::vector<Cell>(n, kFilled));
        std::vector<int> ones((n + 1) / 2, 1);
        line.assign(n, kUnknown);
        ASSERT_TRUE(wide.solve(ones, line)) << n;
        for (int i = 0; i < n; ++i) ASSERT_EQ(line[i], i % 2 == 0 ? kFilled : kEmpty) << i;
        ones.push_back(1);
        line.assign(n, kUnknown);
        EXPECT_FALSE(wide.solve(ones, line)) << n;
        line.assign(n, kUnknown);
        ASSERT_TRUE(wide.solve({}, line));
        EXPECT_EQ(line, std::vector<Cell>(n, kEmpty));
        line.assign(n, kUnknown);
        line[n / 2] = kFilled;
        EXPECT_FALSE(wide.solve({}, line));
    }
}

TEST(BitsetLineSolver, SmallCasesByHand) {
    BitsetLineSolver s;
    std::vector<Cell> c(5, kUnknown);
    std::vector<int> r{3};
    ASSERT_TRUE(s.solve(r, c));  // the middle cell of "3" in 5
    EXPECT_EQ(c, (std::vector<Cell>{kUnknown, kUnknown, kFilled, kUnknown, kUnknown}));
    std::vector<Cell> e(4, kUnknown);
    ASSERT_TRUE(s.solve({}, e));  // empty clue: all empty
    EXPECT_EQ(e, std::vector<Cell>(4, kEmpty));
    std::vector<Cell> f{kFilled, kUnknown, kUnknown};
    std::vector<int> two{1, 1};
    ASSERT_TRUE(s.solve(two, f));
    EXPECT_EQ(f, (std::vector<Cell>{kFilled, kEmpty, kFilled}));
    std::vector<Cell> bad{kEmpty, kUnknown, kEmpty};
    std::vector<int> r2{2};
    EXPECT_FALSE(s.solve(r2, bad));
}

}  // namespace
}  // namespace nonolab::line

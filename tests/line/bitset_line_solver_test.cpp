#include "line/bitset_line_solver.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "line/line_solver.hpp"

namespace nonolab::line {
namespace {

// The bitset solver must agree with the byte DP on every input: same
// feasibility verdict and the same forced cells. Lines of every width class
// (64-bit words, 128-bit words, fallback), clues from real lines or random
// (often infeasible), partial states consistent or not.
TEST(BitsetLineSolver, AgreesWithTheDpOnRandomLines) {
    std::mt19937_64 rng(2024);
    LineSolver dp;
    BitsetLineSolver bits;
    const int sizes[] = {1,  2,  3,  5,  8,  13,  25,  31,  32,  33,
                         50, 62, 63, 64, 65, 100, 126, 127, 128, 150};
    int feasible = 0, infeasible = 0;
    for (int n : sizes) {
        for (int trial = 0; trial < 1500; ++trial) {
            std::vector<Cell> line(n);
            const int density = static_cast<int>(rng() % 100);
            for (auto& c : line) c = static_cast<int>(rng() % 100) < density ? kFilled : kEmpty;
            std::vector<int> runs;
            if (trial % 5 == 4) {  // random clue, usually wrong for the state below
                const int k = static_cast<int>(rng() % (n / 2 + 2));
                for (int j = 0; j < k; ++j) runs.push_back(1 + static_cast<int>(rng() % 4));
            } else {
                int run = 0;
                for (int i = 0; i <= n; ++i) {
                    if (i < n && line[i] == kFilled) {
                        ++run;
                    } else if (run) {
                        runs.push_back(run);
                        run = 0;
                    }
                }
            }
            const int known = static_cast<int>(rng() % 100);
            std::vector<Cell> state(n, kUnknown);
            for (int i = 0; i < n; ++i) {
                if (static_cast<int>(rng() % 100) >= known) continue;
                state[i] = line[i];
                if (trial % 7 == 6 && rng() % 10 == 0)
                    state[i] = line[i] == kFilled ? kEmpty : kFilled;
            }
            std::vector<Cell> a = state, b = state;
            const bool ok_a = dp.solve(runs, a);
            const bool ok_b = bits.solve(runs, b);
            ASSERT_EQ(ok_a, ok_b) << "n=" << n << " trial=" << trial;
            if (ok_a) {
                ASSERT_EQ(a, b) << "n=" << n << " trial=" << trial;
                ++feasible;
            } else {
                ++infeasible;
            }
        }
    }
    // Both outcomes must actually have been exercised.
    EXPECT_GT(feasible, 5000);
    EXPECT_GT(infeasible, 1000);
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

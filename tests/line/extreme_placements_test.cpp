// Left-most / right-most placements against brute force: every full line of
// up to 16 cells is enumerated, and each run's smallest and largest start
// over the full lines that agree with a random partial state must be what
// the placement pass returns; with no such line, both must say so.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "line_test_util.hpp"

#include "line/extreme_placements.hpp"

namespace nonolab {
namespace {

using test::blocks_of;

struct BruteForce {
    int count = 0;            // agreeing full lines
    std::vector<int> lo, hi;  // per run: smallest and largest start
};

BruteForce enumerate(const std::vector<int>& runs, const std::vector<Cell>& cells) {
    const int n = static_cast<int>(cells.size());
    BruteForce bf;
    bf.lo.assign(runs.size(), n);
    bf.hi.assign(runs.size(), -1);
    for (unsigned bits = 0; bits < (1u << n); ++bits) {
        bool match = true;
        for (int i = 0; i < n && match; ++i)
            if (cells[i] != kUnknown && (cells[i] == kFilled) != bool(bits >> i & 1u))
                match = false;
        if (!match) continue;
        const auto blocks = blocks_of(bits, n);
        if (blocks.size() != runs.size()) continue;
        for (size_t j = 0; j < runs.size(); ++j) match &= blocks[j].second == runs[j];
        if (!match) continue;
        ++bf.count;
        for (size_t j = 0; j < runs.size(); ++j) {
            bf.lo[j] = std::min(bf.lo[j], blocks[j].first);
            bf.hi[j] = std::max(bf.hi[j], blocks[j].first);
        }
    }
    return bf;
}

TEST(ExtremePlacements, MatchBruteForce) {
    std::mt19937 rng(11);
    int outcome[3] = {0, 0, 0};  // agreeing full lines: none, one, several
    for (int n = 1; n <= 16; ++n) {
        const int trials = n <= 12 ? 150 : 40;
        for (int trial = 0; trial < trials; ++trial) {
            const unsigned truth = rng() & ((1u << n) - 1);
            std::vector<int> runs;
            for (const auto& [s, len] : blocks_of(truth, n)) runs.push_back(len);
            // Known cells from the truth, at a random density so that some
            // lines are nearly decided (one arrangement) and some are open.
            const unsigned density = rng() % 5;  // 0..4 in 5
            std::vector<Cell> cells(n, kUnknown);
            for (int i = 0; i < n; ++i)
                if (rng() % 5 < density) cells[i] = (truth >> i & 1u) ? kFilled : kEmpty;
            if (rng() % 4 == 0) {  // now and then a state no arrangement fits
                const int i = static_cast<int>(rng() % n);
                cells[i] = cells[i] == kFilled ? kEmpty : kFilled;
            }
            const BruteForce bf = enumerate(runs, cells);
            const auto where = "n " + std::to_string(n) + " trial " + std::to_string(trial);

            std::vector<int> left(runs.size()), right(runs.size());
            ASSERT_EQ(line::leftmost_starts(runs, cells, left), bf.count > 0) << where;
            ASSERT_EQ(line::rightmost_starts(runs, cells, right), bf.count > 0) << where;
            if (bf.count > 0) {
                EXPECT_EQ(left, bf.lo) << where;
                EXPECT_EQ(right, bf.hi) << where;
                // One arrangement exactly when the extremes coincide.
                EXPECT_EQ(left == right, bf.count == 1) << where;
            }
            ++outcome[std::min(bf.count, 2)];
        }
    }
    // Each outcome must be exercised, or the comparison proves little.
    EXPECT_GT(outcome[0], 150);
    EXPECT_GT(outcome[1], 150);
    EXPECT_GT(outcome[2], 150);
}

// Clues not taken from a full line: too long, or with more runs than fit.
TEST(ExtremePlacements, ImpossibleCluesAreContradictions) {
    const std::vector<Cell> unknown(5, kUnknown);
    std::vector<int> starts(3);
    EXPECT_FALSE(line::leftmost_starts(std::vector<int>{3, 2}, unknown, starts));
    EXPECT_FALSE(line::leftmost_starts(std::vector<int>{6}, unknown, starts));
    // No runs: consistent only when nothing is filled.
    const std::vector<Cell> one_filled = {kUnknown, kFilled, kUnknown, kUnknown, kUnknown};
    EXPECT_FALSE(line::leftmost_starts(std::vector<int>{}, one_filled, starts));
    EXPECT_TRUE(line::leftmost_starts(std::vector<int>{}, unknown, starts));
    // "3 1" in 5 cells fits one way: both extremes are 0 and 4.
    std::vector<int> left(2), right(2);
    ASSERT_TRUE(line::leftmost_starts(std::vector<int>{3, 1}, unknown, left));
    ASSERT_TRUE(line::rightmost_starts(std::vector<int>{3, 1}, unknown, right));
    EXPECT_EQ(left, (std::vector<int>{0, 4}));
    EXPECT_EQ(right, left);
}

// By hand: "2 1" on ??#????#?? must cover both filled cells.
TEST(ExtremePlacements, RespectKnownCells) {
    const std::vector<Cell> cells = {kUnknown, kUnknown, kFilled, kUnknown, kUnknown,
                                     kUnknown, kUnknown, kFilled, kUnknown, kUnknown};
    std::vector<int> left(2), right(2);
    ASSERT_TRUE(line::leftmost_starts(std::vector<int>{2, 1}, cells, left));
    ASSERT_TRUE(line::rightmost_starts(std::vector<int>{2, 1}, cells, right));
    EXPECT_EQ(left, (std::vector<int>{1, 7}));
    EXPECT_EQ(right, (std::vector<int>{2, 7}));
    EXPECT_FALSE(line::leftmost_starts(std::vector<int>{2},
                                       std::vector<Cell>{kFilled, kEmpty, kFilled}, left));
}

}  // namespace
}  // namespace nonolab

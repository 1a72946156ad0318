// Feasible run starts against brute force: every full line of up to 12
// cells is enumerated, and the start of every run in every full line that
// agrees with a random partial state must be marked, and nothing else.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "line_test_util.hpp"

#include "line/run_starts.hpp"

namespace nonolab {
namespace {

using test::blocks_of;

TEST(RunStarts, MatchBruteForce) {
    std::mt19937 rng(7);
    int consistent_cases = 0, contradictions = 0;
    for (int n = 1; n <= 12; ++n) {
        for (int trial = 0; trial < 80; ++trial) {
            const unsigned truth = rng() & ((1u << n) - 1);
            std::vector<int> runs;
            for (const auto& [s, len] : blocks_of(truth, n)) runs.push_back(len);
            std::vector<Cell> cells(n, kUnknown);
            for (int i = 0; i < n; ++i)
                if (rng() % 3 == 0) cells[i] = (truth >> i & 1u) ? kFilled : kEmpty;
            if (rng() % 4 == 0) {  // now and then a state no arrangement fits
                const int i = static_cast<int>(rng() % n);
                cells[i] = cells[i] == kFilled ? kEmpty : kFilled;
            }
            std::vector<std::vector<char>> want(runs.size(), std::vector<char>(n, 0));
            bool any = false;
            for (unsigned bits = 0; bits < (1u << n); ++bits) {
                const auto blocks = blocks_of(bits, n);
                if (blocks.size() != runs.size()) continue;
                bool match = true;
                for (size_t j = 0; j < runs.size(); ++j) match &= blocks[j].second == runs[j];
                for (int i = 0; i < n; ++i)
                    if (cells[i] != kUnknown && (cells[i] == kFilled) != bool(bits >> i & 1u))
                        match = false;
                if (!match) continue;
                any = true;
                for (size_t j = 0; j < runs.size(); ++j) want[j][blocks[j].first] = 1;
            }
            bool consistent = !any;
            const auto got = line::feasible_starts(runs, cells, consistent);
            ASSERT_EQ(consistent, any) << "n " << n << " trial " << trial;
            if (!any) {
                EXPECT_TRUE(got.empty());
                ++contradictions;
                continue;
            }
            ++consistent_cases;
            ASSERT_EQ(got.size(), runs.size());
            for (size_t j = 0; j < runs.size(); ++j)
                ASSERT_EQ(got[j], want[j]) << "n " << n << " trial " << trial << " run " << j;
        }
    }
    EXPECT_GT(consistent_cases, 400);
    EXPECT_GT(contradictions, 50);
}

}  // namespace
}  // namespace nonolab

#include "batch/exact_bench.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <mutex>
#include <stdexcept>

namespace nonolab::batch {
namespace {

TEST(ExactBench, NDomSetsAreGenerated) {
    const auto sets = resolve_sets({"ndom:3-5", "ndom:7"}, "/nonexistent");
    ASSERT_EQ(sets.size(), 2u);
    EXPECT_EQ(sets[0].puzzles.size(), 3u);
    EXPECT_EQ(sets[0].puzzles[2].puzzle->width(), 11);
    EXPECT_EQ(sets[1].puzzles.size(), 1u);
    EXPECT_THROW(resolve_sets({"ndom:5-3"}, ""), std::invalid_argument);
    EXPECT_THROW(resolve_sets({"no-such-set"}, ""), std::invalid_argument);
    EXPECT_THROW(resolve_sets({"survey"}, "/nonexistent"), std::invalid_argument);
}

TEST(ExactBench, RowsCountVerifiedSolves) {
    BenchOptions o;
    o.solutions = 2;
    o.threads = 2;
    const auto rows = run_bench(resolve_sets({"ndom:2-6"}, ""), o);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].solver, "nonolab");
    EXPECT_EQ(rows[0].puzzles, 5);
    EXPECT_EQ(rows[0].solved, 5);
    EXPECT_GE(rows[0].slowest_index, 1);
    EXPECT_LE(rows[0].median_seconds, rows[0].slowest_seconds);
    EXPECT_FALSE(rows[0].commit.empty());
    const std::string csv = bench_csv(rows);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 2);
    EXPECT_EQ(csv.rfind("set,solver,puzzles,solved,", 0), 0u);
}

// A competitor is whatever the front end supplies; without one, --vs is refused.
// (Running programs as competitors: tests/apps/external_solvers_test.cpp.)
TEST(ExactBench, CompetitorRowsComeFromTheSuppliedCompetitor) {
    BenchOptions o;
    o.vs = "every other";
    EXPECT_THROW(run_bench(resolve_sets({"ndom:2-3"}, ""), o), std::invalid_argument);
    int calls = 0;
    std::mutex m;
    o.competitor = [&](const Puzzle& p) {
        std::lock_guard<std::mutex> lock(m);
        ++calls;
        return CompetitorRun{p.width() == 5, 0.5};  // ndom:2-3 are 5 and 7 wide
    };
    const auto rows = run_bench(resolve_sets({"ndom:2-3"}, ""), o);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(calls, 2);
    EXPECT_EQ(rows[1].solver, "every other");
    EXPECT_EQ(rows[1].puzzles, 2);
    EXPECT_EQ(rows[1].solved, 1);
    EXPECT_DOUBLE_EQ(rows[1].total_seconds, 1.0);
}

}  // namespace
}  // namespace nonolab::batch

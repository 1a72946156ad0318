#include "batch/exact_bench.hpp"

#include <gtest/gtest.h>

#include <filesystem>

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

// The time shares: each phase is measured, none is counted twice (their sum
// stays within the set's total), and a competitor row has none.
TEST(ExactBench, PhaseTimesAreDisjointSharesOfTheTotal) {
    BenchOptions o;
    o.solutions = 2;
    o.threads = 1;
    o.vs = "true {non}";
    const auto rows = run_bench(resolve_sets({"ndom:6-12"}, ""), o);
    ASSERT_EQ(rows.size(), 2u);
    const BenchRow& r = rows[0];
    EXPECT_GT(r.line_seconds, 0);
    EXPECT_GT(r.probe_seconds, 0);
    EXPECT_GE(r.sat_seconds, 0);
    EXPECT_LE(r.line_seconds + r.probe_seconds + r.sat_seconds, r.total_seconds);
    EXPECT_EQ(rows[1].line_seconds + rows[1].probe_seconds + rows[1].sat_seconds, 0);
    EXPECT_NE(bench_table(rows).find("line/probe/SAT %"), std::string::npos);
    EXPECT_NE(bench_csv(rows).find(",line_seconds,probe_seconds,sat_seconds,"), std::string::npos);
}

TEST(ExactBench, CompetitorExitStatusDecidesSolved) {
    BenchOptions o;
    o.vs = "test -s {non}";  // succeeds: the puzzle file was written and is not empty
    auto rows = run_bench(resolve_sets({"ndom:2-3"}, ""), o);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[1].solver, "test -s {non}");
    EXPECT_EQ(rows[1].solved, 2);
    o.vs = "test ! -e {cnf}";  // fails: the file exists
    rows = run_bench(resolve_sets({"ndom:2-3"}, ""), o);
    EXPECT_EQ(rows[1].solved, 0);
    EXPECT_NE(bench_table(rows).find("competitor / nonolab"), std::string::npos);
}

TEST(ExactBench, CadicalReferenceCompetitor) {
    if (std::system("command -v cadical >/dev/null 2>&1") != 0) GTEST_SKIP() << "no cadical";
    BenchOptions o;
    o.vs = "cadical";
    o.solutions = 2;
    const auto rows = run_bench(resolve_sets({"ndom:3-6"}, ""), o);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[1].solved, 4);
}

}  // namespace
}  // namespace nonolab::batch

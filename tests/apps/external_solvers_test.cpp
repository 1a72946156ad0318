// Other solvers for `nonolab bench --vs` (apps/external_solvers.hpp): run as
// programs on each puzzle, in a private temporary folder, their exit status
// deciding "solved". Moved here from tests/batch/exact_bench_test.cpp with
// the code they test (the library runs no program).
#include "built_engines.hpp"
#include "external_solvers.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace nonolab::cli {
namespace {

using batch::bench_csv;
using batch::bench_table;
using batch::BenchOptions;
using batch::BenchRow;
using batch::resolve_sets;
using batch::run_bench;

// The time shares: each phase is measured, none is counted twice (their sum
// stays within the set's total), and a competitor row has none.
TEST(ExactBench, PhaseTimesAreDisjointSharesOfTheTotal) {
    BenchOptions o;
    o.solutions = 2;
    o.threads = 1;
    o.vs = "true {non}";
    o.competitor = external_solver(o.vs, o.solutions, o.timeout);
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
    o.competitor = external_solver(o.vs, o.solutions, o.timeout);
    auto rows = run_bench(resolve_sets({"ndom:2-3"}, ""), o);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[1].solver, "test -s {non}");
    EXPECT_EQ(rows[1].solved, 2);
    o.vs = "test ! -e {cnf}";  // fails: the file exists
    o.competitor = external_solver(o.vs, o.solutions, o.timeout);
    rows = run_bench(resolve_sets({"ndom:2-3"}, ""), o);
    EXPECT_EQ(rows[1].solved, 0);
    EXPECT_NE(bench_table(rows).find("competitor / nonolab"), std::string::npos);
}

TEST(ExactBench, CadicalReferenceCompetitor) {
    put_built_engines_on_path();
    if (std::system("command -v cadical >/dev/null 2>&1") != 0) GTEST_SKIP() << "no cadical";
    BenchOptions o;
    o.vs = "cadical";
    o.solutions = 2;
    o.competitor = external_solver(o.vs, o.solutions, o.timeout);
    const auto rows = run_bench(resolve_sets({"ndom:3-6"}, ""), o);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[1].solved, 4);
}

TEST(ExternalSolvers, ACommandNeedsAPlaceForThePuzzle) {
    EXPECT_TRUE(valid_competitor("cadical"));
    EXPECT_TRUE(valid_competitor("kissat -q {cnf}"));
    EXPECT_FALSE(valid_competitor("true"));
    EXPECT_THROW(external_solver("true", 1, 0), std::invalid_argument);
}

TEST(ExternalSolvers, EachCallHasItsOwnFolderRemovedAfterwards) {
    // A private TMPDIR (this test runs in a process of its own), empty again
    // after the calls: no fixed name, nothing left behind.
    namespace fs = std::filesystem;
    const fs::path tmp =
        fs::temp_directory_path() / ("nonolab_vs_test_" + std::to_string(::getpid()));
    fs::create_directories(tmp);
    const char* old = std::getenv("TMPDIR");
    const std::string saved = old ? old : "";
    ::setenv("TMPDIR", tmp.c_str(), 1);
    const auto sets = resolve_sets({"ndom:2-3"}, "");
    for (const char* vs : {"test -s {non}", "test -s {cnf}"}) {
        const batch::Competitor c = external_solver(vs, 1, 0);
        for (const auto& ref : sets[0].puzzles) EXPECT_TRUE(c(*ref.puzzle).solved) << vs;
    }
    EXPECT_TRUE(fs::is_empty(tmp));
    if (old)
        ::setenv("TMPDIR", saved.c_str(), 1);
    else
        ::unsetenv("TMPDIR");
    fs::remove_all(tmp);
}

}  // namespace
}  // namespace nonolab::cli

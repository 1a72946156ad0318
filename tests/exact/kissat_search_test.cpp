// Kissat as the exact solver's SAT engine (exact/kissat_search.hpp, and
// sat_search with backend kissat): models that verify, UNSAT as a proof of
// absence, a fresh instance per model with the found ones blocked, the stop
// flag and the budget, and its DRAT proofs accepted by our own checker.
#include "exact/kissat_search.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>

#include "core/drup_check.hpp"
#include "core/picture.hpp"
#include "core/puzzle.hpp"
#include "core/verify.hpp"
#include "exact/certify.hpp"
#include "exact/exact_test_util.hpp"
#include "exact/sat_search.hpp"

namespace nonolab {
namespace {

exact::SatOptions kissat_options() {
    exact::SatOptions o;
    o.backend = "kissat";
    return o;
}

TEST(KissatSearch, ExcludesSolutionsAndBlocksOverTheOpenCells) {
    if (!exact::kissat_available() || !exact::sat_available()) GTEST_SKIP() << "no Kissat";
    const auto search = [](const Puzzle& p, const Grid& partial, const std::vector<Grid>& exclude,
                           int wanted) {
        return exact::sat_search(p, partial, exclude, wanted, Budget(), kissat_options());
    };
    const auto one = test_util::expect_exclude_and_partial(search);
    EXPECT_EQ(one.calls, 2);  // a model, then a fresh instance with it blocked: UNSAT
}

TEST(KissatSearch, UnfittableClueIsUnsatisfiable) {
    if (!exact::kissat_available() || !exact::sat_available()) GTEST_SKIP() << "no Kissat";
    const Puzzle p(3, 3, {bw_clue({1, 1}), bw_clue({1, 1}), bw_clue({1, 1})},
                   {bw_clue({}), bw_clue({3}), bw_clue({3})});
    const auto out = exact::sat_search(p, Grid(3, 3, kUnknown), {}, 2, Budget(), kissat_options());
    EXPECT_TRUE(out.exhausted);
    EXPECT_TRUE(out.solutions.empty());
}

TEST(KissatSearch, AgreesWithCadicalOnRandomPuzzles) {
    if (!exact::kissat_available() || !exact::sat_available()) GTEST_SKIP() << "no Kissat";
    std::uint32_t state = 7;
    for (int trial = 0; trial < 20; ++trial) {
        Grid g(6, 5, kEmpty);
        for (Cell& c : g.cells())
            c = ((state = state * 1664525u + 1013904223u) >> 16) % 2 ? kFilled : kEmpty;
        std::vector<Clue> rows, cols;
        for (int r = 0; r < 5; ++r) rows.push_back(row_clue_of(g, r));
        for (int c = 0; c < 6; ++c) cols.push_back(column_clue_of(g, c));
        const Puzzle p(6, 5, rows, cols);
        const Grid open(6, 5, kUnknown);
        const auto k = exact::sat_search(p, open, {}, 1000, Budget(), kissat_options());
        const auto c = exact::sat_search(p, open, {}, 1000, Budget());
        ASSERT_TRUE(k.exhausted && c.exhausted) << trial;
        EXPECT_EQ(k.solutions.size(), c.solutions.size()) << trial;  // every solution, each once
        for (const Grid& s : k.solutions) EXPECT_TRUE(verify(p, s).ok) << trial;
    }
}

TEST(KissatSearch, AStopFlagOrAnExpiredBudgetProvesNothing) {
    if (!exact::kissat_available()) GTEST_SKIP() << "no Kissat";
    exact::Cnf cnf;
    cnf.num_vars = 2;
    cnf.clauses = {{1, 2}, {-1, 2}};
    std::atomic<bool> stop{true};
    EXPECT_EQ(exact::kissat_solve(cnf, {}, {}, Budget(), &stop, nullptr), 0);
    const Budget spent(1e-9);
    while (!spent.expired()) {
    }
    EXPECT_EQ(exact::kissat_solve(cnf, {}, {}, spent, nullptr, nullptr), 0);
    std::vector<signed char> model;
    EXPECT_EQ(exact::kissat_solve(cnf, {}, {}, Budget(), nullptr, &model), 10);
    EXPECT_EQ(model.at(2), 1);
    EXPECT_EQ(exact::kissat_solve(cnf, {{-2}}, {}, Budget(), nullptr, nullptr), 20);
}

// Pigeons into holes, one fewer hole than pigeons: unsatisfiable, and
// exponentially hard for resolution, so no engine proves it in seconds.
exact::Cnf pigeonhole(int holes) {
    exact::Cnf cnf;
    const int pigeons = holes + 1;
    const auto var = [&](int p, int h) { return p * holes + h + 1; };
    cnf.num_vars = pigeons * holes;
    for (int p = 0; p < pigeons; ++p) {
        std::vector<int> some;
        for (int h = 0; h < holes; ++h) some.push_back(var(p, h));
        cnf.clauses.push_back(some);
    }
    for (int h = 0; h < holes; ++h)
        for (int p = 0; p < pigeons; ++p)
            for (int q = p + 1; q < pigeons; ++q) cnf.clauses.push_back({-var(p, h), -var(q, h)});
    return cnf;
}

// Kissat 4.0.2 never calls its terminate callback: without the watcher
// these runs would go on for hours. Wall-clock contract, so run serially.
TEST(Timeout, KissatStopsOnTheBudgetAndOnTheStopFlag) {
    if (!exact::kissat_available()) GTEST_SKIP() << "no Kissat";
    const exact::Cnf hard = pigeonhole(14);
    auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(exact::kissat_solve(hard, {}, {}, Budget(0.3), nullptr, nullptr), 0);
    const auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    EXPECT_LT(seconds(), 20.0);
    std::atomic<bool> stop{false};
    std::thread later([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stop = true;
    });
    t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(exact::kissat_solve(hard, {}, {}, Budget(), &stop, nullptr), 0);
    EXPECT_LT(seconds(), 20.0);
    later.join();
}

TEST(KissatSearch, ItsCertificatesPassOurChecker) {
    if (!exact::kissat_available() || !exact::sat_available()) GTEST_SKIP() << "no Kissat";
    namespace fs = std::filesystem;
    const fs::path dir =
        fs::temp_directory_path() / ("nonolab_kissat_" + std::to_string(::getpid()));
    // Unique: the 2x2 diagonal with one cell given away by a 3x3 frame.
    const Puzzle unique(3, 3, {bw_clue({3}), bw_clue({1, 1}), bw_clue({3})},
                        {bw_clue({3}), bw_clue({1, 1}), bw_clue({3})});
    const auto sol = exact::sat_search(unique, Grid(3, 3, kUnknown), {}, 2, Budget());
    ASSERT_EQ(sol.solutions.size(), 1u);
    const auto c = exact::write_certificate(unique, sol.solutions, dir.string(), "u", "kissat");
    const ProofCheck ok = check_drup_files(c.cnf_path, c.proof_path);
    EXPECT_TRUE(ok.ok) << ok.message;
    // No solution at all.
    const Puzzle none(3, 3, {bw_clue({1, 1}), bw_clue({1, 1}), bw_clue({1, 1})},
                      {bw_clue({}), bw_clue({3}), bw_clue({3})});
    const auto d = exact::write_certificate(none, {}, dir.string(), "n", "kissat");
    const ProofCheck ok2 = check_drup_files(d.cnf_path, d.proof_path);
    EXPECT_TRUE(ok2.ok) << ok2.message;
    // A verdict that is wrong (a solution left out) is refused, not certified.
    EXPECT_THROW(exact::write_certificate(unique, {}, dir.string(), "w", "kissat"),
                 std::runtime_error);
    EXPECT_THROW(exact::write_certificate(unique, {}, dir.string(), "w", "minisat"),
                 std::invalid_argument);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

}  // namespace
}  // namespace nonolab

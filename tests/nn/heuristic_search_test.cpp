#include "nn/heuristic_search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "core/method.hpp"
#include "core/picture.hpp"
#include "core/verify.hpp"
#include "io/formats.hpp"
#include "methods/registry.hpp"
#include "nn/heuristic_combinations.hpp"
#include "search_test_util.hpp"

namespace nonolab::nn {
namespace {

using testing::random_board;

Puzzle bw(const std::vector<std::vector<int>>& rows, const std::vector<std::vector<int>>& cols) {
    std::vector<Clue> r, c;
    for (const auto& x : rows) r.push_back(bw_clue(x));
    for (const auto& x : cols) c.push_back(bw_clue(x));
    return Puzzle(static_cast<int>(cols.size()), static_cast<int>(rows.size()), r, c);
}

nonolab::Verdict run(const std::string& method, const Puzzle& p,
                     const nonolab::ParamMap& params = {}, std::uint64_t seed = 1,
                     Budget budget = Budget()) {
    const nonolab::MethodInfo* m = nonolab::find_method(method);
    EXPECT_NE(m, nullptr) << method;
    nonolab::RunControl ctl;
    ctl.seed = seed;
    ctl.budget = budget;
    return nonolab::run_verified(*m, p, params, ctl);
}

TEST(HeuristicCombinations, Figure6AndCounts) {
    std::vector<std::uint64_t> out;
    list_combinations({3}, 5, out);  // Figure 6: three placements, the centre always filled
    EXPECT_EQ(out, (std::vector<std::uint64_t>{0b00111, 0b01110, 0b11100}));
    out.clear();
    list_combinations({}, 4, out);
    EXPECT_EQ(out, (std::vector<std::uint64_t>{0}));
    out.clear();
    list_combinations({2, 1}, 5, out);  // ##.#. ##..# .##.#
    EXPECT_EQ(out, (std::vector<std::uint64_t>{0b01011, 0b10011, 0b10110}));
    std::mt19937 rng(5);
    for (int trial = 0; trial < 200; ++trial) {
        const int n = 1 + trial % 16;
        const Grid g = random_board(n, 1, rng);
        std::vector<int> runs;
        for (const nonolab::Run& r : row_clue_of(g, 0)) runs.push_back(r.length);
        out.clear();
        list_combinations(runs, n, out);
        EXPECT_EQ(count_combinations(runs, n, 1u << 30), out.size());
        std::uint64_t mask = 0;
        for (int i = 0; i < n; ++i) mask |= std::uint64_t(g.at(0, i) == kFilled) << i;
        EXPECT_NE(std::find(out.begin(), out.end(), mask), out.end());
    }
    EXPECT_EQ(count_combinations({1, 1, 1, 1, 1, 1, 1, 1, 1}, 30, 1000), 1001u);  // saturates
    EXPECT_EQ(count_combinations({4, 4}, 8, 1000), 0u);
}

TEST(HeuristicSearch, SolvesRandomBoards) {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 40; ++trial) {
        const int w = trial < 30 ? 10 : 3 + trial % 9, h = trial < 30 ? 10 : 2 + trial % 13;
        const Puzzle p = puzzle_from_picture(random_board(w, h, rng, 0.3 + 0.01 * trial));
        const nonolab::Verdict v = run("nn-h", p);
        ASSERT_EQ(v.status, Status::solved) << trial << " " << v.error;
        EXPECT_TRUE(verify(p, v.result.best));
        EXPECT_EQ(v.result.stats.at("exhausted"), 0);
        EXPECT_EQ(v.result.evaluations, v.result.stats.at("iterations"));
    }
}

TEST(HeuristicSearch, EveryOptionStillSolves) {
    std::mt19937 rng(12);
    const std::vector<nonolab::ParamMap> variants = {
        {{"sweep", "sequential"}},
        {{"ties", "random"}},
        {{"branch", "all"}},
        {{"max_line_combinations", "3"}},  // most lines go to the DP line solver
        {{"max_line_combinations", "1"}, {"ties", "random"}},
    };
    for (int trial = 0; trial < 12; ++trial) {
        const Puzzle p = puzzle_from_picture(random_board(9, 8, rng, 0.45));
        for (const auto& params : variants) {
            const nonolab::Verdict v = run("h", p, params);
            ASSERT_EQ(v.status, Status::solved) << trial << " " << v.error;
        }
    }
}

TEST(HeuristicSearch, IterationsCountSolveCalls) {
    // All filled: one round of trivial cells fills the board, a second call
    // finds it full and right: 1 iteration, 2 calls, no branching.
    const Puzzle full = bw({{3}, {3}, {3}}, {{3}, {3}, {3}});
    nonolab::Verdict v = run("nn-h", full);
    ASSERT_EQ(v.status, Status::solved);
    EXPECT_EQ(v.result.stats.at("iterations"), 1);
    EXPECT_EQ(v.result.stats.at("solve_calls"), 2);
    EXPECT_EQ(v.result.stats.at("branchings"), 0);
    // The 2x2 diagonal has two solutions: no trivial cell, one branching on
    // row 0 (2 combinations), whose first combination ("#.") then fills the rest.
    const Puzzle diag = bw({{1}, {1}}, {{1}, {1}});
    v = run("nn-h", diag);
    ASSERT_EQ(v.status, Status::solved);  // either solution is accepted
    EXPECT_EQ(v.result.stats.at("branchings"), 1);
    EXPECT_EQ(v.result.stats.at("nodes"), 1);
    EXPECT_EQ(v.result.stats.at("iterations"), 2);   // branch call, trivial round
    EXPECT_EQ(v.result.stats.at("solve_calls"), 3);  // and the full check
    EXPECT_EQ(v.result.best.at(0, 0), kFilled);
}

TEST(HeuristicSearch, MultipleSolutionsAnyIsAccepted) {
    // 1 in every line of a 4x4: 24 solutions (permutation matrices).
    const Puzzle p = bw({{1}, {1}, {1}, {1}}, {{1}, {1}, {1}, {1}});
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        const nonolab::Verdict v = run("nn-h", p, {{"ties", "random"}}, seed);
        ASSERT_EQ(v.status, Status::solved);
        EXPECT_TRUE(verify(p, v.result.best));
    }
}

TEST(HeuristicSearch, NoSolutionIsExhaustedNotSolved) {
    // Totals agree (5 cells), every line fits, but row 0 "1 1" forces column 2.
    const Puzzle q = bw({{1, 1}, {1}, {1, 1}}, {{1, 1}, {3}, {}});
    const nonolab::Verdict w = run("nn-h", q);
    EXPECT_EQ(w.status, Status::unsolved);
    EXPECT_EQ(w.result.stats.at("exhausted"), 1);
    // Totals agree, every line has three or more placements, no solution
    // (brute force over all 4x4 boards).
    const Puzzle r = bw({{2}, {2}, {1}, {1, 1}}, {{1}, {1, 1}, {1, 1}, {2}});
    const nonolab::Verdict v = run("nn-h", r);
    EXPECT_EQ(v.status, Status::unsolved);
    EXPECT_EQ(v.result.stats.at("exhausted"), 1);
}

TEST(HeuristicSearch, SameSeedSameResult) {
    std::mt19937 rng(13);
    const Puzzle p = puzzle_from_picture(random_board(12, 12, rng, 0.5));
    const nonolab::ParamMap params = {{"ties", "random"}};
    const nonolab::Verdict a = run("nn-h", p, params, 42), b = run("nn-h", p, params, 42);
    ASSERT_EQ(a.status, Status::solved);
    EXPECT_EQ(a.result.best, b.result.best);
    EXPECT_EQ(a.result.stats, b.result.stats);
}

TEST(HeuristicSearch, BudgetAndIterationLimit) {
    std::mt19937 rng(14);
    const Puzzle p = puzzle_from_picture(random_board(10, 10, rng, 0.5));
    const nonolab::Verdict v = run("nn-h", p, {}, 1, Budget(1e-9));
    EXPECT_EQ(v.status, Status::timeout);
    const nonolab::Verdict w = run("nn-h", p, {{"max_iterations", "1"}});
    EXPECT_EQ(w.status, Status::unsolved);
    EXPECT_EQ(w.result.stats.at("exhausted"), 0);
    EXPECT_LE(w.result.stats.at("iterations"), 1);
}

TEST(HeuristicSearch, RefusesWhatItCannotDo) {
    EXPECT_EQ(run("nn-h", bw({{1}}, {{1}}), {{"colour", "x"}}).status, Status::error);
    Grid wide(70, 2, kEmpty);
    EXPECT_EQ(run("nn-h", puzzle_from_picture(wide)).status, Status::error);
}

TEST(HeuristicSearch, PaperNamesAreAliases) {
    const char* pairs[][2] = {{"h", "nn-h"},
                              {"nehi", "nn-nehi"},
                              {"nehpf", "nn-nehpf"},
                              {"nehpfi", "nn-nehpfi"},
                              {"ne8hi", "nn-ne8hi"},
                              {"ne8hpf", "nn-ne8hpf"},
                              {"ne8hpfi", "nn-ne8hpfi"}};
    for (const auto& [alias, name] : pairs) {
        const nonolab::MethodInfo* m = nonolab::find_method(alias);
        ASSERT_NE(m, nullptr) << alias;
        EXPECT_EQ(m, nonolab::find_method(name));
        EXPECT_NE(m->description.find(std::string("--method ") + alias), std::string::npos);
    }
}

// The paper's 10x10 test set (first 50 of the TAAI-style sample).
TEST(HeuristicSearch, NonoDatasetTestSample) {
    const std::string path = std::string(NONOLAB_SHARED_DIR) +
                             "/benchmarks/dataset/taai_style/10x10_test_first300-question.txt";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " absent";
    const auto puzzles = io::read_puzzles(path);
    ASSERT_GE(puzzles.size(), 50u);
    for (int i = 0; i < 50; ++i) {
        const nonolab::Verdict v = run("h", puzzles[i]);
        ASSERT_EQ(v.status, Status::solved) << "puzzle " << i + 1;
        EXPECT_TRUE(verify(puzzles[i], v.result.best));
    }
}

}  // namespace
}  // namespace nonolab::nn

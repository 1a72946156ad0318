// ga-hs-baseline, ga-logic, ga-nn and ga-rows: fitness values by hand,
// operators keep their invariants, runs are deterministic.
#include <gtest/gtest.h>

#include "core/verify.hpp"
#include "meta/bobko_fitness.hpp"
#include "meta/error_score.hpp"
#include "meta/genetic_core.hpp"
#include "meta/genetic_hs_baseline.hpp"
#include "meta/genetic_logic.hpp"
#include "meta/genetic_nn.hpp"
#include "meta/genetic_rows.hpp"
#include "meta/logical_rules.hpp"
#include "meta_test_util.hpp"

using namespace nonolab;
using namespace nonolab::meta;
using nonolab::testing::bobko_4x4;
using nonolab::testing::bobko_5x5;
using nonolab::testing::picture;

TEST(NnFitness, HandComputed) {
    // bobko_4x4 (rows 1/3/3/1 1, columns 1/3/2/3) needs ncmb = 9 cells.
    // "##.." ".###" ".###" "#..#": row 0 shows 2 (clue 1), rows 1-3 correct:
    // ncr = 3; columns "1 1" (clue 1) wrong, "3", "2", "3" correct: ncc = 3;
    // nmc = 10 filled cells.
    const Grid g = picture({"##..", ".###", ".###", "#..#"});
    // ncc + ncr + 16 * nmc / ncmb = 3 + 3 + 16 * 10 / 9
    EXPECT_NEAR(nn_fitness(bobko_4x4(), g), 6 + 160.0 / 9, 1e-12);
    // closeness: 6 + 16 * (1 - 1/9)
    EXPECT_NEAR(nn_fitness(bobko_4x4(), g, true), 6 + 16.0 * 8 / 9, 1e-12);
    // A solution: all 8 lines correct, nmc = ncmb.
    const Grid sol = picture({".#..", ".###", ".###", "#..#"});
    EXPECT_NEAR(nn_fitness(bobko_4x4(), sol), 8 + 16.0, 1e-12);
}

TEST(NnMutation, FillsEmptiesOrMovesTowardTheTarget) {
    Rng rng(4);
    std::vector<Cell> x(16, kEmpty);
    std::vector<int> changed;
    int filled = nn_mutate(rng, x.data(), 16, 0, 9, 4, changed);
    EXPECT_EQ(filled, 4);  // four fills
    int count = 0;
    for (Cell c : x) count += c;
    EXPECT_EQ(count, 4);
    changed.clear();
    std::vector<Cell> full(16, kFilled);
    EXPECT_EQ(nn_mutate(rng, full.data(), 16, 16, 9, 3, changed), 13);  // three empties
    changed.clear();
    std::vector<Cell> y(16, kEmpty);
    for (int i = 0; i < 9; ++i) y[i] = kFilled;
    EXPECT_EQ(nn_mutate(rng, y.data(), 16, 9, 9, 4, changed), 9);  // moves keep the count
    count = 0;
    for (Cell c : y) count += c;
    EXPECT_EQ(count, 9);
}

TEST(GaNn, PredictionSeamAndDeterminism) {
    const Puzzle p = bobko_5x5();
    NnGaOptions o;
    o.population = 50;
    o.generations = 20;
    RunControl c;
    c.seed = 8;
    const auto a = run_ga_nn(p, o, c);
    const auto b = run_ga_nn(p, o, c);
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.evaluations, b.evaluations);
    // A "network" that predicts the solution: the first individual is it.
    const Grid sol = picture({"...##", ".###.", "###.#", ".#.#.", "..#.#"});
    ASSERT_TRUE(verify(p, sol));
    const MutatedPrediction oracle(sol);
    const auto r = run_ga_nn(p, o, c, &oracle);
    EXPECT_TRUE(r.reached_zero);
    EXPECT_EQ(r.best, sol);
    EXPECT_EQ(r.evaluations, 1);
}

TEST(GaHsBaseline, DefaultsAndDeterminism) {
    const auto o = ga_hs_baseline_option_table().parse({});
    EXPECT_EQ(o.population, 30);
    EXPECT_EQ(o.crossover_rate, 1.0);
    EXPECT_EQ(o.mutation_rate, 0.01);
    EXPECT_EQ(o.evaluations, 1000000);
    EXPECT_THROW(ga_hs_baseline_option_table().parse({{"weight", "log"}}), std::invalid_argument);
    RunControl c;
    c.seed = 5;
    c.max_evaluations = 3000;
    const auto a = run_ga_hs_baseline(bobko_5x5(), o, c);
    const auto b = run_ga_hs_baseline(bobko_5x5(), o, c);
    EXPECT_EQ(a.best, b.best);
    EXPECT_LE(a.evaluations, 3000);
    int solved = 0;
    for (std::uint64_t s = 1; s <= 10; ++s) {
        RunControl d;
        d.seed = s;
        d.max_evaluations = 400000;
        const auto r = run_ga_hs_baseline(bobko_5x5(), o, d);
        if (r.reached_zero) {
            ++solved;
            EXPECT_TRUE(verify(bobko_5x5(), r.best));
        }
    }
    EXPECT_GE(solved, 8);
}

TEST(GaLogic, FixedCellsHoldInEveryResult) {
    // 10x10 with two complete-fill lines, otherwise not line-solvable by the
    // rules; the best grid must carry every fixed cell.
    const Grid pic =
        picture({"##########", "#.#...#..#", "#..##....#", "#....##..#", "#.#.....##", "#..#..#..#",
                 "#...#....#", "##....#..#", "#..#....##", "#.#..#...#"});
    const Puzzle p = nonolab::testing::puzzle_of(pic);
    Grid fixed;
    ASSERT_TRUE(apply_logical_rules(p, fixed));
    ASSERT_GT(fixed.size() - fixed.unknown_count(), 30);
    for (std::uint64_t s = 1; s <= 3; ++s) {
        RunControl c;
        c.seed = s;
        LogicGaOptions o;
        o.generations = 20;
        const auto r = run_ga_logic(p, o, c);
        for (int i = 0; i < fixed.size(); ++i)
            if (fixed.cells()[i] != kUnknown) ASSERT_EQ(r.best.cells()[i], fixed.cells()[i]);
        EXPECT_EQ(r.best, run_ga_logic(p, o, c).best);
        EXPECT_LE(r.evaluations, 50 * 21);
    }
}

TEST(GaRows, RowsStayValidAndItSolves) {
    const Puzzle p = bobko_5x5();
    const LineTable t(p);
    int solved = 0;
    for (std::uint64_t s = 1; s <= 10; ++s) {
        RunControl c;
        c.seed = s;
        c.max_evaluations = 20000;
        const auto r = run_ga_rows(p, {}, c);
        for (int row = 0; row < t.height; ++row) EXPECT_TRUE(t.line_ok(row, r.best.cells().data()));
        solved += r.reached_zero;
    }
    EXPECT_GE(solved, 9);
}

TEST(GeneticCore, IncrementalScoresMatchFullRescoringForEveryVariant) {
    // Row-aligned cuts (ga-rows), repairs (ga-logic), mutation-only children
    // (ga-nn) and plain one-point crossover (ga-hs-baseline) all keep line
    // scores incrementally; the reported best_error must equal a fresh score.
    const Grid pic =
        picture({"..##..#...", ".####.##..", "##..#...#.", "#...##..##", "..#..#.#..", "#.##...#.#",
                 ".#..##..#.", "##.#..#..#", "..#.#.##..", "#...#..##."});
    const Puzzle p = nonolab::testing::puzzle_of(pic);
    const LineTable t(p);
    auto wrong_lines = [&](const Grid& g) {
        int n = 0;
        for (int l = 0; l < t.lines(); ++l) n += !t.line_ok(l, g.cells().data());
        return n;
    };
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        RunControl c;
        c.seed = seed;
        c.max_evaluations = 5000;
        const auto rows = run_ga_rows(p, {}, c);
        EXPECT_EQ(rows.best_error, error_score(p, rows.best));
        const auto hs = run_ga_hs_baseline(p, {}, c);
        EXPECT_EQ(hs.best_error, error_score(p, hs.best));
        const auto logic = run_ga_logic(p, {}, c);
        EXPECT_EQ(logic.best_error, bobko_simple_f(t, logic.best.cells().data()));
        NnGaOptions o;
        o.population = 100;
        const auto nn = run_ga_nn(p, o, c);
        EXPECT_EQ(nn.best_error, wrong_lines(nn.best));
    }
}

// Bobko & Grzywacz 2016 fitness functions against hand-computed values, and
// the shared GA loop (determinism, counting, success only when verified).
#include "meta/bobko_fitness.hpp"

#include <gtest/gtest.h>

#include <map>

#include "core/verify.hpp"
#include "meta/error_score.hpp"
#include "meta/genetic_bobko.hpp"
#include "meta_test_util.hpp"

using namespace nonolab;
using namespace nonolab::meta;
using nonolab::testing::bobko_4x4;
using nonolab::testing::picture;

namespace {
// A 4x4 grid whose scores we computed by hand against bobko_4x4()
// (rows 1 / 3 / 3 / 1 1, columns 1 / 3 / 2 / 3):
//   row counts 1 2 3 1 vs sums 1 3 3 2 -> 0+1+0+1 = 2
//   col counts 2 2 2 1 vs sums 1 3 2 3 -> 1+1+0+2 = 4
//   simple f = f1+f2+f3+f4 = 2+4+2+4 = 12, g = 16 - 12 = 4
//   block differences, rows: [1]/[1] 0, [2]/[3] 1, [2 1]/[3] 2, [1]/[1 1] 1 = 4
//                      cols: [1 1]/[1] 1, [2]/[3] 1, [1 1]/[2] 2, [1]/[3] 2 = 6
//   modified f = 10, g = 32 - 10 = 22
const std::vector<std::string> kHand = {"#...", ".##.", "##.#", "..#."};
}  // namespace

TEST(BobkoFitness, SimpleHandComputed) {
    const auto p = bobko_4x4();
    const LineTable t(p);
    const Grid g = picture(kHand);
    EXPECT_EQ(bobko_simple_f(t, g.cells().data()), 12);
    BobkoSimpleFitness f;
    std::vector<LineScore> ls;
    for (int l = 0; l < t.lines(); ++l) ls.push_back(f.score_line(t, l, g.cells().data()));
    EXPECT_DOUBLE_EQ(f.fitness(t, ls.data()), 4.0);
    EXPECT_EQ(f.objective(t, ls.data()), 12);
}

TEST(BobkoFitness, SimpleExtremes) {
    const auto p = bobko_4x4();
    const LineTable t(p);
    // Empty grid: every required 1 is missing, every 0 in excess: 2 * (9 + 9).
    EXPECT_EQ(bobko_simple_f(t, Grid(4, 4, kEmpty).cells().data()), 36);
    // Full grid: rows miss 3+1+1+2 zeros, columns 3+1+2+1: 2 * (7 + 7).
    EXPECT_EQ(bobko_simple_f(t, Grid(4, 4, kFilled).cells().data()), 28);
}

TEST(BobkoFitness, ModifiedHandComputed) {
    const auto p = bobko_4x4();
    const LineTable t(p);
    const Grid g = picture(kHand);
    EXPECT_EQ(bobko_modified_f(t, g.cells().data()), 10);
    BobkoModifiedFitness f;
    std::vector<LineScore> ls;
    for (int l = 0; l < t.lines(); ++l) ls.push_back(f.score_line(t, l, g.cells().data()));
    EXPECT_DOUBLE_EQ(f.fitness(t, ls.data()), 22.0);
    // The modified f is the error score of Lee & Geem section 2.2.
    EXPECT_EQ(bobko_modified_f(t, g.cells().data()), error_score(p, g));
}

TEST(BobkoFitness, PaperFigure8) {
    // Section IV, eq. 10: clue 2 3 1 against blocks 1 2 2 gives 3.
    const auto p = nonolab::testing::puzzle_of(picture({"##.###.#...."}));
    const LineTable t(p);
    ASSERT_EQ(t.clue[0], (std::vector<int>{2, 3, 1}));
    const Grid g = picture({"#.##.##....."});
    BobkoModifiedFitness f;
    EXPECT_EQ(f.score_line(t, 0, g.cells().data()).error, 3);
}

TEST(BobkoFitness, SimpleFitnessIsMaximalOnNonSolutions) {
    // The paper's point in section III c: g reaches N·M without the clues
    // being met. Enumerate all 2^16 grids of the 4x4 puzzle.
    const auto p = bobko_4x4();
    const LineTable t(p);
    int zero_simple = 0, zero_modified = 0, solutions = 0;
    Grid g(4, 4, kEmpty);
    for (int bits = 0; bits < (1 << 16); ++bits) {
        for (int i = 0; i < 16; ++i) g.cells()[i] = (bits >> i) & 1;
        const bool ok = static_cast<bool>(verify(p, g));
        solutions += ok;
        zero_simple += bobko_simple_f(t, g.cells().data()) == 0;
        zero_modified += bobko_modified_f(t, g.cells().data()) == 0;
    }
    EXPECT_GE(solutions, 1);
    EXPECT_EQ(zero_modified, solutions);  // block differences 0 <=> clues met
    EXPECT_GT(zero_simple, solutions);    // count-based: false optima exist
}

TEST(GeneticCore, RandomArrangementIsValidAndUniform) {
    Rng rng(3);
    // "2 1" in 6 cells has C(6-4+2, 2) = 6 arrangements.
    std::map<std::vector<Cell>, int> seen;
    std::vector<Cell> line(6);
    for (int i = 0; i < 60000; ++i) {
        random_arrangement(rng, {2, 1}, 6, line.data(), 1);
        ASSERT_EQ(line_error({2, 1}, line), 0);
        ++seen[line];
    }
    EXPECT_EQ(seen.size(), 6u);
    for (const auto& [k, n] : seen) EXPECT_NEAR(n, 10000, 500);
}

TEST(GeneticCore, SameSeedSameRunAndCountsEvaluations) {
    const auto p = nonolab::testing::bobko_5x5();
    BobkoOptions o;
    o.generations = 50;
    RunControl ctl;
    ctl.seed = 11;
    const auto a = run_ga_bobko(p, o, true, ctl);
    const auto b = run_ga_bobko(p, o, true, ctl);
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.evaluations, b.evaluations);
    EXPECT_EQ(a.best_error, b.best_error);
    if (!a.reached_zero) EXPECT_EQ(a.evaluations, 40 * 51);  // population 40 (paper), 1 + 50 gens
    ctl.seed = 12;
    const auto c = run_ga_bobko(p, o, true, ctl);
    EXPECT_TRUE(c.best != a.best || c.evaluations != a.evaluations);
}

TEST(GeneticCore, MaxEvaluationsAndSuccessIsVerified) {
    const auto p = bobko_4x4();
    RunControl ctl;
    ctl.max_evaluations = 100;
    const auto r = run_ga_bobko(p, {}, false, ctl);
    EXPECT_LE(r.evaluations, 100);
    // Whatever the simple fitness says, reached_zero means the clues are met.
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        RunControl c;
        c.seed = seed;
        const auto x = run_ga_bobko(p, {}, false, c);
        if (x.reached_zero) EXPECT_TRUE(verify(p, x.best)) << "seed " << seed;
    }
}

TEST(GeneticCore, ModifiedSolvesThePaper4x4MostOfTheTime) {
    // Paper: 100 % of runs. We require a clear majority over 10 seeds.
    const auto p = bobko_4x4();
    int solved = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        RunControl c;
        c.seed = seed;
        solved += run_ga_bobko(p, {}, true, c).reached_zero;
    }
    EXPECT_GE(solved, 7);
}

TEST(GeneticCore, IncrementalScoresMatchFullRescoring) {
    // best_error is computed from incrementally maintained line scores; it
    // must equal a from-scratch score of the returned grid.
    const auto p = nonolab::testing::bobko_5x5();
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        RunControl c;
        c.seed = seed;
        BobkoOptions o;
        o.generations = 30;
        o.elitism = 2;
        const auto r = run_ga_bobko(p, o, true, c);
        const LineTable t(p);
        EXPECT_EQ(r.best_error, bobko_modified_f(t, r.best.cells().data()));
        const auto s = run_ga_bobko(p, o, false, c);
        EXPECT_EQ(s.best_error, bobko_simple_f(t, s.best.cells().data()));
    }
}

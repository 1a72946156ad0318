// brute-force counts against the exact solver's counts on random small
// puzzles: two independent programs must agree on every count.
#include "meta/brute_force.hpp"

#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "meta_test_util.hpp"

using namespace nonolab;
using namespace nonolab::meta;

namespace {
Grid random_grid(Rng& rng, int w, int h, double density) {
    Grid g(w, h, kEmpty);
    for (auto& c : g.cells()) c = rng.chance(density) ? kFilled : kEmpty;
    return g;
}

std::uint64_t exact_count(const Puzzle& p) {
    exact::ExactOptions o;
    o.max_solutions = 1 << 20;
    const auto r = exact::solve_exact(p, o);
    EXPECT_TRUE(r.exhausted);
    return r.solutions.size();
}
}  // namespace

TEST(BruteForce, MatchesExactSolverOnRandom4x4) {
    Rng rng(2024);
    for (int i = 0; i < 60; ++i) {
        const Grid g = random_grid(rng, 4, 4, 0.2 + 0.6 * rng.uniform());
        const Puzzle p = nonolab::testing::puzzle_of(g);
        const auto bf = brute_force_count(p, 1000);
        ASSERT_TRUE(bf.complete);
        EXPECT_EQ(bf.grids, 1u << 16);
        EXPECT_GE(bf.solutions, 1u);  // g itself
        EXPECT_EQ(bf.solutions, exact_count(p)) << "puzzle " << i;
        for (const auto& s : bf.first) EXPECT_TRUE(verify(p, s));
    }
}

TEST(BruteForce, MatchesExactSolverOnMixedClues) {
    // Rows of one random grid, columns of another with the same total:
    // often no solution at all, sometimes several.
    Rng rng(77);
    int tried = 0, none = 0;
    while (tried < 40) {
        const Grid a = random_grid(rng, 4, 4, 0.5), b = random_grid(rng, 4, 4, 0.5);
        const Puzzle pa = nonolab::testing::puzzle_of(a), pb = nonolab::testing::puzzle_of(b);
        int fa = 0, fb = 0;
        for (Cell c : a.cells()) fa += c;
        for (Cell c : b.cells()) fb += c;
        if (fa != fb) continue;
        ++tried;
        const Puzzle p(4, 4, pa.rows(), pb.columns());
        const auto bf = brute_force_count(p, 0);
        none += bf.solutions == 0;
        EXPECT_EQ(bf.solutions, exact_count(p));
    }
    EXPECT_GT(none, 0);  // the comparison covered contradictions too
}

TEST(BruteForce, PaperPuzzlesAndRectangles) {
    EXPECT_EQ(brute_force_count(nonolab::testing::bobko_4x4()).solutions, 2u);
    EXPECT_EQ(brute_force_count(nonolab::testing::bobko_5x5()).solutions, 1u);
    Rng rng(5);
    for (int i = 0; i < 10; ++i) {
        const Puzzle p = nonolab::testing::puzzle_of(random_grid(rng, 5, 3, 0.5));
        EXPECT_EQ(brute_force_count(p).solutions, exact_count(p));
    }
}

TEST(BruteForce, RefusesLargeBoardsAndHonoursGridLimit) {
    Rng rng(1);
    const Puzzle big = nonolab::testing::puzzle_of(random_grid(rng, 6, 6, 0.5));
    EXPECT_THROW(brute_force_count(big), std::invalid_argument);
    const auto part = brute_force_count(nonolab::testing::bobko_4x4(), 2, nullptr, 30, 1000);
    EXPECT_FALSE(part.complete);
    EXPECT_EQ(part.grids, 1000u);
}

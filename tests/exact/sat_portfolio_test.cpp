// The race of SAT engines (exact/sat_portfolio.hpp): its configurations
// differ, every race gives the single engine's verdict with solutions that
// verify, and an exhausted budget ends the race without a verdict.
#include "exact/sat_portfolio.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <tuple>

#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/cube_split.hpp"
#include "exact/exact_test_util.hpp"
#include "exact/kissat_search.hpp"
#include "gen/ndom.hpp"

namespace nonolab {
namespace {

// A w x h puzzle from a seeded random board, `fill` percent of its cells filled;
// with `swap`, two row clues traded (then often no solution).
Puzzle random_puzzle(int w, int h, std::uint32_t& state, unsigned fill, bool swap) {
    Grid g(w, h, kEmpty);
    for (Cell& c : g.cells())
        c = ((state = state * 1664525u + 1013904223u) >> 16) % 100 < fill ? kFilled : kEmpty;
    std::vector<Clue> rows, cols;
    for (int r = 0; r < h; ++r) rows.push_back(row_clue_of(g, r));
    for (int c = 0; c < w; ++c) cols.push_back(column_clue_of(g, c));
    if (swap) std::swap(rows[0], rows[h / 2 + 1]);
    return Puzzle(w, h, rows, cols);
}

// `got` proves what `want` (one engine on the whole) proves, with distinct
// solutions that verify.
void expect_same_outcome(const Puzzle& p, const exact::SatOutcome& got,
                         const exact::SatOutcome& want, std::size_t label) {
    EXPECT_FALSE(got.out_of_time) << label;
    EXPECT_EQ(got.exhausted, want.exhausted) << label;
    EXPECT_EQ(got.solutions.size(), want.solutions.size()) << label;
    std::set<std::vector<Cell>> distinct;
    for (const Grid& s : got.solutions) {
        EXPECT_TRUE(verify(p, s).ok) << label;
        distinct.insert(s.cells());
    }
    EXPECT_EQ(distinct.size(), got.solutions.size()) << label;
}

TEST(SatPortfolio, ConfigurationsDiffer) {
    exact::SatOptions base;
    base.portfolio = 6;
    std::set<std::tuple<std::string, int, int, int>> seen;
    for (int i = 0; i < 6; ++i) {
        const exact::SatOptions o = exact::portfolio_configuration(base, i);
        EXPECT_EQ(o.portfolio, 1);  // an engine of the race does not race again
        seen.insert({o.backend, o.phase, o.seed, o.cube_depth});
    }
    EXPECT_EQ(seen.size(), 6u);
    EXPECT_EQ(exact::portfolio_configuration(base, 0).backend, "cadical");
    EXPECT_EQ(exact::portfolio_configuration(base, 0).cube_depth, 0);
    EXPECT_GT(exact::portfolio_configuration(base, 1).cube_depth, 0);  // the cubes second
    EXPECT_EQ(exact::portfolio_configuration(base, 2).backend,
              exact::kissat_available() ? "kissat" : "cadical");
    for (int i = 2; i < 6; ++i) EXPECT_EQ(exact::portfolio_configuration(base, i).cube_depth, 0);
}

// The cube-by-cube member alone, against one engine on the whole residual:
// n-Dom (line solving and probing decide nothing, so the cubes are real),
// and random 12x12 boards, some with several solutions or none, asking for
// up to 5 solutions so that exhausting every cube is what proves the count.
TEST(SatPortfolio, CubeByCubeGivesTheWholeEngineVerdict) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    std::vector<Puzzle> puzzles = {gen::ndom(5), gen::ndom(7)};
    std::uint32_t state = 5;
    for (int trial = 0; trial < 10; ++trial)
        puzzles.push_back(random_puzzle(12, 12, state, 60, trial % 4 == 3));
    int split = 0;  // puzzles the splitting did not settle on its own
    for (std::size_t k = 0; k < puzzles.size(); ++k) {
        const Puzzle& p = puzzles[k];
        const Grid open(p.width(), p.height(), kUnknown);
        split += exact::make_cubes(p, {}, 4, nullptr, &open).cubes.size() > 1;
        for (int wanted : {2, 5}) {
            const auto whole = exact::sat_search(p, open, {}, wanted, Budget());
            exact::SatOptions o;
            o.cube_depth = 4;
            expect_same_outcome(p, exact::sat_search(p, open, {}, wanted, Budget(), o), whole, k);
        }
    }
    EXPECT_GE(split, 2);  // at least the two n-Dom puzzles were cut into cubes
}

TEST(SatPortfolio, RacesGiveTheSingleEngineVerdict) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    std::uint32_t state = 11;
    for (std::size_t trial = 0; trial < 12; ++trial) {
        const Puzzle p = random_puzzle(7, 6, state, 50, trial % 3 == 0);
        const Grid open(7, 6, kUnknown);
        // Up to 6 wanted: puzzles with 2 to 5 solutions are exhausted by an
        // engine that blocked models the others pooled, whose proof must
        // still count them all.
        for (int wanted : {2, 6}) {
            const auto single = exact::sat_search(p, open, {}, wanted, Budget());
            for (int n : {2, 4}) {
                exact::SatOptions o;
                o.portfolio = n;
                expect_same_outcome(p, exact::sat_search(p, open, {}, wanted, Budget(), o), single,
                                    trial);
            }
        }
    }
}

TEST(SatPortfolio, ThePoolKeepsDistinctModelsAndStopsTheRaceWhenFull) {
    std::atomic<bool> stop{false};
    exact::ModelPool pool(2, stop);
    Grid a(2, 1, kEmpty), b(2, 1, kEmpty), c(2, 1, kFilled);
    b.set(0, 0, kFilled);
    pool.offer(a);
    pool.offer(a);  // a second engine's copy of the same model
    EXPECT_FALSE(pool.full());
    EXPECT_FALSE(stop.load());
    pool.offer(b);
    EXPECT_TRUE(pool.full());
    EXPECT_TRUE(stop.load());
    pool.offer(c);  // full: not taken
    ASSERT_EQ(pool.since(0).size(), 2u);
    EXPECT_EQ(pool.since(0)[1], b);
    EXPECT_EQ(pool.since(1).size(), 1u);
    EXPECT_TRUE(pool.since(2).empty());
}

TEST(SatPortfolio, AnExpiredBudgetEndsTheRaceWithoutAVerdict) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    const Puzzle p(2, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({1}), bw_clue({1})});
    const Budget spent(1e-9);
    while (!spent.expired()) {
    }
    exact::SatOptions o;
    o.portfolio = 3;
    const auto out = exact::sat_search(p, Grid(2, 2, kUnknown), {}, 2, spent, o);
    EXPECT_TRUE(out.out_of_time);
    EXPECT_FALSE(out.exhausted);
}

}  // namespace
}  // namespace nonolab

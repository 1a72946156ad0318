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
#include "exact/exact_test_util.hpp"
#include "exact/kissat_search.hpp"

namespace nonolab {
namespace {

TEST(SatPortfolio, ConfigurationsDiffer) {
    exact::SatOptions base;
    base.portfolio = 6;
    std::set<std::tuple<std::string, int, int>> seen;
    for (int i = 0; i < 6; ++i) {
        const exact::SatOptions o = exact::portfolio_configuration(base, i);
        EXPECT_EQ(o.portfolio, 1);  // an engine of the race does not race again
        seen.insert({o.backend, o.phase, o.seed});
    }
    EXPECT_EQ(seen.size(), 6u);
    EXPECT_EQ(exact::portfolio_configuration(base, 0).backend, "cadical");
    EXPECT_EQ(exact::portfolio_configuration(base, 1).backend,
              exact::kissat_available() ? "kissat" : "cadical");
}

TEST(SatPortfolio, RacesGiveTheSingleEngineVerdict) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    std::uint32_t state = 11;
    for (int trial = 0; trial < 12; ++trial) {
        Grid g(7, 6, kEmpty);
        for (Cell& c : g.cells())
            c = ((state = state * 1664525u + 1013904223u) >> 16) % 2 ? kFilled : kEmpty;
        std::vector<Clue> rows, cols;
        for (int r = 0; r < 6; ++r) rows.push_back(row_clue_of(g, r));
        for (int c = 0; c < 7; ++c) cols.push_back(column_clue_of(g, c));
        if (trial % 3 == 0) std::swap(rows[0], rows[4]);  // often no solution
        const Puzzle p(7, 6, rows, cols);
        const Grid open(7, 6, kUnknown);
        const auto single = exact::sat_search(p, open, {}, 2, Budget());
        for (int n : {2, 4}) {
            exact::SatOptions o;
            o.portfolio = n;
            const auto race = exact::sat_search(p, open, {}, 2, Budget(), o);
            EXPECT_FALSE(race.out_of_time) << trial;
            EXPECT_EQ(race.exhausted, single.exhausted) << trial;
            EXPECT_EQ(race.solutions.size(), single.solutions.size()) << trial;
            for (const Grid& s : race.solutions) EXPECT_TRUE(verify(p, s).ok) << trial;
            if (race.solutions.size() == 2) EXPECT_NE(race.solutions[0], race.solutions[1]);
        }
    }
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

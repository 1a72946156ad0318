#include "exact/exact_method.hpp"
#include "methods/registry.hpp"

#include <gtest/gtest.h>

#include "core/picture.hpp"
#include "core/verify.hpp"
#include "gen/ndom.hpp"

namespace nonolab::exact {
namespace {

const nonolab::MethodInfo& exact_info() {
    const nonolab::MethodInfo* m = nonolab::find_method("exact");
    EXPECT_NE(m, nullptr);
    return *m;
}

TEST(ExactMethod, RegisteredAndSolvesVerified) {
    Grid g(4, 3, kEmpty);
    for (int c : {0, 1, 3}) g.set(0, c, kFilled);
    g.set(2, 2, kFilled);
    const Puzzle p = puzzle_from_picture(g);
    nonolab::RunControl ctl;
    // The default is the interface's: two solutions asked, so one found and
    // the search exhausted proves uniqueness.
    const nonolab::Verdict v = nonolab::run_verified(exact_info(), p, {}, ctl);
    EXPECT_EQ(v.status, Status::unique);
    ASSERT_EQ(v.result.solutions.size(), 1u);
    EXPECT_TRUE(verify(p, v.result.solutions[0]).ok);
    EXPECT_EQ(v.result.stats.at("exhausted"), 1);
    // solutions=1 asks for any solution: solved, uniqueness not claimed.
    const nonolab::Verdict any = nonolab::run_verified(exact_info(), p, {{"solutions", "1"}}, ctl);
    EXPECT_EQ(any.status, Status::solved);
    EXPECT_TRUE(verify(p, any.result.best).ok);
}

TEST(ExactMethod, LogicMethodStopsWhereLogicStops) {
    const nonolab::MethodInfo* logic = nonolab::find_method("logic");
    ASSERT_NE(logic, nullptr);
    nonolab::RunControl ctl;
    // 2x2 with one filled cell per line: two solutions, logic decides nothing.
    const Puzzle open = puzzle_from_picture([] {
        Grid g(2, 2, kEmpty);
        g.set(0, 0, kFilled);
        g.set(1, 1, kFilled);
        return g;
    }());
    const nonolab::Verdict v = nonolab::run_verified(*logic, open, {}, ctl);
    EXPECT_EQ(v.status, Status::unsolved);
    EXPECT_EQ(v.result.partial.size(), 4);
    EXPECT_TRUE(v.result.solutions.empty());
    EXPECT_EQ(nonolab::run_verified(*logic, gen::ndom(3), {{"x", "1"}}, ctl).status, Status::error);
}

TEST(ExactMethod, ExpiredBudgetIsATimeoutNotAVerdict) {
    nonolab::RunControl ctl;
    ctl.budget = Budget(1e-9);
    while (!ctl.budget.expired()) {
    }
    const nonolab::Verdict v = nonolab::run_verified(exact_info(), gen::ndom(6), {}, ctl);
    EXPECT_EQ(v.status, Status::timeout);
}

TEST(ExactMethod, BadParamsAreErrors) {
    nonolab::RunControl ctl;
    const Puzzle p = gen::ndom(3);
    EXPECT_EQ(nonolab::run_verified(exact_info(), p, {{"engine", "magic"}}, ctl).status,
              Status::error);
    EXPECT_EQ(nonolab::run_verified(exact_info(), p, {{"bogus", "1"}}, ctl).status, Status::error);
}

}  // namespace
}  // namespace nonolab::exact

#include "methods/registry.hpp"
#include "exact/exact_method.hpp"

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
    const nonolab::Verdict v = nonolab::run_verified(exact_info(), p, {}, ctl);
    EXPECT_EQ(v.status, Status::solved);
    EXPECT_TRUE(verify(p, v.result.best).ok);
    EXPECT_EQ(v.result.stats.at("solutions"), 1);
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

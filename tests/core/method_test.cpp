// run_verified, the referee between every method and every front end: a
// complete method's verdict stands only when each solution it reports
// passes verify, and a heuristic is "solved" only when its grid does.
#include "core/method.hpp"

#include <gtest/gtest.h>

#include "core/picture.hpp"

namespace nonolab {
namespace {

Puzzle diagonal() {
    Grid g(2, 2, kEmpty);
    g.set(0, 0, kFilled);
    g.set(1, 1, kFilled);
    return puzzle_from_picture(g);
}

MethodInfo fake(MetaResult result) {
    MethodInfo m;
    m.name = "fake";
    m.run = [result](const Puzzle&, const ParamMap&, const RunControl&) { return result; };
    return m;
}

TEST(RunVerified, ACompleteMethodsVerdictStandsWhenItsSolutionsVerify) {
    const Puzzle p = diagonal();
    MetaResult r;
    r.proven = Status::multiple;
    r.solutions = {*p.info().goal};
    Grid other(2, 2, kEmpty);
    other.set(0, 1, kFilled);
    other.set(1, 0, kFilled);
    r.solutions.push_back(other);
    EXPECT_EQ(run_verified(fake(r), p, {}, {}).status, Status::multiple);
}

TEST(RunVerified, ACompleteMethodsWrongSolutionIsAnInternalError) {
    const Puzzle p = diagonal();
    MetaResult r;
    r.proven = Status::unique;
    r.solutions = {Grid(2, 2, kEmpty)};  // breaks every clue
    const Verdict v = run_verified(fake(r), p, {}, {});
    EXPECT_EQ(v.status, Status::error);
    EXPECT_NE(v.error.find("fails verify"), std::string::npos) << v.error;
}

TEST(RunVerified, AHeuristicIsSolvedOnlyWhenItsGridVerifies) {
    const Puzzle p = diagonal();
    MetaResult r;
    r.reached_zero = true;  // claims success with a wrong grid
    r.best = Grid(2, 2, kEmpty);
    EXPECT_EQ(run_verified(fake(r), p, {}, {}).status, Status::unsolved);
    r.best = *p.info().goal;
    EXPECT_EQ(run_verified(fake(r), p, {}, {}).status, Status::solved);
    r.best = Grid(2, 2, kEmpty);
    r.timed_out = true;
    EXPECT_EQ(run_verified(fake(r), p, {}, {}).status, Status::timeout);
}

TEST(RunVerified, AThrowingMethodIsAnErrorWithItsMessage) {
    MethodInfo m;
    m.run = [](const Puzzle&, const ParamMap&, const RunControl&) -> MetaResult {
        throw std::invalid_argument("parameter 'x': got 'y'");
    };
    const Verdict v = run_verified(m, diagonal(), {}, {});
    EXPECT_EQ(v.status, Status::error);
    EXPECT_EQ(v.error, "parameter 'x': got 'y'");
}

}  // namespace
}  // namespace nonolab

// The black-and-white CaDiCaL back end (exact/sat_search.hpp) on its own:
// the options it refuses, UNSAT as a proof of absence, excluded solutions,
// blocking over the open cells of a partial grid, and the budget.
// cnf_encoding_test.cpp checks the CNF's models against brute force.
#include "exact/sat_search.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "core/puzzle.hpp"
#include "core/verify.hpp"
#include "exact/exact_test_util.hpp"

namespace nonolab {
namespace {

TEST(SatSearch, BadSatOptionsAreErrors) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    const Puzzle p(2, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({1}), bw_clue({1})});
    exact::SatOptions o;
    o.extra = {{"nosuchoption", 1}};
    EXPECT_THROW(o.validate(), std::invalid_argument);
    EXPECT_THROW(exact::sat_search(p, Grid(2, 2, kUnknown), {}, 1, Budget(), o),
                 std::invalid_argument);
    o.extra = {{"elim", 0}};
    EXPECT_NO_THROW(o.validate());
    EXPECT_EQ(exact::sat_search(p, Grid(2, 2, kUnknown), {}, 5, Budget(), o).solutions.size(), 2u);
    o.config = "fastest";
    EXPECT_THROW(exact::sat_search(p, Grid(2, 2, kUnknown), {}, 1, Budget(), o),
                 std::invalid_argument);
}

TEST(SatSearch, UnfittableClueIsUnsatisfiable) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    // Rows 1 1 / 1 1 / 1 1, columns 0 / 3 / 3: every line fits, no grid does.
    const Puzzle p(3, 3, {bw_clue({1, 1}), bw_clue({1, 1}), bw_clue({1, 1})},
                   {bw_clue({}), bw_clue({3}), bw_clue({3})});
    const auto out = exact::sat_search(p, Grid(3, 3, kUnknown), {}, 2, Budget());
    EXPECT_TRUE(out.exhausted);
    EXPECT_TRUE(out.solutions.empty());
}

TEST(SatSearch, ExcludesSolutionsAndBlocksOverTheOpenCells) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    const auto search = [](const Puzzle& p, const Grid& partial, const std::vector<Grid>& exclude,
                           int wanted) {
        return exact::sat_search(p, partial, exclude, wanted, Budget());
    };
    const auto one = test_util::expect_exclude_and_partial(search);
    EXPECT_EQ(one.calls, 2);  // a model, then UNSAT
    // A fully decided grid: one model, and the empty blocking clause ends it.
    ASSERT_EQ(one.solutions.size(), 1u);
    const Puzzle p(2, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({1}), bw_clue({1})});
    const auto done = exact::sat_search(p, one.solutions[0], {}, 5, Budget());
    EXPECT_EQ(done.solutions.size(), 1u);
    EXPECT_TRUE(done.exhausted);
}

TEST(SatSearch, AnExpiredBudgetCallsNothingAndProvesNothing) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    const Puzzle p(2, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({1}), bw_clue({1})});
    const Budget expired(1e-9);
    while (!expired.expired()) {
    }
    const auto out = exact::sat_search(p, Grid(2, 2, kUnknown), {}, 2, expired);
    EXPECT_TRUE(out.out_of_time);
    EXPECT_FALSE(out.exhausted);
    EXPECT_EQ(out.calls, 0);
    EXPECT_TRUE(out.solutions.empty());
}

}  // namespace
}  // namespace nonolab

// When the exact solver hands the search to CaDiCaL, and which verdicts rest
// on it (exact_solver.hpp): sat hands over the probed root before any branch
// node; auto does too when more than 100 cells are open after probing, and
// otherwise searches first, handing over past 64 nodes; search never does,
// and sat_calls says whether CaDiCaL took part.
// exact_solver_test.cpp checks the answers themselves against brute force.
#include <gtest/gtest.h>

#include "core/picture.hpp"
#include "exact/exact_solver.hpp"
#include "exact/sat_search.hpp"

namespace nonolab {
namespace {

// n x n, every row and column "1": n! solutions (the permutation matrices),
// and neither line solving nor probing decides a single cell. n = 5: 25
// open cells and 120 solutions.
Puzzle permutations(int n = 5) {
    Grid g(n, n, kEmpty);
    for (int i = 0; i < n; ++i) g.set(i, i, kFilled);
    return puzzle_from_picture(g);
}

exact::ExactOptions all_solutions(exact::Engine engine) {
    exact::ExactOptions o;
    o.engine = engine;
    o.max_solutions = 1000;
    return o;
}

TEST(ExactSearch, SearchEngineNeverCallsCadical) {
    const auto r = exact::solve_exact(permutations(), all_solutions(exact::Engine::search));
    EXPECT_EQ(r.stats.root_unknown, 25);
    EXPECT_EQ(r.solutions.size(), 120u);
    EXPECT_TRUE(r.exhausted);  // our own proof: the tree was exhausted
    EXPECT_EQ(r.stats.sat_calls, 0);
    EXPECT_GT(r.stats.nodes, 0u);
}

TEST(ExactSearch, SatEngineTakesTheRootAtOnce) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    const auto r = exact::solve_exact(permutations(), all_solutions(exact::Engine::sat));
    EXPECT_EQ(r.stats.nodes, 0u);
    EXPECT_EQ(r.solutions.size(), 120u);
    EXPECT_TRUE(r.exhausted);           // rests on CaDiCaL's final UNSAT
    EXPECT_EQ(r.stats.sat_calls, 121);  // 120 models, then UNSAT
}

TEST(ExactSearch, AutoSearchesASmallResidualFirst) {
    exact::ExactOptions o;  // auto, two solutions: the uniqueness question
    const auto r = exact::solve_exact(permutations(), o);
    EXPECT_EQ(r.stats.probed_unknown, 25);
    EXPECT_EQ(r.status, Status::multiple);
    EXPECT_EQ(r.stats.sat_calls, 0);  // a few nodes of search settled it
    EXPECT_GT(r.stats.nodes, 0u);
    EXPECT_LE(r.stats.nodes, 64u);
}

TEST(ExactSearch, AutoHandsASmallResidualToCadicalPastTheNodeBudget) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    exact::ExactOptions o = all_solutions(exact::Engine::automatic);
    o.unprobed_nodes = 0;  // probing at every node from the start
    auto r = exact::solve_exact(permutations(), o);
    EXPECT_EQ(r.stats.nodes, 65u);      // 64 nodes, and the one the budget stopped
    EXPECT_EQ(r.stats.sat_calls, 121);  // CaDiCaL found all 120 again, then UNSAT
    EXPECT_EQ(r.solutions.size(), 120u);
    EXPECT_TRUE(r.exhausted);
    // With the default unprobed first pass (64 nodes): that pass, then the
    // probing pass's 64, each with the node its budget stopped.
    r = exact::solve_exact(permutations(), all_solutions(exact::Engine::automatic));
    EXPECT_EQ(r.stats.nodes, 130u);
    EXPECT_EQ(r.stats.sat_calls, 121);
    EXPECT_EQ(r.solutions.size(), 120u);
    EXPECT_TRUE(r.exhausted);
}

// The unprobed first pass (ExactOptions::unprobed_nodes): a tree that fits
// in it is searched without probing at its nodes; one that does not is
// searched again from the probed root with probing, and the first pass's
// solutions are not counted twice. Either way the answer is the same.
TEST(ExactSearch, UnprobedFirstPassGivesTheSameAnswers) {
    exact::ExactOptions o = all_solutions(exact::Engine::search);
    o.unprobed_nodes = 0;
    const auto probing = exact::solve_exact(permutations(), o);
    o.unprobed_nodes = 100000;  // the whole tree fits: only the root is probed
    const auto unprobed = exact::solve_exact(permutations(), o);
    o.unprobed_nodes = 10;  // too small: a second pass, with probing
    const auto both = exact::solve_exact(permutations(), o);
    for (const auto* r : {&probing, &unprobed, &both}) {
        EXPECT_EQ(r->solutions.size(), 120u);
        EXPECT_TRUE(r->exhausted);
        EXPECT_EQ(r->status, Status::multiple);
    }
    EXPECT_LT(unprobed.stats.probes, probing.stats.probes);
    EXPECT_EQ(both.stats.nodes, probing.stats.nodes + 11);  // the first pass's 10, and its stop
    EXPECT_EQ(both.stats.probes, probing.stats.probes);     // its nodes were not probed
}

TEST(ExactSearch, AutoHandsALargeResidualToCadicalAtOnce) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    exact::ExactOptions o;
    const auto r = exact::solve_exact(permutations(11), o);
    EXPECT_EQ(r.stats.probed_unknown, 121);
    EXPECT_EQ(r.stats.nodes, 0u);  // no search before CaDiCaL
    EXPECT_EQ(r.stats.sat_calls, 2);
    EXPECT_EQ(r.status, Status::multiple);
}

TEST(ExactSearch, NodeLimitKeepsAutoOnSearch) {
    exact::ExactOptions o = all_solutions(exact::Engine::automatic);
    o.node_limit = 5;
    const auto r = exact::solve_exact(permutations(), o);
    EXPECT_EQ(r.stats.sat_calls, 0);
    EXPECT_EQ(r.stats.nodes, 6u);  // the node that hit the limit is counted
    EXPECT_FALSE(r.exhausted);
}

TEST(ExactSearch, LogicAloneNeverCallsCadical) {
    // A single filled cell: line solving completes it at the root.
    const Puzzle p(1, 1, {bw_clue({1})}, {bw_clue({1})});
    for (exact::Engine e : {exact::Engine::automatic, exact::Engine::sat}) {
        exact::ExactOptions o;
        o.engine = e;
        const auto r = exact::solve_exact(p, o);
        EXPECT_EQ(r.status, Status::unique);
        EXPECT_EQ(r.stats.sat_calls, 0);
        EXPECT_EQ(r.stats.nodes, 0u);
    }
}

}  // namespace
}  // namespace nonolab

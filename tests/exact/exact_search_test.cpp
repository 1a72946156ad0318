// When the exact solver hands the search to CaDiCaL, and which verdicts rest
// on it (exact_solver.hpp): sat hands over the probed root before any branch
// node; auto does too when more than 100 cells are open after probing, and
// otherwise searches first, handing over past 64 nodes; search never does,
// and sat_calls says whether CaDiCaL took part.
// exact_solver_test.cpp checks the answers themselves against brute force.
#include <gtest/gtest.h>

#include "core/picture.hpp"
#include "exact/exact_search.hpp"
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

TEST(ExactSearch, SearchFirstCellsWidensTheSearchFirstRule) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    exact::ExactOptions o;  // 121 open cells: past the default 100, CaDiCaL at once
    o.search_first_cells = 121;
    const auto r = exact::solve_exact(permutations(11), o);
    EXPECT_EQ(r.stats.sat_calls, 0);  // a few nodes of search found two solutions
    EXPECT_GT(r.stats.nodes, 0u);
    EXPECT_EQ(r.status, Status::multiple);
    o.search_first_cells = -1;
    EXPECT_THROW(exact::solve_exact(permutations(), o), std::invalid_argument);
}

// The root step's two stages, as grade.hpp watches them: what each saw,
// and a watch that ends the run.
struct RecordingWatch final : exact::RootWatch<exact::BinaryDomain> {
    std::vector<int> open_seen;
    int stop_at = 0;  ///< stage whose call returns false (0 = none)
    bool propagated(const Grid& root) override { return seen(root, 1); }
    bool probed(const Grid& root) override { return seen(root, 2); }
    bool seen(const Grid& root, int stage) {
        open_seen.push_back(root.unknown_count());
        return stage != stop_at;
    }
};

TEST(ExactSearch, RootWatchSeesBothStagesAndMayEndTheRun) {
    const exact::ExactOptions o = all_solutions(exact::Engine::search);
    RecordingWatch watch;
    auto r =
        exact::ExactSearch<exact::BinaryDomain>(permutations(), o, nullptr, nullptr, &watch).run();
    EXPECT_EQ(watch.open_seen, (std::vector<int>{25, 25}));  // logic decides nothing here
    EXPECT_EQ(r.solutions.size(), 120u);                     // and the run went on
    for (int stage : {1, 2}) {
        RecordingWatch stopper;
        stopper.stop_at = stage;
        r = exact::ExactSearch<exact::BinaryDomain>(permutations(), o, nullptr, nullptr, &stopper)
                .run();
        EXPECT_EQ(stopper.open_seen.size(), static_cast<std::size_t>(stage));
        EXPECT_TRUE(r.solutions.empty());
        EXPECT_FALSE(r.exhausted);  // stopped, not proven
        EXPECT_EQ(r.stats.nodes, 0u);
    }
}

TEST(ExactSearch, PropagateRootCountsTheOpenCells) {
    // Row clues 2 / 0 on a 2x2: line solving fills the top row at once.
    Grid g(2, 2, kEmpty);
    g.set(0, 0, kFilled);
    g.set(0, 1, kFilled);
    const Puzzle solved = puzzle_from_picture(g);
    exact::Propagator prop(solved);
    Grid root(2, 2, kUnknown);
    int open = -1;
    EXPECT_EQ(exact::propagate_root(prop, root, 4, Budget(0), open), exact::Propagation::fixpoint);
    EXPECT_EQ(open, 0);
    EXPECT_EQ(root, g);
    const Puzzle open_board = permutations();
    exact::Propagator prop5(open_board);
    Grid root5(5, 5, kUnknown);
    exact::propagate_root(prop5, root5, 25, Budget(0), open);
    EXPECT_EQ(open, 25);
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

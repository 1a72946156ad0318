// Grading: each stage's verdict on puzzles whose difficulty we know, and the
// logic-only contract (unique only when logic completes the grid).
#include "exact/grade.hpp"

#include <gtest/gtest.h>

#include <random>

#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "exact/propagator.hpp"
#include "io/formats.hpp"

namespace nonolab {
namespace {

Puzzle example(const std::string& name) {
    return io::read_puzzles(std::string(NONOLAB_SOURCE_DIR) + "/examples/" + name).at(0);
}

void expect_shares_add_up(const exact::GradeResult& g) {
    EXPECT_GE(g.line_cells, 0);
    EXPECT_GE(g.probe_cells, 0);
    EXPECT_LE(g.line_cells + g.probe_cells, g.cells);
}

TEST(Grade, LineSolvablePuzzle) {
    const Puzzle p = example("heart.non");
    const auto g = exact::grade(p);
    EXPECT_EQ(g.difficulty, exact::Difficulty::line);
    EXPECT_EQ(g.status, Status::unique);
    EXPECT_EQ(g.line_cells, g.cells);
    ASSERT_EQ(g.solutions.size(), 1u);
    EXPECT_TRUE(verify(p, g.solutions[0]));
}

TEST(Grade, PuzzleThatNeedsProbing) {
    const Puzzle p = example("cat.taai");
    const auto g = exact::grade(p);
    EXPECT_EQ(g.difficulty, exact::Difficulty::probing);
    EXPECT_EQ(g.status, Status::unique);
    EXPECT_GT(g.probe_cells, 0);
    EXPECT_EQ(g.line_cells + g.probe_cells, g.cells);
    EXPECT_TRUE(verify(p, g.solutions.at(0)));
}

TEST(Grade, SeveralSolutionsNeedSearch) {
    const Puzzle p = example("twins.clues");
    const auto g = exact::grade(p);
    EXPECT_EQ(g.difficulty, exact::Difficulty::search);
    EXPECT_EQ(g.status, Status::multiple);
    EXPECT_GT(g.nodes, 0u);
    expect_shares_add_up(g);
}

// The grade runs up to 64 nodes of probing search, then lets CaDiCaL settle
// the puzzle; the node count it reports is the search's. 5x5 with "1" on
// every line: 120 solutions (the permutation matrices), nothing decided by
// logic.
TEST(Grade, SearchThenCadicalPastSixtyFourNodes) {
    Grid pic(5, 5, kEmpty);
    for (int i = 0; i < 5; ++i) pic.set(i, (i * 2) % 5, kFilled);
    const Puzzle p = puzzle_from_picture(pic);
    const auto two = exact::grade(p);  // two solutions lie within a few nodes
    EXPECT_EQ(two.difficulty, exact::Difficulty::search);
    EXPECT_EQ(two.status, Status::multiple);
    EXPECT_LE(two.nodes, 64u);
    EXPECT_EQ(two.sat_calls, 0);
    if (!exact::sat_available()) return;
    exact::GradeOptions o;
    o.max_solutions = 1000;  // all 120: more leaves than 64 nodes reach
    const auto all = exact::grade(p, o);
    EXPECT_EQ(all.status, Status::multiple);
    EXPECT_EQ(all.nodes, 65u);      // the node that hit the limit is counted
    EXPECT_EQ(all.sat_calls, 121);  // 120 models, then UNSAT
    ASSERT_EQ(all.solutions.size(), 120u);
    for (const Grid& s : all.solutions) EXPECT_TRUE(verify(p, s));
    for (std::size_t i = 0; i < all.solutions.size(); ++i)
        for (std::size_t j = i + 1; j < all.solutions.size(); ++j)
            ASSERT_NE(all.solutions[i], all.solutions[j]);
}

TEST(Grade, ImpossiblePuzzle) {
    const auto g = exact::grade(example("impossible.nin"));
    EXPECT_EQ(g.difficulty, exact::Difficulty::contradiction);
    EXPECT_EQ(g.status, Status::contradiction);
}

TEST(Grade, LogicOnlyStopsWhereLogicStops) {
    exact::GradeOptions o;
    o.search = false;
    const Puzzle p = example("twins.clues");
    const auto g = exact::grade(p, o);
    EXPECT_EQ(g.status, Status::unsolved);
    EXPECT_TRUE(g.solutions.empty());
    EXPECT_FALSE(g.logic_grid.complete());
    EXPECT_EQ(g.nodes, 0u);
}

TEST(Grade, AgreesWithTheSolverOnRandomPuzzles) {
    // Whatever the grade, the verdict must be the exact solver's, and a
    // "line" grade must mean propagation alone completes the grid.
    std::mt19937 rng(11);
    for (int trial = 0; trial < 200; ++trial) {
        const int w = 3 + static_cast<int>(rng() % 6), h = 3 + static_cast<int>(rng() % 6);
        Grid pic(w, h, kEmpty);
        for (Cell& c : pic.cells()) c = (rng() % 100) < 55 ? kFilled : kEmpty;
        const Puzzle p = puzzle_from_picture(pic);
        const auto g = exact::grade(p);
        const auto r = exact::solve_exact(p);
        ASSERT_EQ(g.status, r.status) << "trial " << trial;
        expect_shares_add_up(g);
        exact::Propagator prop(p);
        Grid grid(w, h, kUnknown);
        prop.run(grid, Budget(), true);
        ASSERT_EQ(g.difficulty == exact::Difficulty::line, grid.complete()) << "trial " << trial;
        ASSERT_EQ(g.line_cells, w * h - grid.unknown_count());
    }
}

}  // namespace
}  // namespace nonolab

// The solvers' invariants are assert()s (line/line_invariants.hpp, the
// bounds of core/grid.hpp, the propagator's "never flip a known cell"). A
// build without NDEBUG, as the sanitizer pass of scripts/test.sh is, must
// stop the program when one breaks; these tests break the line solvers'
// and the grid's on purpose.
// Release builds compile the checks out, so there the tests do not exist
// (scripts/test.sh checks that the sanitizer pass ran them).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "line/bitset_line_solver.hpp"
#include "line/bitset_colour_line_solver.hpp"
#include "line/wide_line_solver.hpp"

namespace nonolab::line {
namespace {

#ifndef NDEBUG

TEST(DebugChecks, GridRefusesACellOutsideIt) {
    const Grid grid(3, 2, kEmpty);
    EXPECT_EQ(grid.at(1, 2), kEmpty);  // the last cell is inside
    EXPECT_DEATH((void)grid.at(2, 0), "row < height_");
    EXPECT_DEATH((void)grid.at(0, -1), "col >= 0");
}

TEST(DebugChecks, LineSolversRefuseARunOfNoCells) {
    std::vector<Cell> cells(5, kUnknown);
    const std::vector<int> good{2, 1}, bad{2, 0};
    BitsetLineSolver bitset;
    EXPECT_TRUE(bitset.solve(good, cells));
    EXPECT_DEATH(bitset.solve(bad, cells), "valid_runs");
    WideLineSolver wide;
    EXPECT_DEATH(wide.solve(bad, cells), "valid_runs");
}

TEST(DebugChecks, LineSolversRefuseACellThatIsNeitherBlackNorWhite) {
    std::vector<Cell> cells(5, kUnknown);
    cells[2] = 7;  // a colour in a black-and-white line
    const std::vector<int> runs{2};
    BitsetLineSolver bitset;
    EXPECT_DEATH(bitset.solve(runs, cells), "valid_bw_cells");
}

TEST(DebugChecks, ColourSolverRefusesARunOfNoCellsOrOfTheBackground) {
    BitsetColourLineSolver solver;
    std::vector<std::uint64_t> cells(6, 0b111);  // background, colour 1 or colour 2
    const Clue clue{nonolab::Run{2, 1}, nonolab::Run{1, 2}};
    EXPECT_TRUE(solver.solve(clue, cells));
    const Clue empty_run{nonolab::Run{2, 1}, nonolab::Run{0, 2}};
    EXPECT_DEATH(solver.solve(empty_run, cells), "valid_colour_clue");
    const Clue background{nonolab::Run{2, 0}};
    EXPECT_DEATH(solver.solve(background, cells), "valid_colour_clue");
}

#endif  // NDEBUG

}  // namespace
}  // namespace nonolab::line

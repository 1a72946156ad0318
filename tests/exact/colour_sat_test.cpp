// The colour CaDiCaL back end (exact/colour_sat.hpp): the same verdicts and
// solutions as the colour search beyond brute force's reach, and blocking
// over the cells the masks leave open.
#include "exact/colour_sat.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/colour_domain.hpp"
#include "exact/exact_solver.hpp"
#include "exact_test_util.hpp"

namespace nonolab::exact {
namespace {

// Beyond brute force's reach: CaDiCaL on the colour CNF and the colour
// search must give the same verdicts and the same solutions, on random
// pictures (many with several solutions) and on swapped clues.
TEST(ColourSat, AgreesWithTheColourSearchOnLargerPuzzles) {
    if (!sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    std::mt19937 rng(2026);
    int counts[3] = {0, 0, 0}, sat_runs = 0;
    for (int trial = 0; trial < 150; ++trial) {
        const int w = 5 + trial % 5, h = 5 + trial % 4, colours = 3 + trial % 3;
        Grid g = test_util::random_colour_grid(w, h, colours, rng);
        std::vector<Clue> rows, cols;
        for (int r = 0; r < h; ++r) rows.push_back(row_clue_of(g, r));
        for (int c = 0; c < w; ++c) cols.push_back(column_clue_of(g, c));
        if (trial % 3 == 2) std::swap(rows[0], rows[h - 1]);
        const Puzzle p(w, h, rows, cols, test_util::palette_of(colours));
        ExactOptions o;
        o.max_solutions = 4;
        o.engine = Engine::search;
        const ExactResult a = solve_exact(p, o);
        o.engine = Engine::sat;
        o.probing = trial % 4 == 0;  // mostly off: leave the work to CaDiCaL
        const ExactResult b = solve_exact(p, o);
        ASSERT_TRUE(a.exhausted || a.solutions.size() == 4u);
        ASSERT_EQ(a.status, b.status) << "trial " << trial;
        ASSERT_EQ(a.solutions.size(), b.solutions.size()) << "trial " << trial;
        for (const Grid& s : b.solutions) {
            EXPECT_TRUE(verify(p, s).ok);
            if (a.exhausted)  // the search listed them all
                EXPECT_NE(std::find(a.solutions.begin(), a.solutions.end(), s), a.solutions.end())
                    << "trial " << trial;
        }
        sat_runs += b.stats.sat_calls > 0;
        ++counts[a.status == Status::unique ? 0 : a.status == Status::multiple ? 1 : 2];
    }
    EXPECT_GT(counts[0], 10);  // unique
    EXPECT_GT(counts[1], 10);  // multiple
    EXPECT_GT(counts[2], 10);  // none
    EXPECT_GT(sat_runs, 15);   // CaDiCaL, not logic alone, gave these verdicts (23 of 150)
}

TEST(ColourSat, BlocksOnlyOverTheCellsTheMasksLeaveOpen) {
    if (!sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    // Two colours on a 2x1 board, one cell each way round: "a" then "b" or
    // "b" then "a". Fixing the first cell to "a" leaves one solution.
    const Palette pal = test_util::palette_of(3);
    Grid g(2, 1, kEmpty);
    g.cells() = {1, 2};
    const Puzzle p = puzzle_from_picture(g, pal);
    const std::vector<std::uint64_t> open(2, 0b110);  // not background
    const SatOutcome all = colour_sat_search(p, open, 5, Budget(), SatOptions{});
    EXPECT_TRUE(all.exhausted);
    ASSERT_EQ(all.solutions.size(), 1u);  // the clue fixes the order
    EXPECT_EQ(all.solutions[0], g);
    const std::vector<std::uint64_t> wrong{0b100, 0b110};  // first cell "b": none
    const SatOutcome none = colour_sat_search(p, wrong, 5, Budget(), SatOptions{});
    EXPECT_TRUE(none.exhausted);
    EXPECT_TRUE(none.solutions.empty());
}

}  // namespace
}  // namespace nonolab::exact

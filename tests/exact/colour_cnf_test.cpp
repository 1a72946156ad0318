// The colour CNF (exact/colour_cnf.hpp) on its own: its cell literals follow
// the masks, and its models are exactly the puzzle's solutions (every model
// enumerated by CaDiCaL against brute force over every colouring).
#include "exact/colour_cnf.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/picture.hpp"
#include "exact/colour_sat.hpp"
#include "exact/sat_search.hpp"
#include "exact_test_util.hpp"

namespace nonolab::exact {
namespace {

TEST(ColourCnf, CellLiteralsExistOnlyForTheColoursAMaskAllows) {
    Grid g(3, 1, kEmpty);
    g.cells() = {1, 0, 2};
    const Puzzle p = puzzle_from_picture(g, test_util::palette_of(3));
    const std::vector<std::uint64_t> masks{0b111, 0b001, 0b110};
    const ColourCnf x = encode_colour_cnf(p, masks);
    EXPECT_EQ(x.colours, 3);
    for (int cell = 0; cell < 3; ++cell)
        for (int k = 0; k < 3; ++k)
            EXPECT_EQ(x.literal(cell, k) != 0, ((masks[cell] >> k) & 1) != 0)
                << "cell " << cell << " colour " << k;
    for (const auto& clause : x.cnf.clauses)
        for (const int lit : clause) EXPECT_LE(std::abs(lit), x.cnf.num_vars);
}

TEST(ColourCnf, AnEmptyMaskIsUnsatisfiable) {
    if (!sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    Grid g(2, 1, kEmpty);
    g.cells() = {1, 2};
    const Puzzle p = puzzle_from_picture(g, test_util::palette_of(3));
    const SatOutcome out = colour_sat_search(p, {0b111, 0}, 2, Budget(), SatOptions{});
    EXPECT_TRUE(out.exhausted);
    EXPECT_TRUE(out.solutions.empty());
}

TEST(ColourCnf, ModelsAreExactlyTheSolutions) {
    if (!sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    std::mt19937 rng(53);
    int several = 0, none = 0;
    for (int trial = 0; trial < 120; ++trial) {  // at most 4^6 colourings each
        const int w = 2 + trial % 2, h = 2 + trial % 3 / 2, colours = 3 + trial % 5 / 4;
        const Grid g = test_util::random_colour_grid(w, h, colours, rng);
        std::vector<Clue> rows, cols;
        for (int r = 0; r < h; ++r) rows.push_back(row_clue_of(g, r));
        for (int c = 0; c < w; ++c) cols.push_back(column_clue_of(g, c));
        if (trial % 4 == 3) std::swap(rows[0], rows[h - 1]);  // often no solution
        const Puzzle p(w, h, rows, cols, test_util::palette_of(colours));
        std::vector<Grid> truth = test_util::brute_force(p, 1000);
        const std::uint64_t all = (std::uint64_t{1} << colours) - 1;
        const SatOutcome out =
            colour_sat_search(p, std::vector<std::uint64_t>(static_cast<std::size_t>(w) * h, all),
                              1000, Budget(), SatOptions{});
        ASSERT_TRUE(out.exhausted) << "trial " << trial;
        std::vector<Grid> models = out.solutions;
        const auto order = [](const Grid& a, const Grid& b) { return a.cells() < b.cells(); };
        std::sort(truth.begin(), truth.end(), order);
        std::sort(models.begin(), models.end(), order);
        EXPECT_EQ(models, truth) << "trial " << trial;
        several += truth.size() > 1;
        none += truth.empty();
    }
    EXPECT_GT(several, 5) << none;
    EXPECT_GT(none, 3) << several;
}

}  // namespace
}  // namespace nonolab::exact

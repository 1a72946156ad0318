// The exact solver on colour puzzles (the engine over exact/colour_domain.hpp),
// against brute force: every colouring of small grids is enumerated, the
// ones whose clues match are counted, and the solver's verdict and
// solutions must agree.
#include "exact/colour_domain.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/exact_search.hpp"
#include "exact/exact_solver.hpp"
#include "exact_test_util.hpp"

namespace nonolab::exact {
namespace {

using test_util::brute_force;
using test_util::palette_of;
using test_util::random_colour_grid;

// The colour search, and CaDiCaL on the colour CNF when the build has it.
std::vector<Engine> engines() {
    if (sat_available()) return {Engine::search, Engine::sat};
    return {Engine::search};
}

void expect_agrees(const Puzzle& p, const ExactOptions& o, const char* what, int trial) {
    const std::vector<Grid> truth = brute_force(p, 3);
    const ExactResult r = solve_exact(p, o);
    ASSERT_TRUE(r.exhausted || r.solutions.size() >= 2) << what << " trial " << trial;
    const Status want = truth.empty()       ? Status::contradiction
                        : truth.size() == 1 ? Status::unique
                                            : Status::multiple;
    ASSERT_EQ(r.status, want) << what << " trial " << trial;
    for (const Grid& s : r.solutions) {
        EXPECT_TRUE(verify(p, s).ok) << what << " trial " << trial;
        if (truth.size() < 3)  // brute force kept them all
            EXPECT_NE(std::find(truth.begin(), truth.end(), s), truth.end());
    }
    if (want == Status::unique) EXPECT_EQ(r.solutions.at(0), truth[0]);
}

// The oracle itself: row by row, it finds exactly the colourings that
// trying every colouring of the whole grid finds, on grids small enough to
// try them all, with clues of pictures and with two rows' clues swapped.
TEST(ColourSearch, BruteForceByRowsFindsWhatTryingEveryGridFinds) {
    std::mt19937 rng(8);
    int none = 0, several = 0;
    for (int trial = 0; trial < 60; ++trial) {
        const int w = 2 + trial % 2, h = 3, colours = 2 + trial / 2 % 2;  // at most 3^9 grids
        const Grid a = random_colour_grid(w, h, colours, rng);
        std::vector<Clue> rows, cols;
        for (int r = 0; r < h; ++r) rows.push_back(row_clue_of(a, r));
        for (int c = 0; c < w; ++c) cols.push_back(column_clue_of(a, c));
        if (trial % 2) std::swap(rows[0], rows[1 + trial % 2]);
        const Puzzle p(w, h, rows, cols, palette_of(colours));
        std::vector<Grid> every;
        Grid g(w, h, kEmpty);
        for (;;) {
            if (verify(p, g).ok) every.push_back(g);
            int i = 0;
            for (; i < w * h; ++i) {
                if (++g.cells()[i] < colours) break;
                g.cells()[i] = kEmpty;
            }
            if (i == w * h) break;
        }
        std::vector<Grid> rowwise = brute_force(p, 1 << 20);
        const auto order = [](const Grid& x, const Grid& y) { return x.cells() < y.cells(); };
        std::sort(every.begin(), every.end(), order);
        std::sort(rowwise.begin(), rowwise.end(), order);
        ASSERT_EQ(rowwise, every) << "trial " << trial;
        none += every.empty();
        several += every.size() >= 2;
    }
    EXPECT_GT(none, 5);  // both kinds of answer were compared
    EXPECT_GT(several, 5);
}

// Puzzles read off random pictures (so at least one solution): unique or
// multiple, as brute force says, with and without probing.
TEST(ColourSearch, AgreesWithBruteForceOnRandomPictures) {
    std::mt19937 rng(15);
    const struct {
        int w, h, colours;
    } shapes[] = {{3, 3, 3}, {4, 3, 3}, {3, 4, 3}, {3, 3, 4}, {4, 2, 4}, {2, 5, 4}, {5, 2, 3}};
    int unique = 0, multiple = 0;
    for (const auto& s : shapes) {
        for (int trial = 0; trial < 25; ++trial) {
            const Puzzle p = puzzle_from_picture(random_colour_grid(s.w, s.h, s.colours, rng),
                                                 palette_of(s.colours));
            for (Engine engine : engines())
                for (bool probing : {true, false}) {
                    ExactOptions o;
                    o.engine = engine;
                    o.probing = probing;
                    expect_agrees(p, o, "picture", trial);
                }
            const ExactResult r = solve_exact(p);
            (r.status == Status::unique ? unique : multiple) += 1;
        }
    }
    EXPECT_GT(unique, 40);
    EXPECT_GT(multiple, 10);
}

// Clues of a picture with two rows' clues swapped (colour totals stay equal,
// so the puzzle is well-formed): often no solution, which must be proven.
TEST(ColourSearch, AgreesWithBruteForceOnSwappedClues) {
    std::mt19937 rng(51);
    int none = 0;
    for (int trial = 0; trial < 120; ++trial) {
        const Grid a = random_colour_grid(3, 4, 3, rng);
        std::vector<Clue> rows, cols;
        for (int r = 0; r < 4; ++r) rows.push_back(row_clue_of(a, r));
        for (int c = 0; c < 3; ++c) cols.push_back(column_clue_of(a, c));
        std::swap(rows[0], rows[1 + trial % 3]);
        const Puzzle p(3, 4, rows, cols, palette_of(3));
        for (Engine engine : engines()) {
            ExactOptions o;
            o.engine = engine;
            expect_agrees(p, o, "swapped", trial);
        }
        none += solve_exact(p).status == Status::contradiction;
    }
    EXPECT_GT(none, 30);
}

// On black-and-white puzzles the engine over colour sets must agree with
// the engine over black and white (a palette of two is a colour domain too).
TEST(ColourSearch, MatchesTheBlackAndWhiteSolver) {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 60; ++trial) {
        Grid g(8, 7, kEmpty);
        for (Cell& c : g.cells()) c = rng() % 100 < 55 ? kFilled : kEmpty;
        const Puzzle p = puzzle_from_picture(g);
        ExactOptions o;
        o.engine = Engine::search;
        o.max_solutions = 3;
        const ExactResult bw = solve_exact(p, o);
        const ExactResult col = ExactSearch<ColourDomain>(p, o, nullptr).run();
        ASSERT_EQ(bw.status, col.status) << "trial " << trial;
        ASSERT_EQ(bw.solutions.size(), col.solutions.size()) << "trial " << trial;
        for (const Grid& s : col.solutions) EXPECT_TRUE(verify(p, s).ok);
    }
}

TEST(ColourSearch, DifferentColoursTouchSameColoursNeedAGap) {
    // Row "1a 1b" in two cells: fully determined; column clues agree.
    const Palette pal = palette_of(3);
    const nonolab::Run a{1, 1}, b{1, 2};
    const Puzzle touch(2, 1, {{a, b}}, {{a}, {b}}, pal);
    for (Engine engine : engines()) {
        ExactOptions o;
        o.engine = engine;
        o.probing = false;  // leave the work to the engine
        const ExactResult r = solve_exact(touch, o);
        ASSERT_EQ(r.status, Status::unique);
        EXPECT_EQ(r.solutions[0].at(0, 0), 1);
        EXPECT_EQ(r.solutions[0].at(0, 1), 2);
        // Row "1a 1a" in three cells must be "a.a", so column 2 cannot be "1a".
        const Puzzle gap(3, 1, {{a, a}}, {{a}, {a}, {}}, pal);
        EXPECT_EQ(solve_exact(gap, o).status, Status::contradiction);
    }
}

TEST(ColourSearch, LimitsCutTheRunShortWithoutClaimingAProof) {
    // Two side-by-side copies of the 2x2 diagonal ambiguity, in colours a and
    // b: rows "1a 1b", columns "1a" "1a" "1b" "1b": 2 x 2 = 4 solutions.
    const Palette pal = palette_of(3);
    Grid g(4, 2, kEmpty);
    g.set(0, 0, 1);
    g.set(1, 1, 1);
    g.set(0, 2, 2);
    g.set(1, 3, 2);
    const Puzzle p = puzzle_from_picture(g, pal);
    ExactOptions o;
    o.max_solutions = 100;
    const ExactResult all = solve_exact(p, o);
    ASSERT_TRUE(all.exhausted);
    EXPECT_EQ(all.solutions.size(), 4u);
    EXPECT_EQ(brute_force(p, 1000).size(), 4u);
    o.node_limit = 1;
    o.probing = false;
    const ExactResult cut = solve_exact(p, o);
    EXPECT_FALSE(cut.exhausted);
    EXPECT_NE(cut.status, Status::unique);
    EXPECT_NE(cut.status, Status::contradiction);
}

TEST(ColourSearch, RefusesPalettesOverSixtyFourColours) {
    Palette pal = black_and_white_palette();
    for (int c = 2; c <= kMaxSearchColours; ++c)
        pal.push_back({"c" + std::to_string(c), static_cast<char>(c < 60 ? '!' + c : 'x'),
                       static_cast<std::uint32_t>(c)});
    const Puzzle p(1, 1, {{nonolab::Run{1, 64}}}, {{nonolab::Run{1, 64}}}, pal);
    ASSERT_EQ(pal.size(), 65u);
    EXPECT_THROW(solve_exact(p), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab::exact

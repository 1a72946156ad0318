// MakeUnique: every suggestion is checked by the exact solver on the changed
// picture's own clues, and the changes are exactly where the pictures differ.
// The goals, locks and three-change search are in make_unique_goal_test.cpp.
#include "exact/make_unique.hpp"

#include <gtest/gtest.h>

#include <random>

#include "make_unique_test_util.hpp"

#include "core/picture.hpp"
#include "exact/exact_solver.hpp"
#include "io/formats.hpp"

namespace nonolab {
namespace {

Grid twins_picture() {
    const Puzzle p =
        io::read_puzzles(std::string(NONOLAB_SOURCE_DIR) + "/examples/twins.clues").at(0);
    const exact::ExactResult r = exact::solve_exact(p);
    EXPECT_EQ(r.status, Status::multiple);
    return r.solutions.at(0);
}

TEST(MakeUnique, TwinsGetsSuggestionsThatAreUnique) {
    const Grid picture = twins_picture();
    const exact::MakeUniqueResult r = exact::make_unique(picture, black_and_white_palette());
    EXPECT_EQ(r.status, Status::multiple);
    ASSERT_GE(r.solutions.size(), 2u);
    EXPECT_EQ(r.solutions[0], picture);
    EXPECT_NE(r.solutions[1], picture);
    EXPECT_GT(r.candidates, 0);
    ASSERT_FALSE(r.suggestions.empty());
    check_suggestions(picture, black_and_white_palette(), r);
}

TEST(MakeUnique, UniquePictureNeedsNothing) {
    Grid g(3, 3, kEmpty);
    g.set(1, 1, kFilled);
    const exact::MakeUniqueResult r = exact::make_unique(g, black_and_white_palette());
    EXPECT_EQ(r.status, Status::unique);
    EXPECT_TRUE(r.suggestions.empty());
    EXPECT_TRUE(r.complete);
}

TEST(MakeUnique, RandomPicturesSuggestionsAreProvenUnique) {
    std::mt19937 rng(1616);
    int with_suggestions = 0;
    for (int i = 0; i < 40; ++i) {
        Grid g(6, 6, kEmpty);
        for (Cell& c : g.cells()) c = static_cast<Cell>(rng() % 2);
        const exact::MakeUniqueResult r = exact::make_unique(g, black_and_white_palette());
        SCOPED_TRACE("picture " + std::to_string(i));
        const exact::ExactResult own = exact::solve_exact(puzzle_from_picture(g));
        EXPECT_EQ(r.status, own.status);
        if (r.status == Status::unique) EXPECT_TRUE(r.suggestions.empty());
        check_suggestions(g, black_and_white_palette(), r);
        with_suggestions += !r.suggestions.empty();
    }
    EXPECT_GT(with_suggestions, 0);
}

TEST(MakeUnique, ColourPicture) {
    // Two colours in a 2x2 "checkerboard" block is ambiguous by rows and columns alone.
    const Palette pal = {Colour{"white", '.', 0xFFFFFF}, Colour{"red", 'r', 0xFF0000}};
    Grid g(4, 4, kEmpty);
    g.set(1, 1, 1);
    g.set(2, 2, 1);
    const exact::MakeUniqueResult r = exact::make_unique(g, pal);
    EXPECT_EQ(r.status, Status::multiple);
    check_suggestions(g, pal, r);
    EXPECT_FALSE(r.suggestions.empty());
}

TEST(MakeUnique, BadInputIsRefused) {
    EXPECT_THROW(exact::make_unique(Grid(2, 2), black_and_white_palette()),
                 std::invalid_argument);  // incomplete
    exact::MakeUniqueOptions o;
    o.max_changes = 4;
    EXPECT_THROW(exact::make_unique(Grid(2, 2, kEmpty), black_and_white_palette(), o),
                 std::invalid_argument);
    exact::MakeUniqueOptions off;
    off.locked = {{2, 0}};  // row 2 of a 2x2 picture
    EXPECT_THROW(exact::make_unique(Grid(2, 2, kEmpty), black_and_white_palette(), off),
                 std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

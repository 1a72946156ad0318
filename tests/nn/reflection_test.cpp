#include "nn/reflection.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "core/picture.hpp"

namespace nonolab::nn {
namespace {

Grid random_board(int w, int h, std::mt19937& rng) {
    Grid g(w, h, kEmpty);
    for (auto& c : g.cells()) c = (rng() & 1) ? kFilled : kEmpty;
    return g;
}

// The property the paper relies on (section 2.2): reflecting the clues gives
// the clues of the reflected board, for every one of the eight.
TEST(Reflection, CluesOfReflectedBoardEqualReflectedClues) {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 50; ++trial) {
        const int w = 1 + trial % 7, h = 1 + (trial * 3) % 6;  // non-square too
        const Grid board = random_board(w, h, rng);
        const Puzzle puzzle = puzzle_from_picture(board);
        for (Reflection r : kReflections) {
            const Puzzle expected = puzzle_from_picture(reflect(board, r));
            const Puzzle got = reflect(puzzle, r);
            EXPECT_TRUE(got.same_clues(expected)) << reflection_name(r) << " " << w << "x" << h;
            ASSERT_TRUE(got.info().goal.has_value());
            EXPECT_EQ(*got.info().goal, reflect(board, r));
        }
    }
}

TEST(Reflection, InverseUndoesAndAllEightDiffer) {
    std::mt19937 rng(3);
    const Grid board = random_board(6, 6, rng);
    std::set<std::vector<Cell>> seen;
    for (Reflection r : kReflections) {
        EXPECT_EQ(reflect(reflect(board, r), inverse(r)), board) << reflection_name(r);
        seen.insert(reflect(board, r).cells());
    }
    EXPECT_EQ(seen.size(), 8u);  // a random 6x6 board has no symmetry
}

// Spot checks of the definitions against Figure 5's wording.
TEST(Reflection, MatchesThePapersDefinitions) {
    // 2 rows x 3 columns:  a b c / d e f  (cell values 1..6 stand in for letters)
    Grid g(3, 2);
    for (int i = 0; i < 6; ++i) g.cells()[i] = static_cast<Cell>(i + 1);
    auto cells = [](const Grid& x) { return x.cells(); };
    EXPECT_EQ(cells(reflect(g, Reflection::rC)), (std::vector<Cell>{3, 2, 1, 6, 5, 4}));  // f_h
    EXPECT_EQ(cells(reflect(g, Reflection::Rc)), (std::vector<Cell>{4, 5, 6, 1, 2, 3}));  // f_v
    EXPECT_EQ(cells(reflect(g, Reflection::cr)), (std::vector<Cell>{1, 4, 2, 5, 3, 6}));  // g
    EXPECT_EQ(cells(reflect(g, Reflection::RC)), (std::vector<Cell>{6, 5, 4, 3, 2, 1}));
    // cR = f_h∘g: transpose, then reverse the column order.
    EXPECT_EQ(cells(reflect(g, Reflection::cR)), (std::vector<Cell>{4, 1, 5, 2, 6, 3}));
    // Cr = f_v∘g: transpose, then reverse the row order.
    EXPECT_EQ(cells(reflect(g, Reflection::Cr)), (std::vector<Cell>{3, 6, 2, 5, 1, 4}));
    EXPECT_EQ(cells(reflect(g, Reflection::CR)), (std::vector<Cell>{6, 3, 5, 2, 4, 1}));
}

TEST(Reflection, NamesRoundTripAndBadNameThrows) {
    for (Reflection r : kReflections) EXPECT_EQ(parse_reflection(reflection_name(r)), r);
    EXPECT_THROW(parse_reflection("xx"), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab::nn

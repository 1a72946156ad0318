#include "io/clue_encoding.hpp"

#include <gtest/gtest.h>

#include <random>

#include "core/clue_contradiction.hpp"
#include "core/picture.hpp"

namespace nonolab::io {
namespace {

TEST(ClueEncoding, RightAlignedRowsThenColumns) {
    // 3x3:  #.#  / ### / ...   rows: "1 1", "3", "";  columns: "2", "1", "2"
    Grid g(3, 3, kEmpty);
    for (int c : {0, 2}) g.set(0, c, kFilled);
    for (int c = 0; c < 3; ++c) g.set(1, c, kFilled);
    const auto x = encode_clues(puzzle_from_picture(g));
    ASSERT_EQ(static_cast<int>(x.size()), clue_vector_size(3));  // 2·3·2
    EXPECT_EQ(x, (std::vector<std::uint8_t>{1, 1, 0, 3, 0, 0, 0, 2, 0, 1, 0, 2}));
}

TEST(ClueEncoding, SlotsFitTheLongestClue) {
    EXPECT_EQ(clue_slots(5), 3);
    EXPECT_EQ(clue_slots(10), 5);
    EXPECT_EQ(clue_slots(15), 8);
    EXPECT_EQ(clue_vector_size(10), 100);  // NonoDataset's 10x10 x rows
    EXPECT_EQ(clue_vector_size(15), 240);
}

TEST(ClueEncoding, DecodeInvertsEncodeAndFloatsAgree) {
    std::mt19937 rng(11);
    for (int n : {1, 2, 5, 10, 15}) {
        Grid g(n, n, kEmpty);
        for (auto& c : g.cells()) c = (rng() % 2) ? kFilled : kEmpty;
        const Puzzle p = puzzle_from_picture(g);
        const auto x = encode_clues(p);
        EXPECT_TRUE(decode_clues(x.data(), n).same_clues(p)) << n;
        std::vector<float> f(x.size());
        encode_clues(p, f.data());
        for (std::size_t i = 0; i < x.size(); ++i) EXPECT_EQ(f[i], x[i]);
    }
}

TEST(ClueEncoding, RejectsNonSquareAndDecodesImpossibleVectorsAsContradictions) {
    EXPECT_THROW(encode_clues(puzzle_from_picture(Grid(3, 2, kEmpty))), std::invalid_argument);
    std::vector<std::uint8_t> x(clue_vector_size(3), 0);
    x[0] = 3;
    x[1] = 1;  // row 1 = "3 1" in 3 cells: a puzzle with no solution
    EXPECT_EQ(clue_contradiction(decode_clues(x.data(), 3)),
              "row 1 clue \"3 1\" needs 5 cells but the puzzle is only 3 wide");
}

}  // namespace
}  // namespace nonolab::io

// Grid (src/core/grid.hpp): a row-major flat buffer. The sizes used here are
// not square, so a mix-up of width and height (the row stride) shows.
#include "core/grid.hpp"

#include <gtest/gtest.h>

namespace nonolab {
namespace {

TEST(Grid, StartsUnknownUnlessToldOtherwise) {
    const Grid g(3, 2);
    EXPECT_EQ(g.width(), 3);
    EXPECT_EQ(g.height(), 2);
    EXPECT_EQ(g.size(), 6);
    EXPECT_EQ(g.cells().size(), 6u);
    for (Cell v : g.cells()) EXPECT_EQ(v, kUnknown);
    EXPECT_FALSE(g.complete());
    EXPECT_EQ(g.unknown_count(), 6);
    const Grid e(3, 2, kEmpty);
    EXPECT_TRUE(e.complete());
    EXPECT_EQ(e.unknown_count(), 0);
}

TEST(Grid, DefaultIsEmptyAndComplete) {
    const Grid g;
    EXPECT_EQ(g.width(), 0);
    EXPECT_EQ(g.height(), 0);
    EXPECT_EQ(g.size(), 0);
    EXPECT_TRUE(g.complete());
    EXPECT_EQ(g.unknown_count(), 0);
}

TEST(Grid, CellsAreRowMajor) {
    Grid g(3, 2, kEmpty);
    g.set(1, 0, kFilled);  // row 1, column 0: flat index 1 * 3 + 0
    g.set(0, 2, 7);        // row 0, column 2: flat index 2
    EXPECT_EQ(g.cells()[3], kFilled);
    EXPECT_EQ(g.cells()[2], 7);
    EXPECT_EQ(g.at(1, 0), kFilled);
    EXPECT_EQ(g.at(0, 2), 7);
    EXPECT_EQ(g.at(0, 1), kEmpty);
    g.cells()[5] = kUnknown;  // row 1, column 2
    EXPECT_EQ(g.at(1, 2), kUnknown);
    EXPECT_EQ(g.unknown_count(), 1);
    EXPECT_FALSE(g.complete());
}

TEST(Grid, EqualityComparesSizeAndCells) {
    Grid a(3, 2, kEmpty), b(3, 2, kEmpty);
    EXPECT_EQ(a, b);
    b.set(1, 1, kFilled);
    EXPECT_NE(a, b);
    // Same six cells, other shape.
    EXPECT_NE(Grid(3, 2, kEmpty), Grid(2, 3, kEmpty));
}

TEST(Grid, ConstantsDoNotCollide) {
    // kUnknown must not be a usable palette index.
    EXPECT_NE(kEmpty, kFilled);
    EXPECT_GE(static_cast<int>(kUnknown), kMaxColours);
}

}  // namespace
}  // namespace nonolab

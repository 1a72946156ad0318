#include "meta/error_score.hpp"

#include <gtest/gtest.h>

using nonolab::Cell;
using nonolab::meta::line_error;

namespace {
std::vector<Cell> bits(const char* s) {
    std::vector<Cell> v;
    for (; *s; ++s) v.push_back(*s == '1' ? 1 : 0);
    return v;
}
}  // namespace

// Lee & Geem 2025, section 2.2 (Figure 4): 10100 against "1 1" scores 0.
TEST(ErrorScore, PaperFigure4) {
    EXPECT_EQ(line_error({1, 1}, bits("10100")), 0);
}

// Section 2.2 (Figure 5): "3" against 10110 -> "1 2": |1-3| + |2-0| = 4.
TEST(ErrorScore, PaperFigure5) {
    EXPECT_EQ(line_error({3}, bits("10110")), 4);
}

// Section 2.2: "3 1" against 101101 -> "1 2 1": |3-1| + |1-2| + |0-1| = 4.
TEST(ErrorScore, PaperRowThreeExample) {
    EXPECT_EQ(line_error({3, 1}, bits("101101")), 4);
}

TEST(ErrorScore, EmptyLinesAndMissingRuns) {
    EXPECT_EQ(line_error({}, bits("00000")), 0);
    EXPECT_EQ(line_error({}, bits("01100")), 2);
    EXPECT_EQ(line_error({2, 3}, bits("00000")), 5);
    EXPECT_EQ(line_error({5}, bits("11111")), 0);
}

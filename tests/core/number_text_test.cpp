// Doubles as text and back (core/number_text.hpp): the shortest text that
// reads back exactly, and whole-string parsing that refuses what
// std::from_chars refuses, on either of its two paths.
#include "core/number_text.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace nonolab {
namespace {

TEST(NumberText, ShortestTextReadsBackExactly) {
    EXPECT_EQ(shortest_text(0.5), "0.5");
    EXPECT_EQ(shortest_text(10), "10");
    EXPECT_EQ(shortest_text(1e-7), "1e-07");
    for (double x :
         {0.1, 1.0 / 3, 2.5e-4, 123456.789, 1e300, 5e-324, std::numeric_limits<double>::max()})
        EXPECT_EQ(parse_double(shortest_text(x)), x) << shortest_text(x);
}

TEST(NumberText, ParseTakesWholeNumbersOnly) {
    EXPECT_EQ(parse_double("2.5"), 2.5);
    EXPECT_EQ(parse_double("-3"), -3.0);
    EXPECT_EQ(parse_double("1e3"), 1000.0);
    for (const char* bad : {"", " 1", "1 ", "+1", "1x", "0x10", "abc", "1,5"})
        EXPECT_FALSE(parse_double(bad).has_value()) << "'" << bad << "'";
}

}  // namespace
}  // namespace nonolab

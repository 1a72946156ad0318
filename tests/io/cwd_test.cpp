#include "io/cwd.hpp"

#include <gtest/gtest.h>

#include "io/line_formats_util.hpp"

using namespace nonolab;
using namespace nonolab::test;

// No .cwd sample exists in the benchmarks; these are our own.
namespace {
// ##.
// .##
const Puzzle kSmall = puzzle_of({"##.", ".##"});
const char* kSmallCwd = "2\n3\n2\n2\n\n1\n2\n1\n";
}  // namespace

TEST(Cwd, ReadsHeightWidthRowsBlankColumns) {
    const auto ps = io::read_cwd(kSmallCwd, "s.cwd");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].width(), 3);
    EXPECT_EQ(ps[0].height(), 2);
    EXPECT_TRUE(ps[0].same_clues(kSmall));
}

TEST(Cwd, ZeroAndBlankEmptyCluesCrlfNoFinalNewline) {
    const auto want = puzzle_of({"#.", ".."});
    EXPECT_TRUE(io::read_cwd("2\r\n2\r\n1\r\n0\r\n\r\n1\r\n0", "z.cwd")[0].same_clues(want));
    // Header counts make a blank line in a clue position unambiguous.
    EXPECT_TRUE(io::read_cwd("\xEF\xBB\xBF"
                             "2\n2\n1\n\n\n1\n\n",
                             "z.cwd")[0]
                    .same_clues(want));
}

TEST(Cwd, MalformedInputNamesTheLine) {
    EXPECT_PARSE_ERROR(io::read_cwd("2 3\n", "m"), 1,
                       "expected the height (1 to 10000), got '2 3'");
    EXPECT_PARSE_ERROR(io::read_cwd("2\nx\n", "m"), 2, "expected the width (1 to 10000), got 'x'");
    EXPECT_PARSE_ERROR(
        io::read_cwd("2\n3\n2\n2\n1\n2\n1\n", "m"), 5,
        "expected a blank line between the 2 row clues and the column clues, got '1'");
    EXPECT_PARSE_ERROR(io::read_cwd("2\n3\n2\n2\n\n1\n2\n", "m"), 7,
                       "expected 3 column clues, but the file ends after 2");
    EXPECT_PARSE_ERROR(io::read_cwd("2\n3\n2\n2\n", "m"), 4,
                       "expected a blank line and 3 column clues");
    EXPECT_PARSE_ERROR(io::read_cwd("2\n3\n2\n-2\n\n1\n2\n1\n", "m"), 4,
                       "expected a run length (a non-negative integer), got '-2'");
}

TEST(Cwd, WriterRoundTrips) {
    EXPECT_EQ(io::write_cwd({kSmall}), kSmallCwd);
    const auto p = puzzle_of({"....", "#.##", "...."});
    EXPECT_TRUE(io::read_cwd(io::write_cwd({p}), "rt.cwd")[0].same_clues(p));
    Palette colours = black_and_white_palette();
    colours.push_back(Colour{"red", 'r', 0xFF0000});
    const Puzzle red(1, 1, {Clue{nonolab::Run{1, 2}}}, {Clue{nonolab::Run{1, 2}}}, colours);
    EXPECT_THROW(io::write_cwd({red}), WriteError);
}

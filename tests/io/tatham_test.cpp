#include "io/tatham.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "io/formats.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

using test_util::expect_error;

// webpbn #1 "Dancer" as a Pattern game ID (docs/formats.md).
const char* kDancer = "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2";

TEST(Tatham, ReadsDancer) {
    auto ps = read_tatham(kDancer, "dancer.tatham");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    EXPECT_EQ(p.width(), 5);
    EXPECT_EQ(p.height(), 10);
    EXPECT_EQ(p.column(1), bw_clue({2, 1, 3}));
    EXPECT_EQ(p.column(2), bw_clue({7}));
    EXPECT_EQ(p.row(0), bw_clue({2}));
    EXPECT_EQ(p.row(8), bw_clue({1, 2}));
}

TEST(Tatham, EmptyFieldsPrefixGivenSquaresAndLineEndings) {
    // 3x2, picture "#.#" / "...": the middle column and the second row are empty.
    const Puzzle a = read_tatham("3x2:1//1/1.1/", "a")[0];
    EXPECT_TRUE(a.column(1).empty());
    EXPECT_TRUE(a.row(1).empty());
    EXPECT_EQ(a.row(0), bw_clue({1, 1}));
    // "0" also means empty; "pattern:" prefix, BOM, CRLF, no final newline,
    // and a given-squares suffix (ignored) are all accepted.
    const Puzzle b = read_tatham("\xEF\xBB\xBFpattern:3x2:1/0/1/1.1/0,aBc\r\n", "b")[0];
    EXPECT_TRUE(a.same_clues(b));
}

TEST(Tatham, SeveralIdsOnePerLine) {
    auto ps = read_tatham(std::string("# two puzzles\n") + kDancer + "\n\n1x1:1/1\n", "two");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_EQ(ps[1].width(), 1);
}

TEST(Tatham, RoundTrip) {
    const Puzzle dancer = read_tatham(kDancer, "d")[0];
    const std::string text = write_tatham({dancer});
    EXPECT_EQ(text, std::string(kDancer) + "\n");
    const Puzzle empty_lines = read_tatham("3x2:1//1/1.1/", "e")[0];
    for (const Puzzle& p : {dancer, empty_lines}) {
        const auto back = read_tatham(write_tatham({p}), "back");
        ASSERT_EQ(back.size(), 1u);
        EXPECT_TRUE(back[0].same_clues(p));
    }
    // Through the registry too.
    EXPECT_TRUE(
        read_puzzles_text(write_puzzles({dancer}, "tatham"), "x.tatham")[0].same_clues(dancer));
}

TEST(Tatham, WriterRefusesColour) {
    Palette palette = {{"white", '.', 0xFFFFFF}, {"red", 'r', 0xFF0000}, {"blue", 'b', 0x0000FF}};
    const Puzzle p(2, 1, {{{1, 1}, {1, 2}}}, {{{1, 1}}, {{1, 2}}}, palette);
    EXPECT_THROW(write_tatham({p}), WriteError);
}

TEST(Tatham, RejectsMalformedInput) {
    expect_error([] { read_tatham("\n5x10:2.1", "t"); }, 2, "expected 5 column and 10 row clues");
    expect_error([] { read_tatham("2x1:1/1/x", "t"); }, 1,
                 "expected a run length in clue 3, got 'x'");
    expect_error([] { read_tatham("2x1:1/1/1;2", "t"); }, 1, "expected '.' or '/'");
    expect_error([] { read_tatham("2x1:1/1/1/1", "t"); }, 1, "got more");
    expect_error([] { read_tatham("2x1:1/1/1.1,a1", "t"); }, 1, "expected letters");
    expect_error([] { read_tatham("2x1 1/1/1.1", "t"); }, 1, "expected ':' after the size 2x1");
    expect_error([] { read_tatham("hello", "t"); }, 1, "expected a game ID 'WxH:...'");
    expect_error([] { read_tatham("0x3:", "t"); }, 1, "between 1 and 10000");
    expect_error([] { read_tatham("99999x2:", "t"); }, 1, "between 1 and 10000");
    EXPECT_IMPOSSIBLE(read_tatham("2x1:3/1/1.1", "t"), "needs 3 cells");
    expect_error<UnsupportedError>([] { read_tatham("10x10#12345", "t"); }, 1, "random-seed");
    expect_error([] { read_tatham(" \n", "t"); }, 0, "empty file");
}

TEST(Tatham, Sniff) {
    EXPECT_EQ(sniff_tatham(kDancer), 100);
    EXPECT_EQ(sniff_tatham("pattern:5x10:2"), 100);
    EXPECT_EQ(sniff_tatham("5 10\n2\n"), 0);
    EXPECT_EQ(sniff_tatham("width 5\n"), 0);
}

// No Tatham game IDs are among the shared benchmark files; the round trip above
// is the test on real data (Dancer, the webpbn #1 puzzle).

}  // namespace
}  // namespace nonolab::io

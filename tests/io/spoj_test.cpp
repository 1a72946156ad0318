#include "io/spoj.hpp"

#include <gtest/gtest.h>

#include "io/line_formats_util.hpp"

using namespace nonolab;
using namespace nonolab::test;

namespace {
// ##.    #.
// .##    ..
const char* kTwo = "2\n2 3\n2 0\n2 0\n1 0\n2 0\n1 0\n2 2\n1 0\n0\n1 0\n0\n";
}  // namespace

TEST(Spoj, ReadsCountThenPuzzles) {
    const auto ps = io::read_spoj(kTwo, "p.txt");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_TRUE(ps[0].same_clues(puzzle_of({"##.", ".##"})));
    EXPECT_TRUE(ps[1].same_clues(puzzle_of({"#.", ".."})));
}

TEST(Spoj, CrlfBomBlankLinesNoFinalNewline) {
    const auto ps = io::read_spoj(
        "\xEF\xBB\xBF"
        "1\r\n\r\n2 2\r\n1 0\r\n0\r\n\r\n1 0\r\n0",
        "p.txt");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_TRUE(ps[0].same_clues(puzzle_of({"#.", ".."})));
}

TEST(Spoj, MalformedInputNamesTheLine) {
    EXPECT_PARSE_ERROR(io::read_spoj("x\n", "m"), 1, "expected the number of puzzles");
    EXPECT_PARSE_ERROR(io::read_spoj("1\n2\n", "m"), 2,
                       "puzzle 1: expected 'height width', got '2'");
    EXPECT_PARSE_ERROR(io::read_spoj("1\n2 2\n1\n", "m"), 3,
                       "expected a clue line ending in the terminator 0, got '1'");
    EXPECT_PARSE_ERROR(io::read_spoj("1\n2 2\n0 0\n", "m"), 3, "expected positive run lengths");
    EXPECT_PARSE_ERROR(io::read_spoj("1\n2 2\n1 x 0\n", "m"), 3,
                       "expected a run length (a non-negative integer), got 'x'");
    EXPECT_PARSE_ERROR(io::read_spoj("1\n2 2\n1 0\n0\n1 0\n", "m"), 5,
                       "puzzle 1: expected 2 column clue lines, but the file ends after 1");
    EXPECT_PARSE_ERROR(io::read_spoj("2\n2 2\n1 0\n0\n1 0\n0\n", "m"), 6,
                       "expected 2 puzzles, but the file ends after 1");
    EXPECT_PARSE_ERROR(io::read_spoj("1\n2 2\n1 0\n0\n1 0\n0\n7 7\n", "m"), 7,
                       "expected the end of the file after the announced puzzles, got '7 7'");
    EXPECT_IMPOSSIBLE(io::read_spoj("1\n2 2\n3 0\n0\n1 0\n0\n", "m"),
                      "row 1 clue \"3\" needs 3 cells but the puzzle is only 2 wide");
}

TEST(Spoj, Sniffs) {
    EXPECT_EQ(io::sniff_spoj(kTwo), 60);
    EXPECT_EQ(io::sniff_spoj("2 3\n2\n2\n1\n2\n1\n"), 0);        // R C
    EXPECT_EQ(io::sniff_spoj("2\n3\n2\n2\n\n1\n2\n1\n"), 0);     // .cwd
    EXPECT_EQ(io::sniff_spoj("1\n2 2\n1 0\n0\n1 0\n1 0\n"), 0);  // totals differ
}

TEST(SpojBenchmarks, NonogridExamples) {
    const auto path = bench_path("misc/misc_small_sets/nonogrid_examples/spoj/puzzles.txt");
    NONOLAB_SKIP_IF_ABSENT(path);
    const std::string text = slurp(path);
    const auto ps = io::read_spoj(text, path.string());
    ASSERT_EQ(ps.size(), 3u);
    EXPECT_EQ(ps[0].height(), 10);
    EXPECT_EQ(ps[0].width(), 5);
    EXPECT_EQ(ps[1].width(), 25);
    EXPECT_EQ(ps[2].width(), 19);
    EXPECT_EQ(io::sniff_spoj(text), 60);
}

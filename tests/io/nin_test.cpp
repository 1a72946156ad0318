#include "io/nin.hpp"

#include <gtest/gtest.h>

#include "io/line_formats_util.hpp"

using namespace nonolab;
using namespace nonolab::test;

namespace {
// ##.
// .##
const Puzzle kSmall = puzzle_of({"##.", ".##"});
const char* kSmallNin = "3 2\n2\n2\n1\n2\n1\n";
}  // namespace

TEST(Nin, ReadsWidthHeightRowsThenColumns) {
    const auto ps = io::read_nin(kSmallNin, "s.nin");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].width(), 3);
    EXPECT_EQ(ps[0].height(), 2);
    EXPECT_TRUE(ps[0].same_clues(kSmall));
}

TEST(Nin, CommentsBlankEmptyCluesCrlfBom) {
    // #.
    // ..
    const auto want = puzzle_of({"#.", ".."});
    auto ps = io::read_nin("# a comment\n2 2\n1\n\n# between\n1\n0", "c.nin");
    EXPECT_TRUE(ps[0].same_clues(want));
    ps = io::read_nin(
        "\xEF\xBB\xBF"
        "2 2\r\n1\r\n0\r\n1\r\n\r\n",
        "c.nin");
    EXPECT_TRUE(ps[0].same_clues(want));
    // A blank separator line between rows and columns.
    ps = io::read_nin("3 2\n2\n2\n\n1\n2\n1\n", "sep.nin");
    EXPECT_TRUE(ps[0].same_clues(kSmall));
}

TEST(Nin, MalformedInputNamesTheLine) {
    EXPECT_PARSE_ERROR(io::read_nin("3\n", "m"), 1,
                       "expected 'width height' (two numbers), got '3'");
    EXPECT_PARSE_ERROR(io::read_nin("3 x\n", "m"), 1, "expected a height (1 to 10000), got 'x'");
    EXPECT_PARSE_ERROR(io::read_nin("0 2\n", "m"), 1, "expected a width (1 to 10000), got '0'");
    EXPECT_PARSE_ERROR(io::read_nin("10001 2\n", "m"), 1, "expected a width (1 to 10000)");
    EXPECT_PARSE_ERROR(io::read_nin("3 2\n2\n2 x\n", "m"), 3,
                       "expected a run length (a non-negative integer), got 'x'");
    EXPECT_PARSE_ERROR(io::read_nin("3 2\n2\n2\n1\n", "m"), 4,
                       "expected 3 column clues, but the file ends after 1");
    EXPECT_PARSE_ERROR(io::read_nin("3 2\n2\n2\n1\n2\n1\n5\n", "m"), 7,
                       "expected the end of the file after the column clues, got '5'");
    EXPECT_IMPOSSIBLE(io::read_nin("3 2\n4\n2\n1\n2\n1\n", "m"),
                      "row 1 clue \"4\" needs 4 cells but the puzzle is only 3 wide");
    EXPECT_IMPOSSIBLE(io::read_nin("3 2\n2\n2\n1\n2\n2\n", "m"),
                      "rows fill 4 cells, columns fill 5");
    EXPECT_PARSE_ERROR(io::read_nin("", "m"), 0, "expected a 'width height' line");
}

// A clue longer than the longest line any reader takes is read like any clue
// that does not fit, as the other formats read it: the fuzzer found a .non
// puzzle that .nin wrote and then refused to read back.
TEST(Nin, ReadsAClueLongerThanAnyLine) {
    std::string runs;
    for (int i = 0; i < 1001; ++i) runs += "9 ";
    EXPECT_IMPOSSIBLE(io::read_nin("3 1\n" + runs + "\n1\n1\n1\n", "m"),
                      "needs 10009 cells but the puzzle is only 3 wide");
}

TEST(Nin, WriterRoundTrips) {
    const std::string out = io::write_nin({kSmall});
    EXPECT_EQ(out, kSmallNin);
    const auto empty_row = puzzle_of({"#.", ".."});
    const auto back = io::read_nin(io::write_nin({empty_row}), "rt.nin");
    EXPECT_TRUE(back[0].same_clues(empty_row));
    EXPECT_THROW(io::write_nin({kSmall, kSmall}), WriteError);
}

TEST(Nin, Sniffs) {
    EXPECT_EQ(io::sniff_nin(kSmallNin), 55);
    EXPECT_EQ(io::sniff_nin("# c\n3 2\n2\n2\n1\n2\n1\n"), 55);
    // Read as rows-then-columns with 'rows cols' it would not fit: R C layout.
    EXPECT_EQ(io::sniff_nin("2 3\n2\n2\n1\n2\n1\n"), 0);
    EXPECT_EQ(io::sniff_nin("3 2\n2\n2\n#\n1\n2\n1\n"), 0);
    EXPECT_EQ(io::sniff_nin("hello"), 0);
}

TEST(NinBenchmarks, PicrossSolverNote) {
    const auto path = bench_path("misc/picross_solver_testset/inputs/note.nin");
    NONOLAB_SKIP_IF_ABSENT(path);
    const auto ps = io::read_nin(slurp(path), path.string());
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].width(), 6);
    EXPECT_EQ(ps[0].height(), 6);
    // The same puzzle is also given as a picture in raw/note.txt.
    const auto raw = bench_path("misc/picross_solver_testset/inputs/raw/note.txt");
    if (std::filesystem::exists(raw)) {
        std::vector<std::string> rows;
        const std::string text = slurp(raw);
        for (const auto& l : io::split_lines(text))
            if (!io::is_blank(l.text)) rows.emplace_back(l.text);
        EXPECT_TRUE(puzzle_of(rows).same_clues(ps[0]));
    }
}

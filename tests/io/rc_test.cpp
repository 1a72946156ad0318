#include "io/rc.hpp"

#include <gtest/gtest.h>

#include "io/line_formats_util.hpp"

using namespace nonolab;
using namespace nonolab::test;

namespace {
// ##.
// .##
const Puzzle kSmall = puzzle_of({"##.", ".##"});
const char* kSmallRc = "2 3\n2\n2\n1\n2\n1\n";
}  // namespace

TEST(Rc, ReadsRowsColumnsHeaderThenClues) {
    const auto ps = io::read_rc(kSmallRc, "s.txt");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].height(), 2);
    EXPECT_EQ(ps[0].width(), 3);
    EXPECT_TRUE(ps[0].same_clues(kSmall));
}

TEST(Rc, BlankAndZeroEmptyCluesSeparatorCrlfBom) {
    const auto want = puzzle_of({"..", ".#"});
    // A leading blank row clue (as in one real data set), BOM, CRLF, no final newline.
    EXPECT_TRUE(io::read_rc("\xEF\xBB\xBF"
                            "2 2\r\n\r\n1\r\n0\r\n1",
                            "b.txt")[0]
                    .same_clues(want));
    // Trailing blank lines after the last clue are ignored.
    EXPECT_TRUE(io::read_rc("2 2\n0\n1\n0\n1\n\n\n", "b.txt")[0].same_clues(want));
    // One blank separator line between rows and columns.
    EXPECT_TRUE(io::read_rc("2 3\n2\n2\n\n1\n2\n1\n", "b.txt")[0].same_clues(kSmall));
}

TEST(Rc, LinesAfterTheLastColumnAreIgnored) {
    EXPECT_TRUE(io::read_rc("2 3\n2\n2\n1\n2\n1\n1\n", "x")[0].same_clues(kSmall));
}

TEST(Rc, MalformedInputNamesTheLine) {
    EXPECT_PARSE_ERROR(io::read_rc("2 3 4\n", "m"), 1, "expected 'rows columns' (two numbers)");
    EXPECT_PARSE_ERROR(io::read_rc("2 y\n", "m"), 1,
                       "expected a number of columns (1 to 10000), got 'y'");
    EXPECT_PARSE_ERROR(io::read_rc("2 3\n2\n2\n1\n2 .\n1\n", "m"), 5,
                       "expected a run length (a non-negative integer), got '.'");
    EXPECT_PARSE_ERROR(io::read_rc("2 3\n2\n2\n1\n", "m"), 4,
                       "expected 3 column clues, but the file ends after 1");
    EXPECT_IMPOSSIBLE(io::read_rc("2 3\n2\n2\n1\n2\n0\n", "m"), "rows fill 4 cells, columns fill 3");
}

TEST(Rc, Sniffs) {
    EXPECT_EQ(io::sniff_rc(kSmallRc), 60);
    EXPECT_EQ(io::sniff_rc("3 2\n2\n2\n1\n2\n1\n"), 0);          // a .nin (width height) file
    EXPECT_EQ(io::sniff_rc("2 3\n2\n2\n#\n1\n2\n1\n"), 0);       // .mk
    EXPECT_EQ(io::sniff_rc("1\n2 2\n1 0\n1 0\n1 0\n1 0\n"), 0);  // SPOJ
    EXPECT_EQ(io::sniff_rc("2 3\n2\n2\n1\n2\n1\n9\n"), 40);      // a stray line at the end
    EXPECT_EQ(io::sniff_rc("2 3\n2\n2\n1\n2\n"), 0);
}

TEST(RcBenchmarks, GitqwertySmallTests) {
    const auto dir = bench_path("tournament/extra_gitqwerty777/small_tests");
    NONOLAB_SKIP_IF_ABSENT(dir);
    const auto files = files_in(dir, ".txt");
    ASSERT_EQ(files.size(), 11u);
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string text = slurp(f);
        const auto ps = io::read_rc(text, f.string());
        ASSERT_EQ(ps.size(), 1u);
        const auto header = io::split_any(io::split_lines(text)[0].text, " \t");
        EXPECT_EQ(ps[0].height(), *io::parse_int(header[0]));
        EXPECT_EQ(ps[0].width(), *io::parse_int(header[1]));
        EXPECT_EQ(io::sniff_rc(text), 60);
    }
}

TEST(RcBenchmarks, HwnginsoictDatasets) {
    const auto dir = bench_path("misc/misc_small_sets/hwnginsoict_datasets");
    NONOLAB_SKIP_IF_ABSENT(dir);
    const auto files = files_in(dir, ".txt", true);
    ASSERT_EQ(files.size(), 14u);
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string text = slurp(f);
        const auto ps = io::read_rc(text, f.string());
        ASSERT_EQ(ps.size(), 1u);
        EXPECT_GE(io::sniff_rc(text), 40);
    }
    // heart.txt announces 9 columns and has a tenth, stray line: ignored.
    const auto heart = io::read_rc(slurp(dir / "multiple solutions tests/heart.txt"), "heart");
    EXPECT_EQ(heart[0].width(), 9);
    EXPECT_EQ(heart[0].height(), 10);
    // BlackPanther.txt starts with a BOM; 2_solutions is 7 rows by 8 columns.
    EXPECT_EQ(io::read_rc(slurp(dir / "50x50/BlackPanther.txt"), "bp")[0].width(), 50);
    const auto two = io::read_rc(slurp(dir / "multiple solutions tests/2_solutions.txt"), "2s");
    EXPECT_EQ(two[0].height(), 7);
    EXPECT_EQ(two[0].width(), 8);
    // sunflower.txt writes its empty first row as a blank line.
    EXPECT_TRUE(io::read_rc(slurp(dir / "25x25/sunflower.txt"), "sf")[0].row(0).empty());
}

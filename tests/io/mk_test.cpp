#include "io/mk.hpp"

#include <gtest/gtest.h>

#include "io/line_formats_util.hpp"

using namespace nonolab;
using namespace nonolab::test;

namespace {
// ##.
// .##
const Puzzle kSmall = puzzle_of({"##.", ".##"});
const char* kSmallMk = "2 3\n2\n2\n#\n1\n2\n1\n";
}  // namespace

TEST(Mk, ReadsHeightWidthRowsHashColumns) {
    const auto ps = io::read_mk(kSmallMk, "s.mk");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].width(), 3);
    EXPECT_EQ(ps[0].height(), 2);
    EXPECT_TRUE(ps[0].same_clues(kSmall));
}

TEST(Mk, EmptyLinesCrlfAndTrailingBlanks) {
    const auto want = puzzle_of({"#.", ".."});
    auto ps = io::read_mk("2 2\r\n1\r\n\r\n#\r\n1\r\n0\r\n\r\n\r\n", "e.mk");
    EXPECT_TRUE(ps[0].same_clues(want));
    ps = io::read_mk(
        "\xEF\xBB\xBF"
        "2 2\n1\n0\n\n#\n1\n0",
        "e.mk");
    EXPECT_TRUE(ps[0].same_clues(want));
}

TEST(Mk, MalformedInputNamesTheLine) {
    EXPECT_PARSE_ERROR(io::read_mk("2\n", "m"), 1, "expected 'height width' (two numbers)");
    EXPECT_PARSE_ERROR(io::read_mk("2 3\n2\n#\n1\n2\n1\n", "m"), 3,
                       "expected 2 row clues before the '#' line, got only 1");
    EXPECT_PARSE_ERROR(io::read_mk("2 3\n2\n2\n1\n2\n1\n", "m"), 4,
                       "expected a '#' line after the 2 row clues, got '1'");
    EXPECT_PARSE_ERROR(io::read_mk("2 3\n2\n2\n#\n1\n2\n", "m"), 6,
                       "expected 3 column clues, but the file ends after 2");
    EXPECT_PARSE_ERROR(io::read_mk("2 3\n2\n2\n#\n1\n2\n1\n#\n", "m"), 8,
                       "expected the end of the file after the column clues, got '#'");
    EXPECT_IMPOSSIBLE(io::read_mk("2 3\n2\n2\n#\n1\n3\n1\n", "m"),
                      "column 2 clue \"3\" needs 3 cells but the puzzle is only 2 high");
    EXPECT_PARSE_ERROR(io::read_mk("2 3\n2\n2,1\n#\n1\n2\n1\n", "m"), 3,
                       "expected a run length (a non-negative integer), got '2,1'");
}

TEST(Mk, WriterRoundTrips) {
    EXPECT_EQ(io::write_mk({kSmall}), kSmallMk);
    const auto p = puzzle_of({"#.#.", "....", "####"});
    EXPECT_TRUE(io::read_mk(io::write_mk({p}), "rt.mk")[0].same_clues(p));
    EXPECT_THROW(io::write_mk({}), WriteError);
}

TEST(Mk, Sniffs) {
    EXPECT_EQ(io::sniff_mk(kSmallMk), 80);
    EXPECT_EQ(io::sniff_mk("2 3\n2\n2\n1\n2\n1\n"), 0);     // no '#'
    EXPECT_EQ(io::sniff_mk("3 2\n2\n2\n#\n1\n2\n1\n"), 0);  // counts disagree
    EXPECT_EQ(io::sniff_mk("$1\n1\n1\n"), 0);
}

TEST(MkBenchmarks, OlsakExamples) {
    const auto dir = bench_path("misc/olsak_grid_examples");
    NONOLAB_SKIP_IF_ABSENT(dir);
    const auto files = files_in(dir, ".mk");
    ASSERT_EQ(files.size(), 27u);
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string text = slurp(f);
        const auto ps = io::read_mk(text, f.string());
        ASSERT_EQ(ps.size(), 1u);
        // The header gives height then width.
        const auto header = io::split_any(io::split_lines(text)[0].text, " \t");
        EXPECT_EQ(ps[0].height(), *io::parse_int(header[0]));
        EXPECT_EQ(ps[0].width(), *io::parse_int(header[1]));
        EXPECT_EQ(io::sniff_mk(text), 80);
        const auto back = io::read_mk(io::write_mk(ps), "rt.mk");
        EXPECT_TRUE(back[0].same_clues(ps[0]));
    }
    const auto dedko = io::read_mk(slurp(dir / "dedko.mk"), "dedko.mk");
    EXPECT_EQ(dedko[0].width(), 65);
    EXPECT_EQ(dedko[0].height(), 50);
}

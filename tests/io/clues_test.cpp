// Tests for nonolab's plain-text clue form (src/io/clues.cpp).
#include "io/clues.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "core/error.hpp"
#include "core/picture.hpp"
#include "io/non.hpp"
#include "io/text.hpp"
#include "io/xml.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

// My own 4x3 arrow (.#.. / #### / .#..).
const char* kArrow =
    "nonolab-clues 1\n"
    "# a comment\n"
    "title: Arrow: pointing right\n"
    "author: nonolab\n"
    "license: CC0-1.0\n"
    "id: test #1\n"
    "size: 4x3\n"
    "rows:\n"
    "1\n"
    "4\n"
    "1\n"
    "columns:\n"
    "1\n"
    "3\n"
    "# comments may sit between clues\n"
    "1\n"
    "1\n"
    "goal:\n"
    "|.#..|\n"
    "|####|\n"
    "|.#..|\n";

TEST(CluesReader, ReadsASample) {
    const std::vector<Puzzle> ps = read_clues(kArrow, "arrow.clues");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    EXPECT_EQ(p.width(), 4);
    EXPECT_EQ(p.height(), 3);
    EXPECT_EQ(p.row(1), bw_clue({4}));
    EXPECT_EQ(p.column(3), bw_clue({1}));
    EXPECT_EQ(p.info().title, "Arrow: pointing right");
    EXPECT_EQ(p.info().id, "test #1");
    EXPECT_EQ(p.info().license, "CC0-1.0");
    ASSERT_TRUE(p.info().goal);
    EXPECT_TRUE(puzzle_from_picture(*p.info().goal).same_clues(p));
}

TEST(CluesReader, ReadsInlineListsAndInfersTheSize) {
    const Puzzle p = read_clues("rows: 1 | 4 | 1\ncolumns: 1 | 3 | 1 | 1", "i.clues").at(0);
    EXPECT_TRUE(p.same_clues(read_clues(kArrow, "a").at(0)));
    const Puzzle e = read_clues("rows: 1 1 | | 0\ncolumns: 1, | 0 | 1", "e.clues").at(0);
    EXPECT_TRUE(e.row(1).empty());
    EXPECT_TRUE(e.row(2).empty());
    EXPECT_EQ(e.row(0), bw_clue({1, 1}));
}

TEST(CluesReader, AcceptsCrlfBomAndBlankLineEmptyClues) {
    const std::string text =
        "\xEF\xBB\xBF"
        "Size: 3x3\r\nROWS:\r\n1,1\r\n\r\n1\r\ncolumns:\r\n2\r\n0\r\n1";
    const Puzzle p = read_clues(text, "crlf.clues").at(0);
    EXPECT_TRUE(p.row(1).empty());
    EXPECT_TRUE(p.column(1).empty());
    EXPECT_EQ(p.row(0), bw_clue({1, 1}));
}

TEST(CluesReader, ReadsColours) {
    // rb. / .rr of my own.
    const char* text =
        "size: 3x2\n"
        "colour: . paper white #ffffff\n"
        "color: r red #FF0000\n"
        "colour: b blue #0000ff\n"
        "rows:\n1r 1b\n2r\n"
        "columns:\n1r\n1b 1r\n1r\n"
        "goal:\n|rb.|\n|.rr|\n";
    const Puzzle p = read_clues(text, "c.clues").at(0);
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[0].name, "paper white");
    EXPECT_EQ(p.palette()[1].rgb, 0xFF0000u);
    EXPECT_EQ(p.row(0), (Clue{{1, 1}, {1, 2}}));
    ASSERT_TRUE(p.info().goal);
    EXPECT_TRUE(puzzle_from_picture(*p.info().goal, p.palette()).same_clues(p));
}

TEST(CluesReader, ReadsSeveralPuzzlesAndGoalOnlyPuzzles) {
    const std::string text = std::string(kArrow) +
                             "\npuzzle 2\ntitle: from a picture\ngoal:\n|#.|\n|##|\n"
                             "puzzle\nrows: 1\ncolumns: 1\n";
    const std::vector<Puzzle> ps = read_clues(text, "s.clues");
    ASSERT_EQ(ps.size(), 3u);
    EXPECT_EQ(ps[1].info().title, "from a picture");
    EXPECT_EQ(ps[1].row(1), bw_clue({2}));
    EXPECT_EQ(ps[2].width(), 1);
}

TEST(CluesReader, ReportsBadRunsWithTheirLine) {
    const ParseError e =
        test_util::error_of([] { read_clues("size: 2x2\nrows:\n1\n1 x\ncolumns:\n1\n1\n", "b"); });
    EXPECT_EQ(e.line(), 4);
    EXPECT_NE(e.message().find("expected a run length"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("'x'"), std::string::npos) << e.what();

    const ParseError c =
        test_util::error_of([] { read_clues("rows: 1 | 1q\ncolumns: 1 | 1\n", "q"); });
    EXPECT_EQ(c.line(), 1);
    EXPECT_NE(c.message().find("colour symbol"), std::string::npos) << c.what();
}

TEST(CluesReader, ReportsStructuralErrors) {
    const ParseError extra =
        test_util::error_of([] { read_clues("size: 1x2\nrows:\n1\n1\n1\ncolumns:\n2\n", "x"); });
    EXPECT_EQ(extra.line(), 5);
    EXPECT_NE(extra.message().find("expected 2 row clues"), std::string::npos) << extra.what();

    const ParseError stray = test_util::error_of([] { read_clues("title: t\nhello\n", "s"); });
    EXPECT_EQ(stray.line(), 2);
    EXPECT_NE(stray.message().find("expected a key"), std::string::npos) << stray.what();

    const ParseError key = test_util::error_of([] { read_clues("colour-depth: 3\n", "k"); });
    EXPECT_EQ(key.line(), 1);
    EXPECT_NE(key.message().find("expected a known key"), std::string::npos) << key.what();

    const ParseError size = test_util::error_of([] { read_clues("size: 4 by 3\n", "z"); });
    EXPECT_EQ(size.line(), 1);

    const ParseError goal =
        test_util::error_of([] { read_clues("rows: 1 | 1\ncolumns: 2\ngoal:\n|#|\n|?|\n", "g"); });
    EXPECT_EQ(goal.line(), 5);
    EXPECT_NE(goal.message().find("colour symbol"), std::string::npos) << goal.what();

    EXPECT_EQ(test_util::error_of([] { read_clues("", "e"); }).line(), 0);
    EXPECT_EQ(test_util::error_of([] { read_clues("nonolab-clues 1\n# nothing\n", "n"); }).line(),
              0);
}

TEST(CluesReader, NeverCrashesOnGarbage) {
    test_util::expect_mutations_never_crash(
        kArrow, ":|#\n 0123x,r", 99, 2000, [](const std::string& t) { read_clues(t, "fuzz"); },
        [](const std::string& t) { return sniff_clues(t); });
}

TEST(CluesWriter, RoundTripsInfoGoalAndColour) {
    // A palette whose symbols the format cannot carry (' ', '1') gets substitutes.
    Palette pal{{"paper", ' ', 0xFFFFF0}, {"ink", '1', 0x101010}, {"leaf", 'g', 0x00AA00}};
    PuzzleInfo info;
    info.title = "Colour test";
    info.copyright = "(c) me";
    const Puzzle colour = test_util::colour_test_puzzle(pal, info);
    const Puzzle bw = read_clues(kArrow, "a").at(0);
    const std::string text = write_clues({bw, colour});
    EXPECT_EQ(sniff_clues(text), 100);
    const std::vector<Puzzle> back = read_clues(text, "rt.clues");
    ASSERT_EQ(back.size(), 2u);
    EXPECT_TRUE(back[0].same_clues(bw));
    EXPECT_EQ(back[0].info().goal, bw.info().goal);
    EXPECT_EQ(back[0].info().title, bw.info().title);
    EXPECT_TRUE(back[1].same_clues(colour));
    EXPECT_EQ(back[1].info().goal, colour.info().goal);
    EXPECT_EQ(back[1].info().copyright, "(c) me");
    for (size_t k = 0; k < pal.size(); ++k) {
        EXPECT_EQ(back[1].palette()[k].name, pal[k].name);
        EXPECT_EQ(back[1].palette()[k].rgb, pal[k].rgb);
    }
    EXPECT_EQ(back[1].palette()[2].symbol, 'g');
}

TEST(CluesSniffer, IsStrict) {
    EXPECT_EQ(sniff_clues(kArrow), 100);
    EXPECT_EQ(sniff_clues("rows: 1\ncolumns: 1\n"), 60);
    EXPECT_EQ(sniff_clues("width 1\nheight 1\nrows\n1\ncolumns\n1\n"), 0);
    EXPECT_EQ(sniff_clues("[clues]\nrows = 1\ncolumns = 1\n"), 0);
    EXPECT_EQ(sniff_clues(": rows\n1\n: columns\n1\n: end\n"), 0);
    EXPECT_EQ(sniff_clues(""), 0);
}

// ---- real files: no .clues files exist in the wild, so convert the benchmark sets ---

TEST(CluesBenchmarks, RoundTripsEveryNonAndColourXmlSample) {
    const std::string dir = test_util::bench_dir();
    if (!fs::exists(dir)) GTEST_SKIP() << "no shared benchmarks at " << dir;
    int converted = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        const std::string ext = e.path().extension().string();
        const bool non = ext == ".non";
        const bool xml =
            ext == ".xml" && e.path().string().find("number_loom") != std::string::npos;
        if (!e.is_regular_file() || (!non && !xml)) continue;
        const std::string path = e.path().string();
        SCOPED_TRACE(path);
        const std::string text = read_file_text(path);
        std::vector<Puzzle> ps;
        try {
            ps = non ? read_non(text, path) : read_xml(text, path);
        } catch (const UnsupportedError&) {
            continue;  // triddlers
        }
        const std::vector<Puzzle> back = read_clues(write_clues(ps), "rt.clues");
        ASSERT_EQ(back.size(), ps.size());
        EXPECT_TRUE(back[0].same_clues(ps[0]));
        EXPECT_EQ(back[0].info().goal, ps[0].info().goal);
        EXPECT_EQ(back[0].info().title, ps[0].info().title);
        // Names and colours survive; a symbol the format cannot carry (' ') is replaced.
        ASSERT_EQ(back[0].palette().size(), ps[0].palette().size());
        for (size_t k = 0; k < ps[0].palette().size(); ++k) {
            EXPECT_EQ(back[0].palette()[k].name, ps[0].palette()[k].name);
            EXPECT_EQ(back[0].palette()[k].rgb, ps[0].palette()[k].rgb);
        }
        ++converted;
    }
    EXPECT_EQ(converted, 114 + 31);  // .non files (3 of them nonny colour) + colour XML
}

}  // namespace
}  // namespace nonolab::io

// Tests for the webpbn XML reader/writer (src/io/xml.cpp).
#include "io/xml.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>

#include "core/error.hpp"
#include "core/picture.hpp"
#include "io/json.hpp"
#include "io/non.hpp"
#include "io/text.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

// My own 4x3 arrow (.#.. / #### / .#..) with the default colour table.
const char* kArrow = R"(<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<title>Arrow</title>
<author>nonolab</author>
<copyright>CC0</copyright>
<id>#1</id>
<description>An arrow.</description>
<color name="white" char=".">FFFFFF</color>
<color name="black" char="X">000000</color>
<clues type="columns">
<line><count>1</count></line>
<line><count>3</count></line>
<line><count>1</count></line>
<line><count>1</count></line>
</clues>
<clues type="rows">
<line><count>1</count></line>
<line><count>4</count></line>
<line><count>1</count></line>
</clues>
<solution type="goal">
<image>
|.X..|
|XXXX|
|.X..|
</image>
</solution>
</puzzle>
</puzzleset>
)";

TEST(XmlReader, ReadsCluesInfoAndGoal) {
    const std::vector<Puzzle> ps = read_xml(kArrow, "arrow.xml");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    EXPECT_EQ(p.width(), 4);
    EXPECT_EQ(p.height(), 3);
    EXPECT_EQ(p.row(1), bw_clue({4}));
    EXPECT_EQ(p.column(1), bw_clue({3}));
    EXPECT_TRUE(p.black_and_white());
    EXPECT_EQ(p.palette()[1].symbol, 'X');
    EXPECT_EQ(p.info().title, "Arrow");
    EXPECT_EQ(p.info().author, "nonolab");
    EXPECT_EQ(p.info().copyright, "CC0");
    EXPECT_EQ(p.info().id, "#1");
    EXPECT_EQ(p.info().description, "An arrow.");
    ASSERT_TRUE(p.info().goal);
    EXPECT_TRUE(puzzle_from_picture(*p.info().goal, p.palette()).same_clues(p));
}

TEST(XmlReader, ReadsColoursEmptyLinesAndImplicitDefaults) {
    // 3x2 of my own: rb. / .rr, with an unused colour and an empty row clue form.
    const char* text = R"(<puzzleset><puzzle defaultcolor="red">
<color name="white" char=" ">ffffff</color>
<color name="green" char="g">00ff00</color>
<color name="red" char="r">f00</color>
<color name="blue" char="b">0000FF</color>
<clues type="rows"><line><count>1</count><count color="blue">1</count></line>
<line><count>2</count></line><line/></clues>
<clues type="columns"><line><count>1</count></line>
<line><count color="blue">1</count><count>1</count></line><line><count>1</count></line></clues>
<solution type="goal"><image>
|rb |
| rr|
|   |
</image></solution>
</puzzle></puzzleset>)";
    const Puzzle p = read_xml(text, "c.xml").at(0);
    EXPECT_EQ(p.height(), 3);
    ASSERT_EQ(p.palette().size(), 3u);  // green is unused and dropped
    // The file's space draws the goal image; the palette's background is '.'.
    EXPECT_EQ(p.palette()[0].symbol, '.');
    EXPECT_EQ(p.palette()[1].symbol, 'r');
    EXPECT_EQ(p.palette()[2].symbol, 'b');
    EXPECT_EQ(p.palette()[1].name, "red");
    EXPECT_EQ(p.palette()[1].rgb, 0xFF0000u);
    EXPECT_EQ(p.palette()[2].name, "blue");
    EXPECT_EQ(p.row(0), (Clue{{1, 1}, {1, 2}}));
    EXPECT_TRUE(p.row(2).empty());
    ASSERT_TRUE(p.info().goal);
    EXPECT_TRUE(puzzle_from_picture(*p.info().goal, p.palette()).same_clues(p));
    // The goal reads back from our JSON with the same picture.
    const Puzzle q = read_json(write_json({p}), "c.json").at(0);
    ASSERT_TRUE(q.info().goal);
    EXPECT_EQ(q.info().goal->cells(), p.info().goal->cells());
    EXPECT_EQ(q.palette()[0].symbol, '.');
}

TEST(XmlReader, WithoutAColourTableUsesBlackAndWhite) {
    const char* text =
        "<puzzleset><puzzle><clues type=\"rows\"><line><count>1</count></line></clues>"
        "<clues type=\"columns\"><line><count>1</count></line></clues></puzzle></puzzleset>";
    const Puzzle p = read_xml(text, "t.xml").at(0);
    EXPECT_TRUE(p.black_and_white());
    EXPECT_EQ(p.width(), 1);
}

TEST(XmlReader, ReadsSeveralPuzzlesAndGoalOnlyPuzzles) {
    const char* text = R"(<puzzleset>
<puzzle><title>one</title><solution><image>|X.|
|XX|</image></solution></puzzle>
<puzzle><title>two</title><clues type="rows"><line><count>1</count></line></clues>
<clues type="columns"><line><count>1</count></line></clues></puzzle>
</puzzleset>)";
    const std::vector<Puzzle> ps = read_xml(text, "s.xml");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_EQ(ps[0].info().title, "one");
    EXPECT_EQ(ps[0].row(1), bw_clue({2}));
    EXPECT_EQ(ps[0].column(0), bw_clue({2}));
    EXPECT_EQ(ps[1].info().title, "two");
}

TEST(XmlReader, RefusesTriddlers) {
    const char* text =
        "<puzzleset>\n<puzzle type=\"triddler\">\n<clues type=\"topleft\"/>"
        "</puzzle></puzzleset>";
    try {
        read_xml(text, "t.xml");
        FAIL() << "expected UnsupportedError";
    } catch (const UnsupportedError& e) {
        EXPECT_EQ(e.line(), 2);
        EXPECT_NE(e.message().find("triddler"), std::string::npos) << e.what();
    }
}

TEST(XmlReader, ReportsBadCountsAndColoursWithTheirLines) {
    const char* bad_count =
        "<puzzleset><puzzle>\n<clues type=\"rows\">\n"
        "<line><count>x</count></line></clues></puzzle></puzzleset>";
    const ParseError e = test_util::error_of([&] { read_xml(bad_count, "b.xml"); });
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(e.message().find("expected a run length"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("'x'"), std::string::npos) << e.what();

    const char* bad_colour =
        "<puzzleset><puzzle>\n<clues type=\"rows\">\n<line>\n"
        "<count color=\"mauve\">1</count></line></clues></puzzle></puzzleset>";
    const ParseError c = test_util::error_of([&] { read_xml(bad_colour, "c.xml"); });
    EXPECT_EQ(c.line(), 4);
    EXPECT_NE(c.message().find("'mauve'"), std::string::npos) << c.what();
}

TEST(XmlReader, ReportsMalformedXmlAndBadGoals) {
    const ParseError e =
        test_util::error_of([] { read_xml("<puzzleset>\n<puzzle>\n</puzle>", "m"); });
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(e.message().find("expected well-formed XML"), std::string::npos) << e.what();

    std::string wide = kArrow;
    wide.replace(wide.find("|XXXX|"), 6, "|XXXXX|");
    const ParseError g = test_util::error_of([&] { read_xml(wide, "g.xml"); });
    EXPECT_EQ(g.line(), 26);
    EXPECT_NE(g.message().find("expected 4 cells"), std::string::npos) << g.what();

    std::string odd = kArrow;
    odd.replace(odd.find("|XXXX|"), 6, "|XXQX|");
    EXPECT_EQ(test_util::error_of([&] { read_xml(odd, "q.xml"); }).line(), 26);

    EXPECT_EQ(test_util::error_of([] { read_xml("<html/>", "h"); }).line(), 1);
    EXPECT_EQ(test_util::error_of([] { read_xml("", "e"); }).line(), 1);
}

TEST(XmlReader, NeverCrashesOnGarbage) {
    test_util::expect_mutations_never_crash(
        kArrow, "<>/\"=x1 |.", 777, 1000, [](const std::string& t) { read_xml(t, "fuzz"); },
        [](const std::string& t) { return sniff_xml(t); });
}

TEST(XmlWriter, RoundTripsInfoGoalAndColour) {
    Palette pal{{"paper", '.', 0xFFFFF0}, {"ink", '#', 0x101010}, {"leaf", 'g', 0x00AA00}};
    PuzzleInfo info;
    info.title = "Tags <&> \"quoted\"";
    info.author = "me";
    info.license = "CC-BY-4.0";
    const Puzzle colour = test_util::colour_test_puzzle(pal, info);
    const Puzzle bw = read_xml(kArrow, "a.xml").at(0);
    const std::string text = write_xml({colour, bw});
    EXPECT_EQ(sniff_xml(text), 100);
    const std::vector<Puzzle> back = read_xml(text, "rt.xml");
    ASSERT_EQ(back.size(), 2u);
    EXPECT_TRUE(back[0].same_clues(colour));
    EXPECT_EQ(back[0].palette(), colour.palette());
    EXPECT_EQ(back[0].info().title, info.title);
    EXPECT_EQ(back[0].info().license, info.license);
    EXPECT_EQ(back[0].info().goal, colour.info().goal);
    EXPECT_TRUE(back[1].same_clues(bw));
    EXPECT_EQ(back[1].info().goal, bw.info().goal);
    EXPECT_EQ(back[1].info().description, "An arrow.");
}

TEST(XmlSniffer, IsStrict) {
    EXPECT_EQ(sniff_xml(kArrow), 100);
    EXPECT_EQ(sniff_xml("<puzzle><clues type=\"rows\"/></puzzle>"), 60);
    EXPECT_EQ(sniff_xml("width 5\nheight 5\n"), 0);
    EXPECT_EQ(sniff_xml("{\"rows\": []}"), 0);
    EXPECT_EQ(sniff_xml("<svg></svg>"), 0);
}

// ---- real files ---------------------------------------------------------------------

TEST(XmlBenchmarks, SurveyFilesMatchTheirGoalsAndTheNonEditions) {
    const std::string dir = test_util::bench_dir() + "/survey";
    if (!fs::exists(dir + "/xml_saulrh")) GTEST_SKIP() << "no survey XML at " << dir;
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir + "/xml_saulrh")) {
        if (e.path().extension() != ".xml") continue;
        const std::string path = e.path().string();
        SCOPED_TRACE(path);
        const std::string text = read_file_text(path);
        EXPECT_EQ(sniff_xml(text), 100);
        const std::vector<Puzzle> ps = read_xml(text, path);
        ASSERT_EQ(ps.size(), 1u);
        const Puzzle& p = ps[0];
        EXPECT_TRUE(p.black_and_white());
        ASSERT_TRUE(p.info().goal);
        EXPECT_TRUE(puzzle_from_picture(*p.info().goal, p.palette()).same_clues(p));
        // The same webpbn puzzle in Simpson format has the same clues.
        char name[64];
        std::snprintf(name, sizeof name, "webpbn-%05d.non", std::stoi(e.path().stem().string()));
        const std::string non = dir + "/simpson_non/" + name;
        if (fs::exists(non)) EXPECT_TRUE(read_non(read_file_text(non), non).at(0).same_clues(p));
        const Puzzle q = read_xml(write_xml({p}), "rt.xml").at(0);
        EXPECT_TRUE(q.same_clues(p));
        EXPECT_EQ(q.info().goal, p.info().goal);
        ++files;
    }
    EXPECT_EQ(files, 13);
}

TEST(XmlBenchmarks, NumberLoomColourPuzzlesAndTriddlers) {
    const std::string dir = test_util::bench_dir() + "/misc/number_loom_puzzles/puzzles";
    if (!fs::exists(dir)) GTEST_SKIP() << "no number-loom puzzles at " << dir;
    int grids = 0, colour = 0, triddlers = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().extension() != ".xml") continue;
        const std::string path = e.path().string();
        SCOPED_TRACE(path);
        const std::string text = read_file_text(path);
        EXPECT_EQ(sniff_xml(text), 100);
        try {
            const Puzzle p = read_xml(text, path).at(0);
            ++grids;
            if (!p.black_and_white()) {
                ++colour;
                EXPECT_EQ(p.palette().size(), 3u);
            }
            EXPECT_GE(p.width(), 5);
            EXPECT_LE(p.width(), 40);
            const Puzzle q = read_xml(write_xml({p}), "rt.xml").at(0);
            EXPECT_TRUE(q.same_clues(p));
            EXPECT_EQ(q.palette(), p.palette());
        } catch (const UnsupportedError& err) {
            ++triddlers;
            EXPECT_NE(err.message().find("triddler"), std::string::npos);
        }
    }
    EXPECT_EQ(grids, 31);
    EXPECT_EQ(colour, 7);
    EXPECT_EQ(triddlers, 2);
}

}  // namespace
}  // namespace nonolab::io

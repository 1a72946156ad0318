// Tests for the Simpson .non reader/writer (src/io/non.cpp).
#include "io/non.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "core/error.hpp"
#include "core/picture.hpp"
#include "io/text.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> files_with_ext(const std::string& dir, const std::string& ext) {
    std::vector<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

// A 4x3 arrow of my own:  .#.. / #### / .#..
const char* kArrow =
    "catalogue \"nonolab test #1\"\n"
    "title \"Arrow\"\n"
    "by \"nonolab\"\n"
    "copyright \"&copy; 2026 nonolab &amp; friends\"\n"
    "license CC0-1.0\n"
    "width 4\n"
    "height 3\n"
    "\n"
    "rows\n"
    "1\n"
    "4\n"
    "1\n"
    "\n"
    "columns\n"
    "1\n"
    "3\n"
    "1\n"
    "1\n"
    "\n"
    "goal \"010011110100\"\n";

TEST(NonReader, ReadsKeywordsCluesAndGoal) {
    const std::vector<Puzzle> ps = read_non(kArrow, "arrow.non");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    EXPECT_EQ(p.width(), 4);
    EXPECT_EQ(p.height(), 3);
    EXPECT_EQ(p.row(1), bw_clue({4}));
    EXPECT_EQ(p.column(1), bw_clue({3}));
    EXPECT_TRUE(p.black_and_white());
    EXPECT_EQ(p.info().title, "Arrow");
    EXPECT_EQ(p.info().author, "nonolab");
    EXPECT_EQ(p.info().id, "nonolab test #1");
    EXPECT_EQ(p.info().copyright, "\xC2\xA9 2026 nonolab & friends");
    EXPECT_EQ(p.info().license, "CC0-1.0");
    ASSERT_TRUE(p.info().goal);
    EXPECT_EQ(p.info().goal->at(1, 3), kFilled);
    EXPECT_EQ(p.info().goal->at(0, 0), kEmpty);
    EXPECT_TRUE(puzzle_from_picture(*p.info().goal).same_clues(p));
}

TEST(NonReader, AcceptsCrlfBomNoFinalNewlineAndBothEmptyForms) {
    // 3x3 with an empty middle row written as "0" and an empty column as a blank line.
    const std::string text =
        "\xEF\xBB\xBFwidth 3\r\nheight 3\r\nrows\r\n1,1\r\n0\r\n1\r\ncolumns\r\n2\r\n\r\n1";
    const std::vector<Puzzle> ps = read_non(text, "crlf.non");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_TRUE(ps[0].row(1).empty());
    EXPECT_TRUE(ps[0].column(1).empty());
    EXPECT_EQ(ps[0].column(2), bw_clue({1}));
    EXPECT_EQ(ps[0].row(0), bw_clue({1, 1}));
}

TEST(NonReader, BlankLinesAreFormattingWhenTheCountIsComplete) {
    const std::string text = "width 2\nheight 2\nrows\n\n1\n2\n\n\ncolumns\n2\n1\n";
    const Puzzle p = read_non(text, "t.non").at(0);
    EXPECT_EQ(p.row(0), bw_clue({1}));
    EXPECT_EQ(p.row(1), bw_clue({2}));
}

TEST(NonReader, InfersTheSizeWithoutWidthAndHeight) {
    const std::string text = "name \"no size\"\nrows\n2\n1\n\ncolumns\n1\n2";
    const Puzzle p = read_non(text, "nosize.non").at(0);
    EXPECT_EQ(p.width(), 2);
    EXPECT_EQ(p.height(), 2);
    EXPECT_EQ(p.info().title, "no size");
}

TEST(NonReader, IgnoresUnknownKeywordsAndAcceptsAnyOrder) {
    const std::string text =
        "columns\n1\n1\nrows\n1\n1\nsomething else entirely\nwidth 2\nheight 2\n"
        "goal \"1001\"\n";
    const Puzzle p = read_non(text, "order.non").at(0);
    EXPECT_EQ(p.width(), 2);
    ASSERT_TRUE(p.info().goal);
    EXPECT_EQ(p.info().goal->at(1, 1), kFilled);
}

TEST(NonReader, ReadsTheColourExtension) {
    // rb. / .rr  (my own): red 'r' and blue 'b', declared in the order b, r.
    const std::string text =
        "width 3\nheight 2\ncolor b #0000ff\ncolor r #ff0000\n"
        "rows\n1r,1b\n2r\ncolumns\n1r\n1b,1r\n1r\ngoal \"rb00rr\"\n";
    const Puzzle p = read_non(text, "colour.non").at(0);
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_FALSE(p.black_and_white());
    EXPECT_EQ(p.palette()[1].symbol, 'b');  // declaration order
    EXPECT_EQ(p.palette()[1].rgb, 0x0000FFu);
    EXPECT_EQ(p.palette()[2].symbol, 'r');
    EXPECT_EQ(p.row(0), (Clue{{1, 2}, {1, 1}}));
    EXPECT_EQ(p.column(1), (Clue{{1, 1}, {1, 2}}));
    ASSERT_TRUE(p.info().goal);
    EXPECT_EQ(p.info().goal->at(0, 1), 1);
    EXPECT_TRUE(puzzle_from_picture(*p.info().goal, p.palette()).same_clues(p));
}

TEST(NonReader, UndeclaredColourCharactersGetStockColours) {
    const std::string text = "width 2\nheight 1\nrows\n1x,1y\ncolumns\n1x\n1y\n";
    const Puzzle p = read_non(text, "t.non").at(0);
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[1].symbol, 'x');
    EXPECT_EQ(p.palette()[2].symbol, 'y');
}

TEST(NonReader, SplitsNonpackBundles) {
    const std::string text = std::string(kArrow) + "====\n" +
                             "title \"Second\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n====\n";
    const std::vector<Puzzle> ps = read_non(text, "bundle.nonpack");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_EQ(ps[0].info().title, "Arrow");
    EXPECT_EQ(ps[1].info().title, "Second");
}

TEST(NonReader, DerivesCluesFromAGoalAlone) {
    const Puzzle p = read_non("width 4\nheight 3\ngoal \"010011110100\"\n", "g.non").at(0);
    EXPECT_TRUE(p.same_clues(read_non(kArrow, "a.non").at(0)));
}

TEST(NonReader, KeepsTheColoursOfAGoalWithoutClues) {
    const Puzzle p =
        read_non("width 3\nheight 2\ncolor r #ff0000\ngoal \"rb00rr\"\n", "g.non").at(0);
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[1].symbol, 'r');
    EXPECT_EQ(p.palette()[1].rgb, 0xFF0000u);
    EXPECT_EQ(p.row(0), (Clue{{1, 1}, {1, 2}}));
}

TEST(NonReader, ReportsABadRunWithItsLine) {
    const std::string text = "width 2\nheight 2\nrows\n1\n1,x\ncolumns\n1\n1\n";
    const ParseError e = test_util::error_of([&] { read_non(text, "bad.non"); });
    EXPECT_EQ(e.line(), 5);
    EXPECT_EQ(e.source(), "bad.non");
    EXPECT_NE(e.message().find("expected a run length"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("'x'"), std::string::npos) << e.what();
}

TEST(NonReader, ReportsABadWidth) {
    const ParseError e = test_util::error_of([] { read_non("width five\nheight 2\n", "w.non"); });
    EXPECT_EQ(e.line(), 1);
    EXPECT_NE(e.message().find("expected a width"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("'five'"), std::string::npos) << e.what();
    const ParseError big =
        test_util::error_of([] { read_non("width 20000\nheight 2\nrows\n", "w.non"); });
    EXPECT_EQ(big.line(), 1);
    EXPECT_NE(big.message().find("1 to 10000"), std::string::npos) << big.what();
}

TEST(NonReader, ARunLongerThanAnyLineIsAnErrorAndOneLongerThanItsLineIsRead) {
    // Found by fuzz_readers: .non read a run of 100001116 cells, the JSON
    // writer wrote it, and the JSON reader (like the clue-line readers)
    // refused it. Every reader now refuses a run over the longest line any
    // reader accepts (core/limits.hpp), with the line and what was expected.
    const std::string huge = "width 2\nheight 2\nrows\n1\n1\ncolumns\n100001116\n1\n";
    // The shared run grammar (io/clue_tokens.hpp) refuses it at its own line.
    const ParseError e = test_util::error_of([&] { read_non(huge, "huge.non"); });
    EXPECT_EQ(e.source(), "huge.non");
    EXPECT_EQ(e.line(), 7);
    EXPECT_EQ(e.message(),
              "run length 100001116 is longer than the largest allowed line (10000 cells)");
    // A run longer than its own line (3 > 2) stays a puzzle: a proven contradiction.
    const std::string impossible = "width 2\nheight 2\nrows\n1\n1\ncolumns\n3\n1\n";
    EXPECT_EQ(read_non(impossible, "impossible.non").at(0).column(0), bw_clue({3}));
}

TEST(NonReader, ReportsExtraAndMissingClueLines) {
    const ParseError extra = test_util::error_of(
        [] { read_non("width 1\nheight 2\nrows\n1\n1\n1\ncolumns\n2\n", "x.non"); });
    EXPECT_EQ(extra.line(), 6);
    EXPECT_NE(extra.message().find("expected 2 row clues"), std::string::npos) << extra.what();
    const ParseError missing = test_util::error_of(
        [] { read_non("width 2\nheight 3\nrows\n1\ncolumns\n1\n1\n", "m.non"); });
    EXPECT_EQ(missing.line(), 5);  // where 'columns' cut the rows short
    EXPECT_NE(missing.message().find("expected 3 row clues"), std::string::npos) << missing.what();
}

TEST(NonReader, ReportsAGoalOfTheWrongLength) {
    const std::string text = "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"100\"\n";
    const ParseError e = test_util::error_of([&] { read_non(text, "g.non"); });
    EXPECT_EQ(e.line(), 8);
    EXPECT_NE(e.message().find("expected a goal of 2 cells"), std::string::npos) << e.what();
}

TEST(NonReader, KeepsCluesThatAdmitNoGrid) {
    const std::string text = "title \"t\"\nwidth 2\nheight 1\nrows\n3\ncolumns\n1\n1\n";
    EXPECT_IMPOSSIBLE(read_non(text, "c.non"),
                      "row 1 clue \"3\" needs 3 cells but the puzzle is only 2 wide");
}

TEST(NonReader, ReportsMissingSectionsAndEmptyInput) {
    EXPECT_EQ(test_util::error_of([] { read_non("", "e.non"); }).line(), 0);
    const ParseError e =
        test_util::error_of([] { read_non("width 2\nheight 2\nrows\n1\n1\n", "r"); });
    EXPECT_NE(e.message().find("'columns'"), std::string::npos) << e.what();
    const ParseError twice = test_util::error_of(
        [] { read_non("width 1\nheight 1\nrows\n1\nrows\n1\ncolumns\n1\n", "r"); });
    EXPECT_EQ(twice.line(), 5);
}

TEST(NonReader, NeverCrashesOnGarbage) {
    std::mt19937 rng(12345);
    const std::string alphabet = "0123456789,\n \"rowscolumnwidthegal=#abc\r";
    const std::string base = kArrow;
    for (int round = 0; round < 2000; ++round) {
        std::string text;
        if (round % 2) {
            text = base.substr(0, 1 + rng() % base.size());
            for (int k = 0; k < 3; ++k)
                text[rng() % text.size()] = alphabet[rng() % alphabet.size()];
        } else {
            const int n = static_cast<int>(rng() % 200);
            for (int k = 0; k < n; ++k) text += alphabet[rng() % alphabet.size()];
        }
        try {
            read_non(text, "fuzz");
        } catch (const ParseError&) {
        }
        EXPECT_GE(sniff_non(text), 0);
    }
}

TEST(NonWriter, RoundTripsBlackAndWhite) {
    const Puzzle p = read_non(kArrow, "a.non").at(0);
    const std::string text = write_non({p});
    const Puzzle q = read_non(text, "out.non").at(0);
    EXPECT_TRUE(q.same_clues(p));
    EXPECT_EQ(q.info().title, p.info().title);
    EXPECT_EQ(q.info().author, p.info().author);
    EXPECT_EQ(q.info().copyright, p.info().copyright);
    EXPECT_EQ(q.info().license, p.info().license);
    EXPECT_EQ(q.info().id, p.info().id);
    EXPECT_EQ(q.info().goal, p.info().goal);
    EXPECT_EQ(sniff_non(text), 100);
}

TEST(NonWriter, RoundTripsColourWithTricksySymbols) {
    // Symbols that a .non clue cannot carry ('#', '1') get replaced by letters.
    Palette pal{{"white", '.', 0xFFFFFF}, {"ink", '#', 0x101010}, {"one", '1', 0x00FF00}};
    PuzzleInfo info;
    info.title = "Quote \" and ampersand &";
    const Puzzle p = test_util::colour_test_puzzle(pal, info);
    const Puzzle q = read_non(write_non({p}), "c.non").at(0);
    EXPECT_TRUE(q.same_clues(p));
    EXPECT_EQ(q.info().goal, p.info().goal);
    EXPECT_EQ(q.info().title, info.title);
    EXPECT_EQ(q.palette()[1].rgb, 0x101010u);
    EXPECT_EQ(q.palette()[2].rgb, 0x00FF00u);
}

TEST(NonWriter, WritesBundlesWithSeparators) {
    const Puzzle p = read_non(kArrow, "a.non").at(0);
    const std::string text = write_non({p, p});
    EXPECT_NE(text.find("\n====\n"), std::string::npos);
    EXPECT_EQ(read_non(text, "b.nonpack").size(), 2u);
}

TEST(NonSniffer, IsStrict) {
    EXPECT_EQ(sniff_non(kArrow), 100);
    EXPECT_EQ(sniff_non("rows\n1\ncolumns\n1\n"), 60);
    EXPECT_EQ(sniff_non("$1\n1\t2\n"), 0);
    EXPECT_EQ(sniff_non("rows:\n1\ncolumns:\n1\n"), 0);
    EXPECT_EQ(sniff_non("GRID x\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n"), 0);
    EXPECT_EQ(sniff_non("<puzzleset>"), 0);
    EXPECT_EQ(sniff_non(""), 0);
}

// ---- real files ---------------------------------------------------------------------

TEST(NonBenchmarks, ReadsEverySampleAndGoalsAgreeWithClues) {
    const std::string dir = test_util::bench_dir();
    if (!fs::exists(dir)) GTEST_SKIP() << "no shared benchmarks at " << dir;
    const std::vector<std::string> files = files_with_ext(dir, ".non");
    ASSERT_GE(files.size(), 100u);
    int goals = 0;
    for (const std::string& f : files) {
        SCOPED_TRACE(f);
        const std::string text = read_file_text(f);
        const std::vector<Puzzle> ps = read_non(text, f);
        ASSERT_EQ(ps.size(), 1u);
        const Puzzle& p = ps[0];
        // Colour .non files (nonny's dialect) live in colour/; the rest are black and white.
        EXPECT_EQ(p.black_and_white(), f.find("/colour/") == std::string::npos);
        EXPECT_GE(sniff_non(text), 60);
        if (p.info().goal) {
            ++goals;
            EXPECT_TRUE(puzzle_from_picture(*p.info().goal).same_clues(p));
        }
        // The writer keeps clues and goal.
        const Puzzle q = read_non(write_non({p}), "rt.non").at(0);
        EXPECT_TRUE(q.same_clues(p));
        EXPECT_EQ(q.info().goal, p.info().goal);
    }
    EXPECT_EQ(files.size(), 114u);  // 111 black-and-white + colour/nonny_color
    EXPECT_EQ(goals, 101);
}

TEST(NonBenchmarks, SurveySizesMatchTheKnownStatusTable) {
    const std::string dir = test_util::bench_dir() + "/survey";
    if (!fs::exists(dir + "/known_status.tsv")) GTEST_SKIP() << "no survey set at " << dir;
    std::istringstream table(read_file_text(dir + "/known_status.tsv"));
    std::string row;
    std::getline(table, row);  // header
    int checked = 0;
    while (std::getline(table, row)) {
        std::istringstream cols(row);
        std::string file, id, name, w, h;
        std::getline(cols, file, '\t'), std::getline(cols, id, '\t');
        std::getline(cols, name, '\t'), std::getline(cols, w, '\t'), std::getline(cols, h, '\t');
        SCOPED_TRACE(file);
        const std::string path = dir + "/simpson_non/" + file;
        const Puzzle p = read_non(read_file_text(path), path).at(0);
        EXPECT_EQ(p.width(), std::stoi(w));
        EXPECT_EQ(p.height(), std::stoi(h));
        ASSERT_TRUE(p.info().goal);
        ++checked;
    }
    EXPECT_EQ(checked, 31);
}

TEST(NonBenchmarks, SpecialFiles) {
    const std::string dir = test_util::bench_dir() + "/misc";
    if (!fs::exists(dir)) GTEST_SKIP() << "no misc benchmarks at " << dir;
    // No width/height keywords and no final newline.
    const std::string brandon = dir + "/misc_small_sets/griddler_solver_testpuzzles/brandon.non";
    const Puzzle b = read_non(read_file_text(brandon), brandon).at(0);
    EXPECT_EQ(b.info().title, "Brandon's Puzzle");
    EXPECT_EQ(b.height(), 16);
    EXPECT_EQ(b.width(), 16);
    // The 512 x 512 stress test.
    const std::string cauldron = dir + "/picross_solver_testset/inputs/cauldron.non";
    const Puzzle c = read_non(read_file_text(cauldron), cauldron).at(0);
    EXPECT_EQ(c.width(), 512);
    EXPECT_EQ(c.height(), 512);
    EXPECT_EQ(c.info().license, "CC-BY-4.0");
}

}  // namespace
}  // namespace nonolab::io

// Found by the round-trip fuzzer: control bytes in a goal used to become
// nameless palette colours that the XML writer could not round-trip.
TEST(NonRegression, GoalWithControlByteIsRefused) {
    const std::string text = std::string("width 2\nheight 1\ngoal \"1") + '\x01' + "\"\n";
    try {
        nonolab::io::read_non(text, "ctl.non");
        FAIL() << "expected a ParseError";
    } catch (const nonolab::ParseError& e) {
        EXPECT_EQ(e.line(), 3);
        EXPECT_NE(std::string(e.what()).find("printable colour characters"), std::string::npos);
    }
}

namespace nonolab::io {
namespace {

// nonny's colour dialect (gkikola/nonny): named colours, clue lines that
// start with a colour's name. A puzzle of our own: a 3x2 flag.
TEST(NonReader, ReadsNonnyNamedColours) {
    const char* text =
        "title \"Flag\"\n"
        "width 3\nheight 2\n\n"
        "color blue 0000FF #\n"
        "color gold FFD700 0\n\n"
        "rows\nblue 1 gold 2\nblue 2 gold 1\n\n"
        "columns\nblue 2\ngold 1 blue 1\ngold 2\n";
    const Puzzle p = read_non(text, "flag.non").at(0);
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[1].name, "blue");
    EXPECT_EQ(p.palette()[1].rgb, 0x0000FFu);
    EXPECT_EQ(p.palette()[2].name, "gold");
    EXPECT_NE(p.palette()[2].symbol, '0');  // a digit would read as background
    ASSERT_EQ(p.rows().size(), 2u);
    ASSERT_EQ(p.rows()[0].size(), 2u);
    EXPECT_EQ(p.rows()[0][0].length, 1);
    EXPECT_EQ(p.rows()[0][0].colour, 1);
    EXPECT_EQ(p.rows()[0][1].length, 2);
    EXPECT_EQ(p.rows()[0][1].colour, 2);
    EXPECT_EQ(p.columns()[1][0].colour, 2);
    try {
        read_non(
            "width 2\nheight 1\ncolor red FF0000 r\nrows\nred 1 blue 1\ncolumns\nred 1\n"
            "red 1\n",
            "b.non");
        FAIL() << "an undeclared colour name was accepted";
    } catch (const ParseError& e) {
        EXPECT_EQ(e.line(), 5);
        EXPECT_NE(std::string(e.what()).find("'blue'"), std::string::npos) << e.what();
    }
}

// A name declared twice would give a palette with two colours of one name,
// which the clues format (rightly) cannot read back; the fuzzer found it.
TEST(NonReader, RefusesAColourNameDeclaredTwice) {
    try {
        read_non(
            "width 1\nheight 1\ncolor red FF0000 r\ncolor red 00FF00 g\nrows\nred 1\n"
            "columns\nred 1\n",
            "twice.non");
        FAIL() << "a colour name declared twice was accepted";
    } catch (const ParseError& e) {
        EXPECT_EQ(e.line(), 4);
        EXPECT_NE(std::string(e.what()).find("'red' was already declared"), std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace nonolab::io

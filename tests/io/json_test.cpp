// Tests for the JSON reader/writer (src/io/json.cpp).
#include "io/json.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "core/error.hpp"
#include "core/picture.hpp"
#include "io/non.hpp"
#include "io/text.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

// My own 4x3 arrow (.#.. / #### / .#..).
const char* kArrow = R"({
  "format": "nonolab",
  "version": 1,
  "puzzles": [
    {
      "title": "Arrow",
      "author": "nonolab",
      "license": "CC0-1.0",
      "id": 7,
      "width": 4,
      "height": 3,
      "rows": [[1], [4], [1]],
      "columns": [[1], [3], [1], [1]],
      "goal": [".#..", "####", ".#.."]
    }
  ]
})";

TEST(JsonReader, ReadsTheNonolabLayout) {
    const std::vector<Puzzle> ps = read_json(kArrow, "arrow.json");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    EXPECT_EQ(p.width(), 4);
    EXPECT_EQ(p.height(), 3);
    EXPECT_EQ(p.row(1), bw_clue({4}));
    EXPECT_EQ(p.info().title, "Arrow");
    EXPECT_EQ(p.info().license, "CC0-1.0");
    EXPECT_EQ(p.info().id, "7");
    ASSERT_TRUE(p.info().goal);
    EXPECT_TRUE(puzzle_from_picture(*p.info().goal).same_clues(p));
}

TEST(JsonReader, ReadsTheAnnap95AndThesisLayouts) {
    const char* annap =
        "\xEF\xBB\xBF{\"id\": \"x-1\", \"level\": 1, \"height\": 3, \"width\": 4,\r\n"
        "\"colsDef\": [[1],[3],[1],[1]], \"rowsDef\": [[1],[4],[1]]}";
    const Puzzle a = read_json(annap, "a.json").at(0);
    EXPECT_EQ(a.info().id, "x-1");
    const char* thesis = R"({"rows": [[1],[4],[1]], "columns": [[1],[3],[1],[1]],
                            "rowCount": 3, "columnCount": 4})";
    const Puzzle t = read_json(thesis, "t.json").at(0);
    EXPECT_TRUE(a.same_clues(t));
    EXPECT_TRUE(a.same_clues(read_json(kArrow, "k").at(0)));
}

TEST(JsonReader, AcceptsEmptyCluesStringCluesAndTopLevelArrays) {
    const char* text = R"([
      {"rows": [[0], [], "1 1"], "columns": ["1", "0", [1]]},
      {"rows": [[1]], "columns": [[1]]}
    ])";
    const std::vector<Puzzle> ps = read_json(text, "s.json");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_TRUE(ps[0].row(0).empty());
    EXPECT_TRUE(ps[0].row(1).empty());
    EXPECT_EQ(ps[0].row(2), bw_clue({1, 1}));
    EXPECT_TRUE(ps[0].column(1).empty());
}

TEST(JsonReader, ReadsColours) {
    // rb. / .rr of my own.
    const char* text = R"({"width": 3, "height": 2,
      "colours": [{"name": "white", "symbol": ".", "rgb": "#ffffff"},
                  {"name": "red", "symbol": "r", "rgb": "#ff0000"},
                  {"name": "blue", "symbol": "b", "rgb": "0000FF"}],
      "rows": [[[1, "r"], [1, "blue"]], "2r"],
      "columns": [[[1, 1]], [[1, "b"], [1, "r"]], [[1, "r"]]],
      "goal": ["rb.", ".rr"]})";
    const Puzzle p = read_json(text, "c.json").at(0);
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[2].rgb, 0x0000FFu);
    EXPECT_EQ(p.row(0), (Clue{{1, 1}, {1, 2}}));
    EXPECT_EQ(p.row(1), (Clue{{2, 1}}));
    ASSERT_TRUE(p.info().goal);
    EXPECT_TRUE(puzzle_from_picture(*p.info().goal, p.palette()).same_clues(p));
}

TEST(JsonReader, ASpaceBackgroundBecomesADotAndTheGoalReadsAsWritten) {
    // "r b" / " rr" of my own, its background a space (what our writer gave
    // for number-loom's XML files, whose background char is a space): the
    // goal is read with the file's space, the palette's background is '.',
    // so every picture printed from it has no blanks for the page to miss.
    const char* text = R"({"width": 3, "height": 2,
      "colours": [{"name": "white", "symbol": " ", "rgb": "#ffffff"},
                  {"name": "red", "symbol": "r", "rgb": "#ff0000"},
                  {"name": "blue", "symbol": "b", "rgb": "#0000ff"}],
      "goal": ["rb ", " rr"]})";
    const Puzzle p = read_json(text, "s.json").at(0);
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[0].symbol, '.');
    EXPECT_EQ(p.palette()[1].symbol, 'r');
    EXPECT_EQ(p.palette()[2].symbol, 'b');
    ASSERT_TRUE(p.info().goal);
    EXPECT_EQ(p.info().goal->at(0, 2), kEmpty);
    EXPECT_EQ(p.info().goal->at(1, 1), 1);
    const std::string out = write_json({p});
    EXPECT_NE(out.find(R"("rb.")"), std::string::npos) << out;
    EXPECT_NE(out.find(R"(".rr")"), std::string::npos) << out;
    EXPECT_EQ(out.find(R"(" ")"), std::string::npos) << out;
}

TEST(JsonReader, DerivesCluesFromAGoalAlone) {
    const Puzzle p = read_json(R"({"goal": [".#..", "####", ".#.."]})", "g.json").at(0);
    EXPECT_TRUE(p.same_clues(read_json(kArrow, "a").at(0)));
    const Puzzle q = read_json(R"({"width": 4, "height": 3, "goal": "010011110100"})", "g").at(0);
    EXPECT_TRUE(q.same_clues(p));
}

TEST(JsonReader, ReportsABadRunOnItsLine) {
    const char* text = "{\n\"rows\": [[1],\n  [1, \"x\"]],\n\"columns\": [[1], [1]]}";
    const ParseError e = test_util::error_of([&] { read_json(text, "bad.json"); });
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(e.message().find("expected a run length"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("\"x\""), std::string::npos) << e.what();

    const char* zero = "{\"rows\": [[1, 0]],\n\"columns\": [[1]]}";
    EXPECT_EQ(test_util::error_of([&] { read_json(zero, "z"); }).line(), 1);
    // A number is only complete once the newline after it is read; it still belongs to line 2.
    const char* trailing = "{\"rows\": [[1],\n[2.5\n]],\n\"columns\": [[1]]}";
    EXPECT_EQ(test_util::error_of([&] { read_json(trailing, "t"); }).line(), 2);
}

TEST(JsonReader, ReportsSyntaxErrorsOnTheirLine) {
    const ParseError e =
        test_util::error_of([] { read_json("{\n\"rows\": [[1],\n[2,]]}", "s.json"); });
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(e.message().find("expected valid JSON"), std::string::npos) << e.what();
    EXPECT_EQ(test_util::error_of([] { read_json("", "e"); }).line(), 1);
    EXPECT_EQ(test_util::error_of([] { read_json("{} {}", "two"); }).line(), 1);
}

TEST(JsonReader, ReportsSizeMismatchesAndWrongShapes) {
    const char* text =
        "{\"width\": 5,\n\"height\": 3,\n"
        "\"rows\": [[1],[4],[1]], \"columns\": [[1],[3],[1],[1]]}";
    const ParseError e = test_util::error_of([&] { read_json(text, "w.json"); });
    EXPECT_EQ(e.line(), 1);
    EXPECT_NE(e.message().find("expected width 5"), std::string::npos) << e.what();
    EXPECT_NE(test_util::error_of([] { read_json("42", "n"); }).message().find("expected a puzzle"),
              std::string::npos);
    EXPECT_NE(test_util::error_of([] { read_json("{\"title\": \"x\"}", "n"); })
                  .message()
                  .find("expected \"rows\""),
              std::string::npos);
    const ParseError pz = test_util::error_of([] {
        read_json(
            "{\"puzzles\": [{\"rows\": [[1]], \"columns\": [[1]]},\n"
            "{\"rows\": 3, \"columns\": []}]}",
            "p");
    });
    EXPECT_EQ(pz.line(), 2);
    EXPECT_NE(pz.message().find("puzzle 2:"), std::string::npos) << pz.what();
}

TEST(JsonReader, RefusesDeepNestingAndNeverCrashes) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    EXPECT_NE(test_util::error_of([&] { read_json(deep, "deep"); }).message().find("nested"),
              std::string::npos);
    test_util::expect_mutations_never_crash(
        kArrow, "[]{},:\"0-9.x#e", 4242, 1000, [](const std::string& t) { read_json(t, "fuzz"); },
        [](const std::string& t) { return sniff_json(t); });
}

// erikbrinkman/color-nonogram's layout: letters as colours, touching blocks.
const char* kColourNonogram = R"({
  "styles": {"B": ["blue", "bgBlue"], "K": ["black", "bgBlack"], " ": ["white", "bgWhite"]},
  "rows": ["1B1K", "2K"],
  "cols": ["1B 1K", "2K"]
})";

TEST(JsonReader, ReadsColourNonogramRunStrings) {
    const Puzzle p = read_json(kColourNonogram, "cn.json").at(0);
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[0].rgb, 0xFFFFFFu);
    EXPECT_EQ(p.palette()[1], (Colour{"blue", 'B', 0x0000FF}));
    EXPECT_EQ(p.palette()[2], (Colour{"black", 'K', 0x000000}));
    // "1B1K": touching blocks; the space in "1B 1K" only separates.
    EXPECT_EQ(p.row(0), (Clue{{1, 1}, {1, 2}}));
    EXPECT_EQ(p.row(1), (Clue{{2, 2}}));
    EXPECT_EQ(p.column(0), (Clue{{1, 1}, {1, 2}}));
    // Touching blocks also work with a declared palette and other symbols.
    const Puzzle q =
        read_json(
            R"({"colours": [{"rgb": "#fff"}, {"symbol": "r", "rgb": "#f00"}, {"symbol": "g", "rgb": "#0f0"}],
            "rows": ["1r1g"], "columns": ["1r", "1g"]})",
            "q.json")
            .at(0);
    EXPECT_EQ(q.row(0), (Clue{{1, 1}, {1, 2}}));
}

TEST(JsonReader, BadRunStringsSayWhatWasExpected) {
    auto with_row = [](const std::string& row) {
        return R"({"styles": {"B": ["blue"], "K": ["black"]}, "rows": [")" + row +
               R"("], "cols": ["1B", "1K"]})";
    };
    test_util::expect_error([&] { read_json(with_row("1B1B"), "s"); }, 1,
                            "touching blocks to differ in colour");
    test_util::expect_error([&] { read_json(with_row("1B1X"), "s"); }, 1,
                            "expected run lengths with an optional colour symbol");
    test_util::expect_error([&] { read_json(with_row("B1"), "s"); }, 1, "got 'B1'");
    test_util::expect_error([&] { read_json(with_row("1B0K"), "s"); }, 1, "got '1B0K'");
    test_util::expect_error([&] { read_json(R"({"styles": [1], "rows": [], "cols": []})", "s"); },
                            1, "\"styles\" to map colour letters");
    test_util::expect_error(
        [&] { read_json(R"({"styles": {"BB": ["blue"]}, "rows": ["1"], "cols": ["1"]})", "s"); }, 1,
        "one-letter colour key");
}

TEST(JsonBenchmarks, ReadsTheColourNonogramExample) {
    const std::string path = test_util::bench_dir() + "/colour/color_nonogram_js/example.json";
    if (!fs::exists(path)) GTEST_SKIP() << "no color-nonogram example at " << path;
    const std::string text = read_file_text(path);
    EXPECT_EQ(sniff_json(text), 60);
    const Puzzle p = read_json(text, path).at(0);
    EXPECT_EQ(p.width(), 29);
    EXPECT_EQ(p.height(), 24);
    EXPECT_EQ(p.palette().size(), 7u);  // white and B, L, O, Y, G, K
    EXPECT_EQ(p.palette()[0].name, "white");
    // "2B4K1L 2L": three touching blocks, a gap, one more.
    const std::uint8_t b = 1, k = 6, l = 2;
    EXPECT_EQ(p.row(1), (Clue{{2, b}, {4, k}, {1, l}, {2, l}}));
    const Puzzle q = read_json(write_json({p}), "rt.json").at(0);
    EXPECT_TRUE(q.same_clues(p));
    EXPECT_EQ(q.palette(), p.palette());
}

TEST(JsonWriter, RoundTripsInfoGoalAndColour) {
    Palette pal{{"paper", ' ', 0xFFFFF0}, {"ink", '#', 0x101010}, {"leaf", 'g', 0x00AA00}};
    PuzzleInfo info;
    info.title = "Quote \" backslash \\ and \xC3\xA9";
    info.description = "line one\nline two";
    const Puzzle colour = test_util::colour_test_puzzle(pal, info);
    const Puzzle bw = read_json(kArrow, "a").at(0);
    const std::string text = write_json({bw, colour});
    EXPECT_EQ(sniff_json(text), 100);
    const std::vector<Puzzle> back = read_json(text, "rt.json");
    ASSERT_EQ(back.size(), 2u);
    EXPECT_TRUE(back[0].same_clues(bw));
    EXPECT_EQ(back[0].palette(), bw.palette());
    EXPECT_EQ(back[0].info().goal, bw.info().goal);
    EXPECT_EQ(back[0].info().license, "CC0-1.0");
    EXPECT_TRUE(back[1].same_clues(colour));
    // The space the palette's background had reads back as '.'
    // (spaceless_symbols); the names, colours and other symbols are kept.
    Palette expected = colour.palette();
    expected[0].symbol = '.';
    EXPECT_EQ(back[1].palette(), expected);
    EXPECT_EQ(back[1].info().goal, colour.info().goal);
    EXPECT_EQ(back[1].info().title, info.title);
    EXPECT_EQ(back[1].info().description, info.description);
}

TEST(JsonSniffer, IsStrict) {
    EXPECT_EQ(sniff_json(kArrow), 100);
    EXPECT_EQ(sniff_json("{\"colsDef\": [], \"rowsDef\": []}"), 100);
    EXPECT_EQ(sniff_json("{\"rows\": [], \"columns\": []}"), 60);
    EXPECT_EQ(sniff_json("width 5\nrows\n"), 0);
    EXPECT_EQ(sniff_json("[clues]\nrows = 1, 2\ncolumns = 2, 1\n"), 0);
    EXPECT_EQ(sniff_json("[ 1 2 ]\n[ 3 ]\n"), 10);  // could be JSON; weakest score
    EXPECT_EQ(sniff_json("{ x = 1 }"), 0);
    EXPECT_EQ(sniff_json("<puzzleset>"), 0);
    EXPECT_EQ(sniff_json(""), 0);
}

// ---- real files ---------------------------------------------------------------------

TEST(JsonBenchmarks, ReadsTheAnnap95Set) {
    const std::string dir = test_util::bench_dir() + "/misc/misc_small_sets/annap95_json";
    if (!fs::exists(dir)) GTEST_SKIP() << "no annap95 JSON set at " << dir;
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().extension() != ".json") continue;
        const std::string path = e.path().string();
        SCOPED_TRACE(path);
        const std::string text = read_file_text(path);
        EXPECT_EQ(sniff_json(text), 100);
        ++files;
        if (e.path().filename() == "0013.json") {
            // Broken at the source: row 24 "2 19 1 2 3" needs 31 cells in a 30-wide grid
            // (and rows fill 435 cells, columns 426): read, with a proven contradiction.
            EXPECT_IMPOSSIBLE(read_json(text, path), "row 24");
            continue;
        }
        const std::vector<Puzzle> ps = read_json(text, path);  // checks width/height agree
        ASSERT_EQ(ps.size(), 1u);
        const Puzzle& p = ps[0];
        EXPECT_EQ(p.info().id.substr(0, 3), "ol-");
        EXPECT_GE(p.width(), 15);
        EXPECT_LE(p.width(), 70);
        EXPECT_GE(p.height(), 15);
        EXPECT_LE(p.height(), 45);
        EXPECT_TRUE(read_json(write_json({p}), "rt.json").at(0).same_clues(p));
    }
    EXPECT_EQ(files, 42);
}

TEST(JsonBenchmarks, RoundTripsTheSurveyGoals) {
    const std::string dir = test_util::bench_dir() + "/survey/simpson_non";
    if (!fs::exists(dir)) GTEST_SKIP() << "no survey set at " << dir;
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().extension() != ".non") continue;
        const Puzzle p = read_non(read_file_text(e.path().string()), e.path().string()).at(0);
        const Puzzle q = read_json(write_json({p}), "rt.json").at(0);
        EXPECT_TRUE(q.same_clues(p)) << e.path();
        EXPECT_EQ(q.info().goal, p.info().goal) << e.path();
        EXPECT_EQ(q.info().title, p.info().title) << e.path();
        ++files;
    }
    EXPECT_EQ(files, 31);
}

}  // namespace
}  // namespace nonolab::io

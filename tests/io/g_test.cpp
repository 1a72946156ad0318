#include "io/g.hpp"

#include <gtest/gtest.h>

#include "io/line_formats_util.hpp"

using namespace nonolab;
using namespace nonolab::test;

namespace {

// ##.
// .##
const char* kBw =
    "A small test grid of our own.\n"
    "Free text before the first ':' is ignored: 1 2 3\n"
    ": rows\n"
    "2\n"
    "2\n"
    ": columns\n"
    "1\n"
    "2\n"
    "1\n"
    ": end\n"
    "trailing text is ignored\n";

// rr.    (r = red, b = blue, background white)
// .bb
// b..
const char* kColour =
    "#d\n"
    "   r:%  red     a comment\n"
    "   b:@  #0000FF\n"
    "   0:   white   background\n"
    ":rows\n"
    "2r\n"
    "2b\n"
    "1b\n"
    ":columns\n"
    "1r 1b\n"
    "1r 1b\n"
    "1b\n"
    ":\n";

}  // namespace

TEST(G, ReadsBlackAndWhite) {
    const auto ps = io::read_g(kBw, "s.g");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_TRUE(ps[0].black_and_white());
    EXPECT_TRUE(ps[0].same_clues(puzzle_of({"##.", ".##"})));
    EXPECT_TRUE(contains(ps[0].info().description, "A small test grid"));
}

TEST(G, ReadsColourTable) {
    const auto ps = io::read_g(kColour, "c.g");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[0].name, "white");
    EXPECT_EQ(p.palette()[0].symbol, '.');
    EXPECT_EQ(p.palette()[1].name, "red");
    EXPECT_EQ(p.palette()[1].symbol, '%');
    EXPECT_EQ(p.palette()[1].rgb, 0xFF0000u);
    EXPECT_EQ(p.palette()[2].name, "b");  // hex colours are named after their letter
    EXPECT_EQ(p.palette()[2].symbol, '@');
    EXPECT_EQ(p.palette()[2].rgb, 0x0000FFu);
    // Runs of different colours may touch.
    EXPECT_EQ(p.row(1), (Clue{nonolab::Run{2, 2}}));
    EXPECT_EQ(p.column(0), (Clue{nonolab::Run{1, 1}, nonolab::Run{1, 2}}));
}

TEST(G, DefaultColourBlankLinesCrlfAndNoEndMarker) {
    const char* text =
        "\xEF\xBB\xBF#deklarace\r\n 1:*  black\r\n m:m  blue\r\n:\r\n1 1m\r\n\r\n:\r\n1\r\n0\r\n1m";
    const auto ps = io::read_g(text, "d.g");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].height(), 2);
    EXPECT_EQ(ps[0].width(), 3);
    EXPECT_EQ(ps[0].palette()[1].name, "black");
    EXPECT_TRUE(ps[0].row(1).empty());
}

TEST(G, RefusesTriddlersAndTriangles) {
    try {
        io::read_g("Text\n#t\n: A\n1\n: B\n1\n", "t.g");
        FAIL() << "expected UnsupportedError";
    } catch (const UnsupportedError& e) {
        EXPECT_EQ(e.line(), 2);
        EXPECT_TRUE(contains(e.message(), "triddler")) << e.what();
        EXPECT_TRUE(contains(e.message(), "not supported")) << e.what();
    }
    try {
        io::read_g("#d\n 1:* black\n t:/ black/orange\n:\n1\n:\n1\n", "tri.g");
        FAIL() << "expected UnsupportedError";
    } catch (const UnsupportedError& e) {
        EXPECT_EQ(e.line(), 3);
        EXPECT_TRUE(contains(e.message(), "triangle")) << e.what();
    }
}

TEST(G, MalformedInputNamesTheLine) {
    EXPECT_PARSE_ERROR(io::read_g("just text\n", "m"), 1, "expected a line starting with ':'");
    EXPECT_PARSE_ERROR(io::read_g("#x\n:\n1\n:\n1\n", "m"), 1,
                       "expected '#d' (a colour table) or '#t' (a triddler), got '#x'");
    EXPECT_PARSE_ERROR(io::read_g("#d\n red\n:\n1\n:\n1\n", "m"), 2,
                       "expected a colour declaration like 'r:&  red'");
    EXPECT_PARSE_ERROR(io::read_g("#d\n r:r\n:\n1r\n:\n1r\n", "m"), 2,
                       "expected a colour (a name or #rrggbb) after 'r:r', got nothing");
    EXPECT_PARSE_ERROR(io::read_g("#d\n r:r red\n r:s blue\n:\n1r\n:\n1r\n", "m"), 3,
                       "colour 'r' is declared twice (first on line 2)");
    EXPECT_PARSE_ERROR(
        io::read_g(":\n1 x\n:\n1\n", "m"), 2,
        "expected a block like '3' or '3r' (length, optional colour letter), got 'x'");
    EXPECT_PARSE_ERROR(io::read_g(":\n1r\n:\n1\n", "m"), 2,
                       "colour 'r' of block '1r' is not declared in a '#d' colour table");
    EXPECT_PARSE_ERROR(io::read_g("#d\n r:r red\n:\n1\n:\n1r\n", "m"), 4,
                       "block '1' has no colour letter and the colour table declares no default");
    EXPECT_PARSE_ERROR(io::read_g(":\n1\n1\n", "m"), 3,
                       "expected a ':' line and the column clues after the row clues");
    EXPECT_IMPOSSIBLE(io::read_g(":\n2\n:\n1\n", "m"),
                      "row 1 clue \"2\" needs 2 cells but the puzzle is only 1 wide");
    EXPECT_IMPOSSIBLE(io::read_g(":\n1\n:\n1\n1\n", "m"), "rows fill 1 cells, columns fill 2");
    std::string runs;  // longer than any line: read, and impossible
    for (int i = 0; i < 1001; ++i) runs += "9 ";
    EXPECT_IMPOSSIBLE(io::read_g(":\n" + runs + "\n:\n1\n", "m"),
                      "needs 10009 cells but the puzzle is only 1 wide");
}

TEST(G, Sniffs) {
    EXPECT_EQ(io::sniff_g(kBw), 60);
    EXPECT_EQ(io::sniff_g(kColour), 90);
    EXPECT_EQ(io::sniff_g("2 3\n2\n2\n#\n1\n2\n1\n"), 0);  // .mk
    EXPECT_EQ(io::sniff_g("GRID x\nROWS\n[ 1 ]\n"), 0);
    EXPECT_EQ(io::sniff_g("hello\n:not clues\nreally not\n:\n"), 0);
}

TEST(GBenchmarks, OlsakExamples) {
    const auto dir = bench_path("misc/olsak_grid_examples");
    NONOLAB_SKIP_IF_ABSENT(dir);
    const auto files = files_in(dir, ".g");
    ASSERT_EQ(files.size(), 18u);
    const std::vector<std::string> colour = {"acorn.g", "dvekocky.g", "oko.g",    "raketa.g",
                                             "rose.g",  "ruze.g",     "viceres.g"};
    const std::vector<std::string> bw = {"kocka.g", "kolo.g", "sachovnice.g", "usmev.g", "veze.g"};
    const std::vector<std::string> triangles = {"alladin.g", "brontik.g", "noty.g"};
    const std::vector<std::string> triddlers = {"creature.g", "tkocka.g", "vcely.g"};
    auto in = [](const std::vector<std::string>& v, const std::string& s) {
        return std::find(v.begin(), v.end(), s) != v.end();
    };
    int loaded = 0, refused = 0;
    for (const auto& f : files) {
        const std::string name = f.filename().string();
        SCOPED_TRACE(name);
        const std::string text = slurp(f);
        EXPECT_GE(io::sniff_g(text), 60);
        if (in(triangles, name) || in(triddlers, name)) {
            try {
                io::read_g(text, name);
                ADD_FAILURE() << "expected UnsupportedError";
            } catch (const UnsupportedError& e) {
                EXPECT_TRUE(contains(e.message(), in(triangles, name) ? "triangle" : "triddler"))
                    << e.what();
                ++refused;
            }
            continue;
        }
        const auto ps = io::read_g(text, name);
        ASSERT_EQ(ps.size(), 1u);
        EXPECT_EQ(ps[0].black_and_white(), in(bw, name));
        EXPECT_TRUE(in(bw, name) || in(colour, name));
        ++loaded;
    }
    EXPECT_EQ(loaded, 12);
    EXPECT_EQ(refused, 6);
    // acorn: four colours, no default; dvekocky: two cats side by side.
    const auto acorn = io::read_g(slurp(dir / "acorn.g"), "acorn.g")[0];
    EXPECT_EQ(acorn.palette().size(), 5u);
    const auto cats = io::read_g(slurp(dir / "dvekocky.g"), "dvekocky.g")[0];
    EXPECT_EQ(cats.palette().size(), 3u);
    const auto cat = io::read_g(slurp(dir / "kocka.g"), "kocka.g")[0];
    EXPECT_EQ(cats.height(), cat.height());
    EXPECT_EQ(cats.width(), 2 * cat.width() + 1);
}

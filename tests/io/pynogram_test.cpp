#include "io/pynogram.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "core/error.hpp"
#include "io/formats.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

using test_util::expect_error;

// Picture (3x3):  ##.  /  ...  /  #.#
const char* kIni =
    "# a comment\n"
    "[clues]\n"
    "columns = 1 1, 1   ; two columns on this line\n"
    "    '1'\n"
    "\n"
    "rows =\n"
    "    2\n"
    "    0        # empty row\n"
    "    \"1 1\",\n";

TEST(Pynogram, ReadsBlackAndWhiteIni) {
    auto ps = read_pynogram(kIni, "bw.txt");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    EXPECT_EQ(p.width(), 3);
    EXPECT_EQ(p.height(), 3);
    EXPECT_TRUE(p.black_and_white());
    EXPECT_TRUE(p.row(1).empty());
    EXPECT_EQ(p.row(2), bw_clue({1, 1}));
    EXPECT_EQ(p.column(0), bw_clue({1, 1}));
    // Same puzzle on one line each, with CRLF, BOM and no final newline.
    const Puzzle q =
        read_pynogram("\xEF\xBB\xBF[clues]\r\ncolumns=1 1,1,1\r\nrows=2,0,1 1", "q")[0];
    EXPECT_TRUE(p.same_clues(q));
}

// Two colours (r, g) plus bare runs in black:  r g #  /  r . #
const char* kColourIni =
    "[colors]\n"
    "r = (red) %\n"
    "g=(0, 204, 0) *\n"
    "unused = (0000FF) u\n"
    "[clues]\n"
    "columns = 2r, 1g, 2\n"
    "rows = 1r 1g 1, 1r 1\n";

TEST(Pynogram, ReadsColoursIni) {
    const Puzzle p = read_pynogram(kColourIni, "c.txt")[0];
    ASSERT_EQ(p.palette().size(), 4u);  // white, black, red, g; 'unused' dropped
    EXPECT_EQ(p.palette()[0].name, "white");
    EXPECT_EQ(p.palette()[1].name, "black");
    EXPECT_EQ(p.palette()[1].symbol, '#');
    EXPECT_EQ(p.palette()[2].name, "red");
    EXPECT_EQ(p.palette()[2].rgb, 0xFF0000u);
    EXPECT_EQ(p.palette()[2].symbol, '%');
    EXPECT_EQ(p.palette()[3].name, "g");  // no CSS name for (0, 204, 0)
    EXPECT_EQ(p.palette()[3].rgb, 0x00CC00u);
    EXPECT_EQ(p.palette()[3].symbol, '*');
    EXPECT_EQ(p.row(0), (Clue{{1, 2}, {1, 3}, {1, 1}}));
    EXPECT_EQ(p.column(0), (Clue{{2, 2}}));
}

TEST(Pynogram, ReadsToml) {
    const char* toml =
        "[colors]\n"
        "defs = [\n"
        "    'r = (red) %',   # comment\n"
        "    \"g = (00CC00) *\",\n"
        "]\n"
        "[clues]\n"
        "columns = \"\"\"\n"
        "    2r, 1g\n"
        "    2\n"
        "\"\"\"\n"
        "rows = \"\"\"1r 1g 1\n"
        "    1r 1\n"
        "\"\"\"\n";
    const Puzzle p = read_pynogram(toml, "c.toml")[0];
    EXPECT_TRUE(p.same_clues(read_pynogram(kColourIni, "c.txt")[0]));
    EXPECT_EQ(p.palette()[3].name, "g");
    // An empty defs list keeps a puzzle black-and-white.
    const Puzzle q =
        read_pynogram("[clues]\ncolumns = '1'\nrows = 1\n[colors]\ndefs = []\n", "q")[0];
    EXPECT_TRUE(q.black_and_white());
}

TEST(Pynogram, RejectsMalformedInput) {
    expect_error(
        [] { read_pynogram("[clues]\ncolumns = 1\nrows = 1x\n", "t"); }, 3,
        "expected a colour defined in [colors] after the run length, got 'x' (defined: none)");
    expect_error([] { read_pynogram("[clues]\ncolumns = 1\nrows = a\n", "t"); }, 3,
                 "expected a run length");
    expect_error([] { read_pynogram("[clues]\ncolumns = 1\n", "t"); }, 1, "expected 'rows ='");
    expect_error([] { read_pynogram("[clues]\n  1 2\n", "t"); }, 2,
                 "expected 'columns =' or 'rows =' before the clues");
    expect_error([] { read_pynogram("[clues]\nwidth = 3\n", "t"); }, 2,
                 "expected 'columns =' or 'rows =' in [clues], got 'width ='");
    expect_error([] { read_pynogram("columns = 1\n", "t"); }, 1, "expected a section header");
    expect_error([] { read_pynogram("[colors]\nr = red *\n[clues]\n", "t"); }, 2, "expected '('");
    expect_error([] { read_pynogram("[colors]\nr = (1, 2, 300)\n", "t"); }, 2, "RGB triple");
    expect_error([] { read_pynogram("[colors]\nr = (red)\nr = (blue)\n", "t"); }, 3,
                 "defined twice");
    expect_error([] { read_pynogram("[colors]\ndefs = [\n 'r = (red)'\n", "t"); }, 3,
                 "expected ']' to close");
    EXPECT_IMPOSSIBLE(read_pynogram("[clues]\ncolumns = 1\nrows = 2\n", "t"), "needs 2 cells");
    expect_error([] { read_pynogram("# nothing\n", "t"); }, 1, "expected a [clues] section");
}

TEST(Pynogram, Sniff) {
    EXPECT_EQ(sniff_pynogram(kIni), 100);
    EXPECT_EQ(sniff_pynogram("rows = 1\n"), 0);
    EXPECT_EQ(sniff_pynogram("3 1\n2\n"), 0);
}

TEST(Pynogram, ReadsPynogramAndNonogridExamples) {
    const fs::path base = fs::path(NONOLAB_SHARED_DIR) / "benchmarks/misc/misc_small_sets";
    if (!fs::is_directory(base / "pynogram_examples"))
        GTEST_SKIP() << "benchmark folder absent: " << base;
    // width x height, colours besides the background.
    const std::map<std::string, std::tuple<int, int, int>> expected = {
        {"pynogram_examples/apples.txt", {15, 15, 3}}, {"pynogram_examples/uk.txt", {31, 15, 2}},
        {"pynogram_examples/hello.txt", {22, 7, 1}},   {"pynogram_examples/xmas.txt", {25, 25, 1}},
        {"pynogram_examples/domino.txt", {5, 5, 1}},   {"pynogram_examples/p.txt", {8, 11, 1}},
        {"pynogram_examples/MLP.txt", {59, 50, 1}},    {"nonogrid_examples/UK.toml", {31, 15, 2}},
        {"nonogrid_examples/MLP.toml", {59, 50, 1}},   {"nonogrid_examples/hello.toml", {22, 7, 1}},
    };
    int files = 0;
    for (const char* sub : {"pynogram_examples", "nonogrid_examples"}) {
        for (const auto& entry : fs::directory_iterator(base / sub)) {
            if (!entry.is_regular_file()) continue;
            ++files;
            const auto ps = read_puzzles(entry.path().string());
            ASSERT_EQ(ps.size(), 1u) << entry.path();
            const auto it =
                expected.find(std::string(sub) + "/" + entry.path().filename().string());
            if (it == expected.end()) continue;
            const auto [w, h, colours] = it->second;
            EXPECT_EQ(ps[0].width(), w) << entry.path();
            EXPECT_EQ(ps[0].height(), h) << entry.path();
            EXPECT_EQ(static_cast<int>(ps[0].palette().size()) - 1, colours) << entry.path();
        }
    }
    EXPECT_EQ(files, 19);
    // The TOML twins hold the same puzzles as the INI files.
    const auto same = [&](const char* a, const char* b) {
        return read_puzzles((base / a).string())[0].same_clues(
            read_puzzles((base / b).string())[0]);
    };
    EXPECT_TRUE(same("pynogram_examples/uk.txt", "nonogrid_examples/UK.toml"));
    EXPECT_TRUE(same("pynogram_examples/MLP.txt", "nonogrid_examples/MLP.toml"));
    EXPECT_TRUE(same("pynogram_examples/hello.txt", "nonogrid_examples/hello.toml"));
    const Puzzle uk = read_puzzles((base / "pynogram_examples/uk.txt").string())[0];
    EXPECT_EQ(uk.palette()[1].name, "blue");
    EXPECT_EQ(uk.palette()[1].symbol, '*');
    EXPECT_EQ(uk.palette()[2].name, "red");
    EXPECT_EQ(uk.palette()[2].symbol, '%');
}

}  // namespace
}  // namespace nonolab::io

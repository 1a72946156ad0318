// Every writer of a format that has colour keeps it: random colour puzzles
// (3 to 5 colours besides the background) written and read back give the
// same clues and the same palette RGB values, in the same order.
#include <gtest/gtest.h>

#include <random>

#include "core/picture.hpp"
#include "io/colours.hpp"
#include "io/formats.hpp"
#include "io/io_test_util.hpp"
#include "io/non.hpp"
#include "io/pynogram.hpp"

namespace nonolab::io {
namespace {

// Names that some writers cannot carry as they are (spaces, digits, one
// letter, a keyword, quotes), next to ordinary ones.
const char* const kNames[] = {"red",     "colour 1", "b",   "rows", "dark-green",
                              "#00ff00", "ink\"",    "sky", "gold", "x y",
                              "columns", "tan",      "c3",  "navy", "plum"};

/// A random picture of 3..5 colours on a background, every colour used.
Puzzle random_colour_puzzle(std::mt19937& rng, bool white_background) {
    const int colours = 3 + static_cast<int>(rng() % 3);
    const int w = 4 + static_cast<int>(rng() % 9), h = 4 + static_cast<int>(rng() % 9);
    Palette palette{{"white", '.', white_background ? 0xFFFFFFu : 0x102030u}};
    std::vector<char> symbols{'.'};
    for (int k = 1; k <= colours; ++k) {
        const std::string name = kNames[rng() % std::size(kNames)];
        palette.push_back(Colour{unique_colour_name(palette, name), 0,
                                 static_cast<std::uint32_t>(rng() % 0xFFFFFF)});
        symbols.push_back("#ab1.,r\" "[rng() % 9]);  // some unusable or taken on purpose
    }
    EXPECT_TRUE(assign_symbols(palette, symbols));
    Grid g(w, h, kEmpty);
    for (Cell& c : g.cells()) c = static_cast<Cell>(rng() % (colours + 1));
    for (int k = 1; k <= colours; ++k) g.cells()[k - 1] = static_cast<Cell>(k);  // all used
    PuzzleInfo info;
    info.title = "random " + std::to_string(rng() % 1000);
    return puzzle_from_picture(g, palette, info);
}

std::vector<std::uint32_t> rgbs(const Puzzle& p) {
    std::vector<std::uint32_t> out;
    for (const Colour& c : p.palette()) out.push_back(c.rgb);
    return out;
}

void expect_round_trip(const Puzzle& p, const std::string& format) {
    std::string text;
    try {
        text = write_puzzles({p}, format);
    } catch (const std::exception& e) {
        ADD_FAILURE() << format << " cannot write it: " << e.what();
        return;
    }
    try {
        const std::vector<Puzzle> back = read_puzzles_text(text, "rt", format);
        ASSERT_EQ(back.size(), 1u);
        EXPECT_TRUE(back[0].same_clues(p)) << format << ":\n" << text;
        EXPECT_EQ(rgbs(back[0]), rgbs(p)) << format << ":\n" << text;
    } catch (const std::exception& e) {
        ADD_FAILURE() << format << " cannot read back what it wrote: " << e.what() << "\n" << text;
    }
}

TEST(ColourWriters, RandomPuzzlesRoundTripInEveryColourFormat) {
    std::mt19937 rng(20240515);
    for (int round = 0; round < 40; ++round) {
        SCOPED_TRACE("round " + std::to_string(round));
        const Puzzle p = random_colour_puzzle(rng, true);
        for (const char* format : {"xml", "non", "json", "clues", "pynogram", "nonograms-org"})
            expect_round_trip(p, format);
        // Another background: every colour format but pynogram's declares it.
        const Puzzle q = random_colour_puzzle(rng, false);
        for (const char* format : {"xml", "non", "json", "clues", "nonograms-org"})
            expect_round_trip(q, format);
    }
}

TEST(ColourWriters, OneColourThatIsNotBlackIsKept) {
    Grid g(3, 1, kEmpty);
    g.set(0, 1, 1);
    const Puzzle p =
        puzzle_from_picture(g, Palette{{"white", '.', 0xFFFFFF}, {"red", 'r', 0xFF0000}});
    for (const char* format : {"xml", "non", "json", "clues", "pynogram", "nonograms-org"})
        expect_round_trip(p, format);
}

TEST(ColourWriters, NonWritesNonnysDialect) {
    Palette pal{{"white", '.', 0xFFFFFF}, {"red", 'r', 0xFF0000}, {"colour 2", '#', 0x00AA00}};
    const Puzzle p = test_util::colour_test_puzzle(pal, {});
    const std::string text = write_non({p});
    EXPECT_NE(text.find("color red ff0000 r\n"), std::string::npos) << text;
    // A name nonny cannot carry is replaced; the runs name their colour.
    EXPECT_NE(text.find("color colour-a 00aa00 "), std::string::npos) << text;
    EXPECT_NE(text.find("\nred 1 colour-a 1\n"), std::string::npos) << text;
    EXPECT_EQ(read_non(text, "n.non").at(0).palette()[1].name, "red");
}

TEST(ColourWriters, PynogramWritesNonogridToml) {
    Palette pal{{"white", '.', 0xFFFFFF}, {"red", 'r', 0xFF0000}, {"moss", '%', 0x00AA00}};
    const Puzzle p = test_util::colour_test_puzzle(pal, {});
    const std::string text = write_pynogram({p});
    EXPECT_NE(text.find("'r = (red) r',"), std::string::npos) << text;
    EXPECT_NE(text.find("'a = (00AA00) %',"), std::string::npos) << text;
    EXPECT_NE(text.find("rows = \"\"\"\n1r 1a\n"), std::string::npos) << text;
    // Black and white needs no colour table.
    Grid g(2, 1, kEmpty);
    g.set(0, 0, 1);
    const std::string bw = write_pynogram({puzzle_from_picture(g)});
    EXPECT_EQ(bw, "[clues]\ncolumns = \"\"\"\n1\n0\n\"\"\"\nrows = \"\"\"\n1\n\"\"\"\n");
    // The background of these files is white.
    Palette cream = pal;
    cream[0].rgb = 0xFFFFF0;
    EXPECT_THROW(write_pynogram({test_util::colour_test_puzzle(cream, {})}), WriteError);
}

}  // namespace
}  // namespace nonolab::io

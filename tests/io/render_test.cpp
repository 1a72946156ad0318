// Text and SVG pictures: colour clue numbers on squares of their colour, the
// ANSI terminal picture equal to the plain one once its escapes are removed,
// and clue numbers sized so that neighbours never touch.
#include "io/render.hpp"

#include <gtest/gtest.h>

#include <regex>

#include "core/picture.hpp"

namespace nonolab {
namespace {

// A 3-colour board: background, a dark red and a pale yellow.
Puzzle two_colour_puzzle() {
    Palette pal = black_and_white_palette();
    pal.push_back(Colour{"red", 'r', 0x8b0000});
    pal.push_back(Colour{"yellow", 'y', 0xffff66});
    pal[1] = Colour{"black", '#', 0x000000};
    Grid g(3, 4, kEmpty);  // width 3, height 4
    g.set(0, 0, 1);
    g.set(0, 1, 2);
    g.set(1, 1, 2);
    g.set(2, 0, 3);
    g.set(2, 1, 3);
    g.set(2, 2, 1);
    g.set(3, 2, 3);
    return puzzle_from_picture(g, pal);
}

std::string strip_ansi(const std::string& s) {
    return std::regex_replace(s, std::regex("\x1b\\[[0-9;]*m"), "");
}

TEST(RenderText, AnsiPictureIsThePlainOneWithColours) {
    const Puzzle p = two_colour_puzzle();
    io::TextRenderOptions plain;
    io::TextRenderOptions ansi;
    ansi.ansi = true;
    const std::string a = io::render_text(p, nullptr, ansi);
    const std::string b = io::render_text(p, nullptr, plain);
    EXPECT_EQ(b.find('\x1b'), std::string::npos);
    // Every clue label sits on its colour: the yellow run's square carries
    // black ink, the dark red one white ink.
    EXPECT_NE(a.find("\x1b[48;2;255;255;102m\x1b[38;2;0;0;0m"), std::string::npos) << a;
    EXPECT_NE(a.find("\x1b[48;2;139;0;0m\x1b[38;2;255;255;255m"), std::string::npos) << a;
    EXPECT_EQ(strip_ansi(a), b);  // the escapes change no column
}

TEST(RenderText, BlackAndWhiteCluesStayPlainWithAnsi) {
    Grid g(2, 2, kEmpty);
    g.set(0, 0, kFilled);
    const Puzzle p = puzzle_from_picture(g);
    io::TextRenderOptions ansi;
    ansi.ansi = true;
    EXPECT_EQ(io::render_text(p, nullptr, ansi).find('\x1b'), std::string::npos);
}

TEST(ContrastInk, DarkColoursGetWhiteInkAndPaleOnesBlack) {
    EXPECT_EQ(io::contrast_ink(0x000000), 0xffffffu);
    EXPECT_EQ(io::contrast_ink(0x8b0000), 0xffffffu);
    EXPECT_EQ(io::contrast_ink(0x0000ff), 0xffffffu);
    EXPECT_EQ(io::contrast_ink(0xffffff), 0x000000u);
    EXPECT_EQ(io::contrast_ink(0xffff66), 0x000000u);
    EXPECT_EQ(io::contrast_ink(0x00ff00), 0x000000u);
}

// A board whose columns all carry the clue `length`, `width` columns wide.
Puzzle columns_of(int length, int width) {
    Grid g(width, length + 1, kEmpty);
    for (int r = 0; r < length; ++r)
        for (int c = 0; c < width; ++c) g.set(r, c, kFilled);
    return puzzle_from_picture(g);
}

TEST(ClueFontSize, LeavesRoomBetweenNeighbouringNumbers) {
    // One digit keeps the usual 60% of the cell; wider labels shrink so that
    // a label (0.56 of the font size per digit) fills at most 80% of a cell.
    EXPECT_DOUBLE_EQ(io::clue_font_size(columns_of(5, 3), 20), 12.0);
    for (int length : {14, 140}) {
        const Puzzle p = columns_of(length, 3);
        for (int cell : {8, 16, 24, 40}) {
            const double size = io::clue_font_size(p, cell);
            const double digits = std::to_string(length).size();
            EXPECT_LE(0.56 * digits * size, 0.8 * cell + 1e-9) << length << " at " << cell;
            EXPECT_GT(size, 0.25 * cell / digits);
        }
    }
}

TEST(RenderSvg, ColourCluesSitOnSquaresOfTheirColour) {
    const Puzzle p = two_colour_puzzle();
    io::SvgRenderOptions o;
    o.cell = 20;
    const std::string svg = io::render_svg(p, nullptr, o);
    EXPECT_NE(svg.find("fill=\"#ffff66\"/>"), std::string::npos) << svg;  // a square
    EXPECT_NE(svg.find("fill=\"#000000\">2</text>"), std::string::npos);  // black on yellow
    EXPECT_NE(svg.find("fill=\"#ffffff\">"), std::string::npos);          // white on dark red
    // Black and white: plain black numbers, no squares in the clue margins.
    Grid g(2, 2, kEmpty);
    g.set(0, 0, kFilled);
    const std::string bw = io::render_svg(puzzle_from_picture(g), nullptr, o);
    EXPECT_EQ(bw.find("<rect x="), std::string::npos) << bw;
    EXPECT_NE(bw.find("fill=\"#000000\">1</text>"), std::string::npos);
}

}  // namespace
}  // namespace nonolab

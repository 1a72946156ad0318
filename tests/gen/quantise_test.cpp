// The page's picture quantiser (gen/quantise.hpp), the same in the server
// and the browser: area averaging, Otsu, k-means in CIELAB with its seed,
// and every colour of a flat picture kept exactly.
#include "gen/quantise.hpp"

#include <gtest/gtest.h>

#include <set>

namespace nonolab {
namespace {

// A picture of `w` x `h` pixels: `paint(x, y)` gives each 0xRRGGBB.
template <class Paint>
io::RgbImage picture(int w, int h, Paint paint) {
    io::RgbImage img{w, h, {}};
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) img.pixels.push_back(paint(x, y));
    return img;
}

TEST(Quantise, AreaResizeAveragesWholeAndPartialPixels) {
    // 4x1 to 2x1: each cell the mean of two pixels.
    const io::RgbImage a = gen::area_resize(
        picture(4, 1, [](int x, int) { return x < 2 ? 0x000000u : 0xc8c8c8u; }), 2, 1);
    EXPECT_EQ(a.pixels, (std::vector<std::uint32_t>{0x000000, 0xc8c8c8}));
    // 3x1 to 2x1: the middle pixel is split half and half.
    const io::RgbImage b =
        gen::area_resize(picture(3, 1, [](int x, int) { return x == 0 ? 0u : 0x969696u; }), 2, 1);
    EXPECT_EQ(b.pixels[0], 0x323232u);  // (0 * 1 + 150 * 0.5) / 1.5 = 50
    EXPECT_EQ(b.pixels[1], 0x969696u);
    EXPECT_THROW(gen::area_resize(io::RgbImage{}, 2, 2), std::invalid_argument);
}

TEST(Quantise, OtsuSeparatesInkFromPaper) {
    // Dark ink in the left half on light grey paper.
    const io::RgbImage img =
        picture(20, 10, [](int x, int) { return x < 10 ? 0x202020u : 0xe0e0e0u; });
    gen::ImageToBoardOptions o;
    o.width = 4;
    o.height = 2;
    const Grid inv = gen::quantise_black_and_white(img, gen::ImageMethod::otsu_inv, o);
    const Grid otsu = gen::quantise_black_and_white(img, gen::ImageMethod::otsu, o);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 4; ++c) {
            EXPECT_EQ(inv.at(r, c), c < 2 ? 1 : 0) << r << "," << c;
            EXPECT_EQ(otsu.at(r, c), c < 2 ? 0 : 1) << r << "," << c;  // the complement
        }
    EXPECT_THROW(gen::quantise_black_and_white(img, gen::ImageMethod::canny, o),
                 std::invalid_argument);
}

TEST(Quantise, FlatColoursComeBackExactlyWithWhiteBackground) {
    // Three colours on white: every one kept, white is the background.
    const std::uint32_t red = 0xd62828, blue = 0x1d4ed8, green = 0x16a34a;
    const io::RgbImage img = picture(12, 12, [&](int x, int y) {
        if (y < 4) return 0xffffffu;  // whole cells: no pixel blends two colours
        return x < 4 ? red : x < 8 ? blue : green;
    });
    gen::ColourImageOptions o;
    o.width = o.height = 6;
    o.colours = 3;
    const gen::ColourBoard b = gen::quantise_colours(img, o);
    ASSERT_EQ(b.palette.size(), 4u);
    EXPECT_EQ(b.palette[0].rgb, 0xffffffu);
    std::set<std::uint32_t> rgbs;
    for (const Colour& c : b.palette) rgbs.insert(c.rgb);
    EXPECT_EQ(rgbs, (std::set<std::uint32_t>{0xffffff, red, blue, green}));
    EXPECT_EQ(b.board.at(0, 0), kEmpty);
    EXPECT_EQ(b.palette[b.board.at(5, 0)].rgb, red);
    EXPECT_EQ(b.palette[b.board.at(5, 3)].rgb, blue);
    EXPECT_EQ(b.palette[b.board.at(5, 5)].rgb, green);
}

TEST(Quantise, SameSeedSameBoard) {
    // A smooth gradient has no natural clusters: the seed decides the split.
    const io::RgbImage img = picture(40, 40, [](int x, int y) {
        return static_cast<std::uint32_t>(x * 6) << 16 | static_cast<std::uint32_t>(y * 6) << 8 |
               0x40;
    });
    gen::ColourImageOptions o;
    o.width = o.height = 10;
    o.colours = 4;
    o.seed = 7;
    const gen::ColourBoard a = gen::quantise_colours(img, o), b = gen::quantise_colours(img, o);
    EXPECT_EQ(a.board, b.board);
    ASSERT_EQ(a.palette.size(), b.palette.size());
    for (std::size_t k = 0; k < a.palette.size(); ++k)
        EXPECT_EQ(a.palette[k].rgb, b.palette[k].rgb);
}

TEST(Quantise, PaletteMapsToNearestColour) {
    const io::RgbImage img = picture(
        4, 1, [](int x, int) { return x < 2 ? 0xf0f0f0u : 0xc01010u; });  // near white, near red
    gen::ColourImageOptions o;
    o.width = 4;
    o.height = 1;
    o.palette = {0xffffff, 0x000000, 0xff0000};
    const gen::ColourBoard b = gen::quantise_colours(img, o);
    EXPECT_EQ(b.board.at(0, 0), kEmpty);
    EXPECT_EQ(b.palette[b.board.at(0, 3)].rgb, 0xff0000u);
}

}  // namespace
}  // namespace nonolab

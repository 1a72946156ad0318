// Pictures to colour boards: flat colours come back exactly, the background
// is the light (or the most common) colour, a given palette is used as is,
// the seed fixes the result, and bad input is refused clearly.
#include "gen/image/colour_image.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include "core/error.hpp"
#include "image/image_test_util.hpp"

namespace nonolab {
namespace {

const cv::Scalar kRed(40, 39, 214), kBlue(191, 95, 31), kWhite(255, 255, 255);  // BGR

// A 6x4-cell board drawn 10 pixels per cell: a red square (cells 0-1 of
// rows 0-1), a blue bar (cells 3-5 of row 3), the rest `ground`.
cv::Mat board_picture(const cv::Scalar& ground) {
    cv::Mat m(40, 60, CV_8UC3, ground);
    cv::rectangle(m, cv::Rect(0, 0, 20, 20), kRed, cv::FILLED);
    cv::rectangle(m, cv::Rect(30, 30, 30, 10), kBlue, cv::FILLED);
    return m;
}

Grid expected_board(Cell red, Cell blue) {
    Grid g(6, 4, kEmpty);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c) g.set(r, c, red);
    for (int c = 3; c < 6; ++c) g.set(3, c, blue);
    return g;
}

TEST(ColourImage, FlatColoursComeBackExactly) {
    image_test::ScratchDir dir("colour_image");
    cv::imwrite(dir / "b.png", board_picture(kWhite));
    gen::ColourImageOptions o;
    o.width = 6;
    o.height = 4;
    o.colours = 2;
    const gen::ColourBoard cb = gen::image_to_colour_board(dir / "b.png", o);
    ASSERT_EQ(cb.palette.size(), 3u);
    EXPECT_EQ(cb.palette[0].rgb, 0xffffffu);
    const Cell red = cb.palette[1].rgb == 0xd62728 ? 1 : 2;
    EXPECT_EQ(cb.palette[red].rgb, 0xd62728u);
    EXPECT_EQ(cb.palette[3 - red].rgb, 0x1f5fbfu);
    EXPECT_EQ(cb.board, expected_board(red, static_cast<Cell>(3 - red)));
    // Asking for more colours than the picture has gives the ones it has.
    o.colours = 6;
    EXPECT_EQ(gen::image_to_colour_board(dir / "b.png", o).palette.size(), 3u);
    // The same seed, the same board.
    o.colours = 2;
    EXPECT_EQ(gen::image_to_colour_board(dir / "b.png", o).board, cb.board);
}

TEST(ColourImage, DarkGroundIsTheBackgroundWhenMostCommon) {
    image_test::ScratchDir dir("colour_image_dark");
    const cv::Scalar green(40, 100, 20);  // dark: lightness well under 75
    cv::imwrite(dir / "b.png", board_picture(green));
    gen::ColourImageOptions o;
    o.width = 6;
    o.height = 4;
    const gen::ColourBoard cb = gen::image_to_colour_board(dir / "b.png", o);
    EXPECT_EQ(cb.palette[0].rgb, 0x146428u);
    EXPECT_EQ(cb.board.cells()[2 * 6], kEmpty);  // row 2: all ground
}

TEST(ColourImage, GivenPaletteMapsToNearestAndTransparencyIsWhite) {
    image_test::ScratchDir dir("colour_image_palette");
    cv::Mat bgra;
    cv::cvtColor(board_picture(kWhite), bgra, cv::COLOR_BGR2BGRA);
    // Cells (0..2, 5) transparent black: composited over white, they are ground.
    bgra(cv::Rect(50, 0, 10, 30)).setTo(cv::Scalar(0, 0, 0, 0));
    cv::imwrite(dir / "a.png", bgra);
    gen::ColourImageOptions o;
    o.width = 6;
    o.height = 4;
    o.palette = {0xffffff, 0xcc2222, 0x2255cc};  // near the red and the blue
    const gen::ColourBoard cb = gen::image_to_colour_board(dir / "a.png", o);
    ASSERT_EQ(cb.palette.size(), 3u);
    EXPECT_EQ(cb.palette[1].rgb, 0xcc2222u);
    EXPECT_EQ(cb.palette[2].rgb, 0x2255ccu);
    EXPECT_EQ(cb.board, expected_board(1, 2));
}

TEST(ColourImage, BadInputIsRefused) {
    gen::ColourImageOptions o;
    EXPECT_THROW(gen::image_to_colour_board("/no/such/picture.png", o), ParseError);
    o.colours = 0;
    EXPECT_THROW(o.validate(), std::invalid_argument);
    o.colours = 2;
    o.palette = {0xffffff};
    EXPECT_THROW(o.validate(), std::invalid_argument);
    o.palette = {0xffffff, 0x1000000};
    EXPECT_THROW(o.validate(), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

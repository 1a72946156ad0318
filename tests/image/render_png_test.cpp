#include "io/image/render_png.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/picture.hpp"
#include "image/image_test_util.hpp"

namespace nonolab {
namespace {

TEST(RenderPng, DrawsTheSolutionCellsBlack) {
    Grid g(3, 2, kEmpty);
    g.set(0, 0, kFilled);
    g.set(1, 2, kFilled);
    const Puzzle p = puzzle_from_picture(g);
    io::PngRenderOptions o;
    o.clues = false;
    o.cell = 10;
    const std::string png = io::render_png(p, &g, o);
    ASSERT_EQ(png.substr(1, 3), "PNG");
    const cv::Mat img =
        cv::imdecode(std::vector<unsigned char>(png.begin(), png.end()), cv::IMREAD_GRAYSCALE);
    ASSERT_EQ(img.cols, 31);
    ASSERT_EQ(img.rows, 21);
    EXPECT_LT(img.at<unsigned char>(5, 5), 50);    // row 0, column 0: filled
    EXPECT_GT(img.at<unsigned char>(5, 15), 200);  // row 0, column 1: empty
    EXPECT_LT(img.at<unsigned char>(15, 25), 50);  // row 1, column 2: filled
    // With clues the picture grows by the clue margins, and text is drawn there.
    o.clues = true;
    const std::string with = io::render_png(p, nullptr, o);
    const cv::Mat img2 =
        cv::imdecode(std::vector<unsigned char>(with.begin(), with.end()), cv::IMREAD_GRAYSCALE);
    EXPECT_EQ(img2.cols, 31 + 10);
    EXPECT_EQ(img2.rows, 21 + 10);
    double minv = 255;
    cv::minMaxLoc(img2(cv::Rect(0, 10, 10, 20)), &minv);
    EXPECT_LT(minv, 128);  // a row clue's digit
    // Written via a temporary file; bad sizes refused.
    image_test::ScratchDir dir("render_png");
    io::write_png(dir / "p.png", p, &g, o);
    EXPECT_FALSE(cv::imread(dir / "p.png").empty());
    o.cell = 2;
    EXPECT_THROW(io::render_png(p, &g, o), std::invalid_argument);
}

// The columns of x in [x0, x1) of a grayscale image band holding dark ink.
std::vector<bool> ink_columns(const cv::Mat& band, int x0, int x1) {
    std::vector<bool> ink;
    for (int x = x0; x < x1; ++x) {
        bool dark = false;
        for (int y = 0; y < band.rows; ++y) dark = dark || band.at<unsigned char>(y, x) < 160;
        ink.push_back(dark);
    }
    return ink;
}

// A past fault: at 16-pixel cells the column clues "14 14" of examples/cat.png's
// 20x20 puzzle ran together ("5 1414 5"). Every pair of neighbouring
// multi-digit column clues must leave white pixel columns between them.
TEST(RenderPng, NeighbouringColumnCluesNeverTouch) {
    for (int length : {14, 104}) {
        Grid g(4, length + 1, kEmpty);  // width 4
        for (int r = 0; r < length; ++r)
            for (int c = 0; c < 4; ++c) g.set(r, c, kFilled);
        const Puzzle p = puzzle_from_picture(g);
        for (int cell : {10, 16, 24}) {
            io::PngRenderOptions o;
            o.cell = cell;
            const std::string png = io::render_png(p, nullptr, o);
            const cv::Mat img = cv::imdecode(std::vector<unsigned char>(png.begin(), png.end()),
                                             cv::IMREAD_GRAYSCALE);
            const int left = cell;  // one run per row clue: one clue cell
            // The clue band, without the grid's top line.
            const cv::Mat band = img(cv::Rect(0, 0, img.cols, cell - 1));
            // From the middle of column c's clue to the middle of column c+1's:
            // the ink must stop and start again, with white between.
            for (int c = 0; c + 1 < 4; ++c) {
                const int x0 = left + c * cell + cell / 2, x1 = x0 + cell;
                const std::vector<bool> ink = ink_columns(band, x0, x1);
                // At least two pixel columns free of ink, side by side.
                bool gap = false;
                for (size_t i = 0; i + 1 < ink.size(); ++i) gap = gap || (!ink[i] && !ink[i + 1]);
                EXPECT_TRUE(gap) << "clue " << length << ", cell " << cell << ", columns " << c
                                 << " and " << c + 1;
                EXPECT_TRUE(std::find(ink.begin(), ink.end(), true) != ink.end());
            }
        }
    }
}

// Colour clue numbers sit on a square of their colour in a readable ink.
TEST(RenderPng, ColourCluesSitOnTheirColour) {
    Palette pal = black_and_white_palette();
    pal[1] = Colour{"yellow", 'y', 0xffff00};
    pal.push_back(Colour{"navy", 'n', 0x000080});
    Grid g(2, 1, kEmpty);  // width 2, height 1
    g.set(0, 0, 1);
    g.set(0, 1, 2);
    const Puzzle p = puzzle_from_picture(g, pal);
    io::PngRenderOptions o;
    o.cell = 20;
    const std::string png = io::render_png(p, nullptr, o);
    const cv::Mat img =
        cv::imdecode(std::vector<unsigned char>(png.begin(), png.end()), cv::IMREAD_COLOR);
    // Column 0's clue cell (x 40..59, y 0..19): a yellow square with dark digits.
    const cv::Vec3b corner = img.at<cv::Vec3b>(2, 42);  // BGR
    EXPECT_EQ(corner, cv::Vec3b(0, 255, 255));
    double lo = 255;
    cv::Mat gray;
    cv::cvtColor(img(cv::Rect(40, 0, 20, 20)), gray, cv::COLOR_BGR2GRAY);
    cv::minMaxLoc(gray, &lo);
    EXPECT_LT(lo, 80);  // black ink
    // Column 1's (x 60..79): navy with light digits.
    EXPECT_EQ(img.at<cv::Vec3b>(2, 62), cv::Vec3b(128, 0, 0));
    double hi = 0;
    cv::cvtColor(img(cv::Rect(60, 0, 20, 20)), gray, cv::COLOR_BGR2GRAY);
    cv::minMaxLoc(gray, nullptr, &hi);
    EXPECT_GT(hi, 200);  // white ink
}

}  // namespace
}  // namespace nonolab

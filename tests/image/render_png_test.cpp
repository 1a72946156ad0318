#include "io/image/render_png.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

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

}  // namespace
}  // namespace nonolab

#include "gen/image/image_to_board.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <opencv2/imgcodecs.hpp>

#include "core/error.hpp"
#include "image/image_test_util.hpp"

namespace nonolab {
namespace {

using image_test::disc_image;
using image_test::ScratchDir;

int filled(const Grid& g) {
    int n = 0;
    for (Cell c : g.cells()) n += c == kFilled;
    return n;
}

gen::ImageToBoardOptions size(int n) {
    gen::ImageToBoardOptions o;
    o.width = o.height = n;
    return o;
}

TEST(ImageToBoard, ThresholdOfADiscIsTheDiscsComplement) {
    // Dark disc on white: "gray > 128" fills the light background (the
    // paper's Figure 7: white = filled), so the disc is the empty cells.
    const Grid g = gen::image_to_board(disc_image(), gen::ImageMethod::threshold, size(20));
    // Cells well inside the disc are empty, corners filled.
    for (int r = 0; r < 20; ++r)
        for (int c = 0; c < 20; ++c) {
            const double dr = (r + 0.5) * 10 - 100, dc = (c + 0.5) * 10 - 100;
            const double d = std::sqrt(dr * dr + dc * dc);
            if (d < 60) EXPECT_EQ(g.at(r, c), kEmpty) << r << "," << c;
            if (d > 80) EXPECT_EQ(g.at(r, c), kFilled) << r << "," << c;
        }
    // The disc covers pi·70²/200² = 38% of the picture.
    EXPECT_NEAR(400 - filled(g), 0.385 * 400, 20);
    // Inverted Otsu makes the disc itself the filled cells.
    const Grid inv = gen::image_to_board(disc_image(), gen::ImageMethod::otsu_inv, size(20));
    EXPECT_NEAR(filled(inv), 0.385 * 400, 20);
    EXPECT_EQ(inv.at(10, 10), kFilled);
    EXPECT_EQ(inv.at(0, 0), kEmpty);
}

TEST(ImageToBoard, InvertedOtsuIsTheComplementOfOtsu) {
    cv::Mat grad(60, 90, CV_8UC1);
    for (int y = 0; y < grad.rows; ++y)
        for (int x = 0; x < grad.cols; ++x)
            grad.at<unsigned char>(y, x) = static_cast<unsigned char>((x * 3 + y * 7) % 256);
    for (const cv::Mat& img : {disc_image(), grad}) {
        const Grid a = gen::image_to_board(img, gen::ImageMethod::otsu, size(13));
        const Grid b = gen::image_to_board(img, gen::ImageMethod::otsu_inv, size(13));
        for (int i = 0; i < a.size(); ++i) EXPECT_NE(a.cells()[i], b.cells()[i]) << i;
    }
}

TEST(ImageToBoard, CannyGivesEdgesOnly) {
    // A big filled square: Canny marks its border, never the flat inside or outside.
    cv::Mat m(200, 200, CV_8UC1, cv::Scalar(255));
    cv::rectangle(m, cv::Point(40, 40), cv::Point(159, 159), cv::Scalar(0), cv::FILLED);
    const Grid g = gen::image_to_board(m, gen::ImageMethod::canny, size(20));
    EXPECT_GT(filled(g), 0);
    for (int r = 0; r < 20; ++r)
        for (int c = 0; c < 20; ++c) {
            const bool inside = r >= 6 && r <= 13 && c >= 6 && c <= 13;
            const bool outside = r <= 2 || r >= 17 || c <= 2 || c >= 17;
            if (inside || outside) EXPECT_EQ(g.at(r, c), kEmpty) << r << "," << c;
        }
    // A flat picture has no edges at all.
    const Grid flat = gen::image_to_board(cv::Mat(50, 50, CV_8UC1, cv::Scalar(90)),
                                          gen::ImageMethod::canny, size(10));
    EXPECT_EQ(filled(flat), 0);
}

TEST(ImageToBoard, ReadsFilesAndRefusesBadOnes) {
    ScratchDir dir("image_to_board");
    ASSERT_TRUE(cv::imwrite(dir / "disc.png", disc_image()));
    const cv::Mat back = gen::read_gray_image(dir / "disc.png");
    EXPECT_EQ(back.type(), CV_8UC1);
    EXPECT_EQ(back.cols, 200);
    // Colour with transparency: a transparent pixel counts as white paper.
    cv::Mat bgra(10, 10, CV_8UC4, cv::Scalar(0, 0, 0, 0));
    bgra(cv::Rect(0, 0, 5, 10)).setTo(cv::Scalar(0, 0, 0, 255));
    ASSERT_TRUE(cv::imwrite(dir / "alpha.png", bgra));
    const cv::Mat a = gen::read_gray_image(dir / "alpha.png");
    EXPECT_EQ(a.at<unsigned char>(0, 0), 0);
    EXPECT_EQ(a.at<unsigned char>(0, 9), 255);

    try {
        gen::read_gray_image(dir / "missing.png");
        ADD_FAILURE() << "no error for a missing file";
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("no such file"), std::string::npos) << e.what();
    }
    std::ofstream(dir / "junk.png") << "this is not a picture";
    try {
        gen::read_gray_image(dir / "junk.png");
        ADD_FAILURE() << "no error for a junk file";
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("cannot decode"), std::string::npos) << e.what();
        EXPECT_EQ(e.source(), dir / "junk.png");
    }
    gen::ImageToBoardOptions o = size(0);
    EXPECT_THROW(o.validate(), std::invalid_argument);
    EXPECT_THROW(gen::parse_image_method("sobel"), std::invalid_argument);
    EXPECT_EQ(gen::parse_image_method("otsu-inv"), gen::ImageMethod::otsu_inv);
}

TEST(ImageToBoard, SourceGivesEveryImageUnderEveryMethod) {
    ScratchDir dir("image_source");
    ASSERT_TRUE(cv::imwrite(dir / "a.png", disc_image()));
    ASSERT_TRUE(cv::imwrite(dir / "b.png", 255 - disc_image()));
    const gen::BoardSource src = gen::image_source(
        {dir / "a.png", dir / "b.png"},
        std::vector<gen::ImageMethod>(gen::kImageMethods.begin(), gen::kImageMethods.end()),
        size(8));
    EXPECT_EQ(src.count, 8u);
    EXPECT_EQ(src.label(5), dir / "b.png" + " threshold");
    std::vector<Grid> got;
    src.produce(3, 6, 0, [&](const Grid& g) { return got.push_back(g), true; });
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(got[0], gen::image_to_board(disc_image(), gen::ImageMethod::otsu_inv, size(8)));
    EXPECT_EQ(got[2],
              gen::image_to_board(255 - disc_image(), gen::ImageMethod::threshold, size(8)));
}

}  // namespace
}  // namespace nonolab

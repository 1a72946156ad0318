// Tests for the OpenCV picture decoder (src/io/image/decode_rgb.cpp) and,
// with it installed, for PNG puzzles read from the shared benchmark pictures.
#include "io/image/decode_rgb.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <opencv2/imgcodecs.hpp>

#include "core/error.hpp"
#include "io/formats.hpp"

namespace nonolab {
namespace {

namespace fs = std::filesystem;

std::string png_of(const cv::Mat& m) {
    std::vector<unsigned char> bytes;
    EXPECT_TRUE(cv::imencode(".png", m, bytes));
    return std::string(bytes.begin(), bytes.end());
}

TEST(DecodeRgb, ReadsRgbGreyAndSixteenBitPictures) {
    cv::Mat bgr(1, 2, CV_8UC3);
    bgr.at<cv::Vec3b>(0, 0) = {0x30, 0x20, 0x10};  // OpenCV order: B, G, R
    bgr.at<cv::Vec3b>(0, 1) = {255, 255, 255};
    const io::RgbImage a = io::decode_rgb(png_of(bgr), "a.png");
    EXPECT_EQ(a.width, 2);
    EXPECT_EQ(a.height, 1);
    EXPECT_EQ(a.pixels, (std::vector<std::uint32_t>{0x102030, 0xFFFFFF}));

    const cv::Mat grey(2, 1, CV_8UC1, cv::Scalar(0x40));
    EXPECT_EQ(io::decode_rgb(png_of(grey), "g.png").pixels,
              (std::vector<std::uint32_t>{0x404040, 0x404040}));

    const cv::Mat deep(1, 1, CV_16UC3, cv::Scalar(65535, 0, 257 * 0x80));
    EXPECT_EQ(io::decode_rgb(png_of(deep), "d.png").pixels, (std::vector<std::uint32_t>{0x8000FF}));
}

TEST(DecodeRgb, TransparentPixelsAreWhite) {
    cv::Mat bgra(1, 2, CV_8UC4);
    bgra.at<cv::Vec4b>(0, 0) = {0, 0, 0, 0};      // transparent black: paper
    bgra.at<cv::Vec4b>(0, 1) = {0, 0, 255, 255};  // opaque red
    EXPECT_EQ(io::decode_rgb(png_of(bgra), "t.png").pixels,
              (std::vector<std::uint32_t>{0xFFFFFF, 0xFF0000}));
}

TEST(DecodeRgb, DamagedBytesAreAParseError) {
    const std::string good = png_of(cv::Mat(3, 3, CV_8UC3, cv::Scalar(1, 2, 3)));
    for (const std::string& bad : {std::string(), good.substr(0, 20), std::string("not a png")}) {
        try {
            io::decode_rgb(bad, "bad.png");
            ADD_FAILURE() << "decoded " << bad.size() << " damaged bytes";
        } catch (const ParseError& e) {
            EXPECT_EQ(e.source(), "bad.png");
            EXPECT_NE(e.message().find("cannot decode"), std::string::npos) << e.what();
        }
    }
}

// ---- number-loom's solution pictures ---------------------------------------------

/// A clue as (length, RGB) pairs, so that puzzles with palettes in different
/// orders can be compared.
using RgbClue = std::vector<std::pair<int, std::uint32_t>>;

std::vector<RgbClue> rgb_clues(const Puzzle& p, bool rows) {
    std::vector<RgbClue> out;
    for (const Clue& clue : rows ? p.rows() : p.columns()) {
        RgbClue c;
        for (const Run& r : clue) c.emplace_back(r.length, p.palette()[r.colour].rgb);
        out.push_back(std::move(c));
    }
    return out;
}

class PngPuzzles : public ::testing::Test {
  protected:
    void SetUp() override { io::install_image_decoder(&io::decode_rgb); }
    void TearDown() override { io::install_image_decoder(nullptr); }
    const std::string shared_ = NONOLAB_SHARED_DIR "/benchmarks";
};

TEST_F(PngPuzzles, EveryPictureReadsWithTheReadmeSizesAndColours) {
    const std::string dir = shared_ + "/colour/number_loom_png";
    if (!fs::exists(dir)) GTEST_SKIP() << "no pictures at " << dir;
    // README.md of that folder: W x H and the colours besides white.
    const std::map<std::string, std::pair<std::array<int, 2>, std::vector<std::uint32_t>>> table = {
        {"bill_jeb_and_bob", {{30, 15}, {0x000000, 0x62ec74, 0xffa61d}}},
        {"fire_submarine", {{40, 15}, {0x130801, 0xf42020}}},
        {"headphones", {{20, 20}, {0x000000, 0xb30101}}},
        {"pill_bottles", {{15, 15}, {0x000000, 0xf78900}}},
        {"puzzle_piece", {{20, 15}, {0x2764ff, 0x4d4d39}}},
        {"shirt_and_tie", {{15, 20}, {0x00cdff, 0x1600ff}}},
        {"shirt_and_tie_no_button", {{15, 20}, {0x0000ff, 0x00ccff}}},
        {"skid_steer", {{25, 15}, {0x313131, 0xffac2b}}}};
    for (const auto& [name, want] : table) {
        const std::string path = dir + "/" + name + ".png";
        SCOPED_TRACE(path);
        const Puzzle p = io::read_puzzles(path).at(0);
        EXPECT_EQ(p.width(), want.first[0]);
        EXPECT_EQ(p.height(), want.first[1]);
        std::vector<std::uint32_t> rgbs;
        for (const Colour& c : p.palette()) rgbs.push_back(c.rgb);
        std::vector<std::uint32_t> expected{0xFFFFFF};
        expected.insert(expected.end(), want.second.begin(), want.second.end());
        EXPECT_EQ(rgbs, expected);
        ASSERT_TRUE(p.info().goal.has_value());
    }
}

TEST_F(PngPuzzles, CluesEqualTheXmlPuzzlesTheyAreTheSolutionsOf) {
    const std::string png = shared_ + "/colour/number_loom_png/";
    const std::string xml = shared_ + "/misc/number_loom_puzzles/puzzles/";
    if (!fs::exists(png) || !fs::exists(xml)) GTEST_SKIP() << "no number-loom files";
    const std::pair<const char*, const char*> pairs[] = {{"headphones", "listen_left_and_right"},
                                                         {"pill_bottles", "take_two"},
                                                         {"puzzle_piece", "missing"},
                                                         {"shirt_and_tie", "look_sharp"},
                                                         {"skid_steer", "little_hauler"}};
    for (const auto& [picture, puzzle] : pairs) {
        SCOPED_TRACE(picture);
        const Puzzle a = io::read_puzzles(png + picture + ".png").at(0);
        const Puzzle b = io::read_puzzles(xml + puzzle + ".xml").at(0);
        EXPECT_EQ(rgb_clues(a, true), rgb_clues(b, true));
        EXPECT_EQ(rgb_clues(a, false), rgb_clues(b, false));
    }
    // Same palette order in both files: headphones equals its XML outright.
    EXPECT_TRUE(io::read_puzzles(png + "headphones.png")
                    .at(0)
                    .same_clues(io::read_puzzles(xml + "listen_left_and_right.xml").at(0)));
}

}  // namespace
}  // namespace nonolab

// Tests for PNG puzzles in the io layer (src/io/png.cpp, src/io/image_codec.cpp).
// Decoding itself is OpenCV's (tests/image/decode_rgb_test.cpp); here a fake
// decoder stands in, so these tests run in builds without OpenCV too.
#include "io/png.hpp"

#include <gtest/gtest.h>

#include "core/picture.hpp"
#include "io/formats.hpp"
#include "io/io_test_util.hpp"

namespace nonolab::io {
namespace {

const std::string kSignature = "\x89PNG\r\n\x1a\n";

RgbImage image(int w, int h, std::vector<std::uint32_t> pixels) {
    return RgbImage{w, h, std::move(pixels)};
}

/// Installs a decoder for the duration of a test, and removes it after.
struct FakeDecoder {
    explicit FakeDecoder(RgbImage img) {
        install_image_decoder([img](std::string_view, const std::string&) { return img; });
    }
    ~FakeDecoder() { install_image_decoder(nullptr); }
};

TEST(PngPuzzle, WhiteIsTheBackgroundAndColoursSortByRgb) {
    // .R
    // BR   (R = ff0000, B = 0000ff)
    const Puzzle p =
        puzzle_of_image(image(2, 2, {0xFFFFFF, 0xFF0000, 0x0000FF, 0xFF0000}), "p.png");
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[0].rgb, 0xFFFFFFu);
    EXPECT_EQ(p.palette()[1].rgb, 0x0000FFu);
    EXPECT_EQ(p.palette()[2].rgb, 0xFF0000u);
    EXPECT_EQ(p.palette()[1].name, "blue");
    EXPECT_EQ(p.row(1), (Clue{{1, 1}, {1, 2}}));
    EXPECT_EQ(p.column(1), (Clue{{2, 2}}));
    ASSERT_TRUE(p.info().goal.has_value());
    EXPECT_EQ(p.info().goal->at(1, 0), 1);
}

TEST(PngPuzzle, WithoutWhiteTheMostCommonColourIsTheBackground) {
    const Puzzle p = puzzle_of_image(image(3, 1, {0x123456, 0x00FF00, 0x123456}), "p.png");
    ASSERT_EQ(p.palette().size(), 2u);
    EXPECT_EQ(p.palette()[0].rgb, 0x123456u);
    EXPECT_EQ(p.palette()[0].name, "123456");
    EXPECT_EQ(p.palette()[1].name, "lime");
    EXPECT_EQ(p.row(0), (Clue{{1, 1}}));
    // Ties go to the lowest RGB value; an all-white picture is an empty puzzle.
    EXPECT_EQ(puzzle_of_image(image(2, 1, {0x00FF00, 0x000001}), "t").palette()[0].rgb, 1u);
    const Puzzle blank = puzzle_of_image(image(2, 1, {0xFFFFFF, 0xFFFFFF}), "b");
    EXPECT_EQ(blank.palette().size(), 2u);  // puzzles always have a foreground colour
    EXPECT_TRUE(blank.row(0).empty());
}

TEST(PngPuzzle, RefusesEmptyAndPhotoLikePictures) {
    test_util::expect_error([] { puzzle_of_image(image(0, 0, {}), "e.png"); }, 0,
                            "expected a picture of 1 to");
    std::vector<std::uint32_t> many(300);
    for (size_t i = 0; i < many.size(); ++i) many[i] = static_cast<std::uint32_t>(i * 101);
    test_util::expect_error<UnsupportedError>(
        [&] { puzzle_of_image(image(300, 1, many), "photo.png"); }, 0, "is it a photo?");
}

TEST(PngReader, WithoutADecoderSaysThePluginIsNeeded) {
    install_image_decoder(nullptr);
    EXPECT_FALSE(have_image_decoder());
    test_util::expect_error<UnsupportedError>([] { read_png(kSignature + "rest", "a.png"); }, 0,
                                              "reading PNG puzzles needs the OpenCV image plugin");
    test_util::expect_error([] { read_png("GIF89a", "a.png"); }, 0, "expected a PNG file");
}

TEST(PngReader, ReadsThroughTheInstalledDecoder) {
    const FakeDecoder fake(image(2, 1, {0x000000, 0xFFFFFF}));
    EXPECT_TRUE(have_image_decoder());
    const std::vector<Puzzle> ps = read_puzzles_text(kSignature + "...", "x.png");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].row(0), (Clue{{1, 1}}));
    EXPECT_EQ(ps[0].palette()[1].name, "black");
    // Detected by content as well as by extension.
    EXPECT_EQ(read_puzzles_text(kSignature, "no-extension").size(), 1u);
}

TEST(PngReader, SnifferWantsTheSignature) {
    EXPECT_EQ(sniff_png(kSignature + "IHDR"), 100);
    EXPECT_EQ(sniff_png("\x89PNG"), 0);
    EXPECT_EQ(sniff_png("P1\n2 2\n"), 0);
    EXPECT_EQ(sniff_png(""), 0);
    EXPECT_STREQ(find_format("png")->name, "png");
    EXPECT_EQ(find_format("png")->write, nullptr);
}

}  // namespace
}  // namespace nonolab::io

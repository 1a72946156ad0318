#include "gen/image/average_hash.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include "image/image_test_util.hpp"

namespace nonolab {
namespace {

using image_test::disc_image;

cv::Mat stripes() {
    cv::Mat m(120, 120, CV_8UC1, cv::Scalar(30));
    for (int x = 0; x < 120; x += 30) m(cv::Rect(x, 0, 15, 120)).setTo(220);
    return m;
}

TEST(AverageHash, BrightenedCopyCollapsesDifferentImageStays) {
    const cv::Mat disc = disc_image();
    cv::Mat brighter;
    disc.convertTo(brighter, CV_8U, 1.0, 12);  // +12 gray levels, saturating
    const auto h_disc = gen::average_hash(disc), h_bright = gen::average_hash(brighter);
    const auto h_stripes = gen::average_hash(stripes());
    EXPECT_LE(gen::hamming_distance(h_disc, h_bright), 2);
    EXPECT_GT(gen::hamming_distance(h_disc, h_stripes), 10);
    // The disc's hash: the corners are above the mean, the centre below.
    EXPECT_TRUE(h_disc >> 63 & 1);
    EXPECT_FALSE(h_disc >> (63 - (3 * 8 + 3)) & 1);

    image_test::ScratchDir dir("average_hash");
    cv::imwrite(dir / "disc.png", disc);
    cv::imwrite(dir / "bright.jpg", brighter);
    cv::imwrite(dir / "stripes.png", stripes());
    cv::imwrite(dir / "disc2.png", disc);
    const gen::Dedupe d = gen::dedupe_images(
        {dir / "disc.png", dir / "stripes.png", dir / "bright.jpg", dir / "disc2.png"}, 2);
    EXPECT_EQ(d.kept, (std::vector<std::size_t>{0, 1}));
    ASSERT_EQ(d.dropped.size(), 2u);
    EXPECT_EQ(d.dropped[0], (std::pair<std::size_t, std::size_t>{2, 0}));
    EXPECT_EQ(d.dropped[1], (std::pair<std::size_t, std::size_t>{3, 0}));
}

TEST(AverageHash, DistanceZeroKeepsAllButIdenticalHashes) {
    const std::vector<std::uint64_t> h = {0b1011, 0b1010, 0b1011, 0xFF00};
    const gen::Dedupe d0 = gen::dedupe_hashes(h, 0);
    EXPECT_EQ(d0.kept, (std::vector<std::size_t>{0, 1, 3}));
    const gen::Dedupe d1 = gen::dedupe_hashes(h, 1);
    EXPECT_EQ(d1.kept, (std::vector<std::size_t>{0, 3}));
    EXPECT_THROW(gen::dedupe_hashes(h, 65), std::invalid_argument);
    EXPECT_THROW(gen::average_hash(cv::Mat()), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

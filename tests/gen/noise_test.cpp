#include "gen/noise.hpp"

#include <gtest/gtest.h>

namespace nonolab {
namespace {

std::vector<Grid> boards(const gen::NoiseOptions& o, std::uint64_t seed, int count) {
    std::vector<Grid> out;
    gen::noise_boards(o, seed, count, [&](const Grid& g) { return out.push_back(g), true; });
    return out;
}

TEST(Noise, SameSeedSameBoardsOtherSeedOtherBoards) {
    gen::NoiseOptions o;
    EXPECT_EQ(boards(o, 7, 20), boards(o, 7, 20));
    EXPECT_NE(boards(o, 7, 20), boards(o, 8, 20));
    // A shorter run is a prefix of a longer one.
    const auto a = boards(o, 7, 5), b = boards(o, 7, 20);
    EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin()));
}

TEST(Noise, DensityIsNearOneHalf) {
    // 200,000 cells: the filled share has standard deviation 0.0011, so
    // +-0.01 is about 9 sigma; a broken threshold (or a stuck generator) fails.
    gen::NoiseOptions o;
    long filled = 0, cells = 0;
    gen::noise_boards(o, 1, 2000, [&](const Grid& g) {
        for (Cell c : g.cells()) {
            EXPECT_TRUE(c == kFilled || c == kEmpty);
            filled += c == kFilled;
            ++cells;
        }
        return true;
    });
    EXPECT_EQ(cells, 200000);
    EXPECT_NEAR(static_cast<double>(filled) / cells, 0.5, 0.01);
    // Threshold 0.8: P(filled) = 0.2.
    o.threshold = 0.8;
    filled = 0;
    gen::noise_boards(o, 2, 2000, [&](const Grid& g) {
        for (Cell c : g.cells()) filled += c == kFilled;
        return true;
    });
    EXPECT_NEAR(static_cast<double>(filled) / cells, 0.2, 0.01);
}

TEST(Noise, RectangularAndBadOptions) {
    gen::NoiseOptions o;
    o.width = 7;
    o.height = 3;
    nonolab::Rng rng(1);
    const Grid g = gen::noise_board(o, rng);
    EXPECT_EQ(g.width(), 7);
    EXPECT_EQ(g.height(), 3);
    o.width = 0;
    EXPECT_THROW(o.validate(), std::invalid_argument);
    o.width = 3;
    o.threshold = 1.5;
    EXPECT_THROW(o.validate(), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

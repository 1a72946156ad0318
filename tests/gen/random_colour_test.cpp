// Random colour boards: seeded, the density and the colour mix as asked, a
// palette of distinct colours, and a shardable source whose puzzles carry it.
#include "gen/random_colour.hpp"

#include <gtest/gtest.h>

#include <set>

#include "core/picture.hpp"
#include "core/verify.hpp"

namespace nonolab {
namespace {

TEST(RandomColour, SameSeedSameBoardOtherSeedOther) {
    gen::RandomColourOptions o;
    o.width = 12;
    o.height = 9;
    o.colours = 4;
    o.density = 0.6;
    Rng a(5), b(5), c(6);
    const Grid x = gen::random_colour_board(o, a);
    EXPECT_EQ(x, gen::random_colour_board(o, b));
    EXPECT_NE(x, gen::random_colour_board(o, c));
    EXPECT_EQ(x.width(), 12);
    EXPECT_EQ(x.height(), 9);
}

TEST(RandomColour, DensityAndColourShares) {
    gen::RandomColourOptions o;
    o.width = o.height = 200;  // 40,000 cells
    o.colours = 4;
    o.density = 0.7;
    Rng rng(1);
    const Grid g = gen::random_colour_board(o, rng);
    std::vector<int> count(5, 0);
    for (Cell c : g.cells()) {
        ASSERT_LE(c, 4);
        ++count[c];
    }
    const double n = 40000;
    EXPECT_NEAR(count[0] / n, 0.3, 0.015);  // ~6 standard deviations
    for (int k = 1; k <= 4; ++k) EXPECT_NEAR(count[k] / n, 0.7 / 4, 0.012) << k;
    // The extremes are exact. (Each board is bound to a name first: a
    // range-for over a temporary's cells() would read a destroyed grid.)
    o.density = 0;
    const Grid none = gen::random_colour_board(o, rng);
    for (Cell c : none.cells()) ASSERT_EQ(c, kEmpty);
    o.density = 1;
    const Grid all = gen::random_colour_board(o, rng);
    for (Cell c : all.cells()) ASSERT_NE(c, kEmpty);
}

TEST(RandomColour, PalettesHaveDistinctColoursNamesAndSymbols) {
    EXPECT_EQ(gen::random_palette(1), black_and_white_palette());
    for (int k : {2, 4, 12, 13, 40, gen::kMaxRandomColours}) {
        const Palette p = gen::random_palette(k);
        ASSERT_EQ(p.size(), static_cast<size_t>(k + 1));
        EXPECT_EQ(p[0].rgb, 0xffffffu);
        std::set<std::uint32_t> rgbs;
        std::set<std::string> names;
        std::set<char> symbols;
        for (const Colour& c : p)
            rgbs.insert(c.rgb), names.insert(c.name), symbols.insert(c.symbol);
        EXPECT_EQ(rgbs.size(), p.size()) << k;
        EXPECT_EQ(names.size(), p.size()) << k;
        EXPECT_EQ(symbols.size(), p.size()) << k;
    }
    EXPECT_THROW(gen::random_palette(0), std::invalid_argument);
    EXPECT_THROW(gen::random_palette(gen::kMaxRandomColours + 1), std::invalid_argument);
}

TEST(RandomColour, SourceCarriesItsPaletteIntoPuzzles) {
    gen::RandomColourOptions o;
    o.width = 6;
    o.height = 5;
    o.colours = 3;
    o.density = 0.5;
    const gen::BoardSource src = gen::random_colour_source(o, 10);
    EXPECT_EQ(src.palette, gen::random_palette(3));
    gen::ShardOptions so;
    so.shard_size = 4;
    int boards = 0;
    gen::run_shard(src, so, 1, [&](const Grid& g, const gen::BoardInfo&) {
        const Puzzle p = puzzle_from_picture(g, src.palette);
        EXPECT_TRUE(verify(p, g));
        ++boards;
        return true;
    });
    EXPECT_EQ(boards, 4);
    o.density = 2;
    EXPECT_THROW(gen::random_colour_source(o, 1), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

#include "core/rng.hpp"

#include <gtest/gtest.h>

#include <vector>

using nonolab::derive_seed;
using nonolab::Rng;

TEST(Rng, SameSeedSameStream) {
    Rng a(42), b(42), c(43);
    bool differs = false;
    for (int i = 0; i < 1000; ++i) {
        const auto x = a.next();
        EXPECT_EQ(x, b.next());
        if (x != c.next()) differs = true;
    }
    EXPECT_TRUE(differs);
}

TEST(Rng, BelowIsInRangeAndCoversIt) {
    Rng r(7);
    std::vector<int> hits(10, 0);
    for (int i = 0; i < 100000; ++i) {
        const auto x = r.below(10);
        ASSERT_LT(x, 10u);
        ++hits[x];
    }
    // Each bucket expects 10000; 5 sigma is about 475.
    for (int h : hits) EXPECT_NEAR(h, 10000, 500);
}

TEST(Rng, UniformAndChance) {
    Rng r(9);
    int yes = 0;
    for (int i = 0; i < 100000; ++i) {
        const double u = r.uniform();
        ASSERT_GE(u, 0.0);
        ASSERT_LT(u, 1.0);
        yes += r.chance(0.3);
    }
    EXPECT_NEAR(yes, 30000, 800);
}

TEST(Rng, DerivedSeedsDifferPerUnit) {
    EXPECT_NE(derive_seed(1, 0), derive_seed(1, 1));
    EXPECT_NE(derive_seed(1, 0), derive_seed(2, 0));
    EXPECT_EQ(derive_seed(5, 17), derive_seed(5, 17));
}

TEST(Rng, KnownAnswer) {
    // Pins the stream: if this changes, every recorded experiment seed changes
    // meaning, so results in docs/results/ would no longer reproduce.
    Rng r(1);
    EXPECT_EQ(r.next(), 12966619160104079557ull);
    EXPECT_EQ(r.next(), 9600361134598540522ull);
    EXPECT_EQ(Rng(1).below(1000), 702u);
}

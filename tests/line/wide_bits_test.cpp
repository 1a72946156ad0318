// WideBits (src/line/wide_bits.hpp) against a plain reference: a
// std::vector<bool> read one position at a time. Every operation is checked
// on windows that start above word 0, at shift amounts on and around every
// word boundary, so an off-by-one in the word arithmetic shows up.
#include "line/wide_bits.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace nonolab::line {
namespace {

// A bitset of `words` words whose window starts at word `base`, kept with
// its reference: ref[p] is position p (positions outside the window are 0).
struct Fixture {
    std::vector<std::uint64_t> store;
    std::vector<bool> ref;
    WideBits bits;

    Fixture(int base, int words, std::mt19937_64& rng, int density = 50)
        : store(words), ref(64 * (base + words), false) {
        for (int i = 0; i < words; ++i) {
            for (int b = 0; b < 64; ++b) {
                if (static_cast<int>(rng() % 100) >= density) continue;
                store[i] |= std::uint64_t{1} << b;
                ref[64 * (base + i) + b] = true;
            }
        }
        bits = {store.data(), base, words};
    }
    bool at(long p) const { return p >= 0 && p < static_cast<long>(ref.size()) && ref[p]; }
};

const int kShifts[] = {0,   1,   2,   31,  63,  64,  65,  100, 127, 128,
                       129, 191, 192, 193, 255, 256, 257, 319, 320, 500};

TEST(WideBits, WordsOutsideTheWindowReadZero) {
    std::mt19937_64 rng(1);
    const Fixture f(2, 3, rng);
    for (int w = -3; w < 9; ++w) {
        const std::uint64_t expected = w >= 2 && w < 5 ? f.store[w - 2] : 0;
        EXPECT_EQ(f.bits.word(w), expected) << "w=" << w;
    }
}

TEST(WideBits, ShiftsMatchTheReferenceAtEveryWordBoundary) {
    std::mt19937_64 rng(2);
    for (int base : {0, 1, 3}) {
        const Fixture f(base, 5, rng);
        for (int s : kShifts) {
            for (int w = -2; w < base + 14; ++w) {
                std::uint64_t left = 0, right = 0;
                for (int b = 0; b < 64; ++b) {
                    const long p = 64L * w + b;
                    left |= std::uint64_t{f.at(p - s)} << b;
                    right |= std::uint64_t{f.at(p + s)} << b;
                }
                ASSERT_EQ(f.bits.shl_word(w, s), left)
                    << "base=" << base << " s=" << s << " w=" << w;
                ASSERT_EQ(f.bits.shr_word(w, s), right)
                    << "base=" << base << " s=" << s << " w=" << w;
            }
        }
    }
}

TEST(WideBits, TestAndForEachBitMatchTheReference) {
    std::mt19937_64 rng(3);
    const Fixture f(1, 4, rng, 20);
    std::vector<int> expected, got;
    for (int p = -5; p < 64 * 7; ++p) {
        ASSERT_EQ(f.bits.test(p), f.at(p)) << "p=" << p;
        if (f.at(p)) expected.push_back(p);
    }
    f.bits.for_each_bit([&](int p) { got.push_back(p); });
    EXPECT_EQ(got, expected);
    EXPECT_GT(expected.size(), 20u);
}

// Bit p of reflected_word's result is bit c - p; reverse_low(m) is c = m - 1.
TEST(WideBits, ReflectionReversesAnyRange) {
    std::mt19937_64 rng(4);
    for (int base : {0, 2}) {
        const Fixture f(base, 4, rng);
        for (int c : {0, 1, 5, 62, 63, 64, 65, 127, 128, 129, 200, 255, 256, 300, 383, 400}) {
            for (int w = 0; w < 8; ++w) {
                std::uint64_t expected = 0;
                for (int b = 0; b < 64; ++b)
                    expected |= std::uint64_t{f.at(c - (64L * w + b))} << b;
                ASSERT_EQ(f.bits.reflected_word(w, c), expected)
                    << "base=" << base << " c=" << c << " w=" << w;
            }
        }
    }
    EXPECT_EQ(WideBits::reverse_bits(1), std::uint64_t{1} << 63);
    EXPECT_EQ(WideBits::reverse_bits(0x00000000000000F1ULL), 0x8F00000000000000ULL);
}

// All ones + 1 carries through every word; random sums against the
// schoolbook bit-serial addition.
TEST(WideBits, AdditionCarriesAcrossWords) {
    const int words = 5;
    unsigned carry = 0;
    for (int i = 0; i < words; ++i) {
        EXPECT_EQ(WideBits::add_carry(~std::uint64_t{0}, i == 0 ? 1 : 0, carry), 0u) << i;
        EXPECT_EQ(carry, 1u) << i;
    }
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<std::uint64_t> a(words), b(words), sum(words);
        for (int i = 0; i < words; ++i) {
            a[i] = rng() % 3 ? ~std::uint64_t{0} : rng();  // mostly long carry chains
            b[i] = rng() % 3 ? 0 : rng();
        }
        b[0] |= 1;
        carry = 0;
        for (int i = 0; i < words; ++i) sum[i] = WideBits::add_carry(a[i], b[i], carry);
        unsigned c = 0;
        for (int p = 0; p < 64 * words; ++p) {
            const unsigned x = (a[p / 64] >> (p % 64)) & 1, y = (b[p / 64] >> (p % 64)) & 1;
            ASSERT_EQ((sum[p / 64] >> (p % 64)) & 1, (x + y + c) & 1) << "trial " << trial;
            c = (x + y + c) >> 1;
        }
        EXPECT_EQ(carry, c);
    }
}

// closure: reachability from the seeds by steps i -> i+1 through m.
TEST(WideBits, ClosureReachesThroughStretchesAcrossWords) {
    std::mt19937_64 rng(6);
    for (int trial = 0; trial < 300; ++trial) {
        const int words = 1 + static_cast<int>(rng() % 5);
        const int density = trial % 3 == 0 ? 100 : 70 + static_cast<int>(rng() % 31);
        const Fixture m(0, words, rng, density);
        const Fixture s(0, words, rng, static_cast<int>(rng() % 5));
        std::vector<std::uint64_t> out(words);
        const bool any = closure(
            {out.data(), 0, words}, [&](int w) { return s.bits.word(w); }, m.bits);
        std::vector<bool> reach(64 * words);
        for (int p = 0; p < 64 * words; ++p)
            reach[p] = s.at(p) || (p > 0 && reach[p - 1] && m.at(p - 1));
        bool expected_any = false;
        for (int p = 0; p < 64 * words; ++p) {
            ASSERT_EQ((out[p / 64] >> (p % 64)) & 1, reach[p] ? 1u : 0u)
                << "trial " << trial << " p=" << p;
            expected_any = expected_any || reach[p];
        }
        EXPECT_EQ(any, expected_any);
    }
    // One seed at 0 through all-ones: the carry crosses every word.
    std::vector<std::uint64_t> ones(4, ~std::uint64_t{0}), out(4);
    closure({out.data(), 0, 4}, [](int w) { return std::uint64_t{w == 0}; }, {ones.data(), 0, 4});
    EXPECT_EQ(out, ones);
}

}  // namespace
}  // namespace nonolab::line

// The black-and-white cell domain (exact/binary_domain.hpp): how a line
// packs for the line cache, and BinaryLines giving the line solver's
// answers with the cache on or off. cell_domain_test.cpp checks the
// domain's semantic rules; line_cache_test.cpp the cache itself.
#include "exact/binary_domain.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <vector>

#include "core/picture.hpp"
#include "exact_test_util.hpp"

namespace nonolab::exact {
namespace {

TEST(BinaryDomain, APackedLineUnpacksToItself) {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<Cell> cells(1 + trial % 32);
        for (Cell& c : cells) c = std::vector<Cell>{kUnknown, kEmpty, kFilled}[rng() % 3];
        const BinaryCodec::Key key = BinaryCodec::pack(cells);
        for (std::size_t i = 0; i < cells.size(); ++i)
            ASSERT_EQ(BinaryCodec::unpack(key, i), cells[i]) << "trial " << trial;
        EXPECT_EQ(BinaryCodec::all_decided(cells),
                  std::find(cells.begin(), cells.end(), kUnknown) == cells.end());
    }
}

TEST(BinaryDomain, LinesGiveTheSameAnswersWithTheCacheOnOrOff) {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 40; ++trial) {
        const Puzzle p = test_util::random_puzzle(rng, 8 + trial % 5, 6 + trial % 4, 55);
        BinaryLines plain(p), cached(p);
        cached.enable_cache(10);
        const int lines = p.height() + p.width();
        for (int round = 0; round < 3; ++round)  // repeats: answered from the table
            for (int line = 0; line < lines; ++line) {
                const int n = line < p.height() ? p.width() : p.height();
                std::vector<Cell> a(n);
                for (Cell& c : a) c = rng() % 4 == 0 ? (rng() % 2 ? kFilled : kEmpty) : kUnknown;
                std::vector<Cell> b = a;
                const bool ok_a = plain.solve(line, a);
                ASSERT_EQ(cached.solve(line, b), ok_a) << "trial " << trial << " line " << line;
                if (ok_a) ASSERT_EQ(a, b);
            }
    }
}

TEST(BinaryDomain, RefusesAColourPuzzle) {
    Grid g(2, 1, kEmpty);
    g.cells() = {1, 2};
    EXPECT_THROW(BinaryLines(puzzle_from_picture(g, test_util::palette_of(3))),
                 std::invalid_argument);
}

}  // namespace
}  // namespace nonolab::exact

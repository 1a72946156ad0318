#include "gen/exhaustive.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace nonolab {
namespace {

std::string cells_of(const Grid& g) {
    std::string s;
    for (Cell c : g.cells()) s += c == kFilled ? '1' : '0';  // '0' < '1': order = board number
    return s;
}

TEST(Exhaustive, TwoByTwoAndThreeByThreeAreEveryBoardInLexicographicOrder) {
    for (int n : {2, 3}) {
        std::vector<std::string> seen;
        gen::ExhaustiveOptions o;
        o.width = o.height = n;
        EXPECT_TRUE(gen::exhaustive_boards(o, [&](const Grid& g) {
            EXPECT_TRUE(g.complete());
            seen.push_back(cells_of(g));
            return true;
        }));
        ASSERT_EQ(seen.size(), 1u << (n * n));
        EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()).size(), seen.size())
            << "distinct";
        for (size_t i = 1; i < seen.size(); ++i) EXPECT_LT(seen[i - 1], seen[i]) << i;
        EXPECT_EQ(seen.front(), std::string(n * n, '0'));
        EXPECT_EQ(seen.back(), std::string(n * n, '1'));
    }
    // Board 1 of 2x2 fills only the last cell; board 8 only the first.
    EXPECT_EQ(cells_of(gen::exhaustive_board(2, 2, 1)), "0001");
    EXPECT_EQ(cells_of(gen::exhaustive_board(2, 2, 8)), "1000");
}

TEST(Exhaustive, SlicesAreTheSameBoardsAsTheWholeRun) {
    gen::ExhaustiveOptions o;
    o.width = 3;
    o.height = 2;
    std::vector<std::string> whole, parts;
    gen::exhaustive_boards(o, [&](const Grid& g) { return whole.push_back(cells_of(g)), true; });
    for (std::uint64_t a = 0; a < 64; a += 10) {
        o.first = a;
        o.last = std::min<std::uint64_t>(a + 10, 64);
        gen::exhaustive_boards(o,
                               [&](const Grid& g) { return parts.push_back(cells_of(g)), true; });
    }
    EXPECT_EQ(whole, parts);
    EXPECT_EQ(gen::exhaustive_count(5, 5), 33554432u);
}

TEST(Exhaustive, StopsWhenTheSinkSaysSo) {
    int calls = 0;
    gen::ExhaustiveOptions o;
    o.width = o.height = 3;
    EXPECT_FALSE(gen::exhaustive_boards(o, [&](const Grid&) { return ++calls < 5; }));
    EXPECT_EQ(calls, 5);
}

TEST(Exhaustive, RejectsBadSizesAndRanges) {
    EXPECT_THROW(gen::exhaustive_count(6, 5), std::invalid_argument);
    EXPECT_THROW(gen::exhaustive_count(0, 3), std::invalid_argument);
    gen::ExhaustiveOptions o;
    o.width = o.height = 2;
    o.last = 17;
    EXPECT_THROW(o.validate(), std::invalid_argument);
    o.first = 5;
    o.last = 4;
    EXPECT_THROW(o.validate(), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

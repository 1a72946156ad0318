// The semantic rules of cell_domain.hpp that the concept cannot check, for
// both domains: a colour round-trips, a decided value is one colour, join
// keeps what both sides allow, candidates lists values in trial order, and
// a line solve narrows and never widens.
#include "exact/cell_domain.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "exact/binary_domain.hpp"
#include "exact/colour_domain.hpp"

namespace nonolab::exact {
namespace {

template <CellDomain D>
void expect_rules(const Puzzle& p) {
    const int colours = static_cast<int>(p.palette().size());
    const typename D::State open = D::open_state(p);
    const typename D::Value any = D::cells(open)[0];
    EXPECT_FALSE(D::decided(any));
    EXPECT_EQ(D::join(any, any), any);
    // Every value the open cell may take is one colour, in trial order.
    std::vector<Cell> tried;
    for (std::uint64_t bits = D::candidates(any); bits; bits &= bits - 1) {
        const typename D::Value v = D::value_of(std::countr_zero(bits));
        EXPECT_TRUE(D::decided(v));
        tried.push_back(D::colour_of(v));
    }
    EXPECT_EQ(static_cast<int>(tried.size()), colours);
    for (int c = 0; c < colours; ++c) {
        const typename D::Value v = D::of_colour(static_cast<Cell>(c));
        EXPECT_TRUE(D::decided(v));
        EXPECT_EQ(D::colour_of(v), c);
        EXPECT_EQ(D::join(v, v), v);
        for (int d = 0; d < colours; ++d)
            if (d != c) EXPECT_FALSE(D::decided(D::join(v, D::of_colour(static_cast<Cell>(d)))));
    }
    EXPECT_EQ(D::colour_of(any), kUnknown);
    // Row 0's clue fills its first cell here: the solve decides it and
    // leaves the state of an already-decided cell alone.
    typename D::Lines lines(p);
    std::vector<typename D::Value> row(D::cells(open), D::cells(open) + p.width());
    ASSERT_TRUE(lines.solve(0, row));
    EXPECT_TRUE(D::decided(row[0]));
    EXPECT_EQ(D::colour_of(row[0]), 1);
    std::vector<typename D::Value> wrong = row;
    wrong[0] = D::of_colour(kEmpty);
    EXPECT_FALSE(lines.solve(0, wrong));  // no arrangement fits: a conflict, not a widening
}

TEST(CellDomain, BinaryDomainKeepsTheRules) {
    expect_rules<BinaryDomain>(
        Puzzle(3, 1, {bw_clue({3})}, {bw_clue({1}), bw_clue({1}), bw_clue({1})}));
}

TEST(CellDomain, ColourDomainKeepsTheRules) {
    Palette palette = black_and_white_palette();
    palette.push_back(Colour{"red", 'r', 0xFF0000});
    const Puzzle p(2, 1, {{nonolab::Run{1, 1}, nonolab::Run{1, 2}}},
                   {{nonolab::Run{1, 1}}, {nonolab::Run{1, 2}}}, palette);
    expect_rules<ColourDomain>(p);
}

}  // namespace
}  // namespace nonolab::exact

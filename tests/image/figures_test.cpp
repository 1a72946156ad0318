#include "gen/image/figures.hpp"

#include <gtest/gtest.h>

#include <set>

namespace nonolab {
namespace {

std::vector<Grid> boards(const gen::FiguresOptions& o, std::uint64_t seed, int count) {
    std::vector<Grid> out;
    gen::figures_boards(o, seed, count, [&](const Grid& g) { return out.push_back(g), true; });
    return out;
}

TEST(Figures, SameSeedSameBoardsOtherSeedOtherBoards) {
    gen::FiguresOptions o;
    EXPECT_EQ(boards(o, 3, 50), boards(o, 3, 50));
    EXPECT_NE(boards(o, 3, 50), boards(o, 4, 50));
}

TEST(Figures, BoardsAreBinaryNonEmptyAndVaried) {
    gen::FiguresOptions o;
    o.width = 15;
    o.height = 12;
    long filled = 0, cells = 0;
    std::set<std::vector<Cell>> distinct;
    for (const Grid& g : boards(o, 1, 300)) {
        EXPECT_EQ(g.width(), 15);
        EXPECT_EQ(g.height(), 12);
        int f = 0;
        for (Cell c : g.cells()) {
            EXPECT_TRUE(c == kEmpty || c == kFilled);
            f += c == kFilled;
        }
        EXPECT_GT(f, 0);  // at least one figure, and every figure paints a pixel
        filled += f;
        cells += g.size();
        distinct.insert(g.cells());
    }
    EXPECT_GT(distinct.size(), 290u);
    const double density = static_cast<double>(filled) / cells;
    EXPECT_GT(density, 0.05);
    EXPECT_LT(density, 0.8);
}

TEST(Figures, OptionsAreChecked) {
    gen::FiguresOptions o;
    o.max_figures = 0;
    EXPECT_THROW(o.validate(), std::invalid_argument);
    o = {};
    o.fill_chance = -1;
    EXPECT_THROW(o.validate(), std::invalid_argument);
    o = {};
    o.width = 0;
    EXPECT_THROW(o.validate(), std::invalid_argument);
    // A 1x1 canvas still works: every figure covers the one pixel.
    o = {};
    o.width = o.height = 1;
    for (const Grid& g : boards(o, 1, 10)) EXPECT_EQ(g.cells()[0], kFilled);
}

}  // namespace
}  // namespace nonolab

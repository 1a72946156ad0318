#include "gen/image/figures.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

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

// The published statistics (docs/network.md, "The random boards"): the
// 200,000 figure boards of NonoDataset's 10x10 database_y_noise*.npz (every
// board whose index is not a multiple of 3). Measured there: filled share
// 0.699, 19.4 row runs a board, 0.2% empty rows, 12.0% holes.
struct Shape {
    double filled = 0, row_runs = 0, empty_rows = 0, holes = 0;
};

Shape shape(const std::vector<Grid>& boards) {
    Shape s;
    long cells = 0, rows = 0, inner_full = 0, inner_holes = 0;
    for (const Grid& g : boards) {
        const int w = g.width(), h = g.height();
        auto at = [&](int x, int y) { return g.cells()[y * w + x] == kFilled; };
        for (int y = 0; y < h; ++y) {
            bool any = false;
            for (int x = 0; x < w; ++x) {
                s.filled += at(x, y);
                s.row_runs += at(x, y) && (x == 0 || !at(x - 1, y));
                any = any || at(x, y);
            }
            s.empty_rows += !any;
            ++rows;
        }
        for (int y = 1; y + 1 < h; ++y)
            for (int x = 1; x + 1 < w; ++x) {
                int n = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) n += (dx || dy) && at(x + dx, y + dy);
                if (n == 8) ++inner_full, inner_holes += !at(x, y);
            }
        cells += g.size();
    }
    s.filled /= cells;
    s.row_runs /= boards.size();
    s.empty_rows /= rows;
    s.holes = static_cast<double>(inner_holes) / inner_full;
    return s;
}

TEST(Figures, TheNonoDatasetSettingHasThePublishedBoardsShape) {
    const Shape s = shape(boards(gen::figures_setting("nonodataset", 10, 10), 1, 4000));
    EXPECT_NEAR(s.filled, 0.699, 0.02);
    EXPECT_NEAR(s.row_runs, 19.4, 0.6);
    EXPECT_LT(s.empty_rows, 0.006);
    EXPECT_NEAR(s.holes, 0.120, 0.02);
    // The sparse setting is far from it, which is why the other one exists.
    const Shape t = shape(boards(gen::figures_setting("sparse", 10, 10), 1, 4000));
    EXPECT_LT(t.filled, 0.5);
    EXPECT_GT(t.empty_rows, 0.1);
}

TEST(Figures, SettingsScaleWithTheBoardAndUnknownNamesAreRefused) {
    EXPECT_EQ(gen::figures_setting("nonodataset", 10, 10).max_figures, 13);
    EXPECT_EQ(gen::figures_setting("nonodataset", 15, 15).max_figures, 20);
    EXPECT_EQ(gen::figures_setting("nonodataset", 15, 15).max_radius, 14);
    // Same ink per cell at 15x15: the filled share stays near 10x10's.
    const Shape s = shape(boards(gen::figures_setting("nonodataset", 15, 15), 2, 2000));
    EXPECT_NEAR(s.filled, 0.70, 0.03);
    EXPECT_EQ(gen::figures_setting("sparse", 15, 15).max_radius, 7);
    EXPECT_THROW(gen::figures_setting("dense", 10, 10), std::invalid_argument);
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
    o = {};
    o.max_radius = 0;
    EXPECT_THROW(o.validate(), std::invalid_argument);
    // A 1x1 canvas still works: a line or a rectangle covers the one pixel
    // (a circle's outline of radius 1 misses it).
    int filled = 0;
    for (const Grid& g : boards(gen::figures_setting("nonodataset", 1, 1), 1, 20))
        filled += g.cells()[0] == kFilled;
    EXPECT_GT(filled, 0);
}

}  // namespace
}  // namespace nonolab

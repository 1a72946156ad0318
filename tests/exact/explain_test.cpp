// Explain: every step's deduction is replayed and checked against the line
// solvers called one line at a time on a plain grid (explain.cpp runs the
// engine's propagator instead, and in black and white another line solver),
// on seeded random puzzles in black and white and in colour, and the end
// state against the exact solver.
#include "exact/explain.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "exact/propagator.hpp"
#include "io/formats.hpp"
#include "oracle/colour_line_solver.hpp"
#include "oracle/line_solver.hpp"

namespace nonolab {
namespace {

using exact::ExplainStep;
using exact::StepKind;

Puzzle example(const std::string& name) {
    return io::read_puzzles(std::string(NONOLAB_SOURCE_DIR) + "/examples/" + name).at(0);
}

Palette three_colours() {
    return {Colour{"white", '.', 0xFFFFFF}, Colour{"red", 'r', 0xFF0000},
            Colour{"blue", 'b', 0x0000FF}};
}

Puzzle random_puzzle(std::mt19937& rng, int colours) {
    std::uniform_int_distribution<int> size(3, 10);
    const int w = size(rng), h = size(rng);
    Grid g(w, h, kEmpty);
    // Black and white: half the cells filled. Colour: half background, then
    // each colour alike.
    std::uniform_int_distribution<int> value(0, 2 * colours - 1);
    for (Cell& c : g.cells()) {
        const int v = value(rng);
        c = static_cast<Cell>(v < colours ? 0 : v - colours + 1);
    }
    return puzzle_from_picture(g, colours == 1 ? black_and_white_palette() : three_colours());
}

// The line's cells of `g` (rows 0..h-1 first, then columns).
std::vector<Cell> line_cells(const Grid& g, bool row, int k) {
    std::vector<Cell> out;
    const int n = row ? g.width() : g.height();
    for (int i = 0; i < n; ++i) out.push_back(row ? g.at(k, i) : g.at(i, k));
    return out;
}

// What the complete line solver decides on that line of `g`, as new cells.
std::vector<exact::CellValue> line_deduction(const Puzzle& p, const Grid& g, bool row, int k,
                                             bool& ok) {
    std::vector<Cell> cells = line_cells(g, row, k);
    const Clue& clue = row ? p.row(k) : p.column(k);
    if (p.black_and_white()) {
        std::vector<int> lengths;
        for (const Run& r : clue) lengths.push_back(r.length);
        ok = oracle::LineSolver().solve(lengths, cells);
    } else {
        ok = oracle::ColourLineSolver().solve_cells(clue, static_cast<int>(p.palette().size()),
                                                    cells);
    }
    std::vector<exact::CellValue> out;
    if (!ok) return out;
    const std::vector<Cell> before = line_cells(g, row, k);
    for (int i = 0; i < static_cast<int>(cells.size()); ++i)
        if (before[i] == kUnknown && cells[i] != kUnknown)
            out.push_back({row ? k : i, row ? i : k, cells[i]});
    return out;
}

// Line-solves every line to a fixpoint; false on a contradiction.
bool fixpoint(const Puzzle& p, Grid& g) {
    for (bool changed = true; changed;) {
        changed = false;
        for (int pass = 0; pass < 2; ++pass)
            for (int k = 0; k < (pass == 0 ? p.height() : p.width()); ++k) {
                bool ok = true;
                const auto d = line_deduction(p, g, pass == 0, k, ok);
                if (!ok) return false;
                for (const auto& c : d) g.set(c.row, c.col, c.value);
                changed |= !d.empty();
            }
    }
    return true;
}

// Replays `e` on an empty grid, checking each step; returns the final grid.
Grid replay(const Puzzle& p, const exact::Explanation& e, const std::string& what) {
    Grid g(p.width(), p.height());
    for (std::size_t s = 0; s < e.steps.size(); ++s) {
        const ExplainStep& step = e.steps[s];
        SCOPED_TRACE(what + " step " + std::to_string(s) + ": " + step.reason);
        EXPECT_FALSE(step.reason.empty());
        bool ok = true;
        switch (step.kind) {
            case StepKind::line: {
                const auto d = line_deduction(p, g, step.is_row, step.index, ok);
                EXPECT_TRUE(ok);
                EXPECT_FALSE(d.empty());
                EXPECT_EQ(d, step.cells);  // exactly what the line solver decides
                EXPECT_EQ(step.reason.rfind(exact::line_name(step.is_row, step.index), 0), 0u);
                break;
            }
            case StepKind::probe: {
                EXPECT_EQ(step.cells.size(), 1u);
                if (step.cells.size() != 1) break;
                const auto c = step.cells[0];
                EXPECT_EQ(g.at(c.row, c.col), kUnknown);
                for (int v = 0; v < static_cast<int>(p.palette().size()); ++v) {
                    if (v == c.value) continue;
                    Grid t = g;
                    t.set(c.row, c.col, static_cast<Cell>(v));
                    EXPECT_FALSE(fixpoint(p, t)) << "value " << v << " does not fail";
                }
                break;
            }
            case StepKind::contradiction:
                EXPECT_EQ(s + 1, e.steps.size());
                if (step.index >= 0) {
                    line_deduction(p, g, step.is_row, step.index, ok);
                    EXPECT_FALSE(ok);
                }
                break;
            case StepKind::stalled: {
                EXPECT_EQ(s + 1, e.steps.size());
                Grid t = g;
                EXPECT_TRUE(fixpoint(p, t));
                EXPECT_EQ(t, g) << "line logic still decides cells";
                break;
            }
        }
        for (const auto& c : step.cells) g.set(c.row, c.col, c.value);
    }
    return g;
}

void check_random(int colours, std::uint32_t seed, int count) {
    std::mt19937 rng(seed);
    int probed = 0, stalled = 0, unique = 0;
    for (int i = 0; i < count; ++i) {
        const Puzzle p = random_puzzle(rng, colours);
        const std::string what = "seed " + std::to_string(seed) + " puzzle " + std::to_string(i);
        const exact::Explanation e = exact::explain(p);
        const Grid g = replay(p, e, what);
        EXPECT_EQ(g, e.grid) << what;
        const exact::ExactResult x = exact::solve_exact(p);
        switch (e.status) {
            case Status::unique:
                ++unique;
                EXPECT_TRUE(verify(p, g)) << what;
                EXPECT_EQ(x.status, Status::unique) << what;
                EXPECT_EQ(x.solutions.at(0), g) << what;
                break;
            case Status::unsolved:
                ++stalled;
                ASSERT_FALSE(e.steps.empty());
                EXPECT_EQ(e.steps.back().kind, StepKind::stalled) << what;
                EXPECT_FALSE(g.complete());
                // Sound: every decided cell agrees with every solution.
                for (const Grid& s : x.solutions)
                    for (int c = 0; c < g.size(); ++c)
                        if (g.cells()[c] != kUnknown) EXPECT_EQ(g.cells()[c], s.cells()[c]);
                break;
            default:
                ADD_FAILURE() << what << ": a puzzle made from a picture got "
                              << to_string(e.status);
        }
        for (const auto& s : e.steps) probed += s.kind == StepKind::probe;
    }
    // The sample must exercise every path, or the test proves little.
    EXPECT_GT(unique, 0);
    EXPECT_GT(stalled, 0);
    EXPECT_GT(probed, 0);
}

TEST(Explain, RandomBlackAndWhiteStepsMatchTheLineSolver) {
    check_random(1, 16, 300);
}

TEST(Explain, RandomColourStepsMatchTheColourLineSolver) {
    check_random(2, 1616, 200);
}

TEST(Explain, LineSolvableExampleNeedsNoProbe) {
    const Puzzle p = example("heart.non");
    const exact::Explanation e = exact::explain(p);
    EXPECT_EQ(e.status, Status::unique);
    for (const auto& s : e.steps) EXPECT_EQ(s.kind, StepKind::line) << s.reason;
    EXPECT_TRUE(verify(p, e.grid));
}

TEST(Explain, ReasonsNameTheClueAndTheCells) {
    // One row, clue 5 in 8 cells: cells 4-5 are filled in every placement.
    const Puzzle p(8, 1, {bw_clue({5})},
                   {bw_clue({}), bw_clue({}), bw_clue({}), bw_clue({1}), bw_clue({1}), bw_clue({1}),
                    bw_clue({1}), bw_clue({1})});
    const exact::Explanation e = exact::explain(p, {.probing = false});
    ASSERT_FALSE(e.steps.empty());
    EXPECT_EQ(e.steps[0].reason,
              "row 1: clue 5 in 8 cells: cells 4-5 are filled in every placement of the runs");
    EXPECT_EQ(e.status, Status::unique);
}

TEST(Explain, WithoutProbingLogicStallsWhereProbingGoesOn) {
    const Puzzle p = example("cat.taai");  // needs probing (grade_test.cpp)
    exact::ExplainOptions o;
    o.probing = false;
    const exact::Explanation lines = exact::explain(p, o);
    EXPECT_EQ(lines.status, Status::unsolved);
    EXPECT_EQ(lines.steps.back().kind, StepKind::stalled);
    const exact::Explanation probes = exact::explain(p);
    EXPECT_EQ(probes.status, Status::unique);
    const auto n = std::count_if(probes.steps.begin(), probes.steps.end(),
                                 [](const auto& s) { return s.kind == StepKind::probe; });
    EXPECT_GT(n, 0);
    replay(p, probes, "cat");
}

TEST(Explain, ImpossiblePuzzleEndsInAContradiction) {
    const Puzzle p = example("impossible.nin");
    const exact::Explanation e = exact::explain(p);
    EXPECT_EQ(e.status, Status::contradiction);
    ASSERT_FALSE(e.steps.empty());
    EXPECT_EQ(e.steps.back().kind, StepKind::contradiction);
    EXPECT_NE(e.steps.back().reason.find("no solution"), std::string::npos);
    replay(p, e, "impossible");
}

TEST(Explain, MaxStepsStopsWithTimeout) {
    exact::ExplainOptions o;
    o.max_steps = 2;
    const exact::Explanation e = exact::explain(example("heart.non"), o);
    EXPECT_EQ(e.status, Status::timeout);
    EXPECT_EQ(e.steps.size(), 2u);
}

TEST(Explain, MaxStepsEqualToTheStepsNeededStillSolves) {
    const Puzzle p = example("heart.non");
    exact::ExplainOptions o;
    o.max_steps = static_cast<int>(exact::explain(p).steps.size());
    EXPECT_EQ(exact::explain(p, o).status, Status::unique);
}

TEST(Explain, BadOptionsAreRefused) {
    exact::ExplainOptions o;
    o.max_steps = -1;
    EXPECT_THROW(exact::explain(example("heart.non"), o), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

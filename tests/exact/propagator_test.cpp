// BasicPropagator (src/exact/propagator.hpp): the dirty-line queue must
// reach exactly the fixpoint of re-solving every line until nothing changes
// (tests/oracle/naive_propagation.hpp), from scratch and incrementally after
// a change from outside; report a contradiction on a line that truly has no
// arrangement; show its observer only narrowings; and stop on the clock.
#include "exact/propagator.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <random>

#include "core/budget.hpp"
#include "core/picture.hpp"
#include "exact_test_util.hpp"
#include "oracle/naive_propagation.hpp"

namespace nonolab::exact {
namespace {

using oracle::Masks;

// A puzzle of a random picture, sometimes with one clue changed (often
// contradictory).
Puzzle random_case(std::mt19937& rng, int w, int h) {
    const Puzzle p = test_util::random_puzzle(rng, w, h, 35 + static_cast<int>(rng() % 30));
    if (rng() % 3) return p;
    std::vector<Clue> rows = p.rows();
    Clue& clue = rows[rng() % rows.size()];
    if (clue.empty())
        clue.push_back(nonolab::Run{1, kFilled});
    else
        ++clue.front().length;
    return Puzzle(w, h, rows, p.columns());
}

TEST(Propagator, ReachesTheNaiveFixpoint) {
    std::mt19937 rng(404);
    int contradictions = 0, open = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const Puzzle p =
            random_case(rng, 2 + static_cast<int>(rng() % 9), 2 + static_cast<int>(rng() % 9));
        Grid naive(p.width(), p.height(), kUnknown);
        const bool naive_ok = oracle::naive_propagate(p, naive);
        Propagator prop(p);
        Grid g(p.width(), p.height(), kUnknown);
        const Propagation r = prop.run(g, Budget(), /*all_dirty=*/true);
        ASSERT_EQ(r == Propagation::contradiction, !naive_ok) << "trial " << trial;
        if (!naive_ok) {
            ++contradictions;
            // The line it names has no arrangement in the state it stopped at.
            const int line = prop.failed_line(), h = p.height();
            ASSERT_GE(line, 0);
            ASSERT_LT(line, p.width() + h);
            const bool row = line < h;
            std::vector<int> runs;
            for (const nonolab::Run& run : row ? p.row(line) : p.column(line - h))
                runs.push_back(run.length);
            std::vector<Cell> cells;
            for (int i = 0; i < (row ? p.width() : h); ++i)
                cells.push_back(row ? g.at(line, i) : g.at(i, line - h));
            EXPECT_FALSE(oracle::LineSolver().solve(runs, cells)) << "trial " << trial;
            continue;
        }
        ASSERT_EQ(r, Propagation::fixpoint);
        EXPECT_EQ(g, naive) << "trial " << trial;
        open += g.unknown_count() > 0;
    }
    EXPECT_GT(contradictions, 20);
    EXPECT_GT(open, 20);
}

// A branch from outside (note_change) and a run over only the dirty lines
// reach the same fixpoint as a run over every line.
TEST(Propagator, IncrementalRunMatchesAFullRun) {
    std::mt19937 rng(405);
    int checked = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const Puzzle p = test_util::random_puzzle(rng, 8, 7, 40);
        Propagator prop(p);
        Grid g(p.width(), p.height(), kUnknown);
        ASSERT_EQ(prop.run(g, Budget(), true), Propagation::fixpoint);
        std::vector<int> open;
        for (int i = 0; i < g.size(); ++i)
            if (g.cells()[i] == kUnknown) open.push_back(i);
        if (open.empty()) continue;
        const int cell = open[rng() % open.size()];
        Grid incremental = g;
        incremental.cells()[cell] = rng() % 2 ? kFilled : kEmpty;
        Grid full = incremental;
        prop.note_change(cell);
        const Propagation a = prop.run(incremental, Budget(), /*all_dirty=*/false);
        Propagator fresh(p);
        const Propagation b = fresh.run(full, Budget(), /*all_dirty=*/true);
        ASSERT_EQ(a, b) << "trial " << trial;
        if (a == Propagation::fixpoint) EXPECT_EQ(incremental, full) << "trial " << trial;
        ++checked;
    }
    EXPECT_GT(checked, 100);
}

TEST(Propagator, ColourSetsReachTheNaiveFixpoint) {
    std::mt19937 rng(406);
    Palette palette = black_and_white_palette();
    palette.push_back(Colour{"red", 'r', 0xFF0000});
    int open = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const int w = 2 + static_cast<int>(rng() % 6), h = 2 + static_cast<int>(rng() % 6);
        Grid picture(w, h, kEmpty);
        for (Cell& c : picture.cells()) c = static_cast<Cell>(rng() % 3);
        const Puzzle p = puzzle_from_picture(picture, palette);
        Masks naive(static_cast<std::size_t>(w) * h, 0b111);
        ASSERT_TRUE(oracle::naive_colour_propagate(p, naive));
        ColourPropagator prop(p);
        ColourDomain::State s = ColourDomain::open_state(p);
        ASSERT_EQ(prop.run(s, Budget(), true), Propagation::fixpoint);
        EXPECT_EQ(s, naive) << "trial " << trial;
        for (std::uint64_t m : s) open += !ColourDomain::decided(m);
    }
    EXPECT_GT(open, 50);
}

// The observer sees each narrowing before it is written, and only
// narrowings; returning false stops the run with that line unwritten.
class Recorder : public LineObserver<Cell> {
  public:
    int calls = 0, stop_at = -1;
    bool on_line(int, std::span<const Cell> before, std::span<const Cell> after) override {
        ++calls;
        for (std::size_t i = 0; i < before.size(); ++i)
            if (before[i] != kUnknown) EXPECT_EQ(before[i], after[i]);
        return calls != stop_at;
    }
};

TEST(Propagator, ObserverSeesNarrowingsAndCanStop) {
    const Puzzle p(3, 2, {bw_clue({3}), bw_clue({1})}, {bw_clue({2}), bw_clue({1}), bw_clue({1})});
    Propagator prop(p);
    Recorder all;
    prop.set_observer(&all);
    Grid g(3, 2, kUnknown);
    ASSERT_EQ(prop.run(g, Budget(), true), Propagation::fixpoint);
    EXPECT_TRUE(g.complete());
    EXPECT_GE(all.calls, 2);

    Recorder first;
    first.stop_at = 1;
    prop.set_observer(&first);
    Grid stopped(3, 2, kUnknown);
    EXPECT_EQ(prop.run(stopped, Budget(), true), Propagation::out_of_time);
    EXPECT_EQ(stopped, Grid(3, 2, kUnknown));  // the first narrowing was not written
}

TEST(Propagator, StopsWhenTheBudgetIsCancelled) {
    std::mt19937 rng(407);
    const Puzzle p =
        test_util::random_puzzle(rng, 40, 40, 50);  // 80 lines: past the 64-solve clock check
    std::atomic<bool> cancel{true};
    Propagator prop(p);
    Grid g(40, 40, kUnknown);
    EXPECT_EQ(prop.run(g, Budget(0, &cancel), true), Propagation::out_of_time);
    // The queue was left clean: the next run from scratch reaches the fixpoint.
    Grid again(40, 40, kUnknown);
    EXPECT_EQ(prop.run(again, Budget(), true), Propagation::fixpoint);
}

}  // namespace
}  // namespace nonolab::exact

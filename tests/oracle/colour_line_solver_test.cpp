// The colour line solver against brute force. The reference answers come
// from enumerating arrangements, never from a DP: every colouring of short
// lines grouped by clue (which also checks the arrangement enumerator), and
// every arrangement of random clues on lines of up to 14 cells. Partial
// states are random colour sets per cell, some revealed around a real
// arrangement (consistent) and some arbitrary (mostly contradictory). Then:
// agreement with the black-and-white LineSolver on 2-colour palettes, the
// wide masks against the 64-bit ones with colours remapped above 64, and
// hand cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "line/line_test_util.hpp"
#include "oracle/colour_line_solver.hpp"
#include "oracle/line_solver.hpp"

namespace nonolab {
namespace {

using oracle::ColourLineSolver;
using oracle::WideMask;
using Line = std::vector<int>;  // one palette index per cell

bool has(std::uint64_t mask, int c) {
    return (mask >> c) & 1u;
}
bool has(const WideMask& mask, int c) {
    return mask.test(c);
}
void put(std::uint64_t& mask, int c) {
    mask |= std::uint64_t{1} << c;
}
void put(WideMask& mask, int c) {
    mask.set(c);
}

// The clue of a full line (line_test_util.hpp).
Clue clue_of(const Line& line) {
    return test::colour_clue_of(line);
}

// Clues as map keys (Run has no ordering).
std::vector<std::pair<int, int>> key_of(const Clue& clue) {
    std::vector<std::pair<int, int>> key;
    for (const nonolab::Run& r : clue) key.push_back({r.length, r.colour});
    return key;
}

// Every arrangement of `clue` in `line.size()` cells: block b at every start
// from `pos` on (one later after a block of its colour), the cells skipped
// being background.
void place(const Clue& clue, std::size_t b, int pos, Line& line, std::vector<Line>& out) {
    const int n = static_cast<int>(line.size());
    if (b == clue.size()) {
        std::fill(line.begin() + pos, line.end(), 0);
        out.push_back(line);
        return;
    }
    const nonolab::Run run = clue[b];
    const int first = pos + (b > 0 && clue[b - 1].colour == run.colour);
    for (int s = first; s + run.length <= n; ++s) {
        std::fill(line.begin() + pos, line.begin() + s, 0);
        std::fill(line.begin() + s, line.begin() + s + run.length, run.colour);
        place(clue, b + 1, s + run.length, line, out);
    }
}

std::vector<Line> arrangements(const Clue& clue, int n) {
    std::vector<Line> out;
    Line line(n, 0);
    place(clue, 0, 0, line, out);
    return out;
}

// The union over arrangements consistent with `partial` of their colours,
// cell by cell; false when none is consistent.
template <class Mask>
bool brute_force(const std::vector<Line>& all, const std::vector<Mask>& partial,
                 std::vector<Mask>& out) {
    const std::size_t n = partial.size();
    out.assign(n, Mask{});
    bool any = false;
    for (const Line& line : all) {
        bool ok = true;
        for (std::size_t i = 0; i < n && ok; ++i) ok = has(partial[i], line[i]);
        if (!ok) continue;
        any = true;
        for (std::size_t i = 0; i < n; ++i) put(out[i], line[i]);
    }
    return any;
}

// A random partial state: around `truth` (each cell its true colour plus
// random others: consistent), or arbitrary sets (now and then empty ones).
template <class Mask>
std::vector<Mask> random_state(std::mt19937& rng, int palette, const Line* truth, int n) {
    std::vector<Mask> state(n, Mask{});
    const int keep = static_cast<int>(rng() % 101);  // % of extra colours kept
    for (int i = 0; i < n; ++i) {
        if (truth) put(state[i], (*truth)[i]);
        for (int c = 0; c < palette; ++c)
            if (static_cast<int>(rng() % 100) < keep) put(state[i], c);
        if (!truth && rng() % 50 == 0) state[i] = Mask{};
    }
    return state;
}

// Counts of the outcomes a randomized test exercised.
struct Outcomes {
    long consistent = 0;
    long contradictions = 0;
};

// Solves `state` and compares with brute force over `all`.
::testing::AssertionResult agrees(ColourLineSolver& solver, const Clue& clue,
                                  const std::vector<Line>& all, std::vector<std::uint64_t> state,
                                  Outcomes& outcomes) {
    std::vector<std::uint64_t> expected;
    const bool consistent = brute_force(all, state, expected);
    ++(consistent ? outcomes.consistent : outcomes.contradictions);
    const std::vector<std::uint64_t> before = state;
    if (solver.solve(clue, state) != consistent)
        return ::testing::AssertionFailure()
               << (consistent ? "missed an arrangement" : "accepted an impossible line");
    if (consistent && state != expected)
        return ::testing::AssertionFailure() << "narrowed to other sets than brute force";
    if (!consistent && state != before)
        return ::testing::AssertionFailure() << "changed the cells of a contradiction";
    return ::testing::AssertionSuccess();
}

TEST(ColourLineSolver, ArrangementsMatchEveryColouringOfShortLines) {
    std::mt19937 rng(7);
    ColourLineSolver solver;
    Outcomes outcomes;
    long clues = 0;
    for (int palette = 2; palette <= 5; ++palette) {
        const int max_n = std::map<int, int>{{2, 12}, {3, 8}, {4, 7}, {5, 6}}[palette];
        for (int n = 1; n <= max_n; ++n) {
            std::map<std::vector<std::pair<int, int>>, std::pair<Clue, std::set<Line>>> by_clue;
            Line line(n, 0);
            for (;;) {  // every colouring, as an odometer in base `palette`
                const Clue clue = clue_of(line);
                auto& entry = by_clue[key_of(clue)];
                entry.first = clue;
                entry.second.insert(line);
                int i = 0;
                while (i < n && ++line[i] == palette) line[i++] = 0;
                if (i == n) break;
            }
            for (const auto& [key, entry] : by_clue) {
                const auto& [clue, lines] = entry;
                const std::vector<Line> all = arrangements(clue, n);
                ASSERT_EQ(std::set<Line>(all.begin(), all.end()), lines);
                ASSERT_EQ(all.size(), lines.size());  // no arrangement twice
                ++clues;
                for (int trial = 0; trial < 6; ++trial) {
                    const Line* truth = trial % 2 ? nullptr : &all[rng() % all.size()];
                    auto state = random_state<std::uint64_t>(rng, palette, truth, n);
                    ASSERT_TRUE(agrees(solver, clue, all, state, outcomes));
                }
            }
        }
    }
    EXPECT_GT(clues, 15000);
    EXPECT_GT(outcomes.consistent, 50000);
    EXPECT_GT(outcomes.contradictions, 30000);
}

// A random clue for up to `colours` colours: the clue of a random line, or
// blocks drawn at random (which may not fit at all).
Clue random_clue(std::mt19937& rng, int colours, int n) {
    Clue clue;
    if (rng() % 4 == 0) {
        const int k = static_cast<int>(rng() % 5);
        for (int b = 0; b < k; ++b)
            clue.push_back(
                {1 + static_cast<int>(rng() % 4), static_cast<std::uint8_t>(1 + rng() % colours)});
        return clue;
    }
    const int density = static_cast<int>(rng() % 101);
    Line line(n, 0);
    for (int& c : line)
        if (static_cast<int>(rng() % 100) < density) c = 1 + static_cast<int>(rng() % colours);
    return clue_of(line);
}

TEST(ColourLineSolver, MatchesBruteForceOnRandomCluesUpTo14Cells) {
    std::mt19937 rng(2024);
    ColourLineSolver solver;
    Outcomes outcomes;
    long unfit_clues = 0;
    for (int round = 0; round < 6000; ++round) {
        const int palette = 2 + static_cast<int>(rng() % 4);
        const int n = 1 + static_cast<int>(rng() % 14);
        const Clue clue = random_clue(rng, palette - 1, n);
        const std::vector<Line> all = arrangements(clue, n);
        unfit_clues += all.empty();
        for (int trial = 0; trial < 8; ++trial) {
            const Line* truth = (trial % 2 || all.empty()) ? nullptr : &all[rng() % all.size()];
            auto state = random_state<std::uint64_t>(rng, palette, truth, n);
            ASSERT_TRUE(agrees(solver, clue, all, state, outcomes)) << "round " << round;
        }
    }
    EXPECT_GT(unfit_clues, 300);
    EXPECT_GT(outcomes.consistent, 20000);
    EXPECT_GT(outcomes.contradictions, 15000);
}

TEST(ColourLineSolver, AgreesWithTheBlackAndWhiteSolver) {
    std::mt19937 rng(99);
    ColourLineSolver colour;
    oracle::LineSolver bw;
    Outcomes outcomes;
    for (int round = 0; round < 20000; ++round) {
        const int n = 1 + static_cast<int>(rng() % 60);
        const int density = static_cast<int>(rng() % 101);
        Line truth(n, 0);
        for (int& c : truth) c = static_cast<int>(rng() % 100) < density;
        std::vector<int> runs;
        for (const nonolab::Run& r : clue_of(truth)) runs.push_back(r.length);
        if (rng() % 4 == 0) runs.push_back(1 + static_cast<int>(rng() % 3));  // often unfit
        const Clue clue = bw_clue(runs);
        // Known cells: from the line, or arbitrary ones.
        const bool arbitrary = rng() % 2;
        const int known = static_cast<int>(rng() % 101);
        std::vector<Cell> cells(n, kUnknown);
        for (int i = 0; i < n; ++i)
            if (static_cast<int>(rng() % 100) < known)
                cells[i] = static_cast<Cell>(arbitrary ? rng() % 2 : truth[i]);
        std::vector<std::uint64_t> masks(n);
        for (int i = 0; i < n; ++i) masks[i] = oracle::colour_mask(cells[i], 2);
        std::vector<Cell> adapted = cells;
        const bool ok = bw.solve(runs, cells);
        ++(ok ? outcomes.consistent : outcomes.contradictions);
        ASSERT_EQ(colour.solve(clue, masks), ok) << "round " << round;
        ASSERT_EQ(colour.solve_cells(clue, 2, adapted), ok) << "round " << round;
        if (!ok) continue;
        for (int i = 0; i < n; ++i) ASSERT_EQ(oracle::cell_of_mask(masks[i]), cells[i]);
        ASSERT_EQ(adapted, cells);
    }
    EXPECT_GT(outcomes.consistent, 8000);
    EXPECT_GT(outcomes.contradictions, 7000);
}

// The same state over the whole palette range: background stays 0, colour c
// becomes map[c].
WideMask widen(std::uint64_t mask, const std::vector<int>& map) {
    WideMask wide;
    for (std::size_t c = 0; c < map.size(); ++c)
        if (has(mask, static_cast<int>(c))) wide.set(map[c]);
    return wide;
}

// Colours 1..colours sent to distinct indices spread over 1..kMaxColours-1.
std::vector<int> random_map(std::mt19937& rng, int colours) {
    std::vector<int> pool(kMaxColours - 1);
    for (int c = 0; c < kMaxColours - 1; ++c) pool[c] = c + 1;
    std::shuffle(pool.begin(), pool.end(), rng);
    std::vector<int> map{0};
    if (rng() % 2)  // the top index, now and then
        std::iter_swap(pool.begin(), std::find(pool.begin(), pool.end(), kMaxColours - 1));
    map.insert(map.end(), pool.begin(), pool.begin() + colours);
    return map;
}

Clue remap(Clue clue, const std::vector<int>& map) {
    for (Run& r : clue) r.colour = static_cast<std::uint8_t>(map[r.colour]);
    return clue;
}

TEST(ColourLineSolver, WideMasksAgreeWithFastMasks) {
    std::mt19937 rng(31337);
    ColourLineSolver fast, wide;
    Outcomes outcomes;
    for (int round = 0; round < 5000; ++round) {
        const int palette = 2 + static_cast<int>(rng() % 15);
        const int n = 1 + static_cast<int>(rng() % 50);
        Line truth(n, 0);
        const int density = static_cast<int>(rng() % 101);
        for (int& c : truth)
            if (static_cast<int>(rng() % 100) < density)
                c = 1 + static_cast<int>(rng() % (palette - 1));
        const Clue clue = rng() % 4 ? clue_of(truth) : random_clue(rng, palette - 1, n);
        const std::vector<int> map = random_map(rng, palette - 1);
        auto state = random_state<std::uint64_t>(rng, palette, rng() % 2 ? &truth : nullptr, n);
        std::vector<WideMask> wide_state(n);
        for (int i = 0; i < n; ++i) wide_state[i] = widen(state[i], map);
        const bool ok = fast.solve(clue, state);
        ++(ok ? outcomes.consistent : outcomes.contradictions);
        ASSERT_EQ(wide.solve(remap(clue, map), wide_state), ok) << "round " << round;
        for (int i = 0; i < n && ok; ++i) ASSERT_EQ(wide_state[i], widen(state[i], map));
    }
    EXPECT_GT(outcomes.consistent, 1500);
    EXPECT_GT(outcomes.contradictions, 1500);
}

TEST(ColourLineSolver, WideMasksMatchBruteForceWithHighColourIndices) {
    std::mt19937 rng(5);
    ColourLineSolver solver;
    Outcomes outcomes;
    for (int round = 0; round < 2000; ++round) {
        const int palette = 2 + static_cast<int>(rng() % 4);
        const int n = 1 + static_cast<int>(rng() % 10);
        const std::vector<int> map = random_map(rng, palette - 1);
        const Clue clue = random_clue(rng, palette - 1, n);
        std::vector<Line> all = arrangements(clue, n);
        for (Line& line : all)
            for (int& c : line) c = map[c];
        const Line* truth = (round % 2 || all.empty()) ? nullptr : &all[rng() % all.size()];
        const auto narrow = random_state<std::uint64_t>(rng, palette, nullptr, n);
        std::vector<WideMask> state(n);
        for (int i = 0; i < n; ++i) {
            state[i] = widen(narrow[i], map);
            if (truth) state[i].set((*truth)[i]);
        }
        std::vector<WideMask> expected;
        const bool consistent = brute_force(all, state, expected);
        ++(consistent ? outcomes.consistent : outcomes.contradictions);
        ASSERT_EQ(solver.solve(remap(clue, map), state), consistent) << "round " << round;
        if (consistent) {
            ASSERT_EQ(state, expected) << "round " << round;
        }
    }
    EXPECT_GT(outcomes.consistent, 800);
    EXPECT_GT(outcomes.contradictions, 600);
}

// Hand cases, on 64-bit masks; a, b are colours 1 and 2 of {bg, a, b}.
constexpr std::uint64_t kBg = 1, kA = 2, kB = 4, kAny = 7;
constexpr std::uint8_t a = 1, b = 2;

std::vector<std::uint64_t> solved(const Clue& clue, std::vector<std::uint64_t> cells,
                                  bool expect_ok = true) {
    ColourLineSolver solver;
    EXPECT_EQ(solver.solve(clue, cells), expect_ok);
    return cells;
}

TEST(ColourLineSolver, DifferentColoursMayTouch) {
    using V = std::vector<std::uint64_t>;
    EXPECT_EQ(solved({{1, a}, {1, b}}, V(2, kAny)), (V{kA, kB}));
    // "2a 1b" in 4 cells: a a b . / a a . b / . a a b.
    EXPECT_EQ(solved({{2, a}, {1, b}}, V(4, kAny)), (V{kA | kBg, kA, kA | kB | kBg, kB | kBg}));
}

TEST(ColourLineSolver, SameColoursNeedAGap) {
    using V = std::vector<std::uint64_t>;
    EXPECT_EQ(solved({{1, a}, {1, a}}, V(3, kAny)), (V{kA, kBg, kA}));
    solved({{1, a}, {1, a}}, V(2, kAny), false);
    // "1a 1b 1a" in 3 cells: b between the two a's is separator enough.
    EXPECT_EQ(solved({{1, a}, {1, b}, {1, a}}, V(3, kAny)), (V{kA, kB, kA}));
}

TEST(ColourLineSolver, EmptyClueIsAllBackground) {
    using V = std::vector<std::uint64_t>;
    EXPECT_EQ(solved({}, V(4, kAny)), V(4, kBg));
    EXPECT_EQ(solved({}, V{}), V{});
    solved({}, V{kAny, kA | kB, kAny}, false);
}

TEST(ColourLineSolver, ReportsContradictionsAndLeavesCellsAlone) {
    using V = std::vector<std::uint64_t>;
    const V cells{kAny, kBg | kB, kAny};  // no cell pair for "2a" except 0-1
    EXPECT_EQ(solved({{2, a}}, cells, false), cells);
    solved({{1, a}}, V(3, kBg | kB), false);    // a is possible nowhere
    solved({{4, a}}, V(3, kAny), false);        // too long
    solved({{1, b}}, V{kAny, 0, kAny}, false);  // a cell with no colour left
}

TEST(ColourLineSolver, CellAdapterAndConversions) {
    EXPECT_EQ(oracle::colour_mask(kUnknown, 3), kAny);
    EXPECT_EQ(oracle::colour_mask(2, 3), kB);
    EXPECT_EQ(oracle::colour_mask(kUnknown, 64), ~std::uint64_t{0});
    EXPECT_EQ(oracle::cell_of_mask(kB), 2);
    EXPECT_EQ(oracle::cell_of_mask(kA | kB), kUnknown);
    EXPECT_EQ(oracle::cell_of_mask(std::uint64_t{0}), kUnknown);
    const WideMask top = oracle::wide_colour_mask(kMaxColours - 1, kMaxColours);
    EXPECT_EQ(oracle::cell_of_mask(top), kMaxColours - 1);
    EXPECT_EQ(oracle::cell_of_mask(oracle::wide_colour_mask(kUnknown, 100)), kUnknown);

    ColourLineSolver solver;
    std::vector<Cell> cells(4, kUnknown);
    ASSERT_TRUE(solver.solve_cells({{1, a}, {2, b}}, 3, cells));
    EXPECT_EQ(cells, (std::vector<Cell>{kUnknown, kUnknown, b, kUnknown}));
    cells.assign(2, kUnknown);
    ASSERT_TRUE(solver.solve_cells({{1, 200}, {1, 7}}, 250, cells));  // the wide path
    EXPECT_EQ(cells, (std::vector<Cell>{200, 7}));
    cells = {kUnknown, 0};
    EXPECT_FALSE(solver.solve_cells({{2, 200}}, 250, cells));
}

}  // namespace
}  // namespace nonolab

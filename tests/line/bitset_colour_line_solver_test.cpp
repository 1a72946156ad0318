// BitsetColourLineSolver against two independent references: brute force
// (every arrangement of the clue, enumerated) on lines of up to 12 cells, and
// the byte DP ColourLineSolver on seeded random (clue, partial state,
// palette) cases of 1 to 200 cells, palettes of 2 to 64 colours, with the
// word-size edges (63, 64, 127, 128 cells) drawn often. Every comparison is
// of the whole answer (flag and every cell's set), and on a contradiction of
// the cells being left alone; a test checks that the comparison does catch
// a wrong answer.
//
// The big random test runs NONOLAB_COLOUR_LINE_CASES cases (default 250,000
// in a release build, about 2 s; 20,000 with assertions on, for the
// sanitizer pass), the brute-force one 60,000 (20,000). A longer run:
//     NONOLAB_COLOUR_LINE_CASES=2000000 build/tests/test_line \
//         --gtest_filter='BitsetColourLineSolver.*'
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "line/bitset_colour_line_solver.hpp"
#include "oracle/colour_line_solver.hpp"
#include "line_test_util.hpp"

namespace nonolab {
namespace {

using line::BitsetColourLineSolver;
using oracle::ColourLineSolver;
using Masks = std::vector<std::uint64_t>;
using Line = std::vector<int>;  // one palette index per cell

constexpr std::uint64_t bit(int c) {
    return std::uint64_t{1} << c;
}

std::uint64_t palette_bits(int palette) {
    return palette >= 64 ? ~std::uint64_t{0} : bit(palette) - 1;
}

// The clue of a full line (line_test_util.hpp).
Clue clue_of(const Line& line) {
    return test::colour_clue_of(line);
}

// --- Brute force -----------------------------------------------------------

// Every arrangement of blocks b.. of `clue` from cell `pos` on; the cells
// skipped are background, and a block of its predecessor's colour starts at
// least one cell later.
void arrange(const Clue& clue, std::size_t b, int pos, Line& line, std::vector<Line>& out) {
    const int n = static_cast<int>(line.size());
    if (b == clue.size()) {
        for (int i = pos; i < n; ++i) line[i] = 0;
        out.push_back(line);
        return;
    }
    const int gap = b > 0 && clue[b - 1].colour == clue[b].colour;
    for (int s = pos + gap; s + clue[b].length <= n; ++s) {
        for (int i = pos; i < s; ++i) line[i] = 0;
        for (int i = s; i < s + clue[b].length; ++i) line[i] = clue[b].colour;
        arrange(clue, b + 1, s + clue[b].length, line, out);
    }
}

// The union, cell by cell, of the arrangements consistent with `state`;
// false (and `state` unchanged) when there is none. Colours >= 64 fit nowhere.
bool brute_force(const Clue& clue, Masks& state) {
    for (const Run& r : clue)
        if (r.colour >= 64) return false;
    std::vector<Line> all;
    Line line(state.size(), 0);
    arrange(clue, 0, 0, line, all);
    Masks out(state.size(), 0);
    bool any = false;
    for (const Line& a : all) {
        bool ok = true;
        for (std::size_t i = 0; i < a.size() && ok; ++i) ok = (state[i] >> a[i]) & 1u;
        if (!ok) continue;
        any = true;
        for (std::size_t i = 0; i < a.size(); ++i) out[i] |= bit(a[i]);
    }
    if (any) state = out;
    return any;
}

// --- Random cases ----------------------------------------------------------

struct Case {
    Clue clue;
    Masks state;
    int palette = 2;
};

// A random line of n cells over colours 1..colours: stretches of random
// length, each background or one colour, so blocks of many lengths appear.
Line random_line(std::mt19937_64& rng, int n, int colours) {
    Line line(n, 0);
    const int density = static_cast<int>(rng() % 101);
    const int stretch = 1 + static_cast<int>(rng() % 8);
    for (int i = 0; i < n;) {
        const int len = 1 + static_cast<int>(rng() % stretch);
        const int c =
            static_cast<int>(rng() % 100) < density ? 1 + static_cast<int>(rng() % colours) : 0;
        for (int j = i; j < std::min(n, i + len); ++j) line[j] = c;
        i += len;
    }
    return line;
}

// A random 64-bit set of about density/8 of the bits (an AND or OR of words).
std::uint64_t random_bits(std::mt19937_64& rng, int density) {
    switch (density) {
        case 0:
            return rng() & rng() & rng();
        case 1:
            return rng() & rng();
        case 2:
            return rng();
        case 3:
            return rng() | rng();
        default:
            return rng() | rng() | rng();
    }
}

// A random case on n cells with a palette of `palette` entries.
Case random_case(std::mt19937_64& rng, int n, int palette) {
    Case c;
    c.palette = palette;
    const int colours = palette - 1;
    const Line truth = random_line(rng, n, colours);
    const int clue_kind = static_cast<int>(rng() % 10);
    if (clue_kind < 7) {
        c.clue = clue_of(truth);
    } else if (clue_kind < 9) {  // the truth's clue, one block changed: often unfit
        c.clue = clue_of(truth);
        if (c.clue.empty() || rng() % 4 == 0)
            c.clue.insert(c.clue.begin() + (c.clue.empty() ? 0 : rng() % c.clue.size()),
                          Run{1 + static_cast<int>(rng() % 3),
                              static_cast<std::uint8_t>(1 + rng() % colours)});
        else if (rng() % 2)
            c.clue[rng() % c.clue.size()].length += 1;
        else
            c.clue[rng() % c.clue.size()].colour = static_cast<std::uint8_t>(1 + rng() % colours);
    } else {  // random blocks (may not fit), now and then a colour the 64-bit sets lack
        const int k = static_cast<int>(rng() % (n / 2 + 2));
        for (int b = 0; b < k; ++b)
            c.clue.push_back(
                {1 + static_cast<int>(rng() % 5), static_cast<std::uint8_t>(1 + rng() % colours)});
        if (!c.clue.empty() && rng() % 8 == 0)
            c.clue[rng() % c.clue.size()].colour = static_cast<std::uint8_t>(64 + rng() % 186);
    }
    const std::uint64_t in_palette = palette_bits(palette);
    const int density = static_cast<int>(rng() % 5);
    const int known = static_cast<int>(rng() % 101);  // % of cells known
    const int state_kind = static_cast<int>(rng() % 8);
    c.state.resize(n);
    for (int i = 0; i < n; ++i) {
        std::uint64_t& m = c.state[i];
        if (state_kind < 4) {  // around the truth: consistent when the clue is the truth's
            m = static_cast<int>(rng() % 100) < known
                    ? bit(truth[i])
                    : (random_bits(rng, density) & in_palette) | bit(truth[i]);
        } else if (state_kind < 6) {  // the truth with a few cells wrong
            m = static_cast<int>(rng() % 100) < known ? bit(truth[i]) : in_palette;
            if (rng() % 32 == 0) m = bit(static_cast<int>(rng() % palette));
        } else if (state_kind == 6) {  // arbitrary sets in the palette, now and then empty
            m = random_bits(rng, density) & in_palette;
            if (rng() % 64 == 0) m = 0;
        } else {  // arbitrary bits, palette or not
            m = random_bits(rng, density);
        }
    }
    return c;
}

// A palette of 2..64 entries, small ones more often.
int random_palette(std::mt19937_64& rng) {
    switch (rng() % 4) {
        case 0:
            return 2 + static_cast<int>(rng() % 3);
        case 1:
            return 2 + static_cast<int>(rng() % 9);
        case 2:
            return 2 + static_cast<int>(rng() % 63);
        default:
            return rng() % 2 ? 64 : 33;
    }
}

// A length of 1..200: the word-size edges often, short lines often.
int random_length(std::mt19937_64& rng) {
    static constexpr int kEdges[] = {62, 63, 64, 65, 126, 127, 128, 129, 191, 192, 200};
    switch (rng() % 4) {
        case 0:
            return kEdges[rng() % std::size(kEdges)];
        case 1:
            return 1 + static_cast<int>(rng() % 200);
        default:
            return 1 + static_cast<int>(rng() % 40);
    }
}

// --- Comparison --------------------------------------------------------------

// The bitset answer (flag, cells) against a reference answer for the same
// input `before`: same flag, same sets when consistent, cells left alone
// when not.
::testing::AssertionResult same_answer(const Masks& before, bool expected_ok, const Masks& expected,
                                       bool ok, const Masks& got) {
    if (ok != expected_ok)
        return ::testing::AssertionFailure()
               << (expected_ok ? "missed an arrangement" : "accepted an impossible line");
    if (!ok) {
        if (got != before) return ::testing::AssertionFailure() << "changed a contradiction";
        return ::testing::AssertionSuccess();
    }
    for (std::size_t i = 0; i < got.size(); ++i)
        if (got[i] != expected[i])
            return ::testing::AssertionFailure()
                   << "cell " << i << " of " << got.size() << ": got set " << std::hex << got[i]
                   << ", expected " << expected[i];
    return ::testing::AssertionSuccess();
}

// Outcomes a randomized test exercised.
struct Outcomes {
    long consistent = 0;
    long contradictions = 0;
    long narrowed = 0;  // consistent, and some set got smaller
};

// Solves `c` with `solver` and compares with `reference` (which maps a state
// to the expected one in place and returns the flag).
template <class Reference>
::testing::AssertionResult agrees(BitsetColourLineSolver& solver, const Case& c,
                                  Reference&& reference, Outcomes& outcomes) {
    Masks expected = c.state, got = c.state;
    const bool expected_ok = reference(c.clue, expected);
    const bool ok = solver.solve(c.clue, got);
    ++(expected_ok ? outcomes.consistent : outcomes.contradictions);
    if (expected_ok && expected != c.state) ++outcomes.narrowed;
    return same_answer(c.state, expected_ok, expected, ok, got);
}

// NONOLAB_COLOUR_LINE_SEED picks another seed for the random tests.
std::uint64_t seed(std::uint64_t fallback) {
    const char* env = std::getenv("NONOLAB_COLOUR_LINE_SEED");
    return env ? fallback ^ std::strtoull(env, nullptr, 10) : fallback;
}

long case_count() {
    if (const char* env = std::getenv("NONOLAB_COLOUR_LINE_CASES")) return std::atol(env);
#ifdef NDEBUG
    return 250000;
#else
    return 20000;  // assertions on: the Debug / sanitizer pass
#endif
}

#ifdef NDEBUG
constexpr int kBruteForceRounds = 60000;
constexpr int kLongLineRounds = 600;
#else
constexpr int kBruteForceRounds = 20000;
constexpr int kLongLineRounds = 60;
#endif

// --- Tests -----------------------------------------------------------------

TEST(BitsetColourLineSolver, ComparisonCatchesAWrongAnswer) {
    // "1a 1b" in 3 cells of {bg, a, b}: a b . / a . b / . a b.
    const Clue clue{{1, 1}, {1, 2}};
    const Masks before(3, 7);
    Masks right = before;
    BitsetColourLineSolver solver;
    ASSERT_TRUE(solver.solve(clue, right));
    EXPECT_EQ(right, (Masks{3, 7, 5}));
    EXPECT_TRUE(same_answer(before, true, right, true, right));
    Masks wrong = right;
    wrong[1] &= ~bit(0);  // one colour too few in one cell
    EXPECT_FALSE(same_answer(before, true, right, true, wrong));
    EXPECT_FALSE(same_answer(before, true, right, false, before));   // wrong flag
    EXPECT_FALSE(same_answer(before, false, before, false, right));  // touched a contradiction
}

TEST(BitsetColourLineSolver, MatchesBruteForceUpTo12Cells) {
    std::mt19937_64 rng(seed(31));
    BitsetColourLineSolver solver;
    Outcomes outcomes;
    for (int round = 0; round < kBruteForceRounds; ++round) {
        const int n = 1 + static_cast<int>(rng() % 12);
        const Case c = random_case(rng, n, random_palette(rng));
        ASSERT_TRUE(agrees(solver, c, brute_force, outcomes)) << "round " << round << ", n " << n;
    }
    std::printf("%d cases: %ld consistent (%ld narrowed), %ld contradictions\n", kBruteForceRounds,
                outcomes.consistent, outcomes.narrowed, outcomes.contradictions);
    EXPECT_GT(outcomes.consistent, kBruteForceRounds / 4);
    EXPECT_GT(outcomes.narrowed, kBruteForceRounds / 6);
    EXPECT_GT(outcomes.contradictions, kBruteForceRounds / 4);
}

TEST(BitsetColourLineSolver, EmptyAndZeroLengthLines) {
    BitsetColourLineSolver solver;
    Masks none;
    EXPECT_TRUE(solver.solve({}, none));
    EXPECT_FALSE(solver.solve({{1, 1}}, none));
    Masks cells(5, 7);
    EXPECT_TRUE(solver.solve({}, cells));
    EXPECT_EQ(cells, Masks(5, 1));
    cells = {7, 6, 7};  // a cell that cannot be background
    EXPECT_FALSE(solver.solve({}, cells));
    EXPECT_EQ(cells, (Masks{7, 6, 7}));
}

TEST(BitsetColourLineSolver, SameColourNeedsAGapOtherColoursTouch) {
    BitsetColourLineSolver solver;
    Masks cells(3, 7);
    ASSERT_TRUE(solver.solve({{1, 1}, {1, 1}}, cells));
    EXPECT_EQ(cells, (Masks{2, 1, 2}));
    cells.assign(2, 7);
    EXPECT_FALSE(solver.solve({{1, 1}, {1, 1}}, cells));
    cells.assign(2, 7);
    ASSERT_TRUE(solver.solve({{1, 1}, {1, 2}}, cells));
    EXPECT_EQ(cells, (Masks{2, 4}));
    cells.assign(3, 7);
    ASSERT_TRUE(solver.solve({{1, 1}, {1, 2}, {1, 1}}, cells));
    EXPECT_EQ(cells, (Masks{2, 4, 2}));
}

TEST(BitsetColourLineSolver, ColoursOutsideTheSetsFitNowhere) {
    BitsetColourLineSolver solver;
    Masks cells(4, ~std::uint64_t{0});
    EXPECT_FALSE(solver.solve({{1, 1}, {1, 64}}, cells));
    EXPECT_EQ(cells, Masks(4, ~std::uint64_t{0}));
    ASSERT_TRUE(solver.solve({{2, 63}, {1, 62}}, cells));
    EXPECT_EQ(cells,
              (Masks{bit(0) | bit(63), bit(63), bit(63) | bit(62) | bit(0), bit(62) | bit(0)}));
}

// Whole lines at the word-size edges, solved from unknown: every cell of a
// line whose clue leaves no slack is decided.
TEST(BitsetColourLineSolver, FullLinesAtTheWordEdges) {
    BitsetColourLineSolver solver;
    for (int n : {63, 64, 65, 127, 128, 129, 300, 1000}) {
        Line truth(n);
        for (int i = 0; i < n; ++i) truth[i] = 1 + (i / 3) % 5;  // blocks of 3, touching
        Masks cells(n, palette_bits(6));
        ASSERT_TRUE(solver.solve(clue_of(truth), cells)) << n;
        for (int i = 0; i < n; ++i) ASSERT_EQ(cells[i], bit(truth[i])) << n << " cell " << i;
    }
}

TEST(BitsetColourLineSolver, MatchesTheByteDpOnRandomCases) {
    const long cases = case_count();
    std::mt19937_64 rng(seed(2031));
    BitsetColourLineSolver solver;
    ColourLineSolver dp;
    const auto reference = [&](const Clue& clue, Masks& state) { return dp.solve(clue, state); };
    Outcomes outcomes;
    long long cells = 0, long_lines = 0, edges = 0, wide_palettes = 0;
    for (long round = 0; round < cases; ++round) {
        const int n = random_length(rng), palette = random_palette(rng);
        const Case c = random_case(rng, n, palette);
        ASSERT_TRUE(agrees(solver, c, reference, outcomes))
            << "round " << round << ", n " << n << ", palette " << palette;
        cells += n;
        long_lines += n > BitsetColourLineSolver::kMaxWordCells;
        edges += n == 63 || n == 64 || n == 127 || n == 128;
        wide_palettes += palette > 32;
    }
    std::printf("%ld cases, %lld cells: %ld consistent (%ld narrowed), %ld contradictions\n", cases,
                cells, outcomes.consistent, outcomes.narrowed, outcomes.contradictions);
    EXPECT_GT(outcomes.consistent, cases / 4);
    EXPECT_GT(outcomes.narrowed, cases / 5);
    EXPECT_GT(outcomes.contradictions, cases / 4);
    EXPECT_GT(long_lines, cases / 10);
    EXPECT_GT(edges, cases / 20);
    EXPECT_GT(wide_palettes, cases / 10);
}

// Lines of 129 to 2500 cells: rows of many words, windows that start and
// end inside words.
TEST(BitsetColourLineSolver, MatchesTheByteDpOnLongLines) {
    std::mt19937_64 rng(seed(4099));
    BitsetColourLineSolver solver;
    ColourLineSolver dp;
    const auto reference = [&](const Clue& clue, Masks& state) { return dp.solve(clue, state); };
    Outcomes outcomes;
    for (int round = 0; round < kLongLineRounds; ++round) {
        const int n = 129 + static_cast<int>(rng() % 2372), palette = random_palette(rng);
        const Case c = random_case(rng, n, palette);
        ASSERT_TRUE(agrees(solver, c, reference, outcomes))
            << "round " << round << ", n " << n << ", palette " << palette;
    }
    EXPECT_GT(outcomes.narrowed, kLongLineRounds / 5);
    EXPECT_GT(outcomes.contradictions, kLongLineRounds / 5);
}

// One solver reused across lines of every length (its scratch grows and
// shrinks in use) gives the answers of a fresh solver.
TEST(BitsetColourLineSolver, ReuseAcrossLengthsMatchesAFreshSolver) {
    std::mt19937_64 rng(77);
    BitsetColourLineSolver reused;
    for (int round = 0; round < 3000; ++round) {
        const int n = round % 3 ? random_length(rng) : 1 + static_cast<int>(rng() % 600);
        const Case c = random_case(rng, n, random_palette(rng));
        Masks a = c.state, b = c.state;
        BitsetColourLineSolver fresh;
        ASSERT_EQ(reused.solve(c.clue, a), fresh.solve(c.clue, b)) << "round " << round;
        ASSERT_EQ(a, b) << "round " << round;
    }
}

}  // namespace
}  // namespace nonolab

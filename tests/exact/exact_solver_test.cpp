// The exact solver against exhaustive enumeration: on many small random
// puzzles (all 2^(w·h) grids enumerated), the solver's count, capped at the
// limit, its verdict and its solutions must match brute force exactly.
#include <gtest/gtest.h>

#include <random>

#include "core/error.hpp"
#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "exact/exact_test_util.hpp"
#include "exact/sat_search.hpp"

namespace nonolab {
namespace {

using test_util::enumerate;
using test_util::random_puzzle;

// Every engine must give the same, brute-force-exact answers: plain search
// with and without probing, CaDiCaL from the root, and the automatic engine.
std::vector<exact::ExactOptions> engine_variants() {
    std::vector<exact::ExactOptions> v;
    exact::ExactOptions o;
    o.engine = exact::Engine::search;
    v.push_back(o);
    o.probing = false;  // the fewest-unknowns branch cell instead of the prober's
    v.push_back(o);
    o.probing = true;
    o.engine = exact::Engine::sat;
    v.push_back(o);
    o.engine = exact::Engine::automatic;
    v.push_back(o);
    return v;
}

TEST(ExactSolver, CountsMatchBruteForceOnSmallRandomPuzzles) {
    std::mt19937 rng(2024);
    int multiple = 0, unique = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const int w = 2 + static_cast<int>(rng() % 3);  // 2..4
        const int h = 2 + static_cast<int>(rng() % 3);  // 2..4
        const Puzzle p = random_puzzle(rng, w, h, 30 + static_cast<int>(rng() % 40));
        const std::vector<Grid> all = enumerate(p);
        ASSERT_GE(all.size(), 1u);  // the picture itself is a solution
        for (int limit : {1, 2, 5, 1000})
            for (exact::ExactOptions opt : engine_variants()) {
                opt.max_solutions = limit;
                const auto r = exact::solve_exact(p, opt);
                const size_t expect = std::min<size_t>(all.size(), limit);
                ASSERT_EQ(r.solutions.size(), expect) << "trial " << trial << " limit " << limit;
                for (const Grid& s : r.solutions) {
                    ASSERT_TRUE(verify(p, s));
                    ASSERT_NE(std::find(all.begin(), all.end(), s), all.end());
                }
                for (size_t i = 0; i < r.solutions.size(); ++i)
                    for (size_t j = i + 1; j < r.solutions.size(); ++j)
                        ASSERT_NE(r.solutions[i], r.solutions[j]) << "duplicate solution";
                Status want = all.size() >= 2 && limit >= 2 ? Status::multiple
                              : limit == 1                  ? Status::solved
                                                            : Status::unique;
                ASSERT_EQ(r.status, want)
                    << "trial " << trial << " limit " << limit << " engine "
                    << static_cast<int>(opt.engine) << " probing " << opt.probing;
            }
        (all.size() > 1 ? multiple : unique)++;
    }
    EXPECT_GT(multiple, 20);  // both verdicts were exercised
    EXPECT_GT(unique, 20);
}

TEST(ExactSolver, ProvesContradiction) {
    // Rows 1 1 / 1 1 / 1 1 and columns 0 / 3 / 3: totals agree, no grid fits.
    const Puzzle p(3, 3, {bw_clue({1, 1}), bw_clue({1, 1}), bw_clue({1, 1})},
                   {bw_clue({}), bw_clue({3}), bw_clue({3})});
    const auto r = exact::solve_exact(p);
    EXPECT_EQ(r.status, Status::contradiction);
    EXPECT_TRUE(r.exhausted);
    EXPECT_TRUE(r.solutions.empty());
}

TEST(ExactSolver, ContradictionFoundOnlyBySearch) {
    // Checkerboard-like clues that pass every single line but have no solution
    // are rare at small sizes; find some by brute force and check them all.
    std::mt19937 rng(7);
    int found = 0;
    for (int trial = 0; trial < 4000 && found < 25; ++trial) {
        const int w = 3 + static_cast<int>(rng() % 2), h = 3 + static_cast<int>(rng() % 2);
        std::vector<Clue> rows, cols;
        Grid a(w, h, kEmpty), b(w, h, kEmpty);
        for (Cell& c : a.cells()) c = (rng() & 1u) ? kFilled : kEmpty;
        for (Cell& c : b.cells()) c = (rng() & 1u) ? kFilled : kEmpty;
        // Rows from one picture, columns from another: often inconsistent.
        for (int r = 0; r < h; ++r) rows.push_back(row_clue_of(a, r));
        for (int c = 0; c < w; ++c) cols.push_back(column_clue_of(b, c));
        try {
            const Puzzle p(w, h, rows, cols);
            const size_t n = enumerate(p).size();
            if (n == 0) ++found;
            for (const exact::ExactOptions& opt : engine_variants()) {
                const auto r = exact::solve_exact(p, opt);
                if (n == 0)
                    ASSERT_EQ(r.status, Status::contradiction);
                else
                    ASSERT_EQ(r.status, n == 1 ? Status::unique : Status::multiple);
            }
        } catch (const PuzzleError&) {
            // totals differ: rejected before solving, as designed
        }
    }
    EXPECT_GE(found, 10);
}

TEST(ExactSolver, StoppedEarlyNeverClaimsAProof) {
    // 5x5 picture with many solutions (a permutation-matrix-like pattern).
    const Puzzle p = puzzle_from_picture([] {
        Grid g(5, 5, kEmpty);
        for (int i = 0; i < 5; ++i) g.set(i, (i * 2) % 5, kFilled);
        return g;
    }());
    std::atomic<bool> cancel{true};
    const auto cancelled = exact::solve_exact(p, {}, &cancel);
    EXPECT_EQ(cancelled.status, Status::timeout);
    EXPECT_FALSE(cancelled.exhausted);
    EXPECT_TRUE(cancelled.solutions.empty());

    // Stopping on the node limit after the first solution gives "solved", not "unique".
    exact::ExactOptions opt;
    opt.max_solutions = 2;
    opt.node_limit = 1;
    const auto limited = exact::solve_exact(p, opt);
    EXPECT_FALSE(limited.exhausted);
    EXPECT_NE(limited.status, Status::unique);
    EXPECT_NE(limited.status, Status::contradiction);

    // Run to the end: 5 ones in a 5x5 with all rows/columns "1" = 120 permutations.
    opt.node_limit = 0;
    opt.max_solutions = 1000;
    const auto all = exact::solve_exact(p, opt);
    EXPECT_TRUE(all.exhausted);
    EXPECT_EQ(all.solutions.size(), 120u);
}

TEST(ExactSolver, SolvesColourAndRejectsBadOptions) {
    Palette pal = black_and_white_palette();
    pal.push_back(Colour{"red", 'r', 0xFF0000});
    const Puzzle colour(1, 1, {{nonolab::Run{1, 2}}}, {{nonolab::Run{1, 2}}}, pal);
    const exact::ExactResult r = exact::solve_exact(colour);
    EXPECT_EQ(r.status, Status::unique);
    EXPECT_EQ(r.solutions.at(0).at(0, 0), 2);
    exact::ExactOptions bad;
    bad.max_solutions = 0;
    const Puzzle p(1, 1, {bw_clue({1})}, {bw_clue({1})});
    EXPECT_THROW(exact::solve_exact(p, bad), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

namespace nonolab {
namespace {

// Phase times land in the phase that ran: no SAT time
// without CaDiCaL, SAT time whenever CaDiCaL was called, and line solving
// whenever anything was propagated.
TEST(ExactSolver, PhaseTimesFollowTheEngine) {
    std::mt19937 rng(11);
    int handed_over = 0;
    for (int trial = 0; trial < 30; ++trial) {
        const Puzzle p = random_puzzle(rng, 12, 12, 50);
        exact::ExactOptions o;
        o.engine = exact::Engine::search;
        const auto s = exact::solve_exact(p, o);
        EXPECT_GT(s.stats.line_seconds, 0);
        EXPECT_GE(s.stats.probe_seconds, 0);
        EXPECT_EQ(s.stats.sat_seconds, 0);
        o.engine = exact::Engine::sat;
        const auto t = exact::solve_exact(p, o);
        EXPECT_EQ(t.stats.sat_seconds > 0, t.stats.sat_calls > 0);
        handed_over += t.stats.sat_calls > 0;
    }
    if (exact::sat_available()) EXPECT_GE(handed_over, 5);
}

}  // namespace
}  // namespace nonolab

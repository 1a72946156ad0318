// Probing against a naive reference: the Prober (work queue, line cache,
// bitset line solver, scoring) must close a grid exactly as plain two-sided
// probing does when written the slow, obvious way: propagate by re-solving
// every line with the byte DP until nothing changes; for every undecided
// cell, propagate both values; both fail = contradiction, one fails = the
// other value's grid, both live = keep what they agree on; repeat until a
// full pass changes nothing. The rules are monotone, so the closure is
// unique and the two must agree cell for cell (or both find a contradiction).
// The test pins the closure, not which rule found each cell: on boards this
// small, the cells the agreement rule fixes are also reached through failed
// literals, so a Prober without that rule still passes (checked), while one
// that adopts the wrong side of a failed probe fails at once (checked).
#include <gtest/gtest.h>

#include <bit>
#include <random>

#include "core/picture.hpp"
#include "exact/prober.hpp"
#include "exact/propagator.hpp"
#include "oracle/naive_propagation.hpp"

namespace nonolab {
namespace {

using oracle::Masks;
using oracle::naive_colour_propagate;
using oracle::naive_propagate;

// Two-sided probing to closure, the obvious way; false on a contradiction.
bool naive_probe(const Puzzle& p, Grid& g) {
    if (!naive_propagate(p, g)) return false;
    for (bool changed = true; changed;) {
        changed = false;
        for (int x = 0; x < g.size(); ++x) {
            if (g.cells()[x] != kUnknown) continue;
            Grid f = g, e = g;
            f.cells()[x] = kFilled;
            e.cells()[x] = kEmpty;
            const bool fok = naive_propagate(p, f), eok = naive_propagate(p, e);
            if (!fok && !eok) return false;
            if (!fok || !eok) {
                g = fok ? f : e;
                changed = true;
                continue;
            }
            for (int y = 0; y < g.size(); ++y)
                if (g.cells()[y] == kUnknown && f.cells()[y] != kUnknown &&
                    f.cells()[y] == e.cells()[y])
                    g.cells()[y] = f.cells()[y], changed = true;
        }
    }
    return true;
}

TEST(Prober, ClosesExactlyLikeNaiveTwoSidedProbing) {
    std::mt19937 rng(77);
    int contradictions = 0, probing_helped = 0, compared = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const int w = 5 + static_cast<int>(rng() % 8), h = 5 + static_cast<int>(rng() % 8);
        Grid pic(w, h, kEmpty);
        const int density = 30 + static_cast<int>(rng() % 40);
        for (Cell& c : pic.cells()) c = static_cast<int>(rng() % 100) < density ? kFilled : kEmpty;
        const Puzzle p = puzzle_from_picture(pic);
        // Start from a few random decided cells, consistent with the picture
        // or not, so that both outcomes occur.
        Grid start(w, h, kUnknown);
        for (int i = 0; i < 2; ++i) {
            const int x = static_cast<int>(rng() % (w * h));
            start.cells()[x] = trial % 3 == 0 ? (rng() % 2 ? kFilled : kEmpty) : pic.cells()[x];
        }
        Grid want = start;
        const bool want_ok = naive_probe(p, want);

        exact::Propagator prop(p);
        prop.enable_cache();
        exact::Prober prober(prop);
        Grid got = start;
        const Budget budget;
        bool got_ok = prop.run(got, budget, true) == exact::Propagation::fixpoint;
        Grid after_lines = got;
        if (got_ok) got_ok = prober.run(got, budget) == exact::ProbeResult::closed;
        ASSERT_EQ(got_ok, want_ok) << "trial " << trial;
        ++compared;
        if (!want_ok) {
            ++contradictions;
            continue;
        }
        ASSERT_EQ(got, want) << "trial " << trial;
        probing_helped += got.unknown_count() < after_lines.unknown_count();
    }
    EXPECT_EQ(compared, 400);
    EXPECT_GT(contradictions, 20);
    EXPECT_GT(probing_helped, 20);  // probing decided cells line solving could not
}

// The same for colour sets: propagation re-solves every line with the
// colour DP until nothing changes; probing tries each colour a cell may
// still take, and the cell's state keeps, everywhere, only what some
// surviving trial left (no survivor = contradiction). The closure under
// these monotone rules is unique too, so the engine's colour prober (one
// survivor adopted whole, the join folded in pairs) must reach it exactly.
bool naive_colour_probe(const Puzzle& p, Masks& s) {
    if (!naive_colour_propagate(p, s)) return false;
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t x = 0; x < s.size(); ++x) {
            if (std::has_single_bit(s[x])) continue;
            Masks joined(s.size(), 0);
            bool any = false;
            for (std::uint64_t m = s[x]; m; m &= m - 1) {
                Masks t = s;
                t[x] = m & -m;
                if (!naive_colour_propagate(p, t)) continue;
                any = true;
                for (std::size_t i = 0; i < s.size(); ++i) joined[i] |= t[i];
            }
            if (!any) return false;
            if (joined == s) continue;
            s = joined;
            changed = true;
            if (!naive_colour_propagate(p, s)) return false;
        }
    }
    return true;
}

TEST(Prober, ClosesColourSetsExactlyLikeNaiveProbing) {
    std::mt19937 rng(78);
    int contradictions = 0, probing_helped = 0, several_survived = 0;
    std::uint64_t cache_hits = 0;
    for (int trial = 0; trial < 1500; ++trial) {
        const int w = 4 + static_cast<int>(rng() % 6), h = 4 + static_cast<int>(rng() % 6);
        const int colours = 3 + static_cast<int>(rng() % 3);  // background + 2..4 colours
        Palette pal = black_and_white_palette();
        for (int c = 2; c < colours; ++c)
            pal.push_back({"c" + std::to_string(c), static_cast<char>('a' + c),
                           static_cast<std::uint32_t>(c)});
        Grid pic(w, h, kEmpty);
        for (Cell& c : pic.cells())
            c = rng() % 2 ? kEmpty : static_cast<Cell>(1 + rng() % (colours - 1));
        const Puzzle p = puzzle_from_picture(pic, pal);
        Masks start = exact::ColourDomain::open_state(p);
        for (int i = 0; i < 2; ++i) {
            const int x = static_cast<int>(rng() % (w * h));
            start[x] = std::uint64_t{1} << (trial % 3 == 0 ? rng() % colours : pic.cells()[x]);
        }
        Masks want = start;
        const bool want_ok = naive_colour_probe(p, want);

        exact::ColourPropagator prop(p);
        if (trial % 2) prop.enable_cache(12);  // half the trials through the line cache
        exact::ColourProber prober(prop);
        Masks got = start;
        const Budget budget;
        bool got_ok = prop.run(got, budget, true) == exact::Propagation::fixpoint;
        const Masks after_lines = got;
        if (got_ok) got_ok = prober.run(got, budget) == exact::ProbeResult::closed;
        ASSERT_EQ(got_ok, want_ok) << "trial " << trial;
        if (!want_ok) {
            ++contradictions;
            continue;
        }
        ASSERT_EQ(got, want) << "trial " << trial;
        probing_helped += got != after_lines;
        for (std::uint64_t m : got) several_survived += std::popcount(m) > 2;
        cache_hits += prop.cache_hits();
    }
    EXPECT_GT(contradictions, 50);
    EXPECT_GT(probing_helped, 30);
    // A cell still open on three or more colours had that many survivors
    // when it was last probed: the fold of joined_ ran.
    EXPECT_GT(several_survived, 0);
    EXPECT_GT(cache_hits, 1000u);  // the cached trials did answer from the cache
}

}  // namespace
}  // namespace nonolab

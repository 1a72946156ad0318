// A fake but honest meta-heuristic for harness tests: random search over
// whole grids, scored with the real error score, seeded only by
// RunControl::seed. On a 3x3 puzzle some runs solve and some do not within
// the limit, and iteration counts vary, which is what the harness has to
// record and summarise. Its "delay_us" parameter sleeps a seed-dependent
// time so that units finish out of order on several threads.
#pragma once

#include <chrono>
#include <thread>

#include "core/method.hpp"
#include "core/options.hpp"
#include "core/picture.hpp"
#include "core/rng.hpp"
#include "meta/error_score.hpp"

namespace nonolab::batch::testing {

struct FakeOptions {
    std::int64_t limit = 200;  ///< evaluations
    int delay_us = 0;          ///< sleep, at most this long
    double fill = 0.5;         ///< density of the random grids
};

inline const nonolab::OptionTable<FakeOptions>& fake_option_table() {
    static const auto table =
        nonolab::OptionTable<FakeOptions>("fake")
            .integer("limit", &FakeOptions::limit, 1, 1'000'000'000, "evaluations")
            .integer("delay_us", &FakeOptions::delay_us, 0, 1'000'000, "sleep")
            .number("fill", &FakeOptions::fill, 0, 1, "density");
    return table;
}

inline nonolab::MetaResult fake_random_search(const Puzzle& puzzle, const nonolab::ParamMap& params,
                                              const nonolab::RunControl& ctl) {
    const FakeOptions o = fake_option_table().parse(params);
    std::int64_t limit = o.limit;
    const int delay_us = o.delay_us;
    const double fill = o.fill;
    if (ctl.max_evaluations > 0) limit = ctl.max_evaluations;

    nonolab::Rng rng(ctl.seed);
    if (delay_us > 0)
        std::this_thread::sleep_for(
            std::chrono::microseconds(rng.below(static_cast<std::uint32_t>(delay_us) + 1)));
    nonolab::MetaResult r;
    Grid g(puzzle.width(), puzzle.height(), kEmpty);
    while (r.evaluations < limit) {
        if (r.evaluations % 64 == 0 && ctl.budget.expired()) {
            r.timed_out = true;
            break;
        }
        for (Cell& c : g.cells()) c = rng.chance(fill) ? kFilled : kEmpty;
        const std::int64_t e = meta::error_score(puzzle, g);
        ++r.evaluations;
        if (r.best_error < 0 || e < r.best_error) {
            r.best_error = e;
            r.best = g;
        }
        if (ctl.curve_every > 0 && r.evaluations % ctl.curve_every == 0)
            r.curve.push_back({r.evaluations, r.best_error});
        if (e == 0) break;
    }
    if (ctl.curve_every > 0 && (r.curve.empty() || r.curve.back().evaluation != r.evaluations))
        r.curve.push_back({r.evaluations, r.best_error});
    r.reached_zero = r.best_error == 0;
    r.stats["first_draw"] = static_cast<double>(ctl.seed % 1000);
    return r;
}

inline const nonolab::MethodInfo& fake_method() {
    static const nonolab::MethodInfo info{
        "fake", "random grids (test only)", "none", {}, fake_random_search};
    return info;
}

/// Looks up "fake" only: the harness under test never sees the real registry.
inline const nonolab::MethodInfo* fake_lookup(const std::string& name) {
    return name == "fake" ? &fake_method() : nullptr;
}

/// A small puzzle from a picture: random search solves it sometimes.
inline Puzzle tiny_puzzle(int variant) {
    Grid g(3, 3, kEmpty);
    const char* pics[] = {"#.#.#.#.#", "##.#..###", ".#.###.#."};
    const char* pic = pics[variant % 3];
    for (int i = 0; i < 9; ++i) g.cells()[i] = pic[i] == '#' ? kFilled : kEmpty;
    PuzzleInfo info;
    info.title = std::string("tiny") + std::to_string(variant);
    return puzzle_from_picture(g, black_and_white_palette(), info);
}

}  // namespace nonolab::batch::testing

// Throughput of harmony search (Lee & Geem 2025): evaluations per second of
// hs-a, hs-b, hs-c and hs-c+ on a 10x10 and a 25x25 puzzle.
//
// One evaluation = one harmony improvised and scored (the paper's unit). Each
// benchmark iteration is one seeded run capped at a fixed number of
// evaluations; the "evals/s" counter divides the evaluations actually done by
// the time taken, so a run that solves its puzzle early still reports a
// correct rate (set-up included, which favours nobody much at these caps).
//
// The puzzles are our own: random pictures (each cell black with probability
// 1/2) from a fixed Rng seed: the first seed whose puzzle line solving and
// probing leave open enough cells, so that hs-c+ has real work to do too
// (10x10: all 100 cells, seed 1795, a puzzle with several solutions that
// hs-c+ solves in only about 3 of 10 runs; 25x25: at least 200 cells).
//
//   build/bench/micro/bench_micro --benchmark_filter=HarmonySearch
#include <benchmark/benchmark.h>

#include "core/budget.hpp"
#include "core/picture.hpp"
#include "core/rng.hpp"
#include "exact/prober.hpp"
#include "exact/propagator.hpp"
#include "meta/harmony_search.hpp"

namespace {

using namespace nonolab;

Puzzle random_picture_puzzle(int size, std::uint64_t seed) {
    nonolab::Rng rng(seed);
    Grid picture(size, size, kEmpty);
    for (auto& cell : picture.cells()) cell = rng.chance(0.5) ? kFilled : kEmpty;
    return puzzle_from_picture(picture);
}

/// The first seeded random puzzle of this size that line solving plus
/// probing leave at least `open` cells undecided in.
Puzzle hard_puzzle(int size, int open) {
    for (std::uint64_t seed = 1;; ++seed) {
        Puzzle p = random_picture_puzzle(size, seed);
        Grid g(size, size, kUnknown);
        exact::Propagator prop(p);
        prop.run(g, Budget(), true);
        exact::Prober prober(prop);
        prober.run(g, Budget());
        if (g.unknown_count() >= open) return p;
    }
}

const Puzzle& puzzle_of(int size) {
    static const Puzzle p10 = hard_puzzle(10, 100);
    static const Puzzle p25 = hard_puzzle(25, 200);
    return size == 10 ? p10 : p25;
}

void BM_HarmonySearch(benchmark::State& state, meta::HarmonyVersion version) {
    const int size = static_cast<int>(state.range(0));
    const Puzzle& puzzle = puzzle_of(size);
    const meta::HarmonyOptions options = meta::harmony_defaults(version);
    std::int64_t evaluations = 0;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        nonolab::RunControl control;
        control.seed = seed++;
        control.max_evaluations = size == 10 ? 1000000 : 100000;
        const nonolab::MetaResult r = meta::harmony_search(puzzle, version, options, control);
        evaluations += r.evaluations;
        benchmark::DoNotOptimize(r.best_error);
    }
    state.counters["evals/s"] =
        benchmark::Counter(static_cast<double>(evaluations), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_HarmonySearch, hs_a, meta::HarmonyVersion::a)
    ->Arg(10)
    ->Arg(25)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HarmonySearch, hs_b, meta::HarmonyVersion::b)
    ->Arg(10)
    ->Arg(25)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HarmonySearch, hs_c, meta::HarmonyVersion::c)
    ->Arg(10)
    ->Arg(25)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HarmonySearch, hs_c_plus, meta::HarmonyVersion::c_plus)
    ->Arg(10)
    ->Arg(25)
    ->Unit(benchmark::kMillisecond);

}  // namespace

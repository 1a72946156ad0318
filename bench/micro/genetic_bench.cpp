// Throughput of the genetic-algorithm, annealing and brute-force methods, in
// evaluations per second (the paper's unit: one candidate generated and
// scored), reported by Google Benchmark as items_per_second.
//
// Each benchmark runs the registered method through its MethodInfo, exactly
// as `nonolab solve --method` does, on a puzzle that none of them solves
// within the evaluation cap, so every run does the same amount of work:
// a sparse 15x15 board with several solutions (built in below from a fixed
// picture, not read from ../shared).
//
//     build/bench/micro/genetic_bench --benchmark_filter=ga
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "core/method.hpp"
#include "core/puzzle.hpp"
#include "meta/brute_force.hpp"
#include "methods/registry.hpp"

namespace {

using namespace nonolab;

Puzzle picture_puzzle(const std::vector<std::string>& rows) {
    const int h = static_cast<int>(rows.size()), w = static_cast<int>(rows[0].size());
    auto runs = [&](int r0, int c0, int dr, int dc, int n) {
        std::vector<int> out;
        int run = 0;
        for (int i = 0; i < n; ++i) {
            if (rows[r0 + i * dr][c0 + i * dc] == '#') {
                ++run;
            } else if (run) {
                out.push_back(run);
                run = 0;
            }
        }
        if (run) out.push_back(run);
        return bw_clue(out);
    };
    std::vector<Clue> rc, cc;
    for (int r = 0; r < h; ++r) rc.push_back(runs(r, 0, 0, 1, w));
    for (int c = 0; c < w; ++c) cc.push_back(runs(0, c, 1, 0, h));
    return Puzzle(w, h, rc, cc);
}

const Puzzle& sparse15() {
    static const Puzzle p =
        picture_puzzle({"#....#.....#...", "..#.....#.....#", ".....#.#..#....", "#.#........#...",
                        "...#..#.....#..", ".#.....#.#....#", "....#.......#..", "#.....#..#.....",
                        "..#.#......#..#", ".......#.#.....", ".#..#.........#", "...#...#..#....",
                        "#.........#.#..", "..#..#.#.......", ".#.........#..#"});
    return p;
}

void run_method(benchmark::State& state, const std::string& name, nonolab::ParamMap params) {
    const nonolab::MethodInfo* m = nonolab::find_method(name);
    if (!m) {
        state.SkipWithError(("no method " + name).c_str());
        return;
    }
    std::int64_t evaluations = 0;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        nonolab::RunControl ctl;
        ctl.seed = seed++;
        ctl.max_evaluations = state.range(0);
        const auto r = m->run(sparse15(), params, ctl);
        evaluations += r.evaluations;
        benchmark::DoNotOptimize(r.best_error);
    }
    state.SetItemsProcessed(evaluations);
}

void BM_ga_simple(benchmark::State& s) {
    run_method(s, "ga-simple", {});
}
void BM_ga_modified(benchmark::State& s) {
    run_method(s, "ga-modified", {});
}
void BM_ga_hs_baseline(benchmark::State& s) {
    run_method(s, "ga-hs-baseline", {});
}
void BM_ga_logic(benchmark::State& s) {
    run_method(s, "ga-logic", {{"generations", "1000000"}});
}
void BM_ga_nn(benchmark::State& s) {
    run_method(s, "ga-nn", {{"generations", "1000000"}});
}
void BM_ga_rows(benchmark::State& s) {
    run_method(s, "ga-rows", {});
}
void BM_sa(benchmark::State& s) {
    run_method(s, "sa", {});
}
void BM_sa_rows(benchmark::State& s) {
    run_method(s, "sa-rows", {});
}

void BM_brute_force_5x5(benchmark::State& state) {
    const Puzzle p = picture_puzzle({"#..#.", ".##..", "....#", "#.#.#", ".#..."});
    std::int64_t grids = 0;
    for (auto _ : state) {
        const auto c = meta::brute_force_count(p);
        grids += static_cast<std::int64_t>(c.grids);
        benchmark::DoNotOptimize(c.solutions);
    }
    state.SetItemsProcessed(grids);
}

}  // namespace

BENCHMARK(BM_ga_simple)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ga_modified)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ga_hs_baseline)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ga_logic)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ga_nn)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ga_rows)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sa)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_sa_rows)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_brute_force_5x5)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();

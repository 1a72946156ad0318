// Line solves per second of the complete line solvers (src/line: the byte
// DP and the bitset DP), the inner
// loop of propagation and probing, on typical 25-, 50- and
// 100-cell lines, and on long lines of 128-2000 cells,
// which the bitset DP solves on multi-word bitsets (wide_line_solver.hpp),
// reported by Google Benchmark as items_per_second.
//
// "Typical" here means what propagation feeds it on tournament-style boards:
// the clue of a random line with about half its cells filled, and a partial
// state in which a share of the cells (0%, 30%, 60%, 90%) is already known,
// consistently with that line. A fixed pool of 256 such lines per size is
// built from seed 1 and solved round-robin; each solve first copies the
// partial state into a scratch line (a copy of n bytes, part of the cost).
//
//     build/bench/micro/bench_micro --benchmark_filter=LineSolver  (matches both)
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "core/grid.hpp"
#include "line/bitset_line_solver.hpp"
#include "oracle/line_solver.hpp"

namespace {

using namespace nonolab;

struct Case {
    std::vector<int> runs;
    std::vector<Cell> cells;  // partial state
};

std::vector<Case> make_pool(int n, int known_percent) {
    std::mt19937_64 rng(1);
    std::vector<Case> pool(256);
    for (Case& c : pool) {
        std::vector<Cell> line(n);
        for (auto& x : line) x = (rng() % 2) ? kFilled : kEmpty;
        int run = 0;
        for (int i = 0; i <= n; ++i) {
            if (i < n && line[i] == kFilled) {
                ++run;
            } else if (run) {
                c.runs.push_back(run);
                run = 0;
            }
        }
        c.cells.assign(n, kUnknown);
        for (int i = 0; i < n; ++i)
            if (static_cast<int>(rng() % 100) < known_percent) c.cells[i] = line[i];
    }
    return pool;
}

template <class Solver>
void BM_Line(benchmark::State& state, Solver solver = {}) {
    const int n = static_cast<int>(state.range(0));
    const auto pool = make_pool(n, static_cast<int>(state.range(1)));
    std::vector<Cell> scratch(n);
    std::size_t i = 0;
    for (auto _ : state) {
        const Case& c = pool[i++ & 255];
        scratch = c.cells;
        const bool ok = solver.solve(c.runs, scratch);
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(scratch.data());
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(std::to_string(n) + " cells, " + std::to_string(state.range(1)) + "% known");
}

// The byte DP (the baseline) and the bitset DP, in the same run.
void BM_LineSolver(benchmark::State& state) {
    BM_Line<oracle::LineSolver>(state);
}
void BM_BitsetLineSolver(benchmark::State& state) {
    BM_Line<line::BitsetLineSolver>(state);
}
BENCHMARK(BM_LineSolver)->ArgsProduct({{25, 50, 100}, {0, 30, 60, 90}});
BENCHMARK(BM_BitsetLineSolver)->ArgsProduct({{25, 50, 100}, {0, 30, 60, 90}});
// Long lines: the byte DP against the multi-word bitset DP.
BENCHMARK(BM_LineSolver)->ArgsProduct({{128, 256, 512, 1000, 2000}, {0, 30, 60, 90}});
BENCHMARK(BM_BitsetLineSolver)->ArgsProduct({{128, 256, 512, 1000, 2000}, {0, 30, 60, 90}});

}  // namespace

// Line solves per second of the colour line solver (src/line/
// colour_line_solver.hpp), as items_per_second:
//   BM_ColourLineBw / BM_ByteLineBw  the colour solver and the byte DP
//       LineSolver on the same black-and-white lines: the pool of
//       line_solver_bench.cpp (256 lines per size from seed 1, about half
//       filled, 0/30/60/90% of the cells known, consistently);
//   BM_ColourLine                    4- and 8-colour lines: each cell
//       background with probability 1/2, else a uniform colour; known cells
//       hold their colour alone, unknown ones the whole palette;
//   BM_ColourLineWide                the same lines through the wide masks;
//   BM_ColourLineDpVsBitset          the byte DP and the bit-parallel
//       solver (bitset_colour_line_solver.hpp) on the same pools of 3-, 4-
//       and 8-colour lines, 25 to 1000 cells, back to back (last argument
//       0 = DP, 1 = bitset), so that one run gives the ratio.
// Each solve first copies the partial state into a scratch line (n bytes
// for the byte DP, n 64-bit masks or n 32-byte masks for the colour solver:
// part of the cost).
//
//     build/bench/micro/bench_micro --benchmark_filter=ColourLine\|ByteLine
//     build/bench/micro/bench_micro --benchmark_filter='BM_(ColourLineDp|BitsetColourLine)/'
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "line/bitset_colour_line_solver.hpp"
#include "oracle/colour_line_solver.hpp"
#include "oracle/line_solver.hpp"

namespace {

using namespace nonolab;
using oracle::WideMask;

struct Case {
    Clue clue;
    std::vector<int> runs;             // the clue's lengths (black-and-white pools)
    std::vector<Cell> cells;           // partial state as cells
    std::vector<std::uint64_t> masks;  // the same as 64-bit colour sets
    std::vector<WideMask> wide;        // the same as wide colour sets
};

// The clue of a full line: maximal stretches of one non-background colour.
Clue clue_of(const std::vector<Cell>& line) {
    Clue clue;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == kEmpty) continue;
        if (i > 0 && line[i - 1] == line[i])
            ++clue.back().length;
        else
            clue.push_back({1, line[i]});
    }
    return clue;
}

// 256 lines of n cells; `colours` = 1 draws exactly line_solver_bench.cpp's
// black-and-white pool (same generator calls, same seed).
std::vector<Case> make_pool(int n, int colours, int known_percent) {
    std::mt19937_64 rng(1);
    std::vector<Case> pool(256);
    for (Case& c : pool) {
        std::vector<Cell> line(n);
        for (auto& x : line) {
            x = (rng() % 2) ? kFilled : kEmpty;
            if (colours > 1 && x == kFilled) x = static_cast<Cell>(1 + rng() % colours);
        }
        c.clue = clue_of(line);
        for (const Run& r : c.clue) c.runs.push_back(r.length);
        c.cells.assign(n, kUnknown);
        for (int i = 0; i < n; ++i)
            if (static_cast<int>(rng() % 100) < known_percent) c.cells[i] = line[i];
        for (Cell v : c.cells) {
            c.masks.push_back(oracle::colour_mask(v, colours + 1));
            c.wide.push_back(oracle::wide_colour_mask(v, colours + 1));
        }
    }
    return pool;
}

void label(benchmark::State& state, int n, int colours, int known, const char* solver = "") {
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(std::to_string(n) + " cells, " + std::to_string(colours) + " colour(s), " +
                   std::to_string(known) + "% known" + solver);
}

// Solves the pool round-robin with the colour solver; `field` picks the
// mask representation (64-bit or wide).
template <auto field, class Solver = oracle::ColourLineSolver>
void solve_pool(benchmark::State& state, const std::vector<Case>& pool) {
    Solver solver;
    auto scratch = pool[0].*field;
    std::size_t i = 0;
    for (auto _ : state) {
        const Case& c = pool[i++ & 255];
        scratch = c.*field;
        const bool ok = solver.solve(c.clue, scratch);
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(scratch.data());
    }
}

// Arguments: cells, % known.
void BM_ColourLineBw(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0)), known = static_cast<int>(state.range(1));
    solve_pool<&Case::masks>(state, make_pool(n, 1, known));
    label(state, n, 1, known);
}

// Arguments: cells, % known.
void BM_ByteLineBw(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0)), known = static_cast<int>(state.range(1));
    const auto pool = make_pool(n, 1, known);
    oracle::LineSolver solver;
    std::vector<Cell> scratch(n);
    std::size_t i = 0;
    for (auto _ : state) {
        const Case& c = pool[i++ & 255];
        scratch = c.cells;
        const bool ok = solver.solve(c.runs, scratch);
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(scratch.data());
    }
    label(state, n, 1, known);
}

// Arguments: cells, colours, % known.
void BM_ColourLine(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0)), colours = static_cast<int>(state.range(1));
    const int known = static_cast<int>(state.range(2));
    solve_pool<&Case::masks>(state, make_pool(n, colours, known));
    label(state, n, colours, known);
}

// Arguments: cells, colours, % known.
void BM_ColourLineWide(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0)), colours = static_cast<int>(state.range(1));
    const int known = static_cast<int>(state.range(2));
    solve_pool<&Case::wide>(state, make_pool(n, colours, known));
    label(state, n, colours, known);
}

// Arguments: cells, colours, % known, solver (0 = the byte DP, 1 = the
// bit-parallel solver). The solver varies fastest, so each pool is solved by
// both back to back, which keeps the ratio meaningful on a busy machine.
void BM_ColourLineDpVsBitset(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0)), colours = static_cast<int>(state.range(1));
    const int known = static_cast<int>(state.range(2));
    const bool bitset = state.range(3) != 0;
    const auto pool = make_pool(n, colours, known);
    if (bitset)
        solve_pool<&Case::masks, line::BitsetColourLineSolver>(state, pool);
    else
        solve_pool<&Case::masks>(state, pool);
    label(state, n, colours, known, bitset ? ", bitset" : ", byte DP");
}

BENCHMARK(BM_ByteLineBw)->ArgsProduct({{25, 50, 100}, {0, 30, 60, 90}});
BENCHMARK(BM_ColourLineBw)->ArgsProduct({{25, 50, 100}, {0, 30, 60, 90}});
BENCHMARK(BM_ColourLine)->ArgsProduct({{25, 50, 100}, {4, 8}, {0, 30, 60, 90}});
BENCHMARK(BM_ColourLineWide)->ArgsProduct({{25, 50, 100}, {8}, {0, 60}});
BENCHMARK(BM_ColourLineDpVsBitset)
    ->ArgsProduct({{25, 30, 63, 100, 127, 200, 1000}, {3, 4, 8}, {0, 30, 60, 90}, {0, 1}});

}  // namespace

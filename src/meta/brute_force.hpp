// brute-force: enumerate all 2^(N·M) grids and count the solutions, as in
// Bobko & Grzywacz 2016, section VI and Table I (4×4: 187 s, 5×5: 16.9 h in
// their implementation).
//
// Every grid is checked individually, in counting order (cell i = bit i of
// the counter, row-major), so the count of grids examined is exactly 2^(N·M)
// for a finished run. The checks are bit-parallel: each row is a W-bit word
// looked up in a precomputed table of that row's valid patterns, and the
// columns are assembled by OR-ing per-row "spread" words (row r's bits placed
// at positions c·H + r) and looked up the same way. A grid is rejected at
// its first failing line. Up to 5×5 (2^25 grids) this takes well under a
// second; the limit is `max_cells` (default 30).
//
// It counts every solution, so it doubles as an independent test oracle for
// the exact solver on tiny puzzles (tests/meta/brute_force_test.cpp). It
// shares no code with the line solvers.
#pragma once

#include <cstdint>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/method.hpp"
#include "core/options.hpp"
#include "core/puzzle.hpp"

namespace nonolab::meta {

struct BruteForceOptions {
    int max_cells = 30;  ///< refuse larger boards (2^cells grids); hard cap 36
};

/// The `brute-force` method's options; the defaults are BruteForceOptions'.
const OptionTable<BruteForceOptions>& brute_force_option_table();

struct BruteForceCount {
    std::uint64_t solutions = 0;  ///< solutions among the grids examined
    std::uint64_t grids = 0;      ///< grids examined (2^cells when complete)
    std::vector<Grid> first;      ///< the first solutions, at most `keep`
    bool complete = false;        ///< every grid was examined
};

/// Counts all solutions of `puzzle` (black and white, at most max_cells
/// cells; throws std::invalid_argument otherwise). Stops early, incomplete,
/// when `budget` expires or after `max_grids` grids (0 = no limit).
BruteForceCount brute_force_count(const Puzzle& puzzle, std::size_t keep = 2,
                                  const Budget* budget = nullptr, int max_cells = 30,
                                  std::uint64_t max_grids = 0);

MethodInfo brute_force_method();

/// Registry entries of this family: "brute-force".
std::vector<MethodInfo> brute_force_methods();

}  // namespace nonolab::meta

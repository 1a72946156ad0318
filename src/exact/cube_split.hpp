// CubeSplit: one puzzle's search cut into independent cubes (cube and
// conquer), so that threads or MPI ranks can share a single hard puzzle.
//
//   SplitOptions s;  s.depth = 4;                       // up to 16 cubes
//   CubeSet set = make_cubes(puzzle, options, s.depth);
//   std::vector<std::optional<ExactResult>> parts;      // one per cube, any order of work
//   for (const Grid& cube : set.cubes) parts.push_back(solve_cube(puzzle, cube, options));
//   ExactResult r = merge_cubes(set, parts, options.max_solutions);
//
// How the cubes are made (the "cube" half): the root is propagated and
// closed under probing exactly as solve_exact's first step does. Then, level
// by level to `depth`, every open node is split on the prober's best cell
// (the cell whose two values each decide the most, prober.hpp), filled child
// first, and each child is propagated and probed. A child that contradicts
// is dropped (counted); a child that is complete is kept as a cube of its
// own (solving it just confirms the one solution). Everything here is
// deterministic, so every MPI rank that runs make_cubes gets the same cubes
// in the same order, and only cube ids need to travel.
//
// Why it is sound and complete: each split covers both values of its cell,
// so every solution of the puzzle extends exactly one cube (the cubes are
// disjoint), and dropping a contradicting child loses nothing because
// propagation and probing only draw sound conclusions.
//
// The merge rule (merge_cubes): the solutions are the union of the cubes'
// in cube order, cut at max_solutions; the run counts as exhausted (a proof
// of unique / contradiction) only when every cube was solved to exhaustion
// and fewer than max_solutions turned up, which is what one process would
// claim. A cube that was not run (cancelled once enough solutions were
// found, or cut short by the clock) leaves the verdict at multiple / solved
// / timeout, exactly as exact_verdict decides for one process.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "core/options.hpp"
#include "core/puzzle.hpp"
#include "exact/exact_solver.hpp"

namespace nonolab::exact {

/// How a puzzle is split; described once in split_option_table().
struct SplitOptions {
    int depth = 0;  ///< levels of splitting: up to 2^depth cubes; 0 = no split
};

/// The split options, keyed as the CLI's --split.
const OptionTable<SplitOptions>& split_option_table();

/// The cubes of one puzzle, or the verdict when the root already decides it.
struct CubeSet {
    /// Set when no cube is needed: the root contradicts, is complete, or the
    /// clock (or cancel) stopped the splitting. Then `cubes` is empty.
    std::optional<ExactResult> decided;
    std::vector<Grid> cubes;  ///< propagated and probed partial grids, in a fixed order
    int dropped = 0;          ///< children refuted while splitting (no cube needed)
    int root_unknown = 0;     ///< cells undecided after the root's first propagation
    ExactStats stats;         ///< the splitting's own work (probes, line solves)
};

/// Splits `puzzle` (black and white) to `depth` levels; the options give the
/// clock (timeout_seconds). Throws std::invalid_argument for a colour puzzle
/// or a depth outside [0, 20].
CubeSet make_cubes(const Puzzle& puzzle, const ExactOptions& options, int depth,
                   const std::atomic<bool>* cancel = nullptr);

/// solve_exact on the part of the search space below `cube` (a grid of the
/// puzzle's size, as make_cubes produced it).
ExactResult solve_cube(const Puzzle& puzzle, const Grid& cube, const ExactOptions& options,
                       const std::atomic<bool>* cancel = nullptr);

/// One result from the cubes' results (parts[i] for set.cubes[i]; nullopt =
/// not run), by the merge rule above. Stats are summed (max_depth: the
/// deepest), plus the splitting's own.
ExactResult merge_cubes(const CubeSet& set, const std::vector<std::optional<ExactResult>>& parts,
                        int max_solutions);

/// The whole split run in this thread, cube after cube (the reference the
/// parallel runs must agree with); stops once max_solutions are found.
ExactResult solve_split(const Puzzle& puzzle, const ExactOptions& options, int depth,
                        const std::atomic<bool>* cancel = nullptr);

}  // namespace nonolab::exact

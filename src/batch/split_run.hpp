// SplitRun: `solve --split`: the cubes of ONE puzzle (exact/cube_split.hpp)
// as the units of a batch (batch.hpp), so they run on threads or are dealt
// to the ranks of an MPI job exactly like the puzzles of an ordinary batch.
//
//   SplitRun run = solve_split_batch(puzzle, options, 4, {.threads = 2}, &g_interrupted);
//   if (run.leader) report(run.result);      // merged as one process would
//
// Every rank makes the same cubes (make_cubes is deterministic) and only
// cube ids travel; a cube's result travels back as one JSON text (its
// solutions as rows, whether it was exhausted, its counts and seconds).
// Rank 0 merges them in cube order (merge_cubes), so the verdict is the one
// of an unsplit run. Once max_solutions solutions have arrived, no further
// cube is dealt and the cubes still running are cancelled, on this process
// and (through the batch's cancel message, mpi_backend.hpp) on the others.
// The timeout is one deadline for the whole puzzle: splitting and every cube.
//
// Which solutions are printed when a puzzle has more than max_solutions:
// the first ones in cube order among the cubes that finished before the
// limit was reached. With one thread and one process that is fixed; with
// more it may depend on which cube finished first (the verdict does not).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "batch/batch.hpp"
#include "batch/experiment.hpp"
#include "core/puzzle.hpp"
#include "exact/cube_split.hpp"
#include "exact/exact_solver.hpp"

namespace nonolab::batch {

/// One split solve, as seen by this process.
struct SplitRun {
    bool leader = true;         ///< this process merged the results (rank 0, or no MPI)
    exact::ExactResult result;  ///< leader: the merged result
    std::size_t cubes = 0;      ///< cubes made (0 when the root decided the puzzle)
    int refuted = 0;            ///< children refuted while splitting
    double split_seconds = 0;   ///< making the cubes (every rank does it: the serial part)
    int exhausted = 0;          ///< leader: cubes used whose search was exhausted
    /// Leader: each cube's seconds (-1 = not run or not used), by cube id.
    std::vector<double> cube_seconds;
    BatchOutcome outcome;  ///< where the cubes went (per_rank under MPI)
};

/// Splits `puzzle` to `depth` levels and solves the cubes as a batch on
/// `where` (threads, or the ranks of where.mpi: then every rank must call
/// this with the same arguments). `on_progress` sees the cubes finish
/// (leader only). Throws std::invalid_argument as make_cubes does.
SplitRun solve_split_batch(const Puzzle& puzzle, const exact::ExactOptions& options, int depth,
                           const BatchOptions& where, const std::atomic<bool>* cancel = nullptr,
                           const std::function<void(const BatchProgress&)>& on_progress = {});

/// The split counterpart of run_experiment for `solve --split` (one method,
/// "exact", one trial): puzzle after puzzle, each solved by
/// solve_split_batch and recorded as run_unit records an ordinary exact run,
/// with the split's numbers added to stats (split_depth, cubes,
/// cubes_refuted, split_seconds, cubes_exhausted, cube_seconds_max,
/// cube_seconds_sum: the last three over the cubes whose results were used). Units whose key is in
/// `skip_keys` are skipped (resume). Hooks are called on the leader only;
/// on_progress reports cubes of the current puzzle. Like stream_experiment,
/// it keeps no record and returns how many it handed to on_record.
std::size_t run_split_experiment(const std::vector<PuzzleRef>& puzzles,
                                 const ExperimentOptions& options, int depth,
                                 const ExperimentHooks& hooks, const std::atomic<bool>* cancel,
                                 const UnitKeySet& skip_keys, MpiSession* mpi);

}  // namespace nonolab::batch

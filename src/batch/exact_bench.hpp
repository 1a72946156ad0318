// ExactBench: the exact solver over named benchmark sets, one row per set,
// optionally side by side with another solver command run on the same
// puzzles in the same run (`nonolab bench`).
//
//   sets:   survey, taai2011, tcga2012, icga2016, icga2017, icga2018,
//           tournament (the five question files), colour (every colour
//           puzzle of benchmarks/colour and the misc collections), cannot-solve
//           (extra_cgilab/PuzzleCannotSolve.txt), ndom:A-B (generated), or
//           any puzzle file path.
//   modes:  first (--solutions 1) or unique (--solutions 2).
//
// Every grid our solver reports is checked by verify before it counts as
// solved. Another solver (--vs) runs on the same puzzles after ours, through
// a Competitor the front end supplies (apps/external_solvers.hpp runs
// programs: the `cadical` executable on our CNF, or any command); it counts
// as having solved a puzzle when it says so, and its output is not checked,
// so its row is a timing comparison, not a verdict. This file runs no
// program and writes no file.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "batch/experiment.hpp"

namespace nonolab::batch {

class MpiSession;  // mpi_backend.hpp

/// Another solver's run on one puzzle: solved by its own account, and its
/// wall time in seconds.
struct CompetitorRun {
    bool solved = false;
    double seconds = 0;
};

/// Runs another solver on one puzzle; called from several threads at once.
using Competitor = std::function<CompetitorRun(const Puzzle&)>;

struct BenchOptions {
    int solutions = 1;       ///< 1 = first-solution mode, 2 = uniqueness mode
    double timeout = 0;      ///< seconds per puzzle, ours and the competitor's; 0 = none
    int threads = 0;         ///< puzzles solved in parallel per process; 0 = every core
    std::string vs;          ///< the competitor's name in its rows; "" = none
    Competitor competitor;   ///< runs it (required when vs is set)
    std::string shared_dir;  ///< the ../shared folder holding benchmarks/
    /// The exact method's parameters (exact_options.hpp keys, e.g. engine=search);
    /// `solutions` and `phase_times` are the bench's own. Checked by validate().
    ParamMap exact_params;

    /// Throws std::invalid_argument naming a bad exact parameter.
    void validate() const;
};

/// One benchmark set, resolved to puzzles.
struct BenchSet {
    std::string name;
    std::vector<PuzzleRef> puzzles;
};

/// Resolves set names (see the header comment). Throws std::invalid_argument
/// for an unknown name or a set whose files are absent, naming the path.
std::vector<BenchSet> resolve_sets(const std::vector<std::string>& names,
                                   const std::string& shared_dir);

/// One solver's result on one set.
struct BenchRow {
    std::string set;
    std::string solver;  ///< "nonolab" or the competitor command
    int puzzles = 0;
    int solved = 0;            ///< proven/verified (ours) or exit 0/10/20 (competitor)
    double total_seconds = 0;  ///< sum of per-puzzle wall times
    double median_seconds = 0;
    double slowest_seconds = 0;
    int slowest_index = 0;    ///< 1-based position in the set
    std::uint64_t nodes = 0;  ///< our search nodes, summed (0 for competitors)
    // Where our time went, summed over the set (0 for competitors; see
    // ExactStats): line solving, probing besides its line solving, CaDiCaL.
    // The rest of total_seconds is set-up, search bookkeeping and verify.
    double line_seconds = 0;
    double probe_seconds = 0;
    double sat_seconds = 0;
    std::string commit;  ///< nonolab's git commit
};

/// Progress: puzzles finished so far in the current set, and its size.
using BenchProgress = std::function<void(const std::string& set, int done, int total)>;

/// Runs every set: ours first, then the competitor if any, each as a batch
/// (batch.hpp) on options.threads threads or across the ranks of `mpi` (rows
/// are complete on rank 0 only). Returns one or two rows per set. `cancel` stops early (unfinished
/// puzzles count as unsolved). Throws std::invalid_argument when options.vs
/// is set without a competitor.
std::vector<BenchRow> run_bench(const std::vector<BenchSet>& sets, const BenchOptions& options,
                                const BenchProgress& progress = {},
                                const std::atomic<bool>* cancel = nullptr,
                                MpiSession* mpi = nullptr);

/// Rows as CSV (header + one line per row).
std::string bench_csv(const std::vector<BenchRow>& rows);

/// Rows as an aligned text table, with our time shares (line solving /
/// probing / SAT, percent of the total) and the competitor/ours time ratio per set.
std::string bench_table(const std::vector<BenchRow>& rows);

}  // namespace nonolab::batch

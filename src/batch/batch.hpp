// Batch: the one notion of a batch job shared by experiment, bench and solve
// (and meant for every batch command that lands later, e.g. dataset shards
// of `generate`). A batch is N independent units with stable ids 0..N-1 and a
// pure function id -> result text; the results reach a sink in id order,
// whatever order they finish in, on whichever thread or MPI rank they ran.
//
//   Batch b;
//   b.size = puzzles.size();
//   b.run = [&](std::uint64_t id, const std::atomic<bool>* cancel) {
//       return std::optional<UnitResult>({solve_to_json(puzzles[id], cancel), false, 0});
//   };
//   b.sink = [&](std::uint64_t id, const UnitResult& r) { file.write_line(r.text); };
//   BatchOptions o;
//   o.threads = 4;                 // per process; 0 = all cores (shared by the node's ranks)
//   o.mpi = session ? &*session : nullptr;   // mpi_backend.hpp: spread over the ranks
//   run_batch(b, o, &g_interrupted);
//
// Contract of a unit: its result depends only on its id (seeds come from
// derive_seed(master, id); only timing fields may vary), so scheduling
// never changes the output. A unit that throws is recorded as on_throw says
// and the batch goes on; a unit cut short by `cancel` returns nullopt and is
// not recorded, so a resumed run redoes it. Timeouts are the unit's own
// budget (each command's --timeout): a timed-out unit is an ordinary result.
//
// The text of a unit is opaque: one JSON line for experiment and solve
// --json, a block of human-readable text for solve without --json, a few
// numbers for bench, and for a shard of generated boards the shard's lines
// (many boards, one per line, joined with '\n'). It travels between MPI ranks
// as bytes, so it must be self-contained; `code` carries one small number
// that the caller aggregates (solve: the unit's exit status).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace nonolab::batch {

class MpiSession;  // mpi_backend.hpp

/// What one unit produced.
struct UnitResult {
    std::string text;     ///< the unit's output: a JSON line without its newline, or any blob
    bool failed = false;  ///< counts as a failure in the progress line (unsolved, timeout, error)
    int code = 0;         ///< one small number the caller aggregates (solve: exit status)
};

/// Runs unit `id`; nullopt when `cancel` cut it short (not a result). May throw.
using UnitFn =
    std::function<std::optional<UnitResult>(std::uint64_t id, const std::atomic<bool>* cancel)>;

/// Counts reported after each finished unit (rank 0 only under MPI).
struct BatchProgress {
    std::uint64_t done = 0;      ///< units finished in this session, on any rank
    std::uint64_t total = 0;     ///< units to run in this session (skipped ones excluded)
    std::uint64_t failures = 0;  ///< finished units with UnitResult::failed
    std::uint64_t skipped = 0;   ///< units already recorded (resume)
    double elapsed = 0;          ///< seconds since the batch started

    /// Units per second so far (0 before the first).
    double rate() const { return elapsed > 0 ? static_cast<double>(done) / elapsed : 0; }
    /// Seconds left at the current rate; negative when unknown.
    double eta() const;
};

/// "2 failed  4.10 runs/s  ETA 20s": what every batch command's progress line
/// shows after "[done/total]" (apps/progress.hpp).
std::string format_progress(const BatchProgress& progress, const std::string& noun = "units");

/// Seconds as "42s", "3m07s" or "5h02m".
std::string format_duration(double seconds);

/// A batch: its size, its unit function and where the results go.
struct Batch {
    std::uint64_t size = 0;  ///< units have ids 0 .. size-1
    UnitFn run;              ///< the whole job of a worker; called on any thread of any rank
    /// The record of a unit whose run threw (message = what()); unset: a JSON
    /// line {"unit": id, "status": "error", "error": message}, failed.
    std::function<UnitResult(std::uint64_t id, const std::string& message)> on_throw;
    std::vector<bool> skip;  ///< skip[id]: already recorded (resume), not run; empty = none
    /// Every result of this session in id order, one call at a time (rank 0
    /// only). A sink that throws stops the batch: no new unit starts, and the
    /// exception is rethrown by run_batch once every worker has stopped.
    std::function<void(std::uint64_t id, const UnitResult& result)> sink;
    /// After each finished unit, in finishing order (rank 0 only).
    std::function<void(const BatchProgress&)> on_progress;
    /// Each result as soon as it arrives, in finishing order, before the
    /// sink sees it in id order (rank 0 only, one call at a time): lets a
    /// caller stop the batch early, e.g. solve --split once it has its
    /// solutions. Must not throw.
    std::function<void(std::uint64_t id, const UnitResult& result)> on_result;
};

/// Where and how wide a batch runs.
struct BatchOptions {
    int threads = 0;  ///< worker threads per process; 0 = all cores, divided among the node's ranks
    MpiSession* mpi = nullptr;  ///< spread over this MPI job's ranks; null or 1 rank = this process
};

/// What a batch did, as seen by this process.
struct BatchOutcome {
    bool leader = true;                   ///< this process received the results (rank 0, or no MPI)
    std::uint64_t done = 0;               ///< units finished (leader: on every rank)
    std::uint64_t failures = 0;           ///< of those, UnitResult::failed
    std::uint64_t dropped = 0;            ///< units not run or cut short by cancel
    std::uint64_t skipped = 0;            ///< units skipped as already recorded
    std::vector<std::uint64_t> per_rank;  ///< leader under MPI: units finished by each rank
};

/// "2 ranks, units per rank: 152 148" (empty without MPI): where the work went.
std::string format_ranks(const BatchOutcome& outcome);

/// Runs every unit not in batch.skip, on threads, or on every rank of
/// options.mpi (rank 0 deals unit ids on request and runs the sink; see
/// mpi_backend.hpp). Once `cancel` is raised no new unit starts and units
/// still running are dropped. Throws std::invalid_argument for a batch
/// without a unit function or with a skip list of the wrong size, and
/// rethrows a sink's exception.
BatchOutcome run_batch(const Batch& batch, const BatchOptions& options,
                       const std::atomic<bool>* cancel = nullptr);

/// Threads a process uses for `requested` (0 = all cores, shared by the MPI
/// ranks of this node as OMPI_COMM_WORLD_LOCAL_SIZE tells when MPI runs).
int resolve_threads(int requested, bool under_mpi);

}  // namespace nonolab::batch

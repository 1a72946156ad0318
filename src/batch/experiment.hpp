// The experiment harness: puzzles x methods x trials, one seeded run per
// work unit, run on a thread pool and recorded as JSON Lines. This is what
// reproduces the tables of Lee & Geem 2025 (section 4, Tables 1 and 2: ten
// trials per puzzle, success x/10, average iterations [min-max] over the
// successful runs).
//
//   std::vector<PuzzleRef> puzzles = load_inputs({"bench/hs-suite"}, warn);  // suite.hpp
//   ExperimentOptions opt;
//   opt.methods = {{"hs-a", {}}, {"hs-c", {{"hms", "30"}}}};
//   ExperimentHooks hooks;
//   SummaryBuilder table;                                                 // summary.hpp
//   hooks.on_record = [&](const RunRecord& r) { file.write(r); table.add(r); };
//   stream_experiment(puzzles, opt, hooks);                   // keeps no record
//   std::cout << format_summary(table.rows(), TableStyle::text);
//
// Why the work is cut into units: each (puzzle, method, params, trial) run is
// a WorkUnit with a stable id (its position in the enumeration below) and the
// seed derive_seed(master_seed, id). A unit's result depends on nothing
// else, so the results never depend on scheduling: any thread count, any
// order, or any MPI rank (batch.hpp) gives the same records. run_unit is
// the whole job of a worker; records travel as one JSON line each, and
// unit_key identifies a record so that a resumed run skips what it has.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "batch/batch.hpp"
#include "batch/run_record.hpp"
#include "batch/unit_key_set.hpp"
#include "core/method.hpp"
#include "core/options.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "methods/registry.hpp"

namespace nonolab::batch {

/// One puzzle of an experiment and where it came from.
struct PuzzleRef {
    std::string source;  ///< file path as given or as resolved from a suite manifest
    int index = 1;       ///< 1-based position of the puzzle in its file
    std::string name;    ///< the puzzle's title, or "" when the file gives none
    std::string group;   ///< the manifest group it belongs to ("" = none); plots can pool by it
    std::shared_ptr<const Puzzle> puzzle;  ///< null when it could not be read
    std::string error =
        "";  ///< the reader's message when `puzzle` is null (index 0: the whole file)
    bool unsupported = false;  ///< that error refuses a variant we do not handle
};

/// "name (WxH)", or "file#index (WxH)" when the puzzle has no title: the
/// row label of summary tables and plot panels.
std::string puzzle_label(const PuzzleRef& ref);

/// A method and the parameters it runs with (the CLI's --param method:key=value).
struct MethodSpec {
    std::string name;  ///< registered method name, e.g. "hs-c"
    ParamMap params;   ///< passed to the method unchanged; it rejects unknown keys
};

/// The one parser of `--methods` and `--param` (solve, check, experiment,
/// the server): `names` in order, each with the parameters of `params`
/// ("KEY=VALUE" applies to every method, "METHOD:KEY=VALUE" to one).
/// Throws std::invalid_argument naming the bad item (an empty or repeated
/// name, a missing '=', a method not in `names`). Names are not looked up
/// here; resolve_methods does that.
std::vector<MethodSpec> method_specs(const std::vector<std::string>& names,
                                     const std::vector<std::string>& params);

/// Everything that shapes an experiment besides its puzzles. Defaults follow
/// Lee & Geem 2025 section 4 where the paper fixes them.
struct ExperimentOptions {
    std::vector<MethodSpec> methods;   ///< in display order; at least one
    int trials = 10;                   ///< runs per (puzzle, method); the paper's ten trials
    std::uint64_t master_seed = 1;     ///< unit seeds are derive_seed(master_seed, unit id)
    bool derive_seeds = true;          ///< false: every unit runs with master_seed itself (solve)
    int threads = 0;                   ///< worker threads; 0 = every core of the machine
    double timeout = 0;                ///< wall-clock seconds per run; 0 = none
    std::int64_t curve_every = 0;      ///< record best error every N evaluations; 0 = no curves
    std::int64_t max_evaluations = 0;  ///< overrides each method's iteration limit when > 0

    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

/// The numbers of an experiment, described once (core/options.hpp): trials,
/// seed (master_seed), threads, timeout, max_evaluations and curve
/// (curve_every). `nonolab experiment`'s flags and Python's experiment()
/// set them by these keys; the methods are set apart (method_specs).
const OptionTable<ExperimentOptions>& experiment_option_table();

/// The unit of work: one run. Enumerated puzzle-major, then method, then
/// trial, so id = (puzzle * methods + method) * trials + (trial - 1).
struct WorkUnit {
    std::uint64_t id = 0;    ///< stable position in the enumeration; orders the output
    std::size_t puzzle = 0;  ///< index into the experiment's puzzle list
    std::size_t method = 0;  ///< index into ExperimentOptions::methods
    int trial = 1;           ///< 1-based trial number
    std::uint64_t seed = 0;  ///< derive_seed(master_seed, id), or master_seed
};

/// How many units an experiment over `puzzle_count` puzzles has.
std::uint64_t unit_count(std::size_t puzzle_count, const ExperimentOptions& options);

/// The unit numbered `id` (< unit_count): a pure function of the id, so a
/// run over millions of units needs no list of them.
WorkUnit unit_at(std::uint64_t id, const ExperimentOptions& options);

/// Every unit of an experiment over `puzzle_count` puzzles, in id order
/// (for small experiments and tests; large ones call unit_at).
std::vector<WorkUnit> enumerate_units(std::size_t puzzle_count, const ExperimentOptions& options);

/// A record holding only what identifies the unit (puzzle, method, params,
/// trial, seed and the run limits), before it runs; run_unit fills in the rest.
RunRecord plan_record(const WorkUnit& unit, const PuzzleRef& puzzle, const MethodSpec& spec,
                      const ExperimentOptions& options);

/// unit_key(plan_record(...)).
std::string unit_key(const WorkUnit& unit, const PuzzleRef& puzzle, const MethodSpec& spec,
                     const ExperimentOptions& options);

/// Resolves a method name; nullptr when unknown. Injectable so tests can run
/// the harness on a fake method defined in the test.
using MethodLookup = std::function<const MethodInfo*(const std::string&)>;

/// Runs one unit: the whole job of a worker, a pure function of its inputs
/// (apart from `seconds`). Never throws: a method fault becomes status error.
/// `cancel` (may be null) cuts the run short, which then reports timeout.
RunRecord run_unit(const WorkUnit& unit, const PuzzleRef& puzzle, const MethodSpec& spec,
                   const MethodInfo& method, const ExperimentOptions& options,
                   const std::atomic<bool>* cancel = nullptr);

/// Looks up every method of `options` and checks its params by a run on the
/// smallest black-and-white puzzle with an already expired budget (methods parse their params
/// before their loop). Throws std::invalid_argument naming the unknown method
/// or the bad parameter. run_experiment calls it first; callers may call it
/// earlier, e.g. before truncating an output file.
std::vector<const MethodInfo*> resolve_methods(const std::vector<PuzzleRef>& puzzles,
                                               const ExperimentOptions& options,
                                               const MethodLookup& lookup);

/// Counts reported after each finished unit.
/// The batch's own counts (batch.hpp): a failure is a unit that did not
/// solve (unsolved, timeout, error).
using ExperimentProgress = BatchProgress;

/// Callbacks; each is called by one thread at a time.
struct ExperimentHooks {
    /// Each finished record, in unit-id order whatever order the units finish in.
    std::function<void(const RunRecord&)> on_record;
    /// After each unit finishes, in finishing order.
    std::function<void(const ExperimentProgress&)> on_progress;
    /// Once, after the last unit, with where the work went (batch.hpp).
    std::function<void(const BatchOutcome&)> on_finish;
};

/// Runs every unit not in `skip_keys` (see unit_key) as a batch (batch.hpp)
/// on options.threads threads, or across the ranks of `mpi` (then only rank
/// 0 calls the hooks; the other ranks see no record), and hands each record
/// to hooks.on_record in unit-id order, keeping none: memory stays flat over
/// millions of runs (what the CLI needs). Units still running when `cancel`
/// is raised are dropped, not recorded (a cut-short run is not a result; a
/// resumed run redoes it), and no new unit starts. Returns how many records
/// it handed over. Throws std::invalid_argument before any run as
/// resolve_methods does.
std::size_t stream_experiment(const std::vector<PuzzleRef>& puzzles,
                              const ExperimentOptions& options, const ExperimentHooks& hooks,
                              const MethodLookup& lookup = find_method,
                              const std::atomic<bool>* cancel = nullptr,
                              const UnitKeySet& skip_keys = {}, MpiSession* mpi = nullptr);

/// stream_experiment, also returning this session's records in unit-id
/// order (for Python and tests: experiments small enough to hold).
std::vector<RunRecord> run_experiment(const std::vector<PuzzleRef>& puzzles,
                                      const ExperimentOptions& options,
                                      const ExperimentHooks& hooks = {},
                                      const MethodLookup& lookup = find_method,
                                      const std::atomic<bool>* cancel = nullptr,
                                      const UnitKeySet& skip_keys = {}, MpiSession* mpi = nullptr);

}  // namespace nonolab::batch

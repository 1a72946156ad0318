#include "batch/experiment.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <limits>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include "batch/batch.hpp"
#include "batch/mpi_backend.hpp"
#include "core/clue_contradiction.hpp"
#include "core/rng.hpp"
#include "io/solution_rows.hpp"

namespace nonolab::batch {

std::string puzzle_label(const PuzzleRef& ref) {
    std::string label = ref.name;
    if (label.empty())
        label =
            std::filesystem::path(ref.source).filename().string() + "#" + std::to_string(ref.index);
    if (ref.puzzle)
        label += " (" + std::to_string(ref.puzzle->width()) + "x" +
                 std::to_string(ref.puzzle->height()) + ")";
    return label;
}

void ExperimentOptions::validate() const {
    if (methods.empty()) throw std::invalid_argument("experiment: no methods given");
    for (const MethodSpec& m : methods)
        if (m.name.empty()) throw std::invalid_argument("experiment: empty method name");
    experiment_option_table().validate(*this);
}

const OptionTable<ExperimentOptions>& experiment_option_table() {
    using O = ExperimentOptions;
    constexpr std::int64_t kMost = std::int64_t{1} << 62;
    static const auto table =
        OptionTable<O>("experiment")
            .integer("trials", &O::trials, 1, 1'000'000'000, "runs per puzzle and method")
            .integer("seed", &O::master_seed, 0, std::numeric_limits<std::int64_t>::max(),
                     "master seed; each run's seed is derived from it and the run's number")
            .integer("threads", &O::threads, 0, 65'536,
                     "worker threads per process (0 = all cores, shared by the MPI ranks of a "
                     "node)")
            .number("timeout", &O::timeout, 0, 1e9,
                    "wall-clock seconds per run (0 = none); a run that runs out counts as a "
                    "failure with status timeout")
            .integer("max_evaluations", &O::max_evaluations, 0, kMost,
                     "override every method's iteration limit (0 = each method's own; the "
                     "paper's is 1,000,000)")
            .integer("curve", &O::curve_every, 0, kMost,
                     "record the best error every N iterations (0 = no curves; --plot needs "
                     "them)");
    return table;
}

std::vector<MethodSpec> method_specs(const std::vector<std::string>& names,
                                     const std::vector<std::string>& params) {
    std::vector<MethodSpec> specs;
    for (const std::string& name : names) {
        if (name.empty()) throw std::invalid_argument("empty method name");
        for (const auto& m : specs)
            if (m.name == name) throw std::invalid_argument("'" + name + "' is listed twice");
        specs.push_back({name, {}});
    }
    for (const std::string& p : params) {
        const auto eq = p.find('=');
        if (eq == std::string::npos || eq == 0)
            throw std::invalid_argument("expected [METHOD:]KEY=VALUE, got '" + p + "'");
        const std::string lhs = p.substr(0, eq), value = p.substr(eq + 1);
        const auto colon = lhs.find(':');
        if (colon == std::string::npos) {  // no method named: every method takes it
            for (auto& m : specs) m.params[lhs] = value;
            continue;
        }
        const std::string method = lhs.substr(0, colon), key = lhs.substr(colon + 1);
        auto it = std::find_if(specs.begin(), specs.end(),
                               [&](const auto& m) { return m.name == method; });
        if (it == specs.end())
            throw std::invalid_argument("'" + p + "' names method '" + method +
                                        "', which is not among the methods run");
        if (key.empty()) throw std::invalid_argument("no key in '" + p + "'");
        it->params[key] = value;
    }
    return specs;
}

std::uint64_t unit_count(std::size_t puzzle_count, const ExperimentOptions& options) {
    return static_cast<std::uint64_t>(puzzle_count) * options.methods.size() *
           static_cast<std::uint64_t>(std::max(options.trials, 0));
}

WorkUnit unit_at(std::uint64_t id, const ExperimentOptions& options) {
    // id = (puzzle * methods + method) * trials + (trial - 1), see WorkUnit.
    const auto trials = static_cast<std::uint64_t>(options.trials);
    const std::uint64_t per_puzzle = options.methods.size() * trials;
    WorkUnit u;
    u.id = id;
    u.puzzle = static_cast<std::size_t>(id / per_puzzle);
    u.method = static_cast<std::size_t>(id % per_puzzle / trials);
    u.trial = static_cast<int>(id % trials) + 1;
    u.seed = options.derive_seeds ? derive_seed(options.master_seed, id) : options.master_seed;
    return u;
}

std::vector<WorkUnit> enumerate_units(std::size_t puzzle_count, const ExperimentOptions& options) {
    std::vector<WorkUnit> units;
    const std::uint64_t n = unit_count(puzzle_count, options);
    units.reserve(n);
    for (std::uint64_t id = 0; id < n; ++id) units.push_back(unit_at(id, options));
    return units;
}

std::string unit_key(const WorkUnit& unit, const PuzzleRef& puzzle, const MethodSpec& spec,
                     const ExperimentOptions& options) {
    return unit_key(plan_record(unit, puzzle, spec, options));
}

// ---- one unit ---------------------------------------------------------------

RunRecord plan_record(const WorkUnit& unit, const PuzzleRef& puzzle, const MethodSpec& spec,
                      const ExperimentOptions& options) {
    RunRecord r;
    r.unit = unit.id;
    r.source = puzzle.source;
    r.index = puzzle.index;
    r.name = puzzle.name;
    r.group = puzzle.group;
    if (puzzle.puzzle) {
        r.width = puzzle.puzzle->width();
        r.height = puzzle.puzzle->height();
    }
    r.method = spec.name;
    r.params = spec.params;
    r.trial = unit.trial;
    r.seed = unit.seed;
    r.max_evaluations = options.max_evaluations;
    r.timeout = options.timeout;
    r.curve_every = options.curve_every;
    r.error = puzzle.error;
    return r;
}

RunRecord run_unit(const WorkUnit& unit, const PuzzleRef& puzzle, const MethodSpec& spec,
                   const MethodInfo& method, const ExperimentOptions& options,
                   const std::atomic<bool>* cancel) {
    RunRecord r = plan_record(unit, puzzle, spec, options);
    if (!puzzle.puzzle) {  // unreadable: the record carries the reader's message
        if (r.error.empty()) r.error = "internal error: puzzle not loaded";
        return r;
    }

    RunControl ctl;
    ctl.seed = unit.seed;
    ctl.budget = Budget(options.timeout, cancel);
    ctl.curve_every = options.curve_every;
    ctl.max_evaluations = options.max_evaluations;
    const auto t0 = std::chrono::steady_clock::now();
    Verdict v = run_verified(method, *puzzle.puzzle, spec.params, ctl);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    r.status = v.status;
    r.error = v.error;
    r.reason = v.result.reason;
    if (v.status == Status::error) return r;
    const MetaResult& m = v.result;
    const Puzzle& p = *puzzle.puzzle;
    r.iterations = m.evaluations;
    r.best_error = r.solved() ? 0 : m.best_error;
    if (m.proven != Status::error)  // a complete method: every solution it found
        for (const Grid& g : m.solutions) r.solutions.push_back(io::grid_rows(g, p.palette()));
    else if (r.status == Status::solved)
        r.solutions.push_back(io::grid_rows(m.best, p.palette()));
    // Counts are whole numbers in the method's double map; they read as
    // integers in the record, as scripts expect of counts.
    for (const auto& [k, x] : m.stats)
        if (x == std::floor(x) && std::fabs(x) < 9e15)
            r.stats[k] = static_cast<std::int64_t>(x);
        else
            r.stats[k] = x;
    for (const auto& [k, x] : m.labels) r.stats[k] = x;
    if (m.partial.size() > 0) r.stats["partial"] = io::grid_rows(m.partial, p.palette());
    r.curve = std::move(v.result.curve);
    return r;
}

// ---- the pool ---------------------------------------------------------------

// Checks names and params before spending any time: each method runs once
// with a cancelled budget, which makes it parse its params and return at its
// first budget check.
std::vector<const MethodInfo*> resolve_methods(const std::vector<PuzzleRef>& puzzles,
                                               const ExperimentOptions& options,
                                               const MethodLookup& lookup) {
    std::vector<const MethodInfo*> infos;
    for (const MethodSpec& spec : options.methods) {
        const MethodInfo* info = lookup(spec.name);
        if (!info) throw UnknownMethod(spec.name);
        // The smallest black-and-white puzzle, so that a method refusing
        // colour or large puzzles is not mistaken for one refusing its params.
        auto probe = puzzles.end();
        for (auto it = puzzles.begin(); it != puzzles.end(); ++it) {
            if (!it->puzzle || !it->puzzle->black_and_white() ||
                !clue_contradiction(*it->puzzle).empty())  // would not run the method
                continue;
            const auto cells = [](const PuzzleRef& p) {
                return static_cast<long>(p.puzzle->width()) * p.puzzle->height();
            };
            if (probe == puzzles.end() || cells(*it) < cells(*probe)) probe = it;
        }
        if (probe != puzzles.end()) {
            const std::atomic<bool> stop{true};
            RunControl ctl;
            ctl.budget = Budget(0, &stop);
            try {
                info->run(*probe->puzzle, spec.params, ctl);
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument("method '" + spec.name + "': " + e.what());
            } catch (const std::exception&) {
                // Not a parameter problem; the real runs will report it per unit.
            }
        }
        infos.push_back(info);
    }
    return infos;
}

std::size_t stream_experiment(const std::vector<PuzzleRef>& puzzles,
                              const ExperimentOptions& options, const ExperimentHooks& hooks,
                              const MethodLookup& lookup, const std::atomic<bool>* cancel,
                              const UnitKeySet& skip_keys, MpiSession* mpi) {
    options.validate();
    const std::vector<const MethodInfo*> infos = resolve_methods(puzzles, options, lookup);

    // One batch unit per WorkUnit (same ids); its result is the record's JSON
    // line, which is also what travels between MPI ranks.
    // Units are computed from their ids (unit_at), never listed: a resumed run
    // of a million units holds one skip bit each, not a million WorkUnits.
    Batch batch;
    batch.size = unit_count(puzzles.size(), options);
    if (!skip_keys.empty()) {
        batch.skip.assign(batch.size, false);
        for (std::uint64_t id = 0; id < batch.size; ++id) {
            const WorkUnit u = unit_at(id, options);
            batch.skip[id] = skip_keys.contains(
                unit_key(u, puzzles[u.puzzle], options.methods[u.method], options));
        }
    }
    // Without MPI the record itself waits for the sink, keyed by its unit:
    // its JSON line was made and parsed again for nothing, a sixth of the
    // instructions of a one-puzzle `check` (docs/results/startup.md).
    std::mutex waiting_mutex;
    std::unordered_map<std::uint64_t, RunRecord> waiting;
    const auto result_of = [&](std::uint64_t id, RunRecord r, bool failed) {
        if (mpi) return UnitResult{to_json_line(r), failed, 0};
        const std::lock_guard<std::mutex> lock(waiting_mutex);
        waiting.emplace(id, std::move(r));
        return UnitResult{std::string(), failed, 0};
    };
    batch.run = [&](std::uint64_t id, const std::atomic<bool>* stop) {
        const WorkUnit u = unit_at(id, options);
        RunRecord r = run_unit(u, puzzles[u.puzzle], options.methods[u.method], *infos[u.method],
                               options, stop);
        const bool failed = !r.solved();
        return std::optional<UnitResult>(result_of(id, std::move(r), failed));
    };
    batch.on_throw = [&](std::uint64_t id, const std::string& message) {
        const WorkUnit u = unit_at(id, options);
        RunRecord r = plan_record(u, puzzles[u.puzzle], options.methods[u.method], options);
        r.error = message;
        return result_of(id, std::move(r), true);
    };
    // Records are not kept here: an experiment of a million runs would hold
    // gigabytes, and (interleaved with each run's short-lived buffers) the
    // heap fragments to several times that. The hooks keep what they need.
    std::size_t emitted = 0;
    batch.sink = [&](std::uint64_t id, const UnitResult& result) {
        if (mpi) {
            if (hooks.on_record) hooks.on_record(parse_json_line(result.text));
        } else {
            std::unique_lock<std::mutex> lock(waiting_mutex);
            auto node = waiting.extract(id);
            lock.unlock();
            assert(!node.empty());
            if (hooks.on_record) hooks.on_record(node.mapped());
        }
        ++emitted;
    };
    batch.on_progress = hooks.on_progress;
    BatchOptions bo;
    bo.threads = options.threads;
    bo.mpi = mpi;
    const BatchOutcome outcome = run_batch(batch, bo, cancel);
    if (hooks.on_finish) hooks.on_finish(outcome);
    return emitted;
}

std::vector<RunRecord> run_experiment(const std::vector<PuzzleRef>& puzzles,
                                      const ExperimentOptions& options,
                                      const ExperimentHooks& hooks, const MethodLookup& lookup,
                                      const std::atomic<bool>* cancel, const UnitKeySet& skip_keys,
                                      MpiSession* mpi) {
    std::vector<RunRecord> records;
    ExperimentHooks keeping = hooks;
    keeping.on_record = [&](const RunRecord& r) {
        if (hooks.on_record) hooks.on_record(r);
        records.push_back(r);
    };
    stream_experiment(puzzles, options, keeping, lookup, cancel, skip_keys, mpi);
    return records;
}

}  // namespace nonolab::batch

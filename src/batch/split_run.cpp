#include "batch/split_run.hpp"

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <thread>

#include "batch/mpi_backend.hpp"
#include "core/budget.hpp"
#include "exact/exact_method.hpp"
#include "exact/exact_options.hpp"
#include "io/solution_rows.hpp"

namespace nonolab::batch {

namespace {

using exact::ExactOptions;
using exact::ExactResult;

// ---- a cube's result as the text that travels between ranks ----------------

std::string encode(const ExactResult& r, double seconds, const Puzzle& p) {
    nlohmann::json j;
    j["exhausted"] = r.exhausted;
    j["seconds"] = seconds;
    j["solutions"] = nlohmann::json::array();
    for (const Grid& g : r.solutions) j["solutions"].push_back(io::grid_rows(g, p.palette()));
    const exact::ExactStats& s = r.stats;
    j["stats"] = {s.nodes,  s.line_solves,  s.cache_hits, s.failures,
                  s.probes, s.probe_forced, s.max_depth,  s.sat_calls};
    return j.dump();
}

ExactResult decode(const std::string& text, const Puzzle& p, double& seconds) {
    const nlohmann::json j = nlohmann::json::parse(text);
    ExactResult r;
    r.exhausted = j.at("exhausted").get<bool>();
    seconds = j.at("seconds").get<double>();
    for (const auto& rows : j.at("solutions"))
        r.solutions.push_back(
            io::grid_from_rows(rows.get<std::vector<std::string>>(), p.palette()));
    const auto& s = j.at("stats");
    r.stats.nodes = s.at(0).get<decltype(r.stats.nodes)>();
    r.stats.line_solves = s.at(1).get<decltype(r.stats.line_solves)>();
    r.stats.cache_hits = s.at(2).get<decltype(r.stats.cache_hits)>();
    r.stats.failures = s.at(3).get<decltype(r.stats.failures)>();
    r.stats.probes = s.at(4).get<decltype(r.stats.probes)>();
    r.stats.probe_forced = s.at(5).get<decltype(r.stats.probe_forced)>();
    r.stats.max_depth = s.at(6).get<decltype(r.stats.max_depth)>();
    r.stats.sat_calls = s.at(7).get<decltype(r.stats.sat_calls)>();
    return r;
}

/// Raises `stop` when `cancel` is raised, until destroyed: the batch and the
/// cubes listen to one flag, which the merge also raises once enough
/// solutions are in.
class CancelRelay {
  public:
    CancelRelay(const std::atomic<bool>* cancel, std::atomic<bool>& stop) {
        if (!cancel) return;
        thread_ = std::thread([this, cancel, &stop] {
            while (!done_) {
                if (cancel->load()) stop = true;
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        });
    }
    ~CancelRelay() {
        done_ = true;
        if (thread_.joinable()) thread_.join();
    }
    CancelRelay(const CancelRelay&) = delete;
    CancelRelay& operator=(const CancelRelay&) = delete;

  private:
    // std::thread and a flag rather than std::jthread, which emscripten's
    // libc++ (the WebAssembly build, cmake/wasm.cmake) does not have.
    std::atomic<bool> done_{false};
    std::thread thread_;
};

}  // namespace

SplitRun solve_split_batch(const Puzzle& puzzle, const ExactOptions& options, int depth,
                           const BatchOptions& where, const std::atomic<bool>* cancel,
                           const std::function<void(const BatchProgress&)>& on_progress) {
    options.validate();
    std::atomic<bool> stop{cancel && cancel->load()};
    const CancelRelay relay(cancel, stop);
    const Budget budget(options.timeout_seconds, &stop);  // one deadline for the whole puzzle
    const exact::CubeSet set = exact::make_cubes(puzzle, options, depth, &stop);

    SplitRun run;
    run.split_seconds = budget.elapsed();
    run.cubes = set.cubes.size();
    run.refuted = set.dropped;
    std::vector<std::optional<ExactResult>> parts(set.cubes.size());
    run.cube_seconds.assign(set.cubes.size(), -1);
    std::size_t found = 0;

    Batch batch;
    // Every rank runs the batch, even with no cube, so that the ranks' batches
    // stay paired puzzle by puzzle. Rank 0's cube count is the batch's size:
    // a rank whose own splitting ran out of time has fewer cubes, and answers
    // for the missing ones with "not exhausted" (the clock has run out anyway).
    batch.size = set.cubes.size();
    batch.run = [&](std::uint64_t id, const std::atomic<bool>* cut) -> std::optional<UnitResult> {
        ExactResult r;
        double seconds = 0;
        if (id < set.cubes.size() && !budget.expired()) {
            ExactOptions o = options;
            o.timeout_seconds = budget.remaining();
            const auto t0 = std::chrono::steady_clock::now();
            r = exact::solve_cube(puzzle, set.cubes[id], o, cut);
            seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        }
        const bool failed = r.solutions.empty() && !r.exhausted;
        return UnitResult{encode(r, seconds, puzzle), failed, 0};
    };
    // Stop as soon as enough solutions have arrived, in whatever order (the
    // sink below sees them in cube order, and would wait for slow early cubes).
    std::size_t arrived = 0;
    batch.on_result = [&](std::uint64_t, const UnitResult& u) {
        double ignored = 0;
        arrived += decode(u.text, puzzle, ignored).solutions.size();
        if (arrived >= static_cast<std::size_t>(options.max_solutions)) stop = true;
    };
    batch.sink = [&](std::uint64_t id, const UnitResult& u) {
        if (found >= static_cast<std::size_t>(options.max_solutions)) return;  // not needed
        parts[id] = decode(u.text, puzzle, run.cube_seconds[id]);
        run.exhausted += parts[id]->exhausted;
        found += parts[id]->solutions.size();
        if (found >= static_cast<std::size_t>(options.max_solutions)) stop = true;
    };
    batch.on_progress = on_progress;
    run.outcome = run_batch(batch, where, &stop);
    run.leader = run.outcome.leader;
    run.result = exact::merge_cubes(set, parts, options.max_solutions);
    return run;
}

namespace {

// The "exact" method with its solve step replaced by the split batch.
MethodInfo split_method(int depth, const BatchOptions& where, SplitRun& last,
                        const std::function<void(const BatchProgress&)>& on_progress) {
    MethodInfo m = *find_method("exact");
    m.run = [depth, where, &last, on_progress](const Puzzle& p, const ParamMap& params,
                                               const RunControl& ctl) {
        ExactOptions o = exact::exact_option_table().parse(params).solver;
        o.timeout_seconds = ctl.budget.remaining();
        if (ctl.max_evaluations > 0) o.node_limit = static_cast<std::uint64_t>(ctl.max_evaluations);
        last = solve_split_batch(p, o, depth, where, ctl.budget.cancel_flag(), on_progress);
        MetaResult r = exact::exact_meta_result(p, last.result);
        double sum = 0, longest = 0;
        for (const double s : last.cube_seconds) {
            sum += std::max(0.0, s);
            longest = std::max(longest, s);
        }
        r.stats["split_depth"] = depth;
        r.stats["cubes"] = static_cast<double>(last.cubes);
        r.stats["cubes_refuted"] = last.refuted;
        r.stats["cube_seconds_max"] = longest;
        r.stats["cube_seconds_sum"] = sum;
        r.stats["split_seconds"] = last.split_seconds;
        r.stats["cubes_exhausted"] = last.exhausted;
        return r;
    };
    return m;
}

}  // namespace

std::size_t run_split_experiment(const std::vector<PuzzleRef>& puzzles,
                                 const ExperimentOptions& options, int depth,
                                 const ExperimentHooks& hooks, const std::atomic<bool>* cancel,
                                 const UnitKeySet& skip_keys, MpiSession* mpi) {
    options.validate();
    if (options.methods.size() != 1 || options.methods[0].name != "exact" || options.trials != 1)
        throw std::invalid_argument("--split runs the exact method, one trial per puzzle");
    const std::uint64_t units = unit_count(puzzles.size(), options);
    BatchOptions where;
    where.threads = options.threads;
    where.mpi = mpi;
    SplitRun last;
    BatchOutcome total;  // counts puzzles, as run_experiment's does; per_rank counts cubes
    const bool leader = !mpi || mpi->leader();
    const MethodInfo method = split_method(depth, where, last, hooks.on_progress);
    std::size_t recorded = 0;
    for (std::uint64_t id = 0; id < units; ++id) {
        const WorkUnit u = unit_at(id, options);
        const PuzzleRef& ref = puzzles[u.puzzle];
        // Rank 0 alone reads the resume file, so the other ranks split a
        // skipped puzzle too; rank 0 pairs their batch with an empty one and
        // deals them no cube.
        if (skip_keys.contains(unit_key(u, ref, options.methods[0], options))) {
            // (Only where they run one: a readable black-and-white puzzle.)
            if (mpi && mpi->size() > 1 && ref.puzzle && ref.puzzle->black_and_white()) {
                Batch none;
                none.run = [](std::uint64_t, const std::atomic<bool>*) {
                    return std::optional<UnitResult>();
                };
                run_batch(none, where, cancel);
            }
            ++total.skipped;
            continue;
        }
        if (cancel && cancel->load()) break;
        last = SplitRun{};
        RunRecord r = run_unit(u, ref, options.methods[0], method, options, cancel);
        total.per_rank.resize(std::max(total.per_rank.size(), last.outcome.per_rank.size()));
        for (std::size_t k = 0; k < last.outcome.per_rank.size(); ++k)
            total.per_rank[k] += last.outcome.per_rank[k];
        if (!leader) continue;
        // Cut short by the user: not a result (as run_experiment drops it).
        if (cancel && cancel->load()) break;
        if (hooks.on_record) hooks.on_record(r);
        ++recorded;
    }
    total.leader = leader;
    total.done = recorded;
    // Puzzles neither recorded nor skipped: cut short by `cancel`.
    if (leader) total.dropped = units - total.skipped - recorded;
    if (hooks.on_finish && leader) hooks.on_finish(total);
    return recorded;
}

}  // namespace nonolab::batch

#include "bench/experiment.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <thread>

#include "bench/batch.hpp"
#include "bench/mpi_backend.hpp"
#include "io/text_encoding.hpp"
#include "meta/rng.hpp"

namespace nonolab::bench {

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
    if (trials < 1)
        throw std::invalid_argument("experiment: trials must be at least 1, got " +
                                    std::to_string(trials));
    if (threads < 0)
        throw std::invalid_argument("experiment: threads must be 0 (all cores) or more, got " +
                                    std::to_string(threads));
    if (timeout < 0)
        throw std::invalid_argument("experiment: timeout must not be negative, got " +
                                    std::to_string(timeout));
    if (curve_every < 0)
        throw std::invalid_argument("experiment: curve sampling must not be negative, got " +
                                    std::to_string(curve_every));
    if (max_evaluations < 0)
        throw std::invalid_argument("experiment: max_evaluations must not be negative, got " +
                                    std::to_string(max_evaluations));
}

std::vector<WorkUnit> enumerate_units(std::size_t puzzle_count, const ExperimentOptions& options) {
    std::vector<WorkUnit> units;
    units.reserve(puzzle_count * options.methods.size() * static_cast<std::size_t>(options.trials));
    std::uint64_t id = 0;
    for (std::size_t p = 0; p < puzzle_count; ++p)
        for (std::size_t m = 0; m < options.methods.size(); ++m)
            for (int t = 1; t <= options.trials; ++t, ++id)
                units.push_back({id, p, m, t, meta::derive_seed(options.master_seed, id)});
    return units;
}

// ---- JSON line --------------------------------------------------------------

std::string to_json_line(const RunRecord& r) {
    // Text that is not UTF-8 (a file name, a manifest's group, a message
    // quoting the input) is marked with U+FFFD rather than making nlohmann
    // throw and the record be lost; unit_key does the same, so a resumed run
    // recognises the record.
    using io::valid_utf8;
    nlohmann::ordered_json j;
    j["unit"] = r.unit;
    j["source"] = valid_utf8(r.source);
    j["index"] = r.index;
    j["name"] = valid_utf8(r.name);
    if (!r.group.empty()) j["group"] = valid_utf8(r.group);
    j["width"] = r.width;
    j["height"] = r.height;
    j["method"] = valid_utf8(r.method);
    j["params"] = nlohmann::ordered_json::object();
    for (const auto& [k, v] : r.params) j["params"][valid_utf8(k)] = valid_utf8(v);
    j["trial"] = r.trial;
    j["seed"] = r.seed;
    j["max_evaluations"] = r.max_evaluations;
    j["timeout"] = r.timeout;
    j["curve_every"] = r.curve_every;
    j["success"] = r.success;
    j["status"] = std::string(to_string(r.status));
    j["iterations"] = r.iterations;
    j["seconds"] = r.seconds;
    j["best_error"] = r.best_error;
    if (!r.error.empty()) j["error"] = valid_utf8(r.error);
    j["stats"] = nlohmann::ordered_json::object();
    for (const auto& [k, v] : r.stats) j["stats"][k] = v;
    if (!r.curve.empty()) {
        auto& c = j["curve"] = nlohmann::ordered_json::array();
        for (const meta::CurvePoint& p : r.curve) c.push_back({p.evaluation, p.best_error});
    }
    return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

namespace {

Status status_from(const std::string& s) {
    for (Status st : {Status::unique, Status::multiple, Status::solved, Status::contradiction,
                      Status::timeout, Status::unsolved, Status::error})
        if (to_string(st) == s) return st;
    throw std::invalid_argument("run record: unknown status '" + s + "'");
}

template <typename T>
T field(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    if (it == j.end())
        throw std::invalid_argument(std::string("run record: missing \"") + key + "\"");
    try {
        return it->get<T>();
    } catch (const nlohmann::json::exception&) {
        throw std::invalid_argument(std::string("run record: \"") + key +
                                    "\" has the wrong type: " + it->dump());
    }
}

}  // namespace

RunRecord parse_json_line(const std::string& line) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::parse_error& e) {
        throw std::invalid_argument(std::string("run record: not JSON: ") + e.what());
    }
    if (!j.is_object()) throw std::invalid_argument("run record: not a JSON object");
    RunRecord r;
    r.unit = field<std::uint64_t>(j, "unit");
    r.source = field<std::string>(j, "source");
    r.index = field<int>(j, "index");
    r.name = field<std::string>(j, "name");
    if (j.contains("group")) r.group = field<std::string>(j, "group");
    r.width = field<int>(j, "width");
    r.height = field<int>(j, "height");
    r.method = field<std::string>(j, "method");
    r.params = field<std::map<std::string, std::string>>(j, "params");
    r.trial = field<int>(j, "trial");
    r.seed = field<std::uint64_t>(j, "seed");
    r.max_evaluations = field<std::int64_t>(j, "max_evaluations");
    r.timeout = field<double>(j, "timeout");
    r.curve_every = field<std::int64_t>(j, "curve_every");
    r.success = field<bool>(j, "success");
    r.status = status_from(field<std::string>(j, "status"));
    r.iterations = field<std::int64_t>(j, "iterations");
    r.seconds = field<double>(j, "seconds");
    r.best_error = field<std::int64_t>(j, "best_error");
    if (j.contains("error")) r.error = field<std::string>(j, "error");
    if (j.contains("stats")) r.stats = field<std::map<std::string, double>>(j, "stats");
    if (j.contains("curve")) {
        for (const auto& p : field<std::vector<std::vector<std::int64_t>>>(j, "curve")) {
            if (p.size() != 2)
                throw std::invalid_argument("run record: a curve point is not [evaluation, error]");
            r.curve.push_back({p[0], p[1]});
        }
    }
    return r;
}

std::string unit_key(const RunRecord& r) {
    // '\x1f' (unit separator) cannot occur in paths or params typed on a
    // command line, so distinct units never share a key.
    // As to_json_line writes them, so a planned unit and its record agree.
    using io::valid_utf8;
    std::string key =
        valid_utf8(r.source) + '\x1f' + std::to_string(r.index) + '\x1f' + valid_utf8(r.method);
    for (const auto& [k, v] : r.params) key += '\x1f' + valid_utf8(k) + '=' + valid_utf8(v);
    char limits[96];
    std::snprintf(limits, sizeof limits, "%d\x1f%llu\x1f%lld\x1f%.17g\x1f%lld", r.trial,
                  static_cast<unsigned long long>(r.seed),
                  static_cast<long long>(r.max_evaluations), r.timeout,
                  static_cast<long long>(r.curve_every));
    return key + '\x1f' + limits;
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
    return r;
}

RunRecord run_unit(const WorkUnit& unit, const PuzzleRef& puzzle, const MethodSpec& spec,
                   const meta::MethodInfo& method, const ExperimentOptions& options,
                   const std::atomic<bool>* cancel) {
    RunRecord r = plan_record(unit, puzzle, spec, options);
    if (!puzzle.puzzle) {
        r.error = "internal error: puzzle not loaded";
        return r;
    }

    meta::RunControl ctl;
    ctl.seed = unit.seed;
    ctl.budget = Budget(options.timeout, cancel);
    ctl.curve_every = options.curve_every;
    ctl.max_evaluations = options.max_evaluations;
    const auto t0 = std::chrono::steady_clock::now();
    meta::Verdict v = meta::run_verified(method, *puzzle.puzzle, spec.params, ctl);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    r.status = v.status;
    r.success = v.status == Status::solved;
    r.error = v.error;
    if (v.status != Status::error) {
        r.iterations = v.result.evaluations;
        r.best_error = r.success ? 0 : v.result.best_error;
        r.stats = std::move(v.result.stats);
        r.curve = std::move(v.result.curve);
    }
    return r;
}

// ---- the pool ---------------------------------------------------------------

// Checks names and params before spending any time: each method runs once
// with a cancelled budget, which makes it parse its params and return at its
// first budget check.
std::vector<const meta::MethodInfo*> resolve_methods(const std::vector<PuzzleRef>& puzzles,
                                                     const ExperimentOptions& options,
                                                     const MethodLookup& lookup) {
    std::vector<const meta::MethodInfo*> infos;
    for (const MethodSpec& spec : options.methods) {
        const meta::MethodInfo* info = lookup(spec.name);
        if (!info) throw std::invalid_argument("unknown method '" + spec.name + "'");
        // The smallest black-and-white puzzle, so that a method refusing
        // colour or large puzzles is not mistaken for one refusing its params.
        auto probe = puzzles.end();
        for (auto it = puzzles.begin(); it != puzzles.end(); ++it) {
            if (!it->puzzle || !it->puzzle->black_and_white()) continue;
            const auto cells = [](const PuzzleRef& p) {
                return static_cast<long>(p.puzzle->width()) * p.puzzle->height();
            };
            if (probe == puzzles.end() || cells(*it) < cells(*probe)) probe = it;
        }
        if (probe != puzzles.end()) {
            const std::atomic<bool> stop{true};
            meta::RunControl ctl;
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

std::vector<RunRecord> run_experiment(const std::vector<PuzzleRef>& puzzles,
                                      const ExperimentOptions& options,
                                      const ExperimentHooks& hooks, const MethodLookup& lookup,
                                      const std::atomic<bool>* cancel,
                                      const std::set<std::string>& skip_keys, MpiSession* mpi) {
    options.validate();
    const std::vector<const meta::MethodInfo*> infos = resolve_methods(puzzles, options, lookup);

    // One batch unit per WorkUnit (same ids); its result is the record's JSON
    // line, which is also what travels between MPI ranks.
    const std::vector<WorkUnit> units = enumerate_units(puzzles.size(), options);
    Batch batch;
    batch.size = units.size();
    batch.skip.assign(units.size(), false);
    for (std::size_t i = 0; i < units.size(); ++i) {
        const WorkUnit& u = units[i];
        batch.skip[i] =
            skip_keys.count(unit_key(u, puzzles[u.puzzle], options.methods[u.method], options)) > 0;
    }
    batch.run = [&](std::uint64_t id, const std::atomic<bool>* stop) {
        const WorkUnit& u = units[id];
        const RunRecord r = run_unit(u, puzzles[u.puzzle], options.methods[u.method],
                                     *infos[u.method], options, stop);
        return std::optional<UnitResult>({to_json_line(r), !r.success, 0});
    };
    batch.on_throw = [&](std::uint64_t id, const std::string& message) {
        const WorkUnit& u = units[id];
        RunRecord r = plan_record(u, puzzles[u.puzzle], options.methods[u.method], options);
        r.error = message;
        return UnitResult{to_json_line(r), true, 0};
    };
    std::vector<RunRecord> emitted;
    batch.sink = [&](std::uint64_t, const UnitResult& result) {
        RunRecord r = parse_json_line(result.text);
        if (hooks.on_record) hooks.on_record(r);
        emitted.push_back(std::move(r));
    };
    if (hooks.on_progress)
        batch.on_progress = [&](const BatchProgress& p) {
            ExperimentProgress e;
            e.done = p.done;
            e.total = p.total;
            e.failures = p.failures;
            e.skipped = p.skipped;
            e.elapsed = p.elapsed;
            hooks.on_progress(e);
        };
    BatchOptions bo;
    bo.threads = options.threads;
    bo.mpi = mpi;
    const BatchOutcome outcome = run_batch(batch, bo, cancel);
    if (hooks.on_finish) hooks.on_finish(outcome);
    return emitted;
}

}  // namespace nonolab::bench

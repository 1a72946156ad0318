// The routes that solve: check, solve, explain, make-unique. Records are
// made by the batch front end's own run_unit and printed by to_json_line,
// exactly as `nonolab check/solve --json` prints them.
#include <chrono>
#include <memory>

#include "batch/experiment.hpp"
#include "batch/explain_output.hpp"
#include "batch/make_unique_output.hpp"
#include "batch/one_method.hpp"
#include "batch/run_record.hpp"
#include "exact/explain.hpp"
#include "exact/make_unique.hpp"
#include "io/solution_rows.hpp"
#include "methods/registry.hpp"
#include "serve/routes.hpp"

namespace nonolab::cli::serve {

namespace {

// One run per puzzle of the body with `spec`; the records as JSON objects.
HttpResponse run_records(const HttpRequest& r, const RouteContext& c, batch::MethodSpec spec) {
    const std::vector<io::Entry> entries = read_body_entries(r);
    const MethodInfo* method = find_method(spec.name);
    if (!method) throw ApiError(400, "unknown method '" + spec.name + "'");
    spec.name = method->name;
    batch::ExperimentOptions eo;
    eo.methods = {spec};
    eo.trials = 1;
    eo.master_seed = static_cast<std::uint64_t>(integer_param(r, "seed", 1, 0, 1 << 30));
    eo.derive_seeds = false;
    // An unreadable puzzle is a ref without a puzzle: run_unit gives it an
    // error record with the reader's message, in its own place.
    std::vector<batch::PuzzleRef> refs;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const io::Entry& e = entries[i];
        refs.push_back({source_of(r), static_cast<int>(i) + 1, e.name, "",
                        e.puzzle ? std::make_shared<const Puzzle>(*e.puzzle) : nullptr, e.error});
    }
    try {
        batch::resolve_methods(refs, eo, find_method);
    } catch (const std::invalid_argument& e) {
        throw ApiError(400, e.what());
    }
    // ?index=I,J,...: only those puzzles (1-based), as the CLI's --index.
    const std::vector<int> only = integer_list_param(r, "index", 1, static_cast<int>(refs.size()));
    std::vector<bool> wanted(refs.size(), only.empty());
    for (const int i : only) wanted[static_cast<std::size_t>(i - 1)] = true;
    // Every puzzle shares the request's budget: later ones get what is left.
    nlohmann::json results = nlohmann::json::array();
    for (std::size_t i = 0; i < refs.size(); ++i) {
        if (!wanted[i]) continue;
        eo.timeout = c.seconds_left();
        const batch::WorkUnit unit{i, i, 0, 1, eo.master_seed};
        const batch::RunRecord record = batch::run_unit(unit, refs[i], spec, *method, eo, c.cancel);
        results.push_back(nlohmann::json::parse(batch::to_json_line(record)));
    }
    return json_response({{"results", results}});
}

// The spec of a request's one method, by the rules the CLI and Python
// share (batch/one_method.hpp): 400 for an unknown method or a bad mix.
batch::MethodSpec request_spec(const std::string& method, const ParamMap& exact_options,
                               bool grade) {
    const MethodInfo* m = find_method(method);
    if (!m) throw ApiError(400, "unknown method '" + method + "'");
    try {
        return batch::one_method_spec(*m, {}, m->name == "exact" ? exact_options : ParamMap{},
                                      grade);
    } catch (const std::invalid_argument& e) {
        throw ApiError(400, e.what());
    }
}

}  // namespace

HttpResponse check_route(const HttpRequest& r, const RouteContext& c) {
    return run_records(r, c,
                       request_spec("exact", {{"solutions", "2"}}, flag_param(r, "grade", false)));
}

HttpResponse solve_route(const HttpRequest& r, const RouteContext& c) {
    // ?solutions goes to the exact table (its default and range); other
    // methods have no solution limit.
    return run_records(r, c,
                       request_spec(text_param(r, "method", "exact"),
                                    table_params(r, {{"solutions", "solutions"}}), false));
}

HttpResponse explain_route(const HttpRequest& r, const RouteContext& c) {
    const std::vector<io::Entry> entries = read_body_entries(r);
    exact::ExplainOptions o;
    try {  // probing and max_steps with the explain table's defaults and ranges
        o = exact::explain_option_table().parse(
            table_params(r, {{"probing", "probing"}, {"max_steps", "max_steps"}}));
    } catch (const std::invalid_argument& e) {
        throw ApiError(400, e.what());
    }
    nlohmann::json results = nlohmann::json::array();
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (!entries[i].puzzle) {  // in its own place, shaped like a record
            results.push_back({{"source", source_of(r)},
                               {"index", i + 1},
                               {"name", entries[i].name},
                               {"status", "error"},
                               {"error", entries[i].error}});
            continue;
        }
        const Puzzle& p = *entries[i].puzzle;
        o.timeout_seconds = c.seconds_left();
        try {
            const exact::Explanation e = exact::explain(p, o, c.cancel);
            results.push_back(batch::explain_json(e, p, source_of(r), static_cast<int>(i) + 1));
        } catch (const std::invalid_argument& e) {
            throw ApiError(400, source_of(r) + " #" + std::to_string(i + 1) + ": " + e.what());
        }
    }
    return json_response({{"results", results}});
}

HttpResponse make_unique_route(const HttpRequest& r, const RouteContext& c) {
    const std::vector<io::Entry> entries = read_body_entries(r);
    const int index = integer_param(r, "index", 1, 1, static_cast<int>(entries.size()));
    const Puzzle& p = puzzle_at(entries, index, r);
    if (!p.info().goal)
        throw ApiError(400, source_of(r) + " #" + std::to_string(index) +
                                ": make-unique needs a picture, and the file gives none (send a "
                                "picture format, or a .non file with a goal line)");
    // goal, max_changes and suggestions (the table's max_suggestions) are
    // read through the make-unique table: its defaults and ranges, as the
    // CLI and Python have them. The clock is the request's.
    exact::MakeUniqueOptions o;
    try {
        o = exact::make_unique_option_table().parse(
            table_params(r, {{"goal", "goal"},
                             {"max_changes", "max_changes"},
                             {"suggestions", "max_suggestions"}}));
        o.locked = batch::parse_lock_list(text_param(r, "lock", ""));
    } catch (const std::invalid_argument& e) {
        throw ApiError(400, e.what());
    }
    o.timeout_seconds = c.seconds_left();
    exact::MakeUniqueResult m;
    try {
        m = exact::make_unique(*p.info().goal, p.palette(), o, c.cancel,
                               [&c](long done, long total) {
                                   if (!c.progress_done) return;
                                   c.progress_done->store(done);
                                   c.progress_total->store(total);
                               });
    } catch (
        const std::invalid_argument& e) {  // a palette the solver refuses, a lock off the board
        throw ApiError(400, e.what());
    }
    return json_response(batch::make_unique_json(m, p, o.goal));
}

}  // namespace nonolab::cli::serve

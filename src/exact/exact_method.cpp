#include "exact/exact_method.hpp"

#include <algorithm>

#include "exact/exact_options.hpp"
#include "exact/grade.hpp"

namespace nonolab::exact {

MetaResult exact_meta_result(const Puzzle& p, const ExactResult& x, bool phase_times) {
    MetaResult r;
    r.proven = x.status;
    r.solutions = x.solutions;
    r.evaluations = static_cast<std::int64_t>(x.stats.nodes);
    r.reached_zero = !x.solutions.empty();
    r.best = x.solutions.empty() ? Grid(p.width(), p.height(), kEmpty) : x.solutions.front();
    r.best_error = r.reached_zero ? 0 : -1;
    r.timed_out = x.status == Status::timeout;
    r.reason = x.reason;
    r.stats = {{"nodes", static_cast<double>(x.stats.nodes)},
               {"line_solves", static_cast<double>(x.stats.line_solves)},
               {"cache_hits", static_cast<double>(x.stats.cache_hits)},
               {"probes", static_cast<double>(x.stats.probes)},
               {"failures", static_cast<double>(x.stats.failures)},
               {"max_depth", x.stats.max_depth},
               {"root_unknown", x.stats.root_unknown},
               {"probed_unknown", x.stats.probed_unknown},
               {"sat_calls", x.stats.sat_calls},
               {"exhausted", x.exhausted ? 1 : 0}};
    if (phase_times) {
        r.stats["line_seconds"] = x.stats.line_seconds;
        r.stats["probe_seconds"] = x.stats.probe_seconds;
        r.stats["sat_seconds"] = x.stats.sat_seconds;
    }
    return r;
}

namespace {

// check --grade and the "logic" method: the staged logic of grade.hpp.
MetaResult from_grade(const Puzzle& p, const GradeResult& g, bool logic_only) {
    MetaResult r;
    r.proven = g.status;
    r.solutions = g.solutions;
    r.evaluations = static_cast<std::int64_t>(g.nodes);
    r.reached_zero = !g.solutions.empty();
    r.best = g.solutions.empty() ? Grid(p.width(), p.height(), kEmpty) : g.solutions.front();
    r.best_error = r.reached_zero ? 0 : -1;
    r.timed_out = g.status == Status::timeout;
    r.reason = g.reason;
    const double cells = std::max(1, g.cells);
    const bool searched =
        g.difficulty != Difficulty::contradiction && g.difficulty != Difficulty::unknown;
    r.labels["grade"] = to_string(g.difficulty);
    r.stats = {{"line_share", g.line_cells / cells},
               {"probe_share", g.probe_cells / cells},
               {"search_share", searched ? (g.cells - g.line_cells - g.probe_cells) / cells : 0.0},
               {"nodes", static_cast<double>(g.nodes)},
               {"max_depth", g.max_depth},
               {"sat_calls", g.sat_calls}};
    if (logic_only && g.status == Status::unsolved) r.partial = g.logic_grid;
    return r;
}

MetaResult run_exact(const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
    const ExactMethodOptions o = exact_option_table().parse(params);
    if (ctl.budget.expired()) {  // e.g. the harness's parameter check
        MetaResult r;
        r.proven = Status::timeout;
        r.timed_out = true;
        return r;
    }
    if (o.grade) {
        GradeOptions go;
        go.timeout_seconds = ctl.budget.remaining();
        go.max_solutions = o.solver.max_solutions;
        return from_grade(p, grade(p, go, ctl.budget.cancel_flag()), false);
    }
    ExactOptions so = o.solver;
    so.timeout_seconds = ctl.budget.remaining();
    if (ctl.max_evaluations > 0) so.node_limit = static_cast<std::uint64_t>(ctl.max_evaluations);
    return exact_meta_result(p, solve_exact(p, so, ctl.budget.cancel_flag()), o.phase_times);
}

MetaResult run_logic(const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
    reject_unknown(params, "logic", {});
    if (ctl.budget.expired()) {
        MetaResult r;
        r.proven = Status::timeout;
        r.timed_out = true;
        return r;
    }
    GradeOptions go;
    go.timeout_seconds = ctl.budget.remaining();
    go.search = false;
    return from_grade(p, grade(p, go, ctl.budget.cancel_flag()), true);
}

}  // namespace

std::vector<MethodInfo> exact_methods() {
    MethodInfo exact;
    exact.name = "exact";
    exact.description =
        "the exact solver (line solving, probing, search, CaDiCaL): proves unique, multiple "
        "or contradiction; our reference";
    exact.paper = "nonolab's own; docs/solver.md";
    exact.describe_params = [] { return exact_option_table().docs(); };
    exact.run = run_exact;

    MethodInfo logic;
    logic.name = "logic";
    logic.description =
        "line solving and probing only, no search: unique when logic completes the grid, "
        "contradiction when it refutes it, else unsolved with the partial grid";
    logic.paper = "nonolab's own; docs/solver.md";
    logic.run = run_logic;
    return {exact, logic};
}

}  // namespace nonolab::exact

#include "exact/exact_method.hpp"

#include "exact/exact_solver.hpp"

namespace nonolab::exact {
namespace {

std::vector<meta::ParamDoc> docs() {
    return {{"solutions", "1", "stop after this many solutions (2 proves uniqueness)"},
            {"engine", "auto", "auto, search or sat (see solve --engine)"},
            {"sat_after", "0", "auto engine: branch nodes before CaDiCaL takes over"},
            {"sat_encoding", "order", "order, automaton or both (see solve --sat-encoding)"},
            {"probe_scope", "all", "all (every undecided cell) or near (cells on changed lines)"},
            {"quick_line_exits", "0",
             "1: placement pass before each line DP (solve --quick-line-exits)"}};
}

ExactOptions parse(const meta::ParamMap& params) {
    ExactOptions o;
    o.max_solutions = 1;
    meta::ParamMap left = params;
    meta::take_param(left, "solutions", o.max_solutions, 1, 1000000);
    if (auto it = left.find("engine"); it != left.end()) {
        const std::string& e = it->second;
        if (e == "auto")
            o.engine = Engine::automatic;
        else if (e == "search")
            o.engine = Engine::search;
        else if (e == "sat")
            o.engine = Engine::sat;
        else
            throw std::invalid_argument("parameter 'engine': got '" + e +
                                        "', expected auto, search or sat");
        left.erase(it);
    }
    if (auto it = left.find("probe_scope"); it != left.end()) {
        if (it->second == "all")
            o.probe_scope = ProbeScope::all;
        else if (it->second == "near")
            o.probe_scope = ProbeScope::near_changes;
        else
            throw std::invalid_argument("parameter 'probe_scope': got '" + it->second +
                                        "', expected all or near");
        left.erase(it);
    }
    if (auto it = left.find("sat_encoding"); it != left.end()) {
        const auto names = line_encoding_names();
        const auto found = names.find(it->second);
        if (found == names.end())
            throw std::invalid_argument("parameter 'sat_encoding': got '" + it->second +
                                        "', expected order, automaton or both");
        o.sat.encoding = found->second;
        left.erase(it);
    }
    meta::take_param(left, "quick_line_exits", o.quick_line_exits);
    std::int64_t after = static_cast<std::int64_t>(o.sat_after_nodes);
    meta::take_param(left, "sat_after", after, 0, std::int64_t{1} << 40);
    o.sat_after_nodes = static_cast<std::uint64_t>(after);
    meta::reject_unknown(left, "exact", docs());
    return o;
}

}  // namespace

std::vector<meta::MethodInfo> exact_methods() {
    meta::MethodInfo m;
    m.name = "exact";
    m.description = "the exact solver (line solving, probing, search, CaDiCaL): our reference";
    m.paper = "nonolab's own; docs/solver.md";
    m.params = docs();
    m.run = [](const Puzzle& p, const meta::ParamMap& params, const meta::RunControl& ctl) {
        ExactOptions o = parse(params);
        o.timeout_seconds = ctl.budget.remaining();
        if (ctl.max_evaluations > 0) o.node_limit = static_cast<std::uint64_t>(ctl.max_evaluations);
        meta::MetaResult r;
        if (ctl.budget.expired()) {  // e.g. the harness's parameter check
            r.timed_out = true;
            r.best = Grid(p.width(), p.height(), kEmpty);
            return r;
        }
        const ExactResult x = solve_exact(p, o, ctl.budget.cancel_flag());
        r.evaluations = static_cast<std::int64_t>(x.stats.nodes);
        r.reached_zero = !x.solutions.empty();
        r.best = x.solutions.empty() ? Grid(p.width(), p.height(), kEmpty) : x.solutions.front();
        r.best_error = r.reached_zero ? 0 : -1;
        r.timed_out = x.status == Status::timeout;
        r.stats["nodes"] = static_cast<double>(x.stats.nodes);
        r.stats["line_solves"] = static_cast<double>(x.stats.line_solves);
        r.stats["probes"] = static_cast<double>(x.stats.probes);
        r.stats["sat_calls"] = x.stats.sat_calls;
        r.stats["solutions"] = static_cast<double>(x.solutions.size());
        r.stats["exhausted"] = x.exhausted ? 1 : 0;
        return r;
    };
    return {m};
}

}  // namespace nonolab::exact

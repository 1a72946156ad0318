#include "exact/exact_options.hpp"

#include <limits>
#include <stdexcept>

namespace nonolab::exact {

namespace {

using O = ExactMethodOptions;
constexpr std::int64_t kNoLimit = std::int64_t{1} << 40;

// --sat-option NAME=VALUE, as one comma-separated list in a parameter.
std::string format_extra(const O& o) {
    std::string out;
    for (const auto& [name, value] : o.solver.sat.extra)
        out += (out.empty() ? "" : ",") + name + "=" + std::to_string(value);
    return out;
}

void parse_extra(O& o, const std::string& text) {
    o.solver.sat.extra.clear();
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find(',', begin);
        if (end == std::string::npos) end = text.size();
        const std::string kv = text.substr(begin, end - begin);
        const auto eq = kv.find('=');
        std::int64_t value = 0;
        if (eq == std::string::npos || eq == 0) option_text::fail("sat_option", kv, "NAME=INTEGER");
        value = option_text::parse_integer("sat_option", kv.substr(eq + 1),
                                           std::numeric_limits<int>::min(),
                                           std::numeric_limits<int>::max());
        o.solver.sat.extra.emplace_back(kv.substr(0, eq), static_cast<int>(value));
        begin = end + 1;
    }
    o.solver.sat.validate();  // names the unknown CaDiCaL option
}

// Only options a measurement supports stay here (docs/results/exact.md,
// "Removed options" lists those taken out and what they measured).
OptionTable<O> describe_exact_options() {
    return OptionTable<O>("exact")
        .integer(
            "solutions", [](auto& o) -> auto& { return o.solver.max_solutions; }, 1, 1000000,
            "stop after this many solutions; 2 proves uniqueness, 1 = any solution")
        .choice(
            "engine", [](auto& o) -> auto& { return o.solver.engine; },
            std::vector<std::pair<std::string, Engine>>{
                {"auto", Engine::automatic}, {"search", Engine::search}, {"sat", Engine::sat}},
            "auto (after root propagation and probing: probing search when at most 100 cells "
            "are open, CaDiCaL past 64 nodes of it or on larger residuals; probing search "
            "under node_limit; the search on colour puzzles), search (probing search only, no "
            "learning), sat (CaDiCaL right after root propagation and probing, colour too)")
        .choice(
            "sat_engine", [](auto& o) -> auto& { return o.solver.sat.backend; },
            std::vector<std::pair<std::string, std::string>>{{"cadical", "cadical"},
                                                             {"kissat", "kissat"}},
            "the SAT engine: cadical (CaDiCaL 1.7.4, incremental) or kissat (Kissat 4.0.2, a "
            "fresh run per model); with sat_portfolio > 1, the first of the race")
        .integer(
            "sat_portfolio", [](auto& o) -> auto& { return o.solver.sat.portfolio; }, 1, 16,
            "race this many differently configured SAT engines on the residual, one thread "
            "each, the first proof wins (docs/sat-engines.md, \"Portfolio\"); 1 = sat_engine "
            "alone")
        .integer(
            "sat_seed", [](auto& o) -> auto& { return o.solver.sat.seed; }, 0, 1000000,
            "the SAT engine's random seed (0: its default)")
        .choice(
            "sat_config", [](auto& o) -> auto& { return o.solver.sat.config; },
            std::vector<std::pair<std::string, std::string>>{
                {"default", "default"}, {"plain", "plain"}, {"sat", "sat"}, {"unsat", "unsat"}},
            "CaDiCaL configuration for the SAT engine")
        .integer(
            "sat_phase", [](auto& o) -> auto& { return o.solver.sat.phase; }, 0, 1,
            "the SAT engine's initial phase: 1 tries cells filled first, 0 empty first")
        .text("sat_option", format_extra, parse_extra, "NAME=INTEGER[,NAME=INTEGER...]",
              "further CaDiCaL options, e.g. elim=0 (`cadical --help` lists them)")
        .flag(
            "phase_times", [](auto& o) -> auto& { return o.phase_times; },
            "add line_seconds, probe_seconds and sat_seconds (wall time in line solving, in "
            "probing besides it, in CaDiCaL) to the stats; off by default, as wall times make "
            "otherwise identical records differ")
        .flag(
            "probing", [](auto& o) -> auto& { return o.solver.probing; },
            "two-sided probing at every node and before CaDiCaL takes over")
        .integer(
            "unprobed_nodes", [](auto& o) -> auto& { return o.solver.unprobed_nodes; }, 0, kNoLimit,
            "search this many nodes with propagation alone before probing at every node (a "
            "tree that needs more starts again from the probed root; the root is always "
            "probed; 0 = probe every node from the start)")
        .integer(
            "node_limit", [](auto& o) -> auto& { return o.solver.node_limit; }, 0, kNoLimit,
            "give up after this many search nodes (0 = none); with a limit the auto engine runs "
            "probing search only, since CaDiCaL's work is not counted in nodes")
        .flag("grade", &O::grade,
              "grade the puzzle for makers: line, probing or search, with the share of cells "
              "each stage decided (check --grade)");
}

}  // namespace

const OptionTable<ExactMethodOptions>& exact_option_table() {
    static const OptionTable<ExactMethodOptions> table = describe_exact_options();
    return table;
}

}  // namespace nonolab::exact

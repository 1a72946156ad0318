#include "exact_flags.hpp"

#include <cctype>
#include <map>
#include <stdexcept>
#include <vector>

namespace nonolab::cli {

namespace {

// "NAME=INTEGER" -> (NAME, INTEGER); a CLI::ValidationError otherwise.
std::pair<std::string, int> parse_sat_option(const std::string& kv) {
    const auto eq = kv.find('=');
    try {
        if (eq == std::string::npos || eq == 0) throw std::invalid_argument("no '='");
        std::size_t used = 0;
        const int value = std::stoi(kv.substr(eq + 1), &used);
        if (used != kv.size() - eq - 1) throw std::invalid_argument("trailing text");
        return {kv.substr(0, eq), value};
    } catch (const std::exception&) {
        throw CLI::ValidationError("--sat-option", "expected NAME=INTEGER, got '" + kv + "'");
    }
}

// An option whose value is one of the names in `names` (case-insensitive),
// stored in `target`. A bad value is an error that lists the names, in the
// order given, rather than CLI11's generic transformer message.
template <class T>
CLI::Option* add_choice(CLI::App* sub, const std::string& flag, T& target,
                        const std::vector<std::pair<std::string, T>>& names,
                        const std::string& help, const std::string& default_name) {
    std::string list, set;  // "a, b or c" for the error, "a,b,c" for --help
    for (size_t i = 0; i < names.size(); ++i) {
        list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i].first;
        set += (i == 0 ? "" : ",") + names[i].first;
    }
    return sub
        ->add_option_function<std::string>(
            flag,
            [flag, &target, names, list](const std::string& value) {
                std::string lower = value;
                for (char& c : lower)
                    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                for (const auto& [name, v] : names)
                    if (name == lower) {
                        target = v;
                        return;
                    }
                throw CLI::ValidationError(flag, "expected " + list + ", got '" + value + "'");
            },
            help)
        ->type_name("{" + set + "}")
        ->default_str(default_name);
}

}  // namespace

void add_exact_flags(CLI::App* sub, ExactFlags& f) {
    exact::ExactOptions& o = f.options;
    sub->add_flag_callback(
        "--no-probing", [&o] { o.probing = false; },
        "Exact solver: skip two-sided probing (line solving only before each branch, and "
        "before CaDiCaL takes over)");
    sub->add_flag(
        "--quick-line-exits", o.quick_line_exits,
        "Exact solver: before each line DP, find the left-most and right-most placements and "
        "stop early on a contradiction or a single arrangement (off by default: measured slower, "
        "see docs/solver.md)");
    add_choice<exact::ProbeScope>(
        sub, "--probe-scope", o.probe_scope,
        {{"all", exact::ProbeScope::all}, {"near", exact::ProbeScope::near_changes}},
        "Which cells each probing pass tries: all (every undecided cell) or near (cells on "
        "lines changed since the last pass; measured in docs/results/exact.md)",
        "all");
    sub->add_option("--node-limit", o.node_limit,
                    "Give up after this many search nodes (0 = none). With a limit, the auto "
                    "engine runs probing search only, since CaDiCaL's work is not counted in "
                    "nodes");
    add_choice<exact::Engine>(
        sub, "--engine", o.engine,
        {{"auto", exact::Engine::automatic},
         {"search", exact::Engine::search},
         {"sat", exact::Engine::sat}},
        "Exact search engine: auto (CaDiCaL after root propagation and probing, or after "
        "--sat-after nodes of probing search), search (probing search only, no learning), sat "
        "(CaDiCaL right after root propagation and probing)",
        "auto");
    sub->add_option("--sat-after", o.sat_after_nodes,
                    "auto engine: branch nodes of probing search before CaDiCaL takes over "
                    "(0 = at once)")
        ->capture_default_str();
    sub->add_option("--sat-config", o.sat.config,
                    "CaDiCaL configuration for the SAT engine: default, plain, sat or unsat")
        ->check(CLI::IsMember({"default", "plain", "sat", "unsat"}))
        ->capture_default_str();
    sub->add_option("--sat-phase", o.sat.phase,
                    "CaDiCaL initial phase: 1 tries cells filled first, 0 empty first")
        ->check(CLI::Range(0, 1))
        ->capture_default_str();
    add_choice<exact::LineEncoding>(
        sub, "--sat-encoding", o.sat.encoding,
        {{"order", exact::LineEncoding::order},
         {"automaton", exact::LineEncoding::automaton},
         {"both", exact::LineEncoding::both}},
        "How the SAT engine encodes each line: order (run starts, compact), automaton "
        "(unrolled automaton, propagates like a line solver) or both",
        "order");
    sub->add_option("--sat-option", f.sat_extra,
                    "A further CaDiCaL option NAME=VALUE for the SAT engine (repeatable), "
                    "e.g. --sat-option elim=0; `cadical --help` lists them")
        ->each([&o](const std::string& kv) {
            o.sat.extra.push_back(parse_sat_option(kv));
            try {
                o.sat.validate();
            } catch (const std::invalid_argument& e) {
                throw CLI::ValidationError("--sat-option", e.what());
            }
        });
}

}  // namespace nonolab::cli

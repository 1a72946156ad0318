#include "exact_flags.hpp"

#include <map>
#include <stdexcept>

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
    sub->add_option("--node-limit", o.node_limit,
                    "Give up after this many search nodes (0 = none). With a limit, the auto "
                    "engine runs probing search only, since CaDiCaL's work is not counted in "
                    "nodes");
    const std::map<std::string, exact::Engine> engines = {{"auto", exact::Engine::automatic},
                                                          {"search", exact::Engine::search},
                                                          {"sat", exact::Engine::sat}};
    sub->add_option("--engine", o.engine,
                    "Exact search engine: auto (CaDiCaL after root propagation and probing, or "
                    "after --sat-after nodes of probing search), search (probing search only, "
                    "no learning), sat (CaDiCaL right after root propagation and probing)")
        ->transform(CLI::CheckedTransformer(engines, CLI::ignore_case))
        ->default_str("auto");
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
    sub->add_option("--sat-encoding", o.sat.encoding,
                    "How the SAT engine encodes each line: order (run starts, compact), "
                    "automaton (unrolled automaton, propagates like a line solver) or both")
        ->transform(CLI::CheckedTransformer(exact::line_encoding_names(), CLI::ignore_case))
        ->default_str("order");
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

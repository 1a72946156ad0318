// nonolab solve / check: the command-line face of the batch front end
// (batch/experiment.hpp): every puzzle of every input is one run of one
// method, through the registry, verified, recorded as the one JSON line of
// batch/run_record.hpp, and printed as that line or as a picture. The exit
// status is the worst outcome.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "batch/experiment.hpp"
#include "batch/one_method.hpp"
#include "batch/resume.hpp"
#include "batch/split_run.hpp"
#include "batch/suite.hpp"
#include "batch_cli.hpp"
#include "certify.hpp"
#include "commands.hpp"
#include "exact/cube_split.hpp"
#include "exact/exact_options.hpp"
#include "exact/sat_search.hpp"
#include "io/render.hpp"
#include "io/solution_rows.hpp"
#include "methods/registry.hpp"
#include "option_flags.hpp"
#include "progress.hpp"
#include "terminal.hpp"

namespace nonolab::cli {

namespace {

struct SolveArgs {
    std::vector<std::string> files;
    int solutions = 2;
    double timeout = 0;
    std::string method = "exact";
    std::uint64_t seed = 1;
    ParamMap exact_flags;  ///< --engine, --sat-*, --no-probing, ... (from the exact table)
    bool json = false;
    bool quiet = false;
    bool ascii = false;
    std::string format;
    std::vector<int> indices;
    std::vector<std::string> params;   ///< --param [METHOD:]KEY=VALUE
    std::int64_t max_evaluations = 0;  ///< overrides a method's iteration limit
    bool grade = false;                ///< check --grade
    bool logic_only = false;           ///< solve --logic-only: the "logic" method
    int threads = 0;                   ///< puzzles solved in parallel per process; 0 = all cores
    bool mpi = false;                  ///< --mpi: run across the ranks of an MPI job
    std::string out;                   ///< JSON Lines file ("" = stdout)
    std::string resume;                ///< skip the runs recorded in this file, append the rest
    bool ansi = false;                 ///< colour pictures (stdout is a terminal, no MPI)
    std::string certify;               ///< --certify DIR: proofs of unique/contradiction
    ParamMap split_flags;              ///< --split D (exact/cube_split.hpp's table)
};

void list_methods() {
    for (const auto& m : nonolab::methods()) {
        std::cout << m.name << "\t" << m.description << " [" << m.paper << "]\n";
        for (const auto& p : m.params())
            std::cout << "    --param " << p.key << "=" << p.default_value << "\t" << p.help
                      << "\n";
    }
}

int exit_for(Status s) {
    switch (s) {
        case Status::unique:
        case Status::multiple:
        case Status::solved:
            return kExitOk;
        case Status::contradiction:
            return kExitContradiction;
        case Status::timeout:
        case Status::unsolved:
            return kExitUnsolved;
        case Status::error:
            return kExitUnreadable;
    }
    return kExitUnreadable;
}

// " (12 nodes, 340 line solves)", "; grade search (...)", " (1234 evaluations)".
std::string effort(const batch::RunRecord& r) {
    const nlohmann::json& st = r.stats;
    char buf[200];
    if (st.contains("grade")) {
        std::snprintf(buf, sizeof buf, "; grade %s (line %.0f%%, probing %.0f%%, search %.0f%%",
                      st["grade"].get<std::string>().c_str(), 100 * st["line_share"].get<double>(),
                      100 * st["probe_share"].get<double>(),
                      100 * st["search_share"].get<double>());
        std::string s = buf;
        if (st["grade"] == "search")
            s += ", " + std::to_string(st["nodes"].get<std::uint64_t>()) + " nodes, depth " +
                 std::to_string(st["max_depth"].get<int>());
        return s + ")";
    }
    if (st.contains("line_solves"))  // the exact solver
        return " (" + std::to_string(st["nodes"].get<std::uint64_t>()) + " nodes, " +
               std::to_string(st["line_solves"].get<std::uint64_t>()) + " line solves)";
    if (st.contains("iterations"))  // the network methods' own unit
        return " (" + std::to_string(st["iterations"].get<std::int64_t>()) + " iterations)";
    return " (" + std::to_string(r.iterations) + " evaluations)";
}

// The human-readable block of one run: its verdict line and pictures.
std::string human_text(const batch::RunRecord& r, const Puzzle* p, const SolveArgs& a) {
    std::ostringstream out;
    out << r.source << " #" << r.index;
    if (!r.name.empty()) out << " \"" << r.name << "\"";
    if (r.width) out << " (" << r.width << "x" << r.height << ")";
    out << ": " << to_string(r.status);
    if (r.status == Status::error) {
        out << ": " << r.error << "\n";
        return out.str();
    }
    if (!r.reason.empty()) {  // proven by the clues alone: no search, no effort to report
        out << ": " << r.reason << "\n";
        return out.str();
    }
    char secs[32];
    std::snprintf(secs, sizeof secs, " in %.3f s", r.seconds);
    out << secs << effort(r) << "\n";
    if (a.quiet || !p) return out.str();
    io::TextRenderOptions ro;
    ro.clues = false;
    ro.unicode = !a.ascii;
    ro.ansi = !a.ascii && a.ansi;
    for (std::size_t i = 0; i < r.solutions.size(); ++i) {
        if (r.solutions.size() > 1) out << "solution " << i + 1 << ":\n";
        const Grid g = io::grid_from_rows(r.solutions[i], p->palette());
        out << io::render_text(*p, &g, ro);
    }
    if (r.stats.contains("partial")) {
        out << "where logic stops ('?' = undecided):\n";
        const Grid g = io::grid_from_rows(r.stats["partial"], p->palette());
        out << io::render_text(*p, &g, ro);
    }
    return out.str();
}

// Which engine writes --certify's proofs: the one --param sat_engine names
// (Kissat's proofs are checked as CaDiCaL's are).
std::string proof_engine(const std::vector<std::string>& params) {
    std::string engine = "cadical";
    for (const std::string& p : params)
        if (p == "sat_engine=kissat" || p == "exact:sat_engine=kissat")
            engine = "kissat";
        else if (p == "sat_engine=cadical" || p == "exact:sat_engine=cadical")
            engine = "cadical";
    return engine;
}

// The one method this run uses and its parameters, from the flags
// (batch/one_method.hpp, shared with the server and Python); throws
// std::invalid_argument for combinations that make no sense.
batch::MethodSpec method_of(const SolveArgs& a) {
    const MethodInfo* m = find_method(a.method);
    if (!m) throw UnknownMethod(a.method);
    ParamMap exact = a.exact_flags;
    if (m->name == "exact" && !a.logic_only) exact["solutions"] = std::to_string(a.solutions);
    return batch::one_method_spec(*m, a.params, exact, a.grade, a.logic_only);
}

// One puzzle and several threads: the threads race differently configured
// SAT engines on its residual (exact/sat_portfolio.hpp) rather than idle;
// a file of many puzzles keeps dealing puzzles to threads. True when it set
// sat_portfolio (not when the user named it).
bool race_engines(SolveArgs& a, std::size_t puzzles, int split) {
    if (puzzles != 1 || split > 0 || a.logic_only || a.grade) return false;
    if (!a.method.empty() && a.method != "exact") return false;
    if (a.exact_flags.count("sat_portfolio")) return false;
    for (const std::string& p : a.params)
        if (p.find("sat_portfolio") != std::string::npos) return false;
    // Only an explicit --threads N (N >= 2): which engine wins a race, and
    // so which two grids a "multiple" reports, can change from run to run,
    // and the default run stays reproducible (the verdict never changes).
    if (a.threads < 2 || !exact::sat_available()) return false;
    a.exact_flags["sat_portfolio"] = std::to_string(std::min(a.threads, 16));
    return true;
}

// --resume (batch/resume.hpp): the keys already recorded, and the worst
// exit status among them.
bool read_resume(const SolveArgs& a, batch::UnitKeySet& skip, int& exit_code) {
    try {
        batch::ResumeState old = batch::read_resume(a.resume, [&](const batch::RunRecord& r) {
            exit_code = std::max(exit_code, exit_for(r.status));
        });
        if (old.torn_tail) std::cerr << "warning: " << batch::torn_tail_warning(a.resume) << "\n";
        skip = std::move(old.done);
    } catch (const std::exception& e) {
        std::cerr << "error: " << a.resume << ": not a results file of solve --out: " << e.what()
                  << "\n";
        return false;
    }
    return true;
}

int run_solve(SolveArgs a) {
    // Under MPI every rank runs this same function on the same inputs; only
    // rank 0 reads --resume, writes and prints (batch_cli.hpp).
    std::unique_ptr<batch::MpiSession> session;
    if (!join_mpi_or_report(a.mpi, session)) return kExitUsage;
    const bool leader = is_leader(session);
    if (!a.resume.empty() && a.out.empty()) a.out = a.resume;
    if (!a.out.empty()) a.json = true;
    a.ansi = !session && colour_terminal(stdout);  // decided once for all ranks

    if (!a.certify.empty() && (a.logic_only || (!a.method.empty() && a.method != "exact"))) {
        std::cerr << "error: --certify goes with the exact method\n";
        return kExitUsage;
    }
    batch::ExperimentOptions eo;
    int split = 0;  // cube and conquer depth (exact/cube_split.hpp)
    try {
        split = exact::split_option_table().parse(a.split_flags).depth;
        if (split > 0 && (a.logic_only || a.grade || a.method != "exact"))
            throw std::invalid_argument(
                "--split goes with the exact method (no --logic-only, "
                "--grade or --method)");
        eo.methods = {method_of(a)};
    } catch (const UnknownMethod& e) {
        std::cerr << "error: " << e.what() << "; run 'nonolab solve --list-methods'\n";
        return kExitUsage;
    } catch (const std::invalid_argument& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    }
    eo.trials = 1;
    eo.master_seed = a.seed;
    eo.derive_seeds = false;  // --seed is the seed, as the interface says
    eo.threads = a.threads;
    eo.timeout = a.timeout;
    eo.max_evaluations = a.max_evaluations;

    // Every puzzle is a unit; an unreadable file or puzzle is one too, and
    // its record carries the reader's message.
    std::vector<batch::PuzzleRef> puzzles;
    try {
        puzzles = batch::load_inputs(
            a.files, [](const std::string& w) { std::cerr << "warning: " << w << "\n"; },
            {a.format, a.indices, true});
        if (race_engines(a, puzzles.size(), split)) eo.methods = {method_of(a)};
        batch::resolve_methods(puzzles, eo, find_method);
    } catch (const std::invalid_argument& e) {  // a bad --param
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {  // a broken suite manifest
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }

    int exit_code = kExitOk;
    batch::UnitKeySet skip;
    if (leader && !read_resume(a, skip, exit_code)) return kExitUnreadable;
    std::unique_ptr<batch::RecordFile> file;
    if (!a.out.empty() && leader) {
        try {
            file = batch::open_results(a.out, a.resume);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kExitUsage;
        }
    }

    Progress progress(static_cast<long>(puzzles.size()));
    batch::ExperimentHooks hooks;
    std::size_t written = 0;
    std::unique_ptr<Progress> cubes;  // --split: the cubes of the current puzzle
    std::uint64_t cubes_done = 0;
    hooks.on_record = [&](const batch::RunRecord& r) {
        exit_code = std::max(exit_code, exit_for(r.status));
        progress.clear();
        if (cubes) cubes->clear();
        const std::string what = "puzzle " + std::to_string(r.index) + " of " + r.source;
        if (a.json) {
            write_record(file.get(), batch::to_json_line(r), true, what, written++);
        } else {
            // One method, one trial: the unit id is the puzzle's position.
            const batch::PuzzleRef& ref = puzzles[static_cast<std::size_t>(r.unit)];
            write_record(nullptr, human_text(r, ref.puzzle.get(), a), false, what, written++);
        }
        const Puzzle* p = puzzles[static_cast<std::size_t>(r.unit)].puzzle.get();
        if (!a.certify.empty() && p && !certify_record(r, *p, a.certify, proof_engine(a.params)))
            exit_code = std::max<int>(exit_code, kExitUnsolved);
    };
    hooks.on_progress = [&](const batch::BatchProgress& p) {
        if (split == 0) {
            progress.update(static_cast<long>(p.done + p.skipped),
                            batch::format_progress(p, "puzzles"));
            return;
        }
        if (!cubes || p.done <= cubes_done)  // the first cube of the next puzzle
            cubes = std::make_unique<Progress>(static_cast<long>(p.total));
        cubes_done = p.done;
        cubes->update(static_cast<long>(p.done), batch::format_progress(p, "cubes"));
    };
    std::uint64_t dropped = 0;
    hooks.on_finish = [&](const batch::BatchOutcome& o) {
        dropped = o.dropped;
        if (!o.per_rank.empty()) std::cerr << "mpi: " << batch::format_ranks(o) << "\n";
    };
    try {
        if (split > 0)
            batch::run_split_experiment(puzzles, eo, split, hooks, &g_interrupted, skip,
                                        session.get());
        else
            batch::stream_experiment(puzzles, eo, hooks, find_method, &g_interrupted, skip,
                                     session.get());
    } catch (const std::exception& e) {
        if (cubes) cubes->clear();
        progress.clear();
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }
    if (cubes) cubes->clear();
    progress.clear();
    if (!leader) return kExitOk;  // rank 0 reports for the whole job
    if (g_interrupted || dropped) {
        std::cerr << batch::interrupted_note(dropped, puzzles.size(), "puzzles were not solved",
                                             a.out)
                  << "\n";
        exit_code = std::max<int>(exit_code, kExitUnsolved);
    }
    return exit_code;
}

void add_common(CLI::App* sub, SolveArgs& a) {
    // The long options a run does not name are not set up (wanted(),
    // option_flags.hpp): SolveArgs holds their defaults, and CLI11's
    // set-up of tens of options was most of a one-puzzle check.
    sub->add_option("files", a.files,
                    "Puzzle files (any supported format; see 'nonolab formats'), suite "
                    "manifests or folders holding one, or NonoDataset specs such as "
                    "nonodataset:10x10/test@1-300")
        ->required()
        ->check(puzzle_source());
    if (wanted("--timeout"))
        sub->add_option(
               "--timeout", a.timeout,
               "Wall-clock budget per puzzle in seconds (0 = none); always honoured, and a "
               "puzzle that runs out reports 'timeout', never a guess")
            ->check(CLI::NonNegativeNumber);
    if (wanted("--certify"))
        sub->add_option("--certify", a.certify,
                        "For every unique or contradiction verdict, write DIR/NAME-INDEX.cnf (the "
                        "clues, every solution forbidden) and CaDiCaL's DRAT proof that it has no "
                        "model, and check the proof with nonolab's own checker (exact method)");
    if (wanted("--json"))
        sub->add_flag("--json", a.json,
                      "One JSON object per puzzle per line on stdout (JSON Lines); progress and "
                      "messages go to stderr");
    if (wanted("--format"))
        sub->add_option("--format", a.format,
                        "Read the files as this format instead of detecting it");
    if (wanted("--index"))
        sub->add_option("--index", a.indices,
                        "Only these puzzles of each file (1-based; repeatable)")
            ->check(CLI::PositiveNumber);
    sub->add_option(
           "--threads,-j", a.threads,
           "Puzzles (with --split: cubes of one puzzle) solved in parallel per process (0 = "
           "all cores, shared by the MPI ranks of a node); output stays in input order. "
           "N >= 2 on one puzzle races N SAT engines on what logic leaves open")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    if (wanted("--mpi")) add_mpi_flag(sub, a.mpi);
    if (wanted("--ascii")) sub->add_flag("--ascii", a.ascii, "Draw pictures with '#' and '.' only");
    if (wanted("--param"))
        sub->add_option("--param", a.params,
                        "Method parameter KEY=VALUE (repeatable), e.g. --param hms=30 or "
                        "--param engine=search; --list-methods shows each method's parameters and "
                        "defaults");
    // The exact solver's options as flags, from its one table
    // (exact/exact_options.hpp); --solutions and --grade are the commands' own.
    add_option_flags(sub, exact::exact_option_table(), a.exact_flags, {"solutions", "grade"},
                     "Exact solver: ");
    // --split D: cube and conquer, one puzzle over threads or MPI ranks.
    add_option_flags(sub, exact::split_option_table(), a.split_flags, {}, "Exact solver: ");
}

}  // namespace

void add_solve(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<SolveArgs>();
    CLI::App* sub = app.add_subcommand(
        "solve",
        "Solve each puzzle in each FILE and print its solutions.\n"
        "Status per puzzle: unique (proven), multiple (>= 2 found), solved (1 found,\n"
        "uniqueness not asked for or not proven), contradiction (proven: no solution),\n"
        "timeout, unsolved (a heuristic gave up), error. In a file of several puzzles\n"
        "each puzzle gets its own record, in file order: one that cannot be read is\n"
        "status error with the reader's message (file, line, what was expected), and\n"
        "the others are solved all the same. Exit status: 0 all solved,\n"
        "1 some contradiction, 2 usage error, 3 some timeout, 4 some unreadable input\n"
        "(the highest applies).\n"
        "Examples:\n"
        "  nonolab solve examples/heart.non\n"
        "  nonolab solve --json --timeout 10 puzzles.taai > results.jsonl\n"
        "  nonolab solve --timeout 10 --out results.jsonl puzzles.taai   (then, if killed:\n"
        "  nonolab solve --timeout 10 --resume results.jsonl puzzles.taai)\n"
        "  nonolab solve --method hs-c --seed 7 --param hms=30 examples/sailboat.xml\n"
        "  mpirun -np 4 nonolab solve --threads 1 --out r.jsonl big.txt  (docs/scaling.md)\n"
        "  mpirun -np 2 nonolab solve --split 4 --threads 1 hard.non  (one puzzle, 2 ranks)");
    add_common(sub, *args);
    add_results_flags(sub, args->out, args->resume, " (implies --json, instead of stdout)");
    sub->add_option("--solutions", args->solutions,
                    "Stop after N solutions; 2 (the default) proves uniqueness, 1 = any solution")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    sub->add_option("--method", args->method, "Solving method (see --list-methods)")
        ->capture_default_str();
    sub->add_option("--seed", args->seed,
                    "Seed for randomised methods; the exact method is deterministic and ignores it")
        ->capture_default_str();
    sub->add_option("--max-evaluations", args->max_evaluations,
                    "Override a method's iteration limit (in its paper's unit; branch nodes for "
                    "exact)")
        ->check(CLI::NonNegativeNumber);
    sub->add_flag("--quiet,-q", args->quiet, "Print the verdict line only, no pictures");
    sub->add_flag("--logic-only", args->logic_only,
                  "No search (the 'logic' method): line solving and probing only. Prints the "
                  "grid where logic stops ('?' = undecided); status unique when logic completes "
                  "it, contradiction when logic refutes it, unsolved otherwise");
    auto* list = sub->add_flag_callback(
        "--list-methods",
        [] {
            list_methods();
            throw CLI::Success();
        },
        "List the solving methods with their --param keys and defaults, and exit");
    list->trigger_on_parse();
    sub->callback([args, &exit_code] { exit_code = run_solve(*args); });
}

void add_check(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<SolveArgs>();
    CLI::App* sub = app.add_subcommand(
        "check",
        "The uniqueness verdict only: the same as 'solve --solutions 2 --quiet'.\n"
        "Prints unique, multiple, contradiction or timeout for each puzzle, and error\n"
        "(with the reader's message) for each puzzle of a file that cannot be read.\n"
        "Examples:\n"
        "  nonolab check examples/heart.non\n"
        "  nonolab check --grade --json --timeout 5 puzzles.taai   (for makers: how hard)");
    add_common(sub, *args);
    if (wanted("--grade"))
        sub->add_flag("--grade", args->grade,
                      "Also grade the puzzle for makers: line (line solving alone finishes it), "
                      "probing (needs probing too) or search (with nodes and depth), and the "
                      "share of cells each stage decided");
    sub->callback([args, &exit_code] {
        SolveArgs a = *args;
        a.solutions = 2;
        a.quiet = true;
        exit_code = run_solve(a);
    });
}

}  // namespace nonolab::cli

// nonolab solve / check: solve every puzzle of every file, verify each
// solution independently, print pictures or JSON Lines, and set the exit
// status from the worst outcome.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "batch_cli.hpp"
#include "bench/batch.hpp"
#include "bench/record_file.hpp"
#include "commands.hpp"
#include "core/error.hpp"
#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "exact/grade.hpp"
#include "exact_flags.hpp"
#include "io/formats.hpp"
#include "io/render.hpp"
#include "io/report.hpp"
#include "meta/method.hpp"
#include "progress.hpp"

namespace nonolab::cli {

namespace {

struct SolveArgs {
    std::vector<std::string> files;
    int solutions = 2;
    double timeout = 0;
    std::string method = "exact";
    std::uint64_t seed = 1;
    ExactFlags exact;  ///< --engine, --sat-*, --no-probing, --node-limit (exact_flags.hpp)
    bool json = false;
    bool quiet = false;
    bool ascii = false;
    std::string format;
    std::vector<int> indices;
    std::vector<std::string> params;   ///< key=value for meta-heuristic methods
    std::int64_t max_evaluations = 0;  ///< overrides a meta method's iteration limit
    meta::ParamMap param_map;          ///< parsed from params
    bool grade = false;                ///< check --grade: report how far logic gets
    bool logic_only = false;           ///< solve --logic-only: stop where logic stops
    int threads = 0;                   ///< puzzles solved in parallel per process; 0 = all cores
    bool mpi = false;                  ///< --mpi: run across the ranks of an MPI job
    std::string out;                   ///< JSON Lines file, one line per puzzle ("" = stdout)
    std::string resume;                ///< skip the puzzles recorded in this file, append the rest
    bool ansi = false;                 ///< colour pictures (stdout is a terminal, no MPI)
};

void list_methods() {
    auto params = [](const meta::MethodInfo& m) {
        for (const auto& p : m.params)
            std::cout << "    --param " << p.key << "=" << p.default_value << "\t" << p.help
                      << "\n";
    };
    // The default comes first; its --param keys apply under 'experiment' (solve has flags).
    std::cout << "exact\tcomplete line solving + probing + search + CaDiCaL; proves "
                 "unique/contradiction (the default; these params are for 'experiment', "
                 "solve has its own flags)\n";
    if (const meta::MethodInfo* e = meta::find_method("exact")) params(*e);
    for (const auto& m : meta::methods()) {
        if (m.name == "exact") continue;
        std::cout << m.name << "\t" << m.description << " [" << m.paper << "]\n";
        params(m);
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

struct Outcome {
    io::Report report;
    std::vector<Grid> grids;  ///< verified solutions, for pictures
    Grid partial;             ///< logic-only: where logic stopped (shown when unsolved)
};

/// An outcome with the puzzle's identity filled in.
Outcome start(const Puzzle& p, const std::string& method) {
    Outcome out;
    out.report.name = p.info().title;
    out.report.width = p.width();
    out.report.height = p.height();
    out.report.method = method;
    return out;
}

/// Moves verified solutions into the report; false (and status error) when
/// the solver produced a grid that fails the independent verify.
bool accept_solutions(const Puzzle& p, const std::vector<Grid>& found, Outcome& out) {
    io::Report& rep = out.report;
    for (const Grid& g : found) {
        const VerifyResult v = verify(p, g);
        if (!v) {
            rep.status = Status::error;
            rep.error =
                "internal error: the solver produced a grid that fails verify: " + v.reason +
                " (please report this puzzle)";
            rep.solutions.clear();
            out.grids.clear();
            return false;
        }
        rep.solutions.push_back(io::grid_rows(g, p.palette()));
        out.grids.push_back(g);
    }
    return true;
}

/// check --grade and solve --logic-only: the staged logic of exact/grade.hpp.
Outcome solve_graded(const Puzzle& p, const SolveArgs& a) {
    Outcome out = start(p, a.logic_only ? "logic" : "exact");
    io::Report& rep = out.report;
    exact::GradeOptions go;
    go.timeout_seconds = a.timeout;
    go.search = !a.logic_only;
    go.max_solutions = a.solutions;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        const exact::GradeResult g = exact::grade(p, go, &g_interrupted);
        rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        rep.status = g.status;
        const double cells = std::max(1, g.cells);
        rep.stats = {{"grade", std::string(to_string(g.difficulty))},
                     {"line_share", g.line_cells / cells},
                     {"probe_share", g.probe_cells / cells},
                     {"search_share", (g.cells - g.line_cells - g.probe_cells) / cells},
                     {"nodes", g.nodes},
                     {"max_depth", g.max_depth},
                     {"sat_calls", g.sat_calls}};
        if (g.difficulty == exact::Difficulty::contradiction ||
            g.difficulty == exact::Difficulty::unknown)
            rep.stats["search_share"] = 0.0;
        if (!accept_solutions(p, g.solutions, out)) return out;
        if (a.logic_only && g.status == Status::unsolved) {
            out.partial = g.logic_grid;
            rep.stats["partial"] = io::grid_rows(g.logic_grid, p.palette());
        }
    } catch (const std::invalid_argument& e) {
        rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        rep.status = Status::error;
        rep.error = e.what();
    }
    return out;
}

/// A paper method (harmony search, GA, SA, ...): one seeded run, judged by verify.
Outcome solve_meta(const Puzzle& p, const SolveArgs& a, const meta::MethodInfo& m) {
    Outcome out = start(p, a.method);
    io::Report& rep = out.report;
    meta::RunControl ctl;
    ctl.seed = a.seed;
    ctl.budget = Budget(a.timeout, &g_interrupted);
    ctl.max_evaluations = a.max_evaluations;
    const auto t0 = std::chrono::steady_clock::now();
    const meta::Verdict v = meta::run_verified(m, p, a.param_map, ctl);
    rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    rep.status = v.status;
    if (v.status == Status::error) {
        rep.error = v.error;
        return out;
    }
    rep.stats = {{"evaluations", v.result.evaluations},
                 {"best_error", v.result.best_error},
                 {"seed", a.seed}};
    for (const auto& [k, x] : v.result.stats) rep.stats[k] = x;
    if (v.status == Status::solved) {
        rep.solutions.push_back(io::grid_rows(v.result.best, p.palette()));
        out.grids.push_back(v.result.best);
    }
    return out;
}

Outcome solve_one(const Puzzle& p, const SolveArgs& a) {
    if (a.method != "exact") return solve_meta(p, a, *meta::find_method(a.method));
    if (a.grade || a.logic_only) return solve_graded(p, a);
    Outcome out = start(p, a.method);
    io::Report& rep = out.report;
    exact::ExactOptions opt = a.exact.options;
    opt.max_solutions = a.solutions;
    opt.timeout_seconds = a.timeout;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        const exact::ExactResult r = exact::solve_exact(p, opt, &g_interrupted);
        rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        rep.status = r.status;
        rep.stats = {{"nodes", r.stats.nodes},
                     {"line_solves", r.stats.line_solves},
                     {"cache_hits", r.stats.cache_hits},
                     {"probes", r.stats.probes},
                     {"failures", r.stats.failures},
                     {"max_depth", r.stats.max_depth},
                     {"root_unknown", r.stats.root_unknown},
                     {"sat_calls", r.stats.sat_calls}};
        // The independent referee sees every solution before anyone else does.
        accept_solutions(p, r.solutions, out);
    } catch (const std::invalid_argument& e) {
        rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        rep.status = Status::error;
        rep.error = e.what();
    }
    return out;
}

// The human-readable block of one puzzle: its verdict line and pictures.
std::string human_text(const io::Report& rep, const Puzzle* p, const std::vector<Grid>& grids,
                       const Grid* partial, const SolveArgs& a) {
    std::ostringstream out;
    out << rep.source << " #" << rep.index;
    if (!rep.name.empty()) out << " \"" << rep.name << "\"";
    if (rep.width) out << " (" << rep.width << "x" << rep.height << ")";
    out << ": " << to_string(rep.status);
    if (rep.status == Status::error) {
        out << ": " << rep.error << "\n";
        return out.str();
    }
    char secs[32];
    std::snprintf(secs, sizeof secs, " in %.3f s", rep.seconds);
    out << secs;
    if (rep.stats.contains("grade")) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "; grade %s (line %.0f%%, probing %.0f%%, search %.0f%%",
                      rep.stats["grade"].get<std::string>().c_str(),
                      100 * rep.stats["line_share"].get<double>(),
                      100 * rep.stats["probe_share"].get<double>(),
                      100 * rep.stats["search_share"].get<double>());
        out << buf;
        if (rep.stats["grade"] == "search")
            out << ", " << rep.stats["nodes"].get<std::uint64_t>() << " nodes, depth "
                << rep.stats["max_depth"].get<int>();
        out << ")";
    } else if (rep.stats.contains("nodes") && rep.stats.contains("line_solves")) {  // exact
        out << " (" << rep.stats["nodes"].get<double>() << " nodes, "
            << rep.stats["line_solves"].get<double>() << " line solves)";
    } else if (rep.stats.contains("iterations")) {  // the network methods' own unit
        out << " (" << rep.stats["iterations"].get<double>() << " iterations)";
    } else if (rep.stats.contains("evaluations")) {
        out << " (" << rep.stats["evaluations"].get<double>() << " evaluations)";
    }
    out << "\n";
    if (a.quiet || !p) return out.str();
    io::TextRenderOptions ro;
    ro.clues = false;
    ro.unicode = !a.ascii;
    ro.ansi = !a.ascii && a.ansi;
    for (size_t i = 0; i < grids.size(); ++i) {
        if (grids.size() > 1) out << "solution " << i + 1 << ":\n";
        out << io::render_text(*p, &grids[i], ro);
    }
    if (partial && partial->size() > 0) {
        out << "where logic stops ('?' = undecided):\n";
        out << io::render_text(*p, partial, ro);
    }
    return out.str();
}

// The identity of a solve result for --resume: file, puzzle number and method.
std::string solve_key(const std::string& source, int index, const std::string& method) {
    return source + '\x1f' + std::to_string(index) + '\x1f' + method;
}

Status status_named(const std::string& name) {
    for (Status st : {Status::unique, Status::multiple, Status::solved, Status::contradiction,
                      Status::timeout, Status::unsolved})
        if (to_string(st) == name) return st;
    return Status::error;
}

int run_solve(SolveArgs a) {
    if (a.method != "exact" && !meta::find_method(a.method)) {
        std::cerr << "error: unknown method '" << a.method
                  << "'; run 'nonolab solve --list-methods'\n";
        return kExitUsage;
    }
    // Aliases (the paper's names, e.g. ne8hpfi) become the registered name, so
    // the JSON lines and --resume keys say the same whichever was typed.
    if (a.method != "exact") a.method = meta::find_method(a.method)->name;
    if (a.method != "exact" && a.logic_only) {
        std::cerr << "error: --logic-only uses the exact solver's logic; drop --method\n";
        return kExitUsage;
    }
    if (a.method == "exact" && !a.params.empty()) {
        std::cerr << "error: --param applies to the meta-heuristic methods only, not 'exact'\n";
        return kExitUsage;
    }
    // Under MPI every rank runs this same function on the same files; only
    // rank 0 reads --resume, writes and prints (batch_cli.hpp).
    std::unique_ptr<bench::MpiSession> session;
    if (!join_mpi_or_report(a.mpi, session)) return kExitUsage;
    const bool leader = is_leader(session);
    if (!a.resume.empty() && a.out.empty()) a.out = a.resume;
    if (!a.out.empty()) a.json = true;
    // Pictures are coloured only on a terminal, decided once for all ranks.
    a.ansi = !session && isatty(fileno(stdout));

    // Read everything first: the batch's units are the puzzles (or the read
    // errors) of every file, numbered in file order.
    struct Input {
        std::string path;
        std::vector<io::Entry> entries;  ///< puzzles, or per-puzzle read errors
        std::string error;               ///< the whole file is unreadable
    };
    struct Unit {
        const Input* input;
        int index;  ///< 1-based puzzle number; 0 when the whole file is unreadable
    };
    std::vector<Input> inputs;
    for (const std::string& path : a.files) {
        Input in{path, {}, {}};
        try {
            in.entries = io::read_entries(path, a.format);
        } catch (const ParseError& e) {
            in.error = e.what();
        }
        inputs.push_back(std::move(in));
    }
    std::vector<Unit> units;
    for (const Input& in : inputs) {
        if (!in.error.empty()) {
            units.push_back({&in, 0});
            continue;
        }
        for (size_t i = 0; i < in.entries.size(); ++i) {
            const int index = static_cast<int>(i) + 1;
            if (a.indices.empty() ||
                std::find(a.indices.begin(), a.indices.end(), index) != a.indices.end())
                units.push_back({&in, index});
        }
    }

    bench::Batch batch;
    batch.size = units.size();
    int exit_code = kExitOk;
    // --resume: puzzles already in the file are skipped; their statuses still
    // count towards the exit status.
    if (!a.resume.empty() && leader && std::filesystem::exists(a.resume)) {
        std::map<std::string, std::string> recorded;  // key -> status
        try {
            const bench::JsonLines old = bench::read_json_lines(a.resume);
            if (old.torn_tail)
                std::cerr << "warning: " << a.resume
                          << ": the last line is incomplete (an interrupted write); its puzzle "
                             "is solved again\n";
            for (const auto& [line_no, line] : old.lines) {
                const auto j = nlohmann::json::parse(line);
                recorded[solve_key(j.at("source").get<std::string>(), j.at("index").get<int>(),
                                   j.at("method").get<std::string>())] =
                    j.at("status").get<std::string>();
            }
        } catch (const std::exception& e) {
            std::cerr << "error: " << a.resume << ": not solve --json output: " << e.what() << "\n";
            return kExitUnreadable;
        }
        batch.skip.assign(units.size(), false);
        for (size_t id = 0; id < units.size(); ++id) {
            // The file holds the path as JSON wrote it (io::to_json: valid_utf8).
            const auto it =
                recorded.find(solve_key(io::valid_utf8(units[id].input->path), units[id].index,
                                        a.logic_only ? "logic" : a.method));
            if (it == recorded.end()) continue;
            batch.skip[id] = true;
            exit_code = std::max(exit_code, exit_for(status_named(it->second)));
        }
    }
    std::unique_ptr<bench::RecordFile> file;
    if (!a.out.empty() && leader) {
        try {
            file = std::make_unique<bench::RecordFile>(a.out, a.out == a.resume);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kExitUsage;
        }
    }

    // Who a unit is, before anything about it can fail: every record,
    // including the one for a failure, carries this source and index.
    auto identity = [&](const Unit& u) {
        io::Report rep;
        rep.source = u.input->path;
        rep.index = u.index;
        rep.method = a.method;
        if (u.index > 0) {
            const io::Entry& entry = u.input->entries[u.index - 1];
            rep.name = entry.name;
            if (entry.puzzle)
                rep.width = entry.puzzle->width(), rep.height = entry.puzzle->height();
        }
        return rep;
    };
    // The record of a unit, as --json or as text; a failure to make it
    // still gives a record naming the puzzle (io::render_record).
    auto record = [&](const io::Report& rep, const Puzzle* puzzle, const Outcome* out) {
        bool stood_in = false;
        std::string text = io::render_record(
            rep,
            [&](const io::Report& r) {
                if (a.json) return io::to_json_line(r);
                static const std::vector<Grid> kNoGrids;
                const bool own = out && &r == &out->report;  // the stand-in has no pictures
                return human_text(r, own ? puzzle : nullptr, own ? out->grids : kNoGrids,
                                  own ? &out->partial : nullptr, a);
            },
            &stood_in);
        const int code = exit_for(stood_in ? Status::error : rep.status);
        return bench::UnitResult{std::move(text), code >= kExitUnsolved, code};
    };

    batch.run = [&](std::uint64_t id, const std::atomic<bool>* cancel) {
        const Unit& u = units[id];
        const Input& in = *u.input;
        Outcome out;
        out.report = identity(u);
        const Puzzle* puzzle = nullptr;
        if (!in.error.empty()) {
            out.report.error = in.error;
        } else if (const io::Entry& entry = in.entries[u.index - 1]; !entry.puzzle) {
            out.report.error = entry.error;
        } else {
            puzzle = &*entry.puzzle;
            out = solve_one(*puzzle, a);
            out.report.source = in.path;
            out.report.index = u.index;
            if (out.report.name.empty()) out.report.name = entry.name;
        }
        std::optional<bench::UnitResult> r;
        if (cancel && cancel->load()) return r;  // cut short: not a result
        r = record(out.report, puzzle, &out);
        return r;
    };
    // Solving itself threw (a bug, or memory ran out): the record says which
    // puzzle, instead of the batch's bare {"unit": id, ...}.
    batch.on_throw = [&](std::uint64_t id, const std::string& what) {
        io::Report rep = identity(units[id]);
        rep.status = Status::error;
        rep.error = "could not solve " +
                    (rep.index > 0 ? "puzzle " + std::to_string(rep.index) + " of " : "") +
                    rep.source + ": " + what +
                    "; this is a bug in nonolab, please report it with the puzzle file";
        return record(rep, nullptr, nullptr);
    };
    Progress progress(static_cast<long>(units.size()));
    std::size_t written = 0;
    batch.sink = [&](std::uint64_t id, const bench::UnitResult& r) {
        exit_code = std::max(exit_code, r.code);
        progress.clear();
        const Unit& u = units[id];
        write_record(
            file.get(), r.text, a.json,
            (u.index > 0 ? "puzzle " + std::to_string(u.index) + " of " : "") + u.input->path,
            written++);
    };
    batch.on_progress = [&](const bench::BatchProgress& p) {
        progress.update(static_cast<long>(p.done + p.skipped),
                        bench::format_progress(p, "puzzles"));
    };
    bench::BatchOptions bo;
    bo.threads = a.threads;
    bo.mpi = session.get();
    bench::BatchOutcome done;
    try {
        done = bench::run_batch(batch, bo, &g_interrupted);
    } catch (const std::exception& e) {
        progress.clear();
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }
    progress.clear();
    if (!leader) return kExitOk;  // rank 0 reports for the whole job
    if (!done.per_rank.empty()) std::cerr << "mpi: " << bench::format_ranks(done) << "\n";
    if (g_interrupted || done.dropped) {
        std::cerr << "interrupted: " << done.dropped << " of " << units.size()
                  << " puzzles were not solved";
        if (!a.out.empty()) std::cerr << "; rerun with --resume " << a.out << " to finish them";
        std::cerr << "\n";
        exit_code = std::max<int>(exit_code, kExitUnsolved);
    }
    return exit_code;
}

void add_common(CLI::App* sub, SolveArgs& a) {
    sub->add_option("files", a.files,
                    "Puzzle files (any supported format; see 'nonolab formats'), or NonoDataset "
                    "specs such as nonodataset:10x10/test@1-300")
        ->required()
        ->check(puzzle_source());
    sub->add_option("--timeout", a.timeout,
                    "Wall-clock budget per puzzle in seconds (0 = none); always honoured, and a "
                    "puzzle that runs out reports 'timeout', never a guess")
        ->check(CLI::NonNegativeNumber);
    sub->add_flag("--json", a.json,
                  "One JSON object per puzzle per line on stdout (JSON Lines); progress and "
                  "messages go to stderr");
    sub->add_option("--format", a.format, "Read the files as this format instead of detecting it");
    sub->add_option("--index", a.indices, "Only these puzzles of each file (1-based; repeatable)")
        ->check(CLI::PositiveNumber);
    sub->add_option("--threads,-j", a.threads,
                    "Puzzles solved in parallel per process (0 = all cores, shared by the MPI "
                    "ranks of a node); output stays in input order")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    add_mpi_flag(sub, a.mpi);
    sub->add_flag("--ascii", a.ascii, "Draw pictures with '#' and '.' only");
    add_exact_flags(sub, a.exact);
}

}  // namespace

void add_solve(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<SolveArgs>();
    CLI::App* sub = app.add_subcommand(
        "solve",
        "Solve each puzzle in each FILE and print its solutions.\n"
        "Status per puzzle: unique (proven), multiple (>= 2 found), solved (1 found,\n"
        "uniqueness not asked for or not proven), contradiction (proven: no solution),\n"
        "timeout, error. Exit status: 0 all solved, 1 some contradiction, 2 usage\n"
        "error, 3 some timeout, 4 some unreadable input (the highest applies).\n"
        "Examples:\n"
        "  nonolab solve examples/heart.non\n"
        "  nonolab solve --json --timeout 10 puzzles.taai > results.jsonl\n"
        "  nonolab solve --timeout 10 --out results.jsonl puzzles.taai   (then, if killed:\n"
        "  nonolab solve --timeout 10 --resume results.jsonl puzzles.taai)\n"
        "  mpirun -np 4 nonolab solve --threads 1 --out r.jsonl big.txt  (docs/scaling.md)");
    add_common(sub, *args);
    sub->add_option("--out,-o", args->out,
                    "Write the JSON lines (implies --json) to this file instead of stdout, each "
                    "line flushed whole, so a killed run leaves whole lines only");
    sub->add_option("--resume", args->resume,
                    "Skip the puzzles (file, number, method) already in this --json results file "
                    "and append the rest to it (or to --out)");
    sub->add_option("--solutions", args->solutions,
                    "Stop after N solutions; 2 (the default) proves uniqueness, 1 = any solution")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    sub->add_option("--method", args->method, "Solving method (see --list-methods)")
        ->capture_default_str();
    sub->add_option("--seed", args->seed,
                    "Seed for randomised methods; the exact method is deterministic and ignores it")
        ->capture_default_str();
    sub->add_option("--param", args->params,
                    "Method parameter KEY=VALUE (repeatable), e.g. --param hms=30; "
                    "--list-methods shows each method's parameters and defaults");
    sub->add_option("--max-evaluations", args->max_evaluations,
                    "Override a meta-heuristic method's iteration limit (in its paper's unit)")
        ->check(CLI::NonNegativeNumber);
    sub->add_flag("--quiet,-q", args->quiet, "Print the verdict line only, no pictures");
    sub->add_flag("--logic-only", args->logic_only,
                  "No search: line solving and probing only. Prints the grid where logic "
                  "stops ('?' = undecided); status unique when logic completes it, "
                  "contradiction when logic refutes it, unsolved otherwise");
    auto* list = sub->add_flag_callback(
        "--list-methods",
        [] {
            list_methods();
            throw CLI::Success();
        },
        "List the solving methods and exit");
    list->trigger_on_parse();
    sub->callback([args, &exit_code] {
        for (const std::string& kv : args->params) {
            const auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0)
                throw CLI::ValidationError("--param", "expected KEY=VALUE, got '" + kv + "'");
            args->param_map[kv.substr(0, eq)] = kv.substr(eq + 1);
        }
        exit_code = run_solve(*args);
    });
}

void add_check(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<SolveArgs>();
    CLI::App* sub = app.add_subcommand(
        "check",
        "The uniqueness verdict only: the same as 'solve --solutions 2 --quiet'.\n"
        "Prints unique, multiple, contradiction or timeout for each puzzle.");
    add_common(sub, *args);
    sub->add_flag("--grade", args->grade,
                  "Also grade the puzzle for makers: line (line solving alone finishes it), "
                  "probing (needs probing too) or search (with nodes and depth), and the share "
                  "of cells each stage decided");
    sub->callback([args, &exit_code] {
        SolveArgs a = *args;
        a.solutions = 2;
        a.quiet = true;
        exit_code = run_solve(a);
    });
}

}  // namespace nonolab::cli

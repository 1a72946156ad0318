// nonolab experiment: puzzles x methods x trials with recorded seeds, one
// JSON line per run, a summary table shaped like Tables 1 and 2 of Lee &
// Geem 2025, and optional convergence plots. All the work is in src/batch;
// this file translates options and prints.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "batch/batch.hpp"
#include "batch/curve_plot.hpp"
#include "batch/experiment.hpp"
#include "batch/resume.hpp"
#include "batch/suite.hpp"
#include "batch/summary.hpp"
#include "batch_cli.hpp"
#include "commands.hpp"
#include "core/error.hpp"
#include "methods/registry.hpp"
#include "option_flags.hpp"
#include "progress.hpp"

namespace nonolab::cli {

namespace {

struct ExperimentArgs {
    std::vector<std::string> inputs;
    std::string methods;              ///< comma-separated
    std::vector<std::string> params;  ///< [method:]key=value
    ParamMap numbers;                 ///< the flags of experiment_option_table, as text
    batch::ExperimentOptions options;
    std::string out;     ///< JSON Lines file ("" = none)
    std::string resume;  ///< results file to skip recorded units from and append to
    std::string plot;    ///< SVG file
    bool plot_log_x = false;
    double plot_max_x = 0;
    std::string plot_by = "puzzle";  ///< puzzle or group
    std::string table = "text";
    bool mpi = false;  ///< --mpi: run across the ranks of an MPI job
};

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

// The numbers, --methods and --param into the options struct, by the
// table and the front end's one parser (batch::method_specs); throws
// CLI::ValidationError.
void build_options(ExperimentArgs& a) {
    try {
        a.options = batch::experiment_option_table().parse(a.numbers);
        a.options.methods = batch::method_specs(split(a.methods, ','), a.params);
    } catch (const std::invalid_argument& e) {
        throw CLI::ValidationError("--methods/--param", e.what());
    }
}

// After an UnknownMethod: where the list is.
constexpr const char* kListMethodsHint = "run 'nonolab solve --list-methods' to see the methods\n";

// What the end of an experiment reports, gathered record by record: no
// record is kept (the 10x10 network protocol alone is 1.3 million runs),
// only the table's sums, the errors to name, and with --plot the curves.
struct Report {
    batch::SummaryBuilder table;
    std::size_t records = 0;
    int errors = 0;
    std::set<std::pair<std::string, int>> unreadable;
    std::vector<std::string> messages;  ///< each unreadable puzzle once, the first run error
    bool run_error = false;
    bool keep_curves = false;
    std::vector<batch::RunRecord> curves;  ///< with keep_curves: what average_curves reads

    void add(const batch::RunRecord& r) {
        table.add(r);
        ++records;
        if (keep_curves && !r.curve.empty()) {
            batch::RunRecord c = r;  // the curve and its labels: no solutions or stats
            c.solutions = {};
            c.stats.clear();
            curves.push_back(std::move(c));
        }
        if (r.status != Status::error) return;
        ++errors;
        // Every unreadable puzzle once (it has a record per method and
        // trial), and the first run that failed for another reason.
        if (r.width == 0) {  // no puzzle: the reader's message
            if (unreadable.insert({r.source, r.index}).second)
                messages.push_back("error: " + r.source + " #" + std::to_string(r.index) +
                                   " cannot be read: " + r.error);
        } else if (!run_error) {
            run_error = true;
            messages.push_back("error in " + r.source + " #" + std::to_string(r.index) + " " +
                               r.method + " trial " + std::to_string(r.trial) + ": " + r.error);
        }
    }
};

// The table, the errors, the plot and the exit status, once every run is in.
int finish(const ExperimentArgs& a, const Report& report, std::size_t units) {
    std::cout << batch::format_summary(report.table.rows(), batch::table_style_from(a.table))
              << std::flush;
    for (const std::string& m : report.messages) std::cerr << m << "\n";
    if (!a.plot.empty()) {
        try {
            batch::PlotOptions po;
            po.log_x = a.plot_log_x;
            po.max_x = a.plot_max_x;
            batch::write_plot(a.plot, batch::average_curves(report.curves, a.plot_by == "group"),
                              po);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kExitUnreadable;
        }
    }
    const std::size_t missing = units - std::min(units, report.records);
    if (g_interrupted || missing) {
        std::cerr << batch::interrupted_note(missing, units, "runs were not recorded", a.out)
                  << "\n";
        return kExitUnsolved;
    }
    return report.errors ? kExitUnreadable : kExitOk;
}

int run(ExperimentArgs& a) {
    // Under MPI every rank runs this same function on the same inputs; only
    // rank 0 reads --resume, writes files and prints (batch_cli.hpp).
    std::unique_ptr<batch::MpiSession> session;
    if (!join_mpi_or_report(a.mpi, session)) return kExitUsage;
    const bool leader = is_leader(session);

    // Everything that can be wrong with the command line is reported before
    // any puzzle is read or any run starts.
    try {
        a.options.validate();
        if (!a.plot.empty()) batch::check_plot_path(a.plot);
        batch::table_style_from(a.table);
    } catch (const std::invalid_argument& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    }
    if (!a.plot.empty() && a.options.curve_every == 0) {
        std::cerr << "error: --plot needs --curve N (record the best error every N iterations)\n";
        return kExitUsage;
    }

    // A puzzle that cannot be read is a unit of its own, recorded with the
    // reader's message, so one typo in a set of 1,000 costs one puzzle.
    std::vector<batch::PuzzleRef> puzzles;
    try {
        puzzles = batch::load_inputs(
            a.inputs, [](const std::string& w) { std::cerr << "warning: " << w << "\n"; },
            {"", {}, true});
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }
    if (puzzles.empty()) {
        std::cerr << "error: no puzzles to run\n";
        return kExitUnreadable;
    }

    try {
        batch::resolve_methods(puzzles, a.options, find_method);
    } catch (const UnknownMethod& e) {
        std::cerr << "error: " << e.what() << "\n" << kListMethodsHint;
        return kExitUsage;
    } catch (const std::invalid_argument& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    }

    // The keys of this experiment's units, when resuming: which of the file's
    // records belong to this table (a new run needs no set of a million keys).
    const std::size_t units = batch::unit_count(puzzles.size(), a.options);
    batch::UnitKeySet wanted;
    if (!a.resume.empty())
        for (std::uint64_t id = 0; id < units; ++id) {
            const batch::WorkUnit u = batch::unit_at(id, a.options);
            wanted.insert(
                batch::unit_key(u, puzzles[u.puzzle], a.options.methods[u.method], a.options));
        }

    // Resume (batch/resume.hpp): units recorded in the file are skipped and
    // their records join the table; new records go to the same file unless
    // --out names another.
    Report report;
    report.keep_curves = !a.plot.empty();
    batch::UnitKeySet skip;
    std::size_t already = 0;
    if (!a.resume.empty() && leader) {
        try {
            batch::ResumeState old = batch::read_resume(a.resume, [&](const batch::RunRecord& r) {
                if (wanted.contains(batch::unit_key(r))) report.add(r);
            });
            if (old.torn_tail)
                std::cerr << "warning: " << batch::torn_tail_warning(a.resume) << "\n";
            skip = std::move(old.done);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kExitUnreadable;
        }
        if (a.out.empty()) a.out = a.resume;
        already = wanted.count_common(skip);
    }

    std::unique_ptr<batch::RecordFile> file;
    try {
        if (!a.out.empty() && leader) file = batch::open_results(a.out, a.resume);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    }

    Progress progress(static_cast<long>(units - already));
    batch::ExperimentHooks hooks;
    std::size_t written = 0;
    hooks.on_record = [&](const batch::RunRecord& r) {
        if (file)
            write_record(file.get(), batch::to_json_line(r), true,
                         "run " + std::to_string(r.unit) + " (puzzle " + std::to_string(r.index) +
                             " of " + r.source + ", " + r.method + ", trial " +
                             std::to_string(r.trial) + ")",
                         written++);
        report.add(r);
    };
    hooks.on_progress = [&](const batch::BatchProgress& p) {
        progress.update(static_cast<long>(p.done), batch::format_progress(p, "runs"));
    };
    hooks.on_finish = [](const batch::BatchOutcome& o) {
        if (!o.per_rank.empty()) std::cerr << "mpi: " << batch::format_ranks(o) << "\n";
    };
    try {
        batch::stream_experiment(puzzles, a.options, hooks, find_method, &g_interrupted, skip,
                                 session.get());
    } catch (const UnknownMethod& e) {
        progress.clear();
        std::cerr << "error: " << e.what() << "\n" << kListMethodsHint;
        return kExitUsage;
    } catch (const std::invalid_argument& e) {
        progress.clear();
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        progress.clear();
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }
    progress.clear();
    if (!leader) return kExitOk;  // rank 0 reports for the whole job
    return finish(a, report, units);
}

}  // namespace

void add_experiment(CLI::App& app, int& exit_code) {
    auto a = std::make_shared<ExperimentArgs>();
    CLI::App* sub = app.add_subcommand(
        "experiment",
        "Run every METHOD on every puzzle TRIALS times with recorded seeds, as the\n"
        "harmony search paper does (Lee & Geem 2025, Tables 1 and 2), and print a\n"
        "summary: per puzzle and method, success x/T and the average iterations\n"
        "[min-max] over the successful runs. A run succeeds only when its grid\n"
        "passes the independent verify.\n"
        "\n"
        "Inputs are puzzle files (all their puzzles), suite manifests, or folders\n"
        "holding a suite.txt (see bench/hs-suite/README.md).\n"
        "Run i (in puzzle, method, trial order) gets seed derive(--seed, i), so the\n"
        "results are the same whatever --threads is (apart from \"seconds\").\n"
        "\n"
        "Examples:\n"
        "  nonolab experiment bench/hs-suite --methods hs-a,hs-b,hs-c --out runs.jsonl\n"
        "  nonolab experiment examples/heart.non --methods hs-c --trials 30 --seed 7\n"
        "  nonolab experiment bench/hs-suite --methods hs-c --param hs-c:hms=10 \\\n"
        "      --max-evaluations 100000 --curve 1000 --plot curves.svg\n"
        "  nonolab experiment bench/hs-suite --methods hs-a,hs-c --resume runs.jsonl\n"
        "  mpirun -np 8 --hostfile hosts nonolab experiment bench/hs-suite -m hs-c \\\n"
        "      --threads 1 --out runs.jsonl        (rank 0 writes; see docs/scaling.md)\n"
        "\n"
        "A puzzle that cannot be read has its runs recorded with status error and\n"
        "the reader's message (file, line, what was expected); the other puzzles of\n"
        "its file run all the same.\n"
        "Exit status: 0 all runs recorded, 2 usage error, 3 interrupted (some runs\n"
        "missing; --resume finishes them), 4 unreadable input or a run failed with\n"
        "an error. Unsolved runs are results, not errors.");
    sub->add_option("inputs", a->inputs,
                    "Puzzle files, suite manifests, suite folders or NonoDataset specs "
                    "(nonodataset:10x10/test@1-300)")
        ->required()
        ->check(puzzle_source());
    sub->add_option("--methods,-m", a->methods,
                    "Comma-separated methods, e.g. hs-a,hs-b,hs-c ('nonolab solve "
                    "--list-methods' lists them)")
        ->required();
    // --trials, --seed, --threads, --timeout, --max-evaluations and --curve,
    // from the table that Python's experiment() reads too (batch/experiment.hpp).
    add_option_flags(sub, batch::experiment_option_table(), a->numbers, {}, "",
                     {{"trials", "-t"}, {"threads", "-j"}});
    sub->add_option("--param", a->params,
                    "METHOD:KEY=VALUE sets a parameter of one method; KEY=VALUE sets it for "
                    "every method (repeatable), e.g. --param hs-c:hms=10");
    add_results_flags(sub, a->out, a->resume, "");
    sub->add_option("--plot", a->plot,
                    "Draw the mean convergence curve per method per puzzle as SVG (.png "
                    "is not available yet)");
    sub->add_option("--plot-by", a->plot_by, "One plot panel per puzzle, or per manifest group")
        ->check(CLI::IsMember({"puzzle", "group"}))
        ->capture_default_str();
    sub->add_flag("--plot-log-x", a->plot_log_x,
                  "Logarithmic iteration axis, to show the early stage (like the paper's Fig. 19)");
    sub->add_option("--plot-max-x", a->plot_max_x, "Cut the plot's iteration axis here")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--table", a->table, "Summary style on stdout: text, markdown or csv")
        ->check(CLI::IsMember({"text", "markdown", "md", "csv"}))
        ->capture_default_str();
    add_mpi_flag(sub, a->mpi);
    sub->callback([a, &exit_code] {
        build_options(*a);
        exit_code = run(*a);
    });
}

}  // namespace nonolab::cli

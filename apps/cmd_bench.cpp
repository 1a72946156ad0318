// nonolab bench: the exact solver over named benchmark sets, one row per set
// (and per competitor), following docs/interface.md "Benchmarks".
#include <iostream>
#include <memory>

#include "batch/exact_bench.hpp"
#include "batch/one_method.hpp"
#include "batch_cli.hpp"
#include "commands.hpp"
#include "external_solvers.hpp"
#include "io/text.hpp"
#include "methods/registry.hpp"
#include "progress.hpp"

namespace nonolab::cli {

namespace {

struct BenchArgs {
    std::vector<std::string> sets;
    std::string mode = "first";
    batch::BenchOptions options;
    std::string csv;
    bool mpi = false;                 ///< --mpi: run across the ranks of an MPI job
    std::vector<std::string> params;  ///< --param KEY=VALUE for the exact method
};

int run_bench_cmd(BenchArgs a) {
    std::unique_ptr<batch::MpiSession> session;
    if (!join_mpi_or_report(a.mpi, session)) return kExitUsage;
    a.options.solutions = a.mode == "unique" ? 2 : 1;
    try {  // the one parser of --param items (batch/one_method.hpp)
        a.options.exact_params = batch::one_method_spec(*find_method("exact"), a.params, {}).params;
        a.options.validate();
    } catch (const std::invalid_argument& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    }
    if (!a.options.vs.empty()) {
        try {  // a program, run by apps/external_solvers.hpp
            a.options.competitor =
                external_solver(a.options.vs, a.options.solutions, a.options.timeout);
        } catch (const std::invalid_argument& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kExitUsage;
        }
    }
    std::vector<batch::BenchSet> sets;
    try {
        sets = batch::resolve_sets(a.sets, a.options.shared_dir);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    }
    std::unique_ptr<Progress> bar;
    std::string current;
    auto progress = [&](const std::string& set, int done, int total) {
        if (set != current || !bar) {
            bar = std::make_unique<Progress>(total);
            current = set;
        }
        bar->update(done, set);
    };
    const std::vector<batch::BenchRow> rows =
        batch::run_bench(sets, a.options, progress, &g_interrupted, session.get());
    bar.reset();
    if (!is_leader(session)) return kExitOk;  // rank 0 reports for the whole job
    std::cout << batch::bench_table(rows);
    if (!a.csv.empty()) {
        const int rc = write_output(a.csv, [&] { return batch::bench_csv(rows); });
        if (rc != kExitOk) return rc;
    }
    if (g_interrupted) {
        std::cerr << "interrupted: unfinished puzzles count as unsolved\n";
        return kExitUnsolved;
    }
    // An unreadable puzzle stays in its set (counted, unsolved) so that the
    // others keep their indices; each is named here, and the exit status says so.
    bool unreadable = false;
    for (const batch::BenchSet& set : sets)
        for (const batch::PuzzleRef& p : set.puzzles)
            if (!p.puzzle) {
                unreadable = true;
                std::cerr << "error: " << set.name << ": " << p.source << " #" << p.index
                          << " cannot be read: " << p.error << "\n";
            }
    if (unreadable) return kExitUnreadable;
    for (const auto& r : rows)
        if (r.solver == "nonolab" && r.solved < r.puzzles) return kExitUnsolved;
    return kExitOk;
}

}  // namespace

void add_bench(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<BenchArgs>();
    CLI::App* sub = app.add_subcommand(
        "bench",
        "Run the exact solver over benchmark sets; print one row per set: puzzles\n"
        "solved (every grid verified), total, median and slowest seconds, search\n"
        "nodes and the git commit. --vs runs another solver on the same puzzles in\n"
        "the same run and prints the time ratio.\n"
        "SETS: survey, tournament (all five files), taai2011, tcga2012, icga2016,\n"
        "icga2017, icga2018, cannot-solve, colour (every colour puzzle of\n"
        "../shared/benchmarks/colour and misc), ndom:A-B (generated), seeded random\n"
        "boards: random:WxH:K[:N[:SEED]] (what generate --random WxH --colours K\n"
        "--density 0.6 --count N --seed SEED makes; N = 300, SEED = 29 unless given;\n"
        "K = 1 is black and white), colour-search (20 boards each of 15x15 to 30x30\n"
        "with 2 to 6 colours, seed 31), or a puzzle file.\n"
        "A puzzle that cannot be read counts in its set as unsolved and is named on\n"
        "stderr; the others are run all the same.\n"
        "Exit status: 0 every puzzle solved by nonolab, 2 usage, 3 some unsolved,\n"
        "4 some puzzle unreadable.\n"
        "Examples:\n"
        "  nonolab bench taai2011 --timeout 60\n"
        "  nonolab bench survey --mode unique --timeout 60 --csv survey.csv\n"
        "  nonolab bench ndom:9-15 --mode unique --vs cadical\n"
        "  nonolab bench ndom:12-16 --mode unique --param sat_config=unsat --threads 1\n"
        "  nonolab bench random:30x30:3 colour-search --mode unique --threads 1\n"
        "  mpirun -np 4 nonolab bench taai2011 --threads 1   (see docs/scaling.md)");
    sub->add_option("sets", args->sets, "Benchmark sets (see above)")->required();
    sub->add_option("--mode", args->mode,
                    "first: any solution (--solutions 1); unique: prove uniqueness (2)")
        ->check(CLI::IsMember({"first", "unique"}))
        ->capture_default_str();
    sub->add_option("--timeout", args->options.timeout, "Seconds per puzzle (0 = none)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--threads,-j", args->options.threads,
                    "Puzzles solved in parallel per process, one thread each (0 = every core, "
                    "shared by the MPI ranks of a node)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    sub->add_option("--vs", args->options.vs,
                    "Competitor command; {cnf} or {non} becomes the puzzle's file in that "
                    "format; exit 0/10/20 counts as solved, output is not checked. 'cadical' is "
                    "the reference competitor: our CNF to the cadical executable, with a "
                    "blocking clause and a second call in --mode unique");
    sub->add_option("--csv", args->csv, "Also write the rows as CSV to this file ('-' = stdout)");
    sub->add_option("--param", args->params,
                    "The exact solver's parameter KEY=VALUE (repeatable), as in solve --param, "
                    "e.g. --param engine=search; `nonolab solve --list-methods` lists them");
    args->options.shared_dir = NONOLAB_DEFAULT_SHARED;
    sub->add_option("--shared", args->options.shared_dir, "The shared folder holding benchmarks/")
        ->capture_default_str();
    add_mpi_flag(sub, args->mpi);
    sub->callback([args, &exit_code] { exit_code = run_bench_cmd(*args); });
}

}  // namespace nonolab::cli

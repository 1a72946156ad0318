// bench_cube_generators: which cube generator splits a hard puzzle better,
// our prober's tree (exact/cube_split.hpp, what `--split D` uses) or
// CaDiCaL's lookahead (Solver::generate_cubes)? docs/results/frontier.md,
// "Cube generators", has the runs.
//
//   bench_cube_generators PUZZLE --depth 4 --timeout 300 --generator lookahead
//
// Both generators start from the same root: the puzzle line-solved and
// closed under probing (make_cubes at depth 0), encoded in the order
// encoding (cnf_encoding.hpp). Each cube is then solved the same way, so
// only the generator differs: a fresh CaDiCaL (the exact solver's default
// configuration) on the root's CNF with the cube's literals as unit
// clauses, models enumerated (each blocked) until UNSAT or two. A probing
// cube's literals are the cells it decides beyond the root; a lookahead
// cube's are CaDiCaL's. Every model passes verify(). With --cnf cube, each
// probing cube is solved on its own CNF instead (its decided cells trim the
// run windows), as the race's cube member does (sat_portfolio.hpp).
//
// Every cube is solved to its end (within --timeout in all), cube after
// cube on this thread, and each model's time within its cube is kept. From
// those times the driver reports the verdict and when one thread, working
// through the cubes in order and stopping at the second solution, would
// have reached it, and when two workers taking the next cube whenever one
// is free would have (an estimate from one-thread times, not a run on two).
//
// CaDiCaL 1.7.4's generate_cubes returns its internal literals without
// mapping them back (External::generate_cubes applies a lambda whose
// result is dropped). On a fresh solver that has added its clauses and
// never solved, nothing has been renumbered, so internal and external
// variables coincide; the driver asks for cubes only then, and refuses
// any literal outside the CNF's variables.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cadical.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/budget.hpp"
#include "core/verify.hpp"
#include "exact/cadical_setup.hpp"
#include "exact/cnf_encoding.hpp"
#include "exact/cube_split.hpp"
#include "exact/sat_search.hpp"
#include "io/formats.hpp"

using namespace nonolab;
using namespace nonolab::exact;

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

using Cube = std::vector<int>;  // DIMACS literals

/// One cube's run: when each model turned up, and when it ended.
struct CubeRun {
    std::vector<double> models;  // seconds into the cube's run
    double seconds = 0;
    bool exhausted = false;  // UNSAT after its models: nothing else in this cube
};

/// The probing generator's cubes as literals: the cells each decides that
/// the root leaves open.
std::vector<Cube> probing_cubes(const CubeSet& set, const Grid& root) {
    std::vector<Cube> out;
    for (const Grid& g : set.cubes) {
        Cube cube;
        for (int r = 0; r < g.height(); ++r)
            for (int c = 0; c < g.width(); ++c)
                if (root.at(r, c) == kUnknown && g.at(r, c) != kUnknown) {
                    const int v = cell_var(g.width(), r, c);
                    cube.push_back(g.at(r, c) == kFilled ? v : -v);
                }
        out.push_back(std::move(cube));
    }
    return out;
}

void load(CaDiCaL::Solver& s, const Cnf& cnf) {
    configure_cadical(s, SatOptions{});
    for (const auto& clause : cnf.clauses) {
        for (const int lit : clause) s.add(lit);
        s.add(0);
    }
}

/// CaDiCaL's lookahead cubes of the root's CNF. A nonzero status means
/// CaDiCaL solved the CNF while preparing, and 1.7.4 then reports 20 even
/// for a model (lookahead.cpp sets the status twice), so it is not trusted:
/// the root is solved whole, as one cube.
std::vector<Cube> lookahead_cubes(const Cnf& cnf, int depth) {
    CaDiCaL::Solver s;
    load(s, cnf);
    const auto result = s.generate_cubes(depth);
    if (result.status != 0) return {Cube{}};
    for (const Cube& cube : result.cubes)
        for (const int lit : cube)
            if (lit == 0 || std::abs(lit) > cnf.num_vars) {
                std::fprintf(stderr, "lookahead literal %d outside 1..%d\n", lit, cnf.num_vars);
                std::exit(1);
            }
    return result.cubes;
}

CubeRun solve_cube_sat(const Puzzle& puzzle, const Cnf& cnf, const Grid& root, const Cube& cube,
                       const Budget& budget, std::vector<Grid>& solutions) {
    CubeRun run;
    const auto start = Clock::now();
    CaDiCaL::Solver s;
    load(s, cnf);
    for (const int lit : cube) s.add(lit), s.add(0);
    BudgetTerminator term(budget);
    s.connect_terminator(&term);
    while (run.models.size() < 2) {
        const int res = s.solve();
        if (res != 10) {
            run.exhausted = res == 20;
            break;
        }
        run.models.push_back(since(start));
        Grid g = grid_from_model(puzzle.width(), puzzle.height(), [&](int v) { return s.val(v); });
        if (const VerifyResult v = verify(puzzle, g); !v) {
            std::fprintf(stderr, "a model fails verify: %s\n", v.reason.c_str());
            std::exit(1);
        }
        for (int i = 0; i < g.size(); ++i)  // block it over the root's open cells
            if (root.cells()[i] == kUnknown) s.add(g.cells()[i] == kFilled ? -(i + 1) : i + 1);
        s.add(0);
        solutions.push_back(std::move(g));
    }
    s.disconnect_terminator();
    run.seconds = since(start);
    return run;
}

/// A probing cube as the race's cube member solves it (sat_portfolio.hpp):
/// the engine on the cube's own CNF, whose run windows its cells trim. Its
/// models are counted at the cube's end (no time of each).
CubeRun solve_cube_own_cnf(const Puzzle& puzzle, const Grid& cube, const Budget& budget,
                           std::vector<Grid>& solutions) {
    CubeRun run;
    const auto start = Clock::now();
    SatOutcome out = sat_search(puzzle, cube, {}, 2, budget);
    run.seconds = since(start);
    run.exhausted = out.exhausted;
    for (Grid& g : out.solutions) {
        if (const VerifyResult v = verify(puzzle, g); !v) {
            std::fprintf(stderr, "a model fails verify: %s\n", v.reason.c_str());
            std::exit(1);
        }
        run.models.push_back(run.seconds);
        solutions.push_back(std::move(g));
    }
    return run;
}

/// When `workers` taking cubes in order (each the next one as soon as it is
/// free) reach the verdict: the second model's time, or the last cube's end.
double verdict_time(const std::vector<CubeRun>& runs, int workers, double setup) {
    std::vector<double> free_at(workers, setup);
    std::vector<double> models;
    double end = setup;
    for (const CubeRun& r : runs) {
        auto w = std::min_element(free_at.begin(), free_at.end());
        for (const double m : r.models) models.push_back(*w + m);
        *w += r.seconds;
        end = std::max(end, *w);
    }
    std::sort(models.begin(), models.end());
    return models.size() >= 2 ? models[1] : end;
}

/// What the driver was asked for (the command line).
struct Args {
    std::string path, generator = "lookahead", encoding = "order", cnf_mode = "root";
    int depth = 4;
    double timeout = 300;
};

/// The cubes of one generator below the probed root.
struct Split {
    std::vector<Cube> cubes;
    std::vector<Grid> grids;  // the probing cubes as grids, for --cnf cube
    bool refuted = false;     // the splitting refuted every child: no cube, no solution
    bool complete = true;     // false once the clock cut the splitting short
};

Split split_root(const Puzzle& puzzle, const Grid& root, const Cnf& cnf, const Args& a,
                 const ExactOptions& options) {
    Split split;
    if (a.generator == "none") {
        split.cubes.assign(1, Cube{});  // the root whole: the baseline without a split
    } else if (a.generator == "probing") {
        const CubeSet set = make_cubes(puzzle, options, a.depth);
        if (set.decided) {
            split.refuted = set.decided->status == Status::contradiction;
            split.complete = set.decided->exhausted;  // not exhausted: the clock stopped it
        }
        split.cubes = probing_cubes(set, root);
        split.grids = set.cubes;
    } else {
        split.cubes = lookahead_cubes(cnf, a.depth);
    }
    return split;
}

/// The verdict, the cube sizes and times, and the two verdict times.
void summarise(nlohmann::json& out, const Split& split, const std::vector<CubeRun>& runs,
               std::size_t found, bool complete, double setup) {
    // The cubes are disjoint, so models of different cubes are different grids.
    const char* status = found >= 2   ? "multiple"
                         : !complete  ? "timeout"
                         : found == 1 ? "unique"
                                      : "contradiction";
    if (split.refuted && found > 0) status = "error: refuted, yet a model verifies";
    std::vector<double> seconds, literals;
    for (const CubeRun& r : runs) seconds.push_back(r.seconds);
    std::set<int> vars;  // how many variables the cubes split on, all levels together
    for (const Cube& c : split.cubes) {
        literals.push_back(static_cast<double>(c.size()));
        for (const int lit : c) vars.insert(std::abs(lit));
    }
    out["status"] = status;
    out["cubes"] = split.cubes.size();
    out["cube_literals"] = literals;
    out["variables"] = vars.size();
    out["setup_seconds"] = setup;
    out["cube_seconds"] = seconds;
    out["one_thread_seconds"] = verdict_time(runs, 1, setup);
    out["two_workers_seconds"] = verdict_time(runs, 2, setup);
}

int run(const Args& a) {
    const Puzzle puzzle = io::read_puzzles(a.path).at(0);
    const auto start = Clock::now();
    const Budget budget(a.timeout);
    ExactOptions options;
    options.timeout_seconds = a.timeout;
    const CubeSet rootset = make_cubes(puzzle, options, 0);
    nlohmann::json out = {{"puzzle", a.path},
                          {"generator", a.generator},
                          {"depth", a.depth},
                          {"encoding", a.encoding},
                          {"cnf", a.cnf_mode}};
    if (rootset.decided) {  // logic alone settled it: nothing to split
        out["status"] = std::string(to_string(rootset.decided->status));
        std::printf("%s\n", out.dump().c_str());
        return 0;
    }
    const Grid& root = rootset.cubes.at(0);
    const Cnf cnf = encode_cnf(puzzle, &root, {line_encoding_names().at(a.encoding)});
    const Split split = split_root(puzzle, root, cnf, a, options);
    const std::vector<Cube>& cubes = split.cubes;
    const double setup = since(start);
    std::fprintf(stderr, "%s: %zu cubes in %.2f s\n", a.generator.c_str(), cubes.size(), setup);

    std::vector<Grid> solutions;
    std::vector<CubeRun> runs;
    bool complete = split.complete;  // and every cube run to its end
    for (std::size_t i = 0; i < cubes.size(); ++i) {
        if (budget.expired()) {
            complete = false;
            break;
        }
        runs.push_back(a.cnf_mode == "cube"
                           ? solve_cube_own_cnf(puzzle, split.grids.at(i), budget, solutions)
                           : solve_cube_sat(puzzle, cnf, root, cubes[i], budget, solutions));
        const CubeRun& r = runs.back();
        complete = complete && r.exhausted;
        int cells = 0;  // literals on cell variables (the rest are run starts)
        for (const int lit : cubes[i]) cells += std::abs(lit) <= puzzle.width() * puzzle.height();
        std::fprintf(stderr, "cube %zu/%zu (%zu literals, %d on cells): %zu models, %.2f s%s\n",
                     i + 1, cubes.size(), cubes[i].size(), cells, r.models.size(), r.seconds,
                     r.exhausted || r.models.size() >= 2 ? "" : ", cut short");
    }
    summarise(out, split, runs, solutions.size(), complete, setup);
    out["wall_seconds"] = since(start);
    std::printf("%s\n", out.dump().c_str());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{
        "Splits one puzzle into cubes by our prober's tree or by CaDiCaL's lookahead, solves every "
        "cube with CaDiCaL on the root's CNF, and prints one JSON line: the verdict, the cube "
        "times, and when one thread or two workers would have had the verdict."};
    Args a;
    app.add_option("puzzle", a.path, "a black-and-white puzzle file (its first puzzle)")
        ->required();
    app.add_option("--generator", a.generator,
                   "probing (cube_split.hpp), lookahead (CaDiCaL), or none (one cube: the root)")
        ->check(CLI::IsMember({"probing", "lookahead", "none"}));
    app.add_option("--depth", a.depth, "levels of splitting: up to 2^D cubes")
        ->check(CLI::Range(1, 12));
    app.add_option("--encoding", a.encoding,
                   "the root's CNF: order (the solver's), automaton or both")
        ->check(CLI::IsMember({"order", "automaton", "both"}));
    app.add_option("--cnf", a.cnf_mode,
                   "root: every cube on the root's CNF plus its literals (only the generator "
                   "differs); cube: each probing cube on its own CNF, as the race's cube member")
        ->check(CLI::IsMember({"root", "cube"}));
    app.add_option("--timeout", a.timeout, "seconds for the whole run, splitting included");
    CLI11_PARSE(app, argc, argv);
    if (a.cnf_mode == "cube" && a.generator != "probing") {
        std::fprintf(stderr, "--cnf cube needs --generator probing: only its cubes are grids\n");
        return 2;
    }
    try {
        return run(a);
    } catch (const std::exception& e) {  // an unreadable file, a colour puzzle
        std::fprintf(stderr, "bench_cube_generators: %s\n", e.what());
        return 4;
    }
}

// fuzz_solvers: the seeded differential fuzzer of the exact engines.
//
// Every case (random_puzzles.hpp: pictures, mutated clues, random clues;
// black and white and colour; none, unique and multiple verdicts) is solved
// by every engine configuration below, and each verdict is checked against
// the enumerating oracle (enumerate_solutions.hpp) where the board is small
// enough, and against the search engine's verdict otherwise. Every solution
// an engine returns must pass verify and be one the oracle found; a unique
// verdict must name the oracle's one solution; the cells line logic and
// probing decide must agree with every solution.
//
//   fuzz_solvers --seed 7 --seconds 60     what scripts/test.sh runs
//   fuzz_solvers --seed 7 --case 1234      one case again, with its puzzle
//
// Exit status: 0 all agree, 1 a disagreement (printed with the seed, the
// case and the puzzle as .non text), 2 a usage error.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/verify.hpp"
#include "exact/cube_split.hpp"
#include "exact/exact_solver.hpp"
#include "exact/grade.hpp"
#include "exact/kissat_search.hpp"
#include "fuzz/enumerate_solutions.hpp"
#include "fuzz/random_puzzles.hpp"
#include "io/formats.hpp"

namespace nonolab::fuzz {
namespace {

using exact::ExactOptions;
using exact::ExactResult;

/// One way of running the engine, named in the failure report.
struct Config {
    std::string name;
    bool colour_too = true;  // false: black and white only (cube splitting)
    std::function<ExactResult(const Puzzle&)> run;
};

ExactOptions with(std::function<void(ExactOptions&)> set) {
    ExactOptions o;
    o.timeout_seconds = 120;  // a hang shows as a timeout verdict, which no case may give
    set(o);
    return o;
}

std::vector<Config> configs() {
    using exact::Engine;
    const auto solve = [](ExactOptions o) {
        return [o](const Puzzle& p) { return exact::solve_exact(p, o); };
    };
    return {
        {"search", true, solve(with([](ExactOptions& o) { o.engine = Engine::search; }))},
        {"search without probing", true,
         solve(with([](ExactOptions& o) { o.engine = Engine::search, o.probing = false; }))},
        {"search probing every node", true,
         solve(with([](ExactOptions& o) { o.engine = Engine::search, o.unprobed_nodes = 0; }))},
        {"sat", true, solve(with([](ExactOptions& o) { o.engine = Engine::sat; }))},
        {"sat, kissat", true, solve(with([](ExactOptions& o) {
             o.engine = Engine::sat,
             o.sat.backend = exact::kissat_available() ? "kissat" : "cadical";
         }))},
        {"sat, cadical phase 0 seed 3", true, solve(with([](ExactOptions& o) {
             o.engine = Engine::sat, o.sat.phase = 0, o.sat.seed = 3;
         }))},
        {"sat, portfolio of 4", true,
         solve(with([](ExactOptions& o) { o.engine = Engine::sat, o.sat.portfolio = 4; }))},
        {"auto", true, solve(with([](ExactOptions&) {}))},
        {"cube split, depth 2", false,
         [](const Puzzle& p) { return exact::solve_split(p, with([](ExactOptions&) {}), 2); }},
        // Each cube raced by two engines (solve --split D --sat-portfolio 2).
        {"cube split, depth 2, each cube raced by two engines", false,
         [](const Puzzle& p) {
             return exact::solve_split(
                 p, with([](ExactOptions& o) { o.engine = Engine::sat, o.sat.portfolio = 2; }), 2);
         }},
    };
}

Status expected_status(std::uint64_t count) {
    return count == 0 ? Status::contradiction : count == 1 ? Status::unique : Status::multiple;
}

bool contains(const std::vector<Grid>& grids, const Grid& g) {
    for (const Grid& x : grids)
        if (x == g) return true;
    return false;
}

// What is wrong with `r` (an engine's answer at max_solutions 2), or "".
std::string judge(const Puzzle& p, const ExactResult& r, Status expected,
                  const std::optional<Enumeration>& oracle) {
    const std::string got(to_string(r.status));
    if (r.status != expected)
        return "verdict " + got + ", expected " + std::string(to_string(expected));
    for (const Grid& g : r.solutions) {
        if (const VerifyResult v = verify(p, g); !v) return "a solution fails verify: " + v.reason;
        if (oracle && oracle->solutions.size() == oracle->count && !contains(oracle->solutions, g))
            return "a solution the enumeration does not have";
    }
    const std::size_t want = expected == Status::contradiction ? 0
                             : expected == Status::unique      ? 1
                                                               : 2;
    if (r.solutions.size() != want)
        return got + " with " + std::to_string(r.solutions.size()) + " solutions";
    if (want == 2 && r.solutions[0] == r.solutions[1]) return "multiple, but the same grid twice";
    return "";
}

// Line logic and probing alone (grade without search): every cell they
// decide must agree with every solution, and a contradiction must be real.
std::string judge_logic(const Puzzle& p, const Enumeration& oracle) {
    exact::GradeOptions o;
    o.search = false;
    const exact::GradeResult g = exact::grade(p, o);
    if (g.status == Status::contradiction)
        return oracle.count == 0 ? "" : "logic found a contradiction in a puzzle with a solution";
    if (g.status == Status::unique && oracle.count != 1)
        return "logic says unique, the enumeration finds " + std::to_string(oracle.count);
    if (g.logic_grid.width() != p.width() || g.logic_grid.height() != p.height())
        return "";  // clues alone decided
    for (const Grid& s : oracle.solutions)
        for (std::size_t i = 0; i < s.cells().size(); ++i) {
            const Cell c = g.logic_grid.cells()[i];
            if (c != kUnknown && c != s.cells()[i])
                return "logic decided cell " + std::to_string(i) + " against a solution";
        }
    return "";
}

struct Tally {
    std::uint64_t cases = 0, none = 0, unique = 0, multiple = 0, engines_only = 0;
};

// Runs case `index`; prints a report and returns false on a disagreement.
bool run_case(std::uint64_t seed, std::uint64_t index, const std::vector<Config>& all, Tally& tally,
              bool show) {
    const RandomCase c = random_case(seed, index);
    const Puzzle& p = c.puzzle;
    if (show)
        std::printf("case %llu: %dx%d, %s\n%s", static_cast<unsigned long long>(index), p.width(),
                    p.height(), c.kind.c_str(), io::write_puzzles({p}, "non").c_str());
    std::optional<Enumeration> oracle = enumerate_solutions(p);
    if (!oracle->complete) oracle.reset();
    std::string failure, who;
    std::optional<Status> expected;
    if (oracle) expected = expected_status(oracle->count);
    for (const Config& config : all) {
        if (!config.colour_too && !p.black_and_white()) continue;
        ExactResult r;
        try {
            r = config.run(p);
        } catch (const std::exception& e) {
            failure = std::string("threw: ") + e.what(), who = config.name;
            break;
        }
        if (show)
            std::printf("  %-28s %s\n", config.name.c_str(),
                        std::string(to_string(r.status)).c_str());
        if (!expected) expected = r.status;  // the first engine is the reference
        if (std::string why = judge(p, r, *expected, oracle); !why.empty()) {
            failure = why, who = config.name;
            break;
        }
    }
    if (failure.empty() && oracle)
        failure = judge_logic(p, *oracle), who = "logic (grade, no search)";
    if (!failure.empty()) {
        std::printf("fuzz_solvers: DISAGREEMENT, seed %llu case %llu (%dx%d, %s)\n  %s: %s\n",
                    static_cast<unsigned long long>(seed), static_cast<unsigned long long>(index),
                    p.width(), p.height(), c.kind.c_str(), who.c_str(), failure.c_str());
        if (oracle)
            std::printf("  the enumeration finds %llu solutions\n",
                        static_cast<unsigned long long>(oracle->count));
        std::printf("  again: fuzz_solvers --seed %llu --case %llu\n--- the puzzle (.non) ---\n%s",
                    static_cast<unsigned long long>(seed), static_cast<unsigned long long>(index),
                    io::write_puzzles({p}, "non").c_str());
        return false;
    }
    ++tally.cases;
    if (!oracle) ++tally.engines_only;
    (*expected == Status::contradiction ? tally.none
     : *expected == Status::unique      ? tally.unique
                                        : tally.multiple)++;
    return true;
}

const char* kHelp =
    "fuzz_solvers: random puzzles, every exact engine, one verdict.\n"
    "\n"
    "Usage: fuzz_solvers [--seed N] (--seconds S | --cases N | --case I)\n"
    "  --seed N      the run's seed (default 1); case I of seed N is always the same puzzle\n"
    "  --seconds S   run cases 0, 1, 2, ... until S seconds have passed\n"
    "  --cases N     run cases 0 to N-1\n"
    "  --case I      run case I alone and print its puzzle and every engine's verdict\n"
    "Engines: search (with and without probing, probing every node), sat (CaDiCaL,\n"
    "Kissat, another phase and seed, a race of four), auto, cube split (black and\n"
    "white; also with each cube raced by two engines), and line logic with\n"
    "probing (grade, no search).\n"
    "Boards of up to 25 cells are checked against enumeration, larger ones\n"
    "against the search engine. Exit status 0: all agree; 1: a disagreement.\n";

std::optional<std::uint64_t> number(const char* s) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(s, &end, 10);
    if (end == s || *end != '\0' || *s == '-') return std::nullopt;
    return v;
}

}  // namespace
}  // namespace nonolab::fuzz

int main(int argc, char** argv) {
    using namespace nonolab::fuzz;
    std::uint64_t seed = 1, seconds = 0, cases = 0;
    std::optional<std::uint64_t> one;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::fputs(kHelp, stdout);
            return 0;
        }
        if (a != "--seed" && a != "--seconds" && a != "--cases" && a != "--case") {
            std::fprintf(stderr, "fuzz_solvers: unknown option '%s'\n\n%s", a.c_str(), kHelp);
            return 2;
        }
        const std::optional<std::uint64_t> v = i + 1 < argc ? number(argv[i + 1]) : std::nullopt;
        if (!v) {
            std::fprintf(stderr,
                         "fuzz_solvers: expected a non-negative integer after %s, got '%s'\n",
                         a.c_str(), i + 1 < argc ? argv[i + 1] : "nothing");
            return 2;
        }
        ++i;
        (a == "--seed"      ? seed
         : a == "--seconds" ? seconds
         : a == "--cases"   ? cases
                            : one.emplace()) = *v;
    }
    if (!one && seconds == 0 && cases == 0) {
        std::fprintf(stderr, "fuzz_solvers: say how long: --seconds S, --cases N or --case I\n\n%s",
                     kHelp);
        return 2;
    }
    const auto all = configs();
    Tally tally;
    if (one) return run_case(seed, *one, all, tally, true) ? 0 : 1;
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    auto shown = start;
    const bool terminal = isatty(STDERR_FILENO);
    for (std::uint64_t i = 0; cases == 0 || i < cases; ++i) {
        const auto now = clock::now();
        if (seconds > 0 && now - start >= std::chrono::seconds(seconds)) break;
        if (terminal && now - shown >= std::chrono::seconds(1)) {
            std::fprintf(stderr, "\rcase %llu ...", static_cast<unsigned long long>(i));
            shown = now;
        }
        if (!run_case(seed, i, all, tally, false)) return 1;
    }
    if (terminal) std::fputs("\r", stderr);
    std::printf(
        "fuzz_solvers: seed %llu, %llu cases agree (%llu none, %llu unique, %llu multiple; "
        "%llu larger ones compared between engines only)\n",
        static_cast<unsigned long long>(seed), static_cast<unsigned long long>(tally.cases),
        static_cast<unsigned long long>(tally.none), static_cast<unsigned long long>(tally.unique),
        static_cast<unsigned long long>(tally.multiple),
        static_cast<unsigned long long>(tally.engines_only));
    return 0;
}

#include "batch/exact_bench.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "batch/batch.hpp"
#include "batch/random_sets.hpp"
#include "core/verify.hpp"
#include "exact/exact_options.hpp"
#include "exact/exact_solver.hpp"
#include "gen/ndom.hpp"
#include "git_commit.hpp"
#include "io/formats.hpp"
#include "methods/registry.hpp"

namespace nonolab::batch {

namespace fs = std::filesystem;

void BenchOptions::validate() const {
    for (const char* own : {"solutions", "phase_times"})
        if (exact_params.count(own))
            throw std::invalid_argument(std::string("--param ") + own +
                                        ": the bench sets it (use --mode for solutions)");
    exact::exact_option_table().parse(exact_params);  // names an unknown key or bad value
}

namespace {

// One ref per puzzle the file marks. A puzzle that cannot be read stays in
// the set as a failed unit (run_unit records the reader's message), so one
// typo neither drops the other puzzles of a set nor shifts their indices.
std::vector<PuzzleRef> refs_of_file(const std::string& path) {
    std::vector<PuzzleRef> out;
    std::vector<io::Entry> entries = io::read_entries(path);
    for (size_t i = 0; i < entries.size(); ++i) {
        io::Entry& e = entries[i];
        out.push_back({path, static_cast<int>(i) + 1, e.name, "",
                       e.puzzle ? std::make_shared<const Puzzle>(std::move(*e.puzzle)) : nullptr,
                       e.error});
    }
    return out;
}

std::string need(const std::string& path) {
    if (!fs::exists(path))
        throw std::invalid_argument("benchmark files not found: " + path +
                                    " (set the shared folder with --shared)");
    return path;
}

// The colour set: every file under benchmarks/colour, and the
// colour puzzles of the misc collections. A file of benchmarks/colour that
// cannot be read stays in the set as a failed unit (they all should read);
// in misc, black-and-white puzzles and files we refuse (triddlers, triangle
// grids) are left out, since they are not colour nonograms.
std::vector<PuzzleRef> colour_set(const std::string& b) {
    std::vector<PuzzleRef> out;
    auto add_dir = [&](const std::string& dir, bool keep_errors) {
        std::vector<std::string> files;
        for (const auto& e : fs::recursive_directory_iterator(dir))
            if (e.is_regular_file() && e.path().extension() != ".md" &&
                e.path().filename().string().rfind("README", 0) != 0)
                files.push_back(e.path().string());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            try {
                for (auto& r : refs_of_file(f))
                    if (r.puzzle ? !r.puzzle->black_and_white() : keep_errors)
                        out.push_back(std::move(r));
            } catch (const std::exception& e) {
                if (keep_errors) out.push_back({f, 0, "", "", nullptr, e.what()});
            }
        }
    };
    add_dir(need(b + "/colour"), true);
    for (const char* misc :
         {"/misc/number_loom_puzzles", "/misc/olsak_grid_examples", "/misc/misc_small_sets"})
        add_dir(need(b + misc), false);
    return out;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct One {
    bool solved = false;
    double seconds = 0;
    std::uint64_t nodes = 0;
    double line_seconds = 0, probe_seconds = 0, sat_seconds = 0;  // ExactStats
};

double stat(const nlohmann::json& stats, const char* key) {
    return stats.contains(key) ? stats[key].get<double>() : 0.0;
}

// Our solver through the same front end as solve and experiment: the
// registered "exact" method, run and verified by run_unit.
One run_ours(const PuzzleRef& ref, const BenchOptions& o, const std::atomic<bool>* cancel) {
    static const MethodInfo* const exact = find_method("exact");
    ExperimentOptions eo;
    ParamMap params = o.exact_params;
    params["solutions"] = std::to_string(o.solutions);
    params["phase_times"] = "1";
    eo.methods = {{"exact", params}};
    eo.timeout = o.timeout;
    const RunRecord r = run_unit(WorkUnit{}, ref, eo.methods[0], *exact, eo, cancel);
    One one;
    one.seconds = r.seconds;
    one.solved = r.solved() || r.status == Status::contradiction;
    if (r.stats.contains("nodes")) one.nodes = r.stats["nodes"].get<std::uint64_t>();
    one.line_seconds = stat(r.stats, "line_seconds");
    one.probe_seconds = stat(r.stats, "probe_seconds");
    one.sat_seconds = stat(r.stats, "sat_seconds");
    return one;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size())
        s.replace(at, from.size(), to);
    return s;
}

// The competitor on one puzzle; an unreadable one is unsolved, as run_ours
// counts it.
One run_competitor(const Puzzle* puzzle, const Competitor& competitor) {
    if (!puzzle) return One{};
    const CompetitorRun run = competitor(*puzzle);
    One one;
    one.solved = run.solved;
    one.seconds = run.seconds;
    return one;
}

BenchRow summarise(const std::string& set, const std::string& solver, const std::vector<One>& rs) {
    BenchRow row;
    row.set = set;
    row.solver = solver;
    row.puzzles = static_cast<int>(rs.size());
    row.commit = NONOLAB_GIT_COMMIT;
    std::vector<double> secs;
    for (size_t i = 0; i < rs.size(); ++i) {
        row.solved += rs[i].solved;
        row.total_seconds += rs[i].seconds;
        row.nodes += rs[i].nodes;
        row.line_seconds += rs[i].line_seconds;
        row.probe_seconds += rs[i].probe_seconds;
        row.sat_seconds += rs[i].sat_seconds;
        secs.push_back(rs[i].seconds);
        if (rs[i].seconds > row.slowest_seconds) {
            row.slowest_seconds = rs[i].seconds;
            row.slowest_index = static_cast<int>(i) + 1;
        }
    }
    row.median_seconds = median(secs);
    return row;
}

}  // namespace

std::vector<BenchSet> resolve_sets(const std::vector<std::string>& names,
                                   const std::string& shared_dir) {
    const std::string b = shared_dir + "/benchmarks";
    const std::vector<std::string> tournament = {"taai2011", "tcga2012", "icga2016", "icga2017",
                                                 "icga2018"};
    std::vector<BenchSet> sets;
    for (const std::string& name : names) {
        if (name == "survey") {
            const std::string dir = need(b + "/survey/simpson_non");
            std::vector<std::string> files;
            for (const auto& e : fs::directory_iterator(dir))
                if (e.path().extension() == ".non") files.push_back(e.path().string());
            std::sort(files.begin(), files.end());
            BenchSet s{name, {}};
            for (const auto& f : files)
                for (auto& r : refs_of_file(f)) s.puzzles.push_back(std::move(r));
            sets.push_back(std::move(s));
        } else if (name == "tournament") {
            for (const auto& t : tournament)
                sets.push_back({t, refs_of_file(need(b + "/tournament/question/" + t + ".txt"))});
        } else if (std::find(tournament.begin(), tournament.end(), name) != tournament.end()) {
            sets.push_back({name, refs_of_file(need(b + "/tournament/question/" + name + ".txt"))});
        } else if (name == "colour" || name == "color") {
            sets.push_back({"colour", colour_set(b)});
        } else if (name == "cannot-solve") {
            sets.push_back(
                {name, refs_of_file(need(b + "/tournament/extra_cgilab/PuzzleCannotSolve.txt"))});
        } else if (name.rfind("ndom:", 0) == 0) {
            int lo = 0, hi = 0;
            char dash = 0;
            std::istringstream in(name.substr(5));
            in >> lo;
            if (in >> dash >> hi) {
                if (dash != '-') lo = 0;
            } else {
                hi = lo;
            }
            if (lo < 1 || hi < lo || hi > 200)
                throw std::invalid_argument("bad set '" + name +
                                            "': expected ndom:A-B, 1 <= A <= B <= 200");
            BenchSet s{name, {}};
            for (int n = lo; n <= hi; ++n)
                s.puzzles.push_back({"generated", n - lo + 1, std::to_string(n) + "-Dom", "",
                                     std::make_shared<const Puzzle>(gen::ndom(n))});
            sets.push_back(std::move(s));
        } else if (auto random = random_set(name)) {
            sets.push_back({name, std::move(*random)});
        } else if (fs::is_regular_file(name)) {
            sets.push_back({name, refs_of_file(name)});
        } else {
            throw std::invalid_argument(
                "unknown benchmark set '" + name +
                "' (expected survey, tournament, taai2011, tcga2012, icga2016, icga2017, "
                "icga2018, cannot-solve, colour, ndom:A-B, " +
                random_set_names() + ", or a puzzle file)");
        }
    }
    return sets;
}

namespace {

// One puzzle's result as the text of a batch unit (batch.hpp), so that it
// can come back from another MPI rank.
std::string one_text(const One& r) {
    return nlohmann::json{{"solved", r.solved},
                          {"seconds", r.seconds},
                          {"nodes", r.nodes},
                          {"line_seconds", r.line_seconds},
                          {"probe_seconds", r.probe_seconds},
                          {"sat_seconds", r.sat_seconds}}
        .dump();
}

One one_of(const std::string& text) {
    const nlohmann::json j = nlohmann::json::parse(text);
    One r;
    r.solved = j.at("solved").get<bool>();
    r.seconds = j.at("seconds").get<double>();
    r.nodes = j.at("nodes").get<std::uint64_t>();
    r.line_seconds = j.at("line_seconds").get<double>();
    r.probe_seconds = j.at("probe_seconds").get<double>();
    r.sat_seconds = j.at("sat_seconds").get<double>();
    return r;
}

}  // namespace

std::vector<BenchRow> run_bench(const std::vector<BenchSet>& sets, const BenchOptions& options,
                                const BenchProgress& progress, const std::atomic<bool>* cancel,
                                MpiSession* mpi) {
    if (!options.vs.empty() && !options.competitor)
        throw std::invalid_argument("bench: --vs '" + options.vs + "' has no competitor to run it");
    std::vector<BenchRow> rows;
    for (const BenchSet& set : sets) {
        const int n = static_cast<int>(set.puzzles.size());
        // Each set, and the competitor on it, is one batch: puzzle i is unit i.
        auto run_all = [&](auto&& one) {
            std::vector<One> rs(n);
            Batch batch;
            batch.size = static_cast<std::uint64_t>(n);
            batch.run = [&](std::uint64_t i, const std::atomic<bool>*) {
                return std::optional<UnitResult>({one_text(one(set.puzzles[i])), false, 0});
            };
            batch.on_throw = [](std::uint64_t, const std::string&) {
                return UnitResult{one_text(One{}), true, 0};
            };
            batch.sink = [&](std::uint64_t i, const UnitResult& r) { rs[i] = one_of(r.text); };
            if (progress)
                batch.on_progress = [&](const BatchProgress& p) {
                    progress(set.name, static_cast<int>(p.done), n);
                };
            BatchOptions bo;
            bo.threads = options.threads;
            bo.mpi = mpi;
            run_batch(batch, bo, cancel);
            return rs;
        };
        rows.push_back(summarise(set.name, "nonolab", run_all([&](const PuzzleRef& p) {
                                     return run_ours(p, options, cancel);
                                 })));
        if (!options.vs.empty())
            rows.push_back(summarise(set.name, options.vs, run_all([&](const PuzzleRef& p) {
                                         return run_competitor(p.puzzle.get(), options.competitor);
                                     })));
    }
    return rows;
}

std::string bench_csv(const std::vector<BenchRow>& rows) {
    std::ostringstream out;
    out << "set,solver,puzzles,solved,total_seconds,median_seconds,slowest_seconds,slowest_index,"
           "nodes,line_seconds,probe_seconds,sat_seconds,commit\n";
    auto quote = [](const std::string& s) { return "\"" + replace_all(s, "\"", "\"\"") + "\""; };
    for (const BenchRow& r : rows)
        out << quote(r.set) << "," << quote(r.solver) << "," << r.puzzles << "," << r.solved << ","
            << r.total_seconds << "," << r.median_seconds << "," << r.slowest_seconds << ","
            << r.slowest_index << "," << r.nodes << "," << r.line_seconds << "," << r.probe_seconds
            << "," << r.sat_seconds << "," << r.commit << "\n";
    return out.str();
}

namespace {

// "12/30/55": line solving, probing and SAT as whole percents of the set's
// total time; "-" for a competitor (no breakdown) or an empty set.
std::string shares(const BenchRow& r) {
    if (r.solver != "nonolab" || r.total_seconds <= 0) return "-";
    auto pct = [&](double s) { return std::to_string(std::lround(100 * s / r.total_seconds)); };
    return pct(r.line_seconds) + "/" + pct(r.probe_seconds) + "/" + pct(r.sat_seconds);
}

}  // namespace

std::string bench_table(const std::vector<BenchRow>& rows) {
    std::ostringstream out;
    char buf[512];
    std::snprintf(buf, sizeof buf, "%-14s %-28s %7s %9s %10s %9s %14s %12s  %s\n", "set", "solver",
                  "solved", "puzzles", "total s", "median s", "slowest s (#)", "nodes",
                  "line/probe/SAT %");
    out << buf;
    for (size_t i = 0; i < rows.size(); ++i) {
        const BenchRow& r = rows[i];
        const std::string solver = r.solver.size() > 28 ? r.solver.substr(0, 25) + "..." : r.solver;
        std::snprintf(buf, sizeof buf, "%-14s %-28s %7d %9d %10.2f %9.3f %9.2f (%d) %12llu  %s\n",
                      r.set.c_str(), solver.c_str(), r.solved, r.puzzles, r.total_seconds,
                      r.median_seconds, r.slowest_seconds, r.slowest_index,
                      static_cast<unsigned long long>(r.nodes), shares(r).c_str());
        out << buf;
        if (i > 0 && rows[i - 1].set == r.set && rows[i - 1].solver == "nonolab" &&
            rows[i - 1].total_seconds > 0) {
            std::snprintf(buf, sizeof buf, "%-14s competitor / nonolab total time: %.2fx\n", "",
                          r.total_seconds / rows[i - 1].total_seconds);
            out << buf;
        }
    }
    if (!rows.empty()) out << "commit " << rows.front().commit << "\n";
    return out.str();
}

}  // namespace nonolab::batch

// solve --split's batch (batch/split_run.hpp): the cubes of one puzzle on
// one or two threads, and with each cube raced by the SAT portfolio, give
// the verdict and solution count of one unsplit run, and the records of
// run_split_experiment are those of run_experiment apart from seconds and
// the split's own stats.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "batch/split_run.hpp"
#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "exact/sat_search.hpp"

namespace nonolab::batch {
namespace {

Puzzle random_puzzle(std::mt19937& rng, int w, int h, int density_percent) {
    Grid g(w, h, kEmpty);
    for (Cell& c : g.cells())
        c = static_cast<int>(rng() % 100) < density_percent ? kFilled : kEmpty;
    return puzzle_from_picture(g);
}

TEST(SplitRun, ThreadsGiveTheUnsplitVerdict) {
    std::mt19937 rng(5);
    int split = 0;
    for (int trial = 0; trial < 30; ++trial) {
        const Puzzle p = random_puzzle(rng, 12, 12, 35 + trial % 4 * 10);
        for (int limit : {1, 2, 3}) {
            exact::ExactOptions o;
            o.max_solutions = limit;
            o.timeout_seconds = 60;
            const exact::ExactResult one = exact::solve_exact(p, o);
            if (one.status == Status::timeout) continue;
            for (int threads : {1, 2}) {
                BatchOptions where;
                where.threads = threads;
                const SplitRun run = solve_split_batch(p, o, 4, where);
                const std::string what = "trial " + std::to_string(trial) + " limit " +
                                         std::to_string(limit) + " threads " +
                                         std::to_string(threads);
                ASSERT_TRUE(run.leader);
                EXPECT_EQ(run.result.status, one.status) << what;
                EXPECT_EQ(run.result.exhausted, one.exhausted) << what;
                EXPECT_EQ(run.result.solutions.size(), one.solutions.size()) << what;
                for (const Grid& g : run.result.solutions) EXPECT_TRUE(verify(p, g)) << what;
                if (one.exhausted && one.solutions.size() == 1)  // unique: the same grid
                    EXPECT_EQ(run.result.solutions.front().cells(), one.solutions.front().cells())
                        << what;
                EXPECT_EQ(run.cube_seconds.size(), run.cubes);
                // A proof needs every cube exhausted.
                if (run.result.exhausted)
                    EXPECT_EQ(static_cast<std::size_t>(run.exhausted), run.cubes) << what;
                split += run.cubes > 0;
            }
        }
    }
    EXPECT_GT(split, 10);
}

// Each cube raced by the portfolio (an explicit sat_portfolio with --split):
// the race runs inside every cube's SAT call, so the merge rule must still
// give the single engine's unsplit verdict and solution count.
TEST(SplitRun, CubesRacedByThePortfolioGiveTheUnsplitVerdict) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    std::mt19937 rng(17);
    int raced = 0, proved = 0;
    for (int trial = 0; trial < 12; ++trial) {
        const Puzzle p = random_puzzle(rng, 20, 20, 45 + trial % 3 * 5);
        exact::ExactOptions o;
        o.engine = exact::Engine::sat;         // CaDiCaL on every cube, not probing search
        o.max_solutions = trial % 2 ? 2 : 40;  // even trials: exact counts up to 39
        o.timeout_seconds = 60;
        const exact::ExactResult one = exact::solve_exact(p, o);
        if (one.status == Status::timeout) continue;
        o.sat.portfolio = 2;
        BatchOptions where;
        where.threads = 2;
        const SplitRun run = solve_split_batch(p, o, 2, where);
        const std::string what = "trial " + std::to_string(trial);
        EXPECT_EQ(run.result.status, one.status) << what;
        EXPECT_EQ(run.result.exhausted, one.exhausted) << what;
        EXPECT_EQ(run.result.solutions.size(), one.solutions.size()) << what;
        for (const Grid& g : run.result.solutions) EXPECT_TRUE(verify(p, g)) << what;
        if (run.result.solutions.size() == 2)
            EXPECT_NE(run.result.solutions[0].cells(), run.result.solutions[1].cells()) << what;
        if (one.exhausted) {  // a proven count: the very same grids
            std::set<std::vector<Cell>> a, b;
            for (const Grid& g : one.solutions) a.insert(g.cells());
            for (const Grid& g : run.result.solutions) b.insert(g.cells());
            EXPECT_EQ(a, b) << what;
        }
        const bool ran = run.cubes > 0 && run.result.stats.sat_calls > 0;
        raced += ran;
        proved += ran && run.result.exhausted;
    }
    EXPECT_GT(raced, 4);   // the races did run, inside cubes
    EXPECT_GT(proved, 1);  // and some proved an exact count (12 and 16 solutions here)
}

TEST(SplitRun, UserCancelIsNoVerdict) {
    std::mt19937 rng(9);
    const Puzzle p = random_puzzle(rng, 12, 12, 50);
    const std::atomic<bool> cancelled{true};
    const SplitRun run = solve_split_batch(p, {}, 3, {}, &cancelled);
    EXPECT_FALSE(run.result.exhausted);
    EXPECT_EQ(run.result.status, Status::timeout);
}

TEST(SplitRun, RecordsMatchRunExperiment) {
    std::mt19937 rng(13);
    std::vector<PuzzleRef> puzzles;
    for (int i = 0; i < 8; ++i)
        puzzles.push_back({"random", i + 1, "", "",
                           std::make_shared<const Puzzle>(random_puzzle(rng, 12, 12, 50)), ""});
    puzzles.push_back({"broken.non", 1, "", "", nullptr, "broken.non:1: expected a clue"});
    ExperimentOptions eo;
    eo.methods = {{"exact", {}}};
    eo.trials = 1;
    eo.derive_seeds = false;
    eo.threads = 2;
    eo.timeout = 60;
    const std::vector<RunRecord> one = run_experiment(puzzles, eo);
    std::vector<RunRecord> seen;
    ExperimentHooks hooks;
    hooks.on_record = [&](const RunRecord& r) { seen.push_back(r); };
    BatchOutcome finished;
    hooks.on_finish = [&](const BatchOutcome& o) { finished = o; };
    EXPECT_EQ(run_split_experiment(puzzles, eo, 3, hooks, nullptr, {}, nullptr), one.size());
    const std::vector<RunRecord>& split = seen;
    ASSERT_EQ(split.size(), one.size());
    // Counted in puzzles: cubes cancelled once a puzzle had its solutions
    // are no puzzle left undone.
    EXPECT_EQ(finished.done, split.size());
    EXPECT_EQ(finished.dropped, 0u);
    for (std::size_t i = 0; i < one.size(); ++i) {
        EXPECT_EQ(split[i].unit, one[i].unit);
        EXPECT_EQ(split[i].status, one[i].status) << i;
        EXPECT_EQ(split[i].solutions.size(), one[i].solutions.size()) << i;
        EXPECT_EQ(split[i].error, one[i].error) << i;
        EXPECT_EQ(unit_key(split[i]), unit_key(one[i])) << i;
        if (split[i].status != Status::error) {
            EXPECT_EQ(split[i].stats.at("split_depth"), 3) << i;
            EXPECT_TRUE(split[i].stats.contains("cubes")) << i;
            EXPECT_TRUE(split[i].stats.contains("cubes_exhausted")) << i;
        }
    }
    // Resume: a key already recorded is not run again.
    seen.clear();
    EXPECT_EQ(run_split_experiment(puzzles, eo, 3, hooks, nullptr,
                                   {unit_key(one[0]), unit_key(one[3])}, nullptr),
              one.size() - 2);
    EXPECT_EQ(seen.size(), one.size() - 2);
}

}  // namespace
}  // namespace nonolab::batch

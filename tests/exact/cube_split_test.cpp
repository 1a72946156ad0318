// Cube and conquer (exact/cube_split.hpp) against the unsplit solver and
// against brute force: the cubes are disjoint and cover every solution,
// and the merged verdict, count and (when the run is a proof) solution set
// are those of one unsplit run, for every depth, engine and solution limit.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/cube_split.hpp"
#include "exact/exact_solver.hpp"
#include "exact/exact_test_util.hpp"
#include "io/formats.hpp"

namespace nonolab {
namespace {

namespace fs = std::filesystem;
using exact::ExactOptions;
using exact::ExactResult;

using test_util::enumerate;
using test_util::random_puzzle;

bool extends(const Grid& partial, const Grid& g) {
    for (int i = 0; i < g.size(); ++i)
        if (partial.cells()[i] != kUnknown && partial.cells()[i] != g.cells()[i]) return false;
    return true;
}

std::vector<std::vector<Cell>> sorted_cells(const std::vector<Grid>& grids) {
    std::vector<std::vector<Cell>> v;
    for (const Grid& g : grids) v.push_back(g.cells());
    std::sort(v.begin(), v.end());
    return v;
}

// The split run says what the unsplit run says: same verdict, same number
// of solutions, every one verified and distinct, and the same set when the
// run is a proof (exhausted: every solution was enumerated).
void expect_same(const Puzzle& p, const ExactResult& one, const ExactResult& split,
                 const std::string& what) {
    EXPECT_EQ(split.status, one.status) << what;
    EXPECT_EQ(split.exhausted, one.exhausted) << what;
    ASSERT_EQ(split.solutions.size(), one.solutions.size()) << what;
    for (const Grid& g : split.solutions) EXPECT_TRUE(verify(p, g)) << what;
    const auto sorted = sorted_cells(split.solutions);
    EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << what;
    if (one.exhausted) EXPECT_EQ(sorted, sorted_cells(one.solutions)) << what;
}

std::vector<ExactOptions> engines() {
    ExactOptions search;
    search.engine = exact::Engine::search;
    ExactOptions sat;  // the default: CaDiCaL on each probed cube
    return {search, sat};
}

TEST(CubeSplit, CubesAreDisjointAndCoverEverySolution) {
    std::mt19937 rng(20);
    int cubes_seen = 0;
    for (int trial = 0; trial < 150; ++trial) {
        const Puzzle p = random_puzzle(rng, 4, 4, 30 + trial % 4 * 10);
        const std::vector<Grid> all = enumerate(p);
        for (int depth : {1, 2, 4}) {
            const exact::CubeSet set = exact::make_cubes(p, {}, depth);
            if (set.decided) {  // the root decided it: a proof, checked against brute force
                if (set.decided->exhausted) {
                    EXPECT_EQ(set.decided->solutions.size(), all.size());
                }
                continue;
            }
            EXPECT_LE(set.cubes.size(), std::size_t{1} << depth);
            cubes_seen += static_cast<int>(set.cubes.size());
            for (const Grid& s : all) {
                int holders = 0;
                for (const Grid& c : set.cubes) holders += extends(c, s);
                EXPECT_EQ(holders, 1) << "trial " << trial << " depth " << depth;
            }
        }
    }
    EXPECT_GT(cubes_seen, 100);  // the puzzles did need splitting
}

TEST(CubeSplit, SmallRandomPuzzlesMatchUnsplitAndBruteForce) {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 120; ++trial) {
        const Puzzle p = random_puzzle(rng, 4, 3 + trial % 2, 30 + trial % 5 * 10);
        const std::size_t count = enumerate(p).size();
        for (ExactOptions o : engines())
            for (int limit : {1, 2, 5})
                for (int depth : {1, 3, 6}) {
                    o.max_solutions = limit;
                    const ExactResult one = exact::solve_exact(p, o);
                    const ExactResult split = exact::solve_split(p, o, depth);
                    const std::string what = "trial " + std::to_string(trial) + " limit " +
                                             std::to_string(limit) + " depth " +
                                             std::to_string(depth);
                    expect_same(p, one, split, what);
                    EXPECT_EQ(split.solutions.size(), std::min<std::size_t>(count, limit)) << what;
                }
    }
}

TEST(CubeSplit, LargerRandomPuzzlesMatchUnsplit) {
    // 15x15 boards: most need search below the probed root; low densities
    // give many solutions, high ones unique.
    std::mt19937 rng(11);
    int split_runs = 0;
    for (int trial = 0; trial < 24; ++trial) {
        const Puzzle p = random_puzzle(rng, 15, 15, 35 + trial % 4 * 10);
        for (ExactOptions o : engines()) {
            o.timeout_seconds = 60;  // a hang fails, never a slow machine
            const ExactResult one = exact::solve_exact(p, o);
            if (one.status == Status::timeout) continue;
            const exact::CubeSet set = exact::make_cubes(p, o, 3);
            split_runs += !set.decided;
            expect_same(p, one, exact::solve_split(p, o, 3), "trial " + std::to_string(trial));
        }
    }
    EXPECT_GT(split_runs, 5);
}

TEST(CubeSplit, MissingCubeIsNoProof) {
    // A puzzle with several solutions spread over cubes: leaving one cube
    // out (cancelled, or out of time) must never yield a proof.
    std::mt19937 rng(3);
    int checked = 0;
    for (int trial = 0; trial < 200 && checked < 20; ++trial) {
        const Puzzle p = random_puzzle(rng, 4, 4, 50);
        const exact::CubeSet set = exact::make_cubes(p, {}, 2);
        if (set.decided || set.cubes.size() < 2) continue;
        ExactOptions o;
        o.max_solutions = 1000;
        std::vector<std::optional<ExactResult>> parts;
        for (const Grid& c : set.cubes) parts.push_back(exact::solve_cube(p, c, o));
        const ExactResult all = exact::merge_cubes(set, parts, o.max_solutions);
        EXPECT_TRUE(all.exhausted);
        EXPECT_EQ(all.solutions.size(), enumerate(p).size());
        parts.back().reset();
        const ExactResult part = exact::merge_cubes(set, parts, o.max_solutions);
        EXPECT_FALSE(part.exhausted);
        EXPECT_NE(part.status, Status::unique);
        EXPECT_NE(part.status, Status::contradiction);
        ++checked;
    }
    EXPECT_EQ(checked, 20);
}

TEST(CubeSplit, RejectsBadDepthAndColour) {
    std::mt19937 rng(1);
    const Puzzle p = random_puzzle(rng, 4, 4, 50);
    EXPECT_THROW(exact::make_cubes(p, {}, -1), std::invalid_argument);
    EXPECT_THROW(exact::make_cubes(p, {}, 21), std::invalid_argument);
    EXPECT_THROW(exact::split_option_table().parse({{"split", "x"}}), std::invalid_argument);
    EXPECT_EQ(exact::split_option_table().parse({{"split", "5"}}).depth, 5);
}

// Survey puzzles from ../shared/benchmarks (skipped when absent): a mix of
// unique and multiple-solution puzzles that the unsplit solver settles fast.
TEST(CubeSplit, SurveyPuzzlesMatchUnsplit) {
    const std::string dir = NONOLAB_SHARED_DIR "/benchmarks/survey/simpson_non/";
    if (!fs::exists(dir)) GTEST_SKIP() << "shared benchmarks absent";
    int compared = 0;
    for (const char* name : {"webpbn-00001", "webpbn-00006", "webpbn-00016", "webpbn-00021",
                             "webpbn-00023", "webpbn-00027", "webpbn-00065", "webpbn-00436",
                             "webpbn-00529", "webpbn-00803", "webpbn-01611", "webpbn-03541"}) {
        const std::string path = dir + name + ".non";
        if (!fs::exists(path)) continue;
        const Puzzle p = io::read_puzzles(path).front();
        ExactOptions o;
        o.timeout_seconds = 60;
        const ExactResult one = exact::solve_exact(p, o);
        if (one.status == Status::timeout) continue;
        for (int depth : {2, 5}) expect_same(p, one, exact::solve_split(p, o, depth), name);
        ++compared;
    }
    EXPECT_GT(compared, 5);
}

}  // namespace
}  // namespace nonolab

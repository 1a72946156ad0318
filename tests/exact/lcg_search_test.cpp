// The clause-learning search (exact/lcg_search.hpp): its verdicts against
// brute force on small boards and against the search engine on larger ones,
// unique, several and no solutions alike; excluded solutions, partial
// grids, the decision limit, the same run twice, and what it refuses.
// lcg_explain_test.cpp checks the explanations on their own.
#include "exact/lcg_search.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "exact/exact_test_util.hpp"
#include "gen/ndom.hpp"

namespace nonolab {
namespace {

using test_util::random_puzzle;

// Moves one cell's worth of clue from one row to another (a run one longer
// in row a, one shorter in row b), keeping the totals equal, so that the
// solvers cannot tell at a glance: the result often has no solution, or
// several. Returns the puzzle unchanged when no such move fits.
Puzzle nudged(const Puzzle& p, std::mt19937& rng) {
    std::vector<Clue> rows = p.rows();
    const int h = p.height(), w = p.width();
    for (int attempt = 0; attempt < 20; ++attempt) {
        const int a = static_cast<int>(rng() % h), b = static_cast<int>(rng() % h);
        if (a == b || rows[a].empty() || rows[b].empty()) continue;
        int used = -1;
        for (const Run& r : rows[a]) used += r.length + 1;
        Run& grow = rows[a][rng() % rows[a].size()];
        Run& shrink = rows[b][rng() % rows[b].size()];
        if (used + 1 > w || shrink.length < 2) continue;
        ++grow.length;
        --shrink.length;
        return Puzzle(w, h, rows, p.columns());
    }
    return p;
}

exact::LcgOutcome lcg(const Puzzle& p, int wanted, const std::vector<Grid>& exclude = {}) {
    return exact::lcg_search(p, Grid(p.width(), p.height(), kUnknown), exclude, wanted, Budget());
}

void expect_solutions_valid(const Puzzle& p, const exact::LcgOutcome& out) {
    for (std::size_t i = 0; i < out.solutions.size(); ++i) {
        EXPECT_TRUE(verify(p, out.solutions[i]).ok);
        for (std::size_t j = 0; j < i; ++j) EXPECT_NE(out.solutions[i], out.solutions[j]);
    }
}

TEST(LcgSearch, CountsMatchBruteForceOnSmallBoards) {
    std::mt19937 rng(54);
    int none = 0, several = 0;
    for (int round = 0; round < 400; ++round) {
        const int w = 2 + static_cast<int>(rng() % 3), h = 2 + static_cast<int>(rng() % 3);
        Puzzle p = random_puzzle(rng, w, h, 55);
        if (round % 2) p = nudged(p, rng);
        const std::vector<Grid> all = test_util::enumerate(p);
        const auto out = lcg(p, 1000);
        ASSERT_TRUE(out.exhausted) << "round " << round;
        ASSERT_EQ(out.solutions.size(), all.size()) << "round " << round;
        expect_solutions_valid(p, out);
        none += all.empty();
        several += all.size() > 1;
    }
    EXPECT_GT(none, 10);  // the rounds cover every verdict
    EXPECT_GT(several, 10);
}

TEST(LcgSearch, VerdictsMatchTheSearchEngine) {
    std::mt19937 rng(5454);
    std::uint64_t conflicts = 0;
    for (int round = 0; round < 60; ++round) {
        // Sparse pictures: their clues leave much open to search.
        const int n = 12 + static_cast<int>(rng() % 8);
        Puzzle p = random_puzzle(rng, n, n, 30 + static_cast<int>(rng() % 15));
        if (round % 2) p = nudged(p, rng);
        exact::ExactOptions o;
        o.engine = exact::Engine::search;
        const auto reference = exact::solve_exact(p, o);
        o.engine = exact::Engine::lcg;
        const auto ours = exact::solve_exact(p, o);
        ASSERT_EQ(ours.status, reference.status) << "round " << round;
        ASSERT_EQ(ours.solutions.size(), reference.solutions.size());
        for (const Grid& g : ours.solutions) EXPECT_TRUE(verify(p, g).ok);
        // And the clause-learning search alone, from the open grid.
        const auto alone = lcg(p, 2);
        ASSERT_EQ(alone.solutions.size(), reference.solutions.size()) << "round " << round;
        EXPECT_EQ(alone.exhausted, reference.solutions.size() < 2);
        conflicts += alone.stats.conflicts;
    }
    EXPECT_GT(conflicts, 200u);  // the boards needed learning, not line logic alone
}

TEST(LcgSearch, ProvesTenDomUniqueWithConflicts) {
    const Puzzle p = gen::ndom(10);
    const auto out = lcg(p, 2);
    ASSERT_EQ(out.solutions.size(), 1u);
    EXPECT_TRUE(out.exhausted);
    EXPECT_TRUE(verify(p, out.solutions[0]).ok);
    // Learning took place, and every conflict learned one clause.
    EXPECT_GT(out.stats.conflicts, 100u);
    EXPECT_EQ(out.stats.learned + 1, out.stats.conflicts);  // the last one is at the root
    EXPECT_GT(out.stats.explanations, 0u);
    EXPECT_GE(out.stats.explanation_literals, out.stats.explanations);
}

TEST(LcgSearch, SameRunTwiceGivesTheSameSearch) {
    const Puzzle p = gen::ndom(9);
    const auto a = lcg(p, 2), b = lcg(p, 2);
    EXPECT_EQ(a.solutions, b.solutions);
    EXPECT_EQ(a.stats.conflicts, b.stats.conflicts);
    EXPECT_EQ(a.stats.decisions, b.stats.decisions);
    EXPECT_EQ(a.stats.explanation_literals, b.stats.explanation_literals);
}

TEST(LcgSearch, ExcludesSolutionsAndBlocksOverTheOpenCells) {
    test_util::expect_exclude_and_partial(
        [](const Puzzle& p, const Grid& partial, const std::vector<Grid>& exclude, int wanted) {
            return exact::lcg_search(p, partial, exclude, wanted, Budget());
        });
}

TEST(LcgSearch, DecisionLimitStopsWithoutAProof) {
    const Puzzle p = gen::ndom(10);
    const auto out = exact::lcg_search(p, Grid(p.width(), p.height(), kUnknown), {}, 2, Budget(),
                                       {}, /*max_decisions=*/5);
    EXPECT_FALSE(out.exhausted);
    EXPECT_LE(out.stats.decisions, 5u);
    exact::ExactOptions o;
    o.engine = exact::Engine::lcg;
    o.node_limit = 5;
    o.probing = false;
    EXPECT_EQ(exact::solve_exact(p, o).status, Status::timeout);
}

TEST(LcgSearch, RefusesColourAndBadOptions) {
    const Puzzle bw(2, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({1}), bw_clue({1})});
    exact::LcgOptions o;
    o.var_decay = 1.0;
    EXPECT_THROW(o.validate(), std::invalid_argument);
    EXPECT_THROW(exact::lcg_search(bw, Grid(2, 2, kUnknown), {}, 1, Budget(), o),
                 std::invalid_argument);
    EXPECT_THROW(lcg(bw, 0), std::invalid_argument);
    std::mt19937 rng(3);
    const Grid picture = test_util::random_colour_grid(4, 4, 3, rng);
    const Puzzle colour = puzzle_from_picture(picture, test_util::palette_of(3));
    exact::ExactOptions eo;
    eo.engine = exact::Engine::lcg;
    EXPECT_THROW(exact::solve_exact(colour, eo), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

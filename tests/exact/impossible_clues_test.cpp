// Clues that admit no grid by counting alone (core/clue_contradiction.hpp):
// every solving entry point answers `contradiction` with the reason, and the
// reason is never given for a puzzle that has a solution (checked against
// enumeration of every grid).
#include <gtest/gtest.h>

#include <random>

#include "core/clue_contradiction.hpp"
#include "core/method.hpp"
#include "exact/cnf_encoding.hpp"
#include "exact/exact_solver.hpp"
#include "exact/explain.hpp"
#include "exact/grade.hpp"
#include "exact_test_util.hpp"
#include "methods/registry.hpp"

namespace nonolab::exact {
namespace {

// Random clues (not from a picture): runs of 1..side+1 cells, so some clues
// overflow their line and most totals disagree.
Puzzle random_clues(std::mt19937& rng, int w, int h) {
    const auto line = [&](int length) {
        Clue c;
        const int runs = static_cast<int>(rng() % 3);
        for (int k = 0; k < runs; ++k)
            c.push_back(
                Run{1 + static_cast<int>(rng() % static_cast<unsigned>(length + 1)), kFilled});
        return c;
    };
    std::vector<Clue> rows, columns;
    for (int r = 0; r < h; ++r) rows.push_back(line(w));
    for (int c = 0; c < w; ++c) columns.push_back(line(h));
    return Puzzle(w, h, rows, columns);
}

TEST(ImpossibleClues, TheReasonIsSoundAndEveryEntryPointSaysContradiction) {
    std::mt19937 rng(2711);
    int too_long = 0, totals = 0, solvable = 0, searched_out = 0;
    for (int i = 0; i < 3000; ++i) {
        const int w = 1 + static_cast<int>(rng() % 4), h = 1 + static_cast<int>(rng() % 4);
        const Puzzle p = random_clues(rng, w, h);
        const std::string why = clue_contradiction(p);
        const std::size_t count = test_util::enumerate(p).size();
        const ExactResult x = solve_exact(p);
        if (!why.empty()) {
            ASSERT_EQ(count, 0u) << why;  // sound: never said of a puzzle with a solution
            (why.find("needs") != std::string::npos ? too_long : totals)++;
            EXPECT_EQ(x.status, Status::contradiction);
            EXPECT_EQ(x.reason, why);
            EXPECT_TRUE(x.exhausted);
            const GradeResult g = grade(p);
            EXPECT_EQ(g.status, Status::contradiction);
            EXPECT_EQ(g.difficulty, Difficulty::contradiction);
            EXPECT_EQ(g.reason, why);
            const Explanation e = explain(p);
            EXPECT_EQ(e.status, Status::contradiction);
            ASSERT_EQ(e.steps.size(), 1u);
            EXPECT_EQ(e.steps[0].reason.rfind(why, 0), 0u);
            const Cnf cnf = encode_cnf(p);
            ASSERT_EQ(cnf.clauses.size(), 1u);
            EXPECT_TRUE(cnf.clauses[0].empty());  // the empty clause: unsatisfiable
        } else {
            EXPECT_EQ(x.reason, "");
            if (count == 0) {
                ++searched_out;  // no solution, found by search rather than counting
                EXPECT_EQ(x.status, Status::contradiction);
            } else {
                ++solvable;
                EXPECT_NE(x.status, Status::contradiction);
            }
        }
    }
    // The draw must exercise every case, or this test proves nothing.
    EXPECT_GT(too_long, 100);
    EXPECT_GT(totals, 100);
    EXPECT_GT(solvable, 50);
    EXPECT_GT(searched_out, 2);  // rare by this draw: 5 of 3000 with this seed
}

TEST(ImpossibleClues, EveryMethodReportsTheProvenContradictionWithoutRunning) {
    const Puzzle p(3, 2, {bw_clue({3}), bw_clue({1})}, {bw_clue({1}), bw_clue({1}), bw_clue({1})});
    ASSERT_EQ(clue_contradiction(p), "rows fill 4 cells, columns fill 3");
    int checked = 0;
    for (const MethodInfo& m : methods()) {
        RunControl ctl;
        ctl.max_evaluations = 100;
        const Verdict v = run_verified(m, p, {}, ctl);
        EXPECT_EQ(v.status, Status::contradiction) << m.name;
        EXPECT_EQ(v.result.reason, "rows fill 4 cells, columns fill 3") << m.name;
        EXPECT_EQ(v.result.evaluations, 0) << m.name;
        ++checked;
    }
    EXPECT_GT(checked, 10);
}

}  // namespace
}  // namespace nonolab::exact

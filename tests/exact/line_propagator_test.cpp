// LinePropagator (exact/line_propagator.hpp): the line solver inside
// CaDiCaL. Every solution set it helps enumerate equals the brute-force
// oracle's, with the order encoding loaded and, harder, with no clauses at
// all (then the propagator and its model check are the whole constraint),
// in both ways of reporting a conflict. Debug builds also assert inside the
// propagator that every reason and conflict clause is false apart from the
// literal it explains.
#include "exact/line_propagator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

#include "core/verify.hpp"
#include "exact/cnf_encoding.hpp"
#include "exact/exact_options.hpp"
#include "exact/exact_solver.hpp"
#include "exact_test_util.hpp"
#include "fuzz/enumerate_solutions.hpp"
#include "fuzz/random_puzzles.hpp"

#if defined(NONOLAB_HAVE_CADICAL_PROPAGATOR)
#include "exact/cadical_setup.hpp"
#endif

namespace nonolab::exact {
namespace {

bool is_black_and_white(const Puzzle& p) {
    return p.palette().size() == 2;
}

TEST(LinePropagator, OptionParsesAndReportsAvailability) {
    ExactMethodOptions o = exact_option_table().parse({{"propagator", "line"}});
    EXPECT_EQ(o.solver.sat.propagator, SatPropagator::line);
    EXPECT_EQ(exact_option_table().values(o).at("propagator"), "line");
    EXPECT_EQ(exact_option_table().parse({{"propagator", "none"}}).solver.sat.propagator,
              SatPropagator::none);
    EXPECT_THROW(exact_option_table().parse({{"propagator", "lines"}}), std::invalid_argument);
    o.solver.sat.propagator = SatPropagator::line;
    if (line_propagator_available())
        EXPECT_NO_THROW(o.solver.sat.validate());
    else
        EXPECT_THROW(o.solver.sat.validate(), std::invalid_argument);
}

#if defined(NONOLAB_HAVE_CADICAL_PROPAGATOR)

// Every solution of `p` (up to `cap`) by CaDiCaL with the propagator, with
// the order encoding loaded or with no clauses at all.
std::vector<Grid> solve_all(const Puzzle& p, ConflictMode mode, bool with_cnf,
                            LinePropagatorStats& stats, int cap = 100) {
    CaDiCaL::Solver s;
    configure_cadical(s, SatOptions{});
    const int w = p.width(), h = p.height();
    if (with_cnf) {
        for (const auto& clause : encode_cnf(p).clauses) {
            for (const int lit : clause) s.add(lit);
            s.add(0);
        }
    }
    s.reserve(w * h);
    LinePropagator prop(p, mode);
    prop.attach(s);
    std::vector<Grid> found;
    while (static_cast<int>(found.size()) < cap) {
        const int res = s.solve();
        if (res == 20) break;
        EXPECT_EQ(res, 10);
        if (res != 10) break;
        Grid g = grid_from_model(w, h, [&](int v) { return s.val(v); });
        // Every cell the other way: no value may be read once adding starts.
        for (int v = 1; v <= w * h; ++v) s.add(g.cells()[v - 1] == kFilled ? -v : v);
        s.add(0);
        found.push_back(std::move(g));
    }
    stats = prop.stats();
    return found;
}

void add(LinePropagatorStats& a, const LinePropagatorStats& b) {
    a.line_solves += b.line_solves;
    a.propagations += b.propagations;
    a.conflicts += b.conflicts;
    a.reasons += b.reasons;
    a.reason_literals += b.reason_literals;
    a.models_checked += b.models_checked;
    a.failures += b.failures;
}

// Seeded fuzzer cases, black and white, small enough for the oracle.
void check_against_oracle(ConflictMode mode, bool with_cnf, LinePropagatorStats& total,
                          int& multiple, int& none) {
    int checked = 0;
    for (std::uint64_t i = 0; checked < 400; ++i) {
        const fuzz::RandomCase c = fuzz::random_case(64, i);
        const Puzzle& p = c.puzzle;
        if (!is_black_and_white(p) || p.width() * p.height() > 25) continue;
        const fuzz::Enumeration truth = fuzz::enumerate_solutions(p, 200);
        if (!truth.complete || truth.count > 100) continue;
        ++checked;
        LinePropagatorStats st;
        const std::vector<Grid> got = solve_all(p, mode, with_cnf, st);
        ASSERT_EQ(got.size(), truth.count) << "case " << i << " (" << c.kind << ")";
        for (const Grid& g : got) {
            ASSERT_TRUE(verify(p, g)) << "case " << i;
            EXPECT_NE(std::find(truth.solutions.begin(), truth.solutions.end(), g),
                      truth.solutions.end());
        }
        add(total, st);
        multiple += truth.count > 1;
        none += truth.count == 0;
    }
}

class LinePropagatorModes : public ::testing::TestWithParam<ConflictMode> {};

TEST_P(LinePropagatorModes, WithTheCnfMatchesTheOracle) {
    LinePropagatorStats st;
    int multiple = 0, none = 0;
    check_against_oracle(GetParam(), true, st, multiple, none);
    EXPECT_GT(multiple, 20);
    EXPECT_GT(none, 20);
    // On lines of at most 6 cells the order encoding's unit propagation
    // already finds all the line solver does (ForcesWhatUnitPropagation-
    // Misses takes larger boards), so only soundness is checked here.
    EXPECT_GT(st.line_solves, 0u);
    EXPECT_EQ(st.failures, 0u);
}

TEST_P(LinePropagatorModes, ForcesWhatUnitPropagationMisses) {
    // Seeded random 12x12 pictures, the order encoding loaded: the line
    // solver forces cells CaDiCaL's unit propagation had not assigned, and
    // CaDiCaL asks why. Every solution found verifies.
    std::mt19937 rng(29);
    LinePropagatorStats total;
    for (int k = 0; k < 20; ++k) {
        const Puzzle p = test_util::random_puzzle(rng, 12, 12, 50);
        LinePropagatorStats st;
        const std::vector<Grid> got = solve_all(p, GetParam(), true, st, 2);
        ASSERT_FALSE(got.empty());  // the picture itself is a solution
        for (const Grid& g : got) EXPECT_TRUE(verify(p, g));
        add(total, st);
    }
    EXPECT_GT(total.propagations, 0u);
    EXPECT_GT(total.reasons, 0u);
    EXPECT_GE(total.reason_literals, total.reasons);
    EXPECT_EQ(total.failures, 0u);
}

TEST_P(LinePropagatorModes, AloneIsTheWholeConstraint) {
    // No clauses: every conflict and every forced cell comes from the
    // propagator, and a wrong model could only be caught by its check.
    LinePropagatorStats st;
    int multiple = 0, none = 0;
    check_against_oracle(GetParam(), false, st, multiple, none);
    EXPECT_GT(st.conflicts, 100u);
    EXPECT_GT(st.reasons, 100u);
    EXPECT_GE(st.reason_literals, st.reasons);  // each holds its literal
    EXPECT_EQ(st.failures, 0u);
}

INSTANTIATE_TEST_SUITE_P(BothConflictModes, LinePropagatorModes,
                         ::testing::Values(ConflictMode::external_clause,
                                           ConflictMode::false_literal));

TEST(LinePropagator, LargerPuzzlesAgreeWithTheCnfAlone) {
    // Boards up to 10x10 (the fuzzer's one case in ten): the solver with and
    // without the propagator find the same number of solutions.
    int checked = 0;
    for (std::uint64_t i = 0; checked < 40; ++i) {
        const fuzz::RandomCase c = fuzz::random_case(65, i);
        if (!is_black_and_white(c.puzzle) || c.puzzle.width() * c.puzzle.height() <= 25) continue;
        ++checked;
        ExactOptions plain, line;
        plain.engine = line.engine = Engine::sat;
        plain.probing = line.probing = false;
        plain.max_solutions = line.max_solutions = 3;
        line.sat.propagator = SatPropagator::line;
        const ExactResult a = solve_exact(c.puzzle, plain), b = solve_exact(c.puzzle, line);
        EXPECT_EQ(a.status, b.status) << "case " << i;
        EXPECT_EQ(a.solutions.size(), b.solutions.size()) << "case " << i;
        for (const Grid& g : b.solutions) EXPECT_TRUE(verify(c.puzzle, g));
    }
}

TEST(LinePropagator, SameSeedSameWork) {
    // CaDiCaL and the propagator are deterministic: the same puzzle twice
    // gives the same solutions and the same counts.
    std::mt19937 rng(31);
    const Puzzle p = test_util::random_puzzle(rng, 12, 12, 50);
    LinePropagatorStats a, b;
    const std::vector<Grid> first = solve_all(p, ConflictMode::external_clause, false, a, 3);
    const std::vector<Grid> second = solve_all(p, ConflictMode::external_clause, false, b, 3);
    EXPECT_EQ(first, second);
    EXPECT_GT(a.line_solves, 0u);
    EXPECT_EQ(a.line_solves, b.line_solves);
    EXPECT_EQ(a.reason_literals, b.reason_literals);
}

#endif

}  // namespace
}  // namespace nonolab::exact

// The CNF encoding on its own: its models, projected on the cell variables,
// must be exactly the solutions of the puzzle. Checked by enumerating every
// grid of small random puzzles and asking CaDiCaL (through sat_search, with
// no propagation in front) for all models.
#include "exact/cnf_encoding.hpp"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/sat_search.hpp"

namespace nonolab {
namespace {

// Models of `cnf` projected on the first `cells` variables, by brute force
// over the cells and unit propagation for the rest (tiny puzzles only): a
// cell assignment has a model iff the state variables can be completed,
// which for this encoding is decided by forward simulation.
// Is there a model extending `val` (1 true, -1 false, 0 open)? Unit
// propagation, then a split on the first open variable: a tiny DPLL, which
// is all the few auxiliary variables of these small formulas need.
bool satisfiable(const exact::Cnf& cnf, std::vector<int> val) {
    bool changed = true;
    while (changed) {
        changed = false;
        for (const auto& cl : cnf.clauses) {
            int unassigned = 0, last = 0;
            bool sat = false;
            for (int lit : cl) {
                const int v = val[std::abs(lit)] * (lit > 0 ? 1 : -1);
                if (v > 0) sat = true;
                if (v == 0) ++unassigned, last = lit;
            }
            if (sat) continue;
            if (unassigned == 0) return false;
            if (unassigned == 1) {
                val[std::abs(last)] = last > 0 ? 1 : -1;
                changed = true;
            }
        }
    }
    for (int v = 1; v <= cnf.num_vars; ++v)
        if (val[v] == 0) {
            val[v] = 1;
            if (satisfiable(cnf, val)) return true;
            val[v] = -1;
            return satisfiable(cnf, val);
        }
    return true;  // every variable set and no clause falsified
}

// The number of cell assignments (cells are variables 1..cells) that extend
// to a model, by trying all of them.
size_t count_models(const exact::Cnf& cnf, int cells) {
    size_t count = 0;
    for (unsigned long bits = 0; bits < (1ul << cells); ++bits) {
        std::vector<int> val(cnf.num_vars + 1, 0);
        for (int i = 0; i < cells; ++i) val[i + 1] = (bits >> i & 1ul) ? 1 : -1;
        count += satisfiable(cnf, val);
    }
    return count;
}

TEST(CnfEncoding, ModelsAreExactlyTheSolutions) {
    if (!exact::sat_available()) GTEST_SKIP() << "built without CaDiCaL";
    std::mt19937 rng(99);
    int several = 0;
    for (int trial = 0; trial < 150; ++trial) {
        const int w = 1 + static_cast<int>(rng() % 4), h = 1 + static_cast<int>(rng() % 4);
        Grid pic(w, h, kEmpty);
        for (Cell& c : pic.cells()) c = (rng() % 100) < 45 ? kFilled : kEmpty;
        const Puzzle p = puzzle_from_picture(pic);
        std::vector<Grid> all;
        for (unsigned long bits = 0; bits < (1ul << (w * h)); ++bits) {
            Grid g(w, h, kEmpty);
            for (int i = 0; i < w * h; ++i)
                if (bits >> i & 1ul) g.cells()[i] = kFilled;
            if (verify(p, g)) all.push_back(g);
        }
        const Grid unknown(w, h, kUnknown);
        const auto out = exact::sat_search(p, unknown, {}, 100000, Budget());
        ASSERT_TRUE(out.exhausted);
        ASSERT_EQ(out.solutions.size(), all.size()) << "trial " << trial;
        for (const Grid& g : out.solutions)
            ASSERT_NE(std::find(all.begin(), all.end(), g), all.end());
        // Every encoding has exactly the solutions as models.
        for (const auto encoding : {exact::LineEncoding::automaton, exact::LineEncoding::order,
                                    exact::LineEncoding::both}) {
            exact::CnfOptions o;
            o.encoding = encoding;
            ASSERT_EQ(count_models(exact::encode_cnf(p, nullptr, o), w * h), all.size())
                << "trial " << trial << " encoding " << static_cast<int>(encoding);
        }
        // With known cells, the order encoding trims each run's window to
        // the starts still usable: its models must be exactly the solutions
        // that extend the known cells, and so must the automaton's. The
        // known cells come from the picture (consistent) or at random (often
        // contradictory).
        Grid known(w, h, kUnknown);
        const bool from_picture = rng() % 3 != 0;
        for (int i = 0; i < w * h; ++i)
            if (rng() % 3 == 0)
                known.cells()[i] = from_picture ? pic.cells()[i] : (rng() % 2 ? kFilled : kEmpty);
        size_t extending = 0;
        for (const Grid& g : all) {
            bool ok = true;
            for (int i = 0; i < w * h; ++i)
                ok &= known.cells()[i] == kUnknown || known.cells()[i] == g.cells()[i];
            extending += ok;
        }
        for (const auto encoding : {exact::LineEncoding::automaton, exact::LineEncoding::order}) {
            exact::CnfOptions o;
            o.encoding = encoding;
            ASSERT_EQ(count_models(exact::encode_cnf(p, &known, o), w * h), extending)
                << "trial " << trial << " encoding " << static_cast<int>(encoding);
        }
        several += all.size() > 1;
    }
    EXPECT_GT(several, 10);
}

TEST(CnfEncoding, DimacsHeaderMatchesContent) {
    const Puzzle p(2, 2, {bw_clue({1}), bw_clue({2})}, {bw_clue({2}), bw_clue({1})});
    const exact::Cnf cnf = exact::encode_cnf(p);
    std::ostringstream os;
    exact::write_dimacs(os, cnf);
    std::istringstream is(os.str());
    std::string p_, cnf_;
    int vars = 0;
    size_t clauses = 0;
    is >> p_ >> cnf_ >> vars >> clauses;
    EXPECT_EQ(p_, "p");
    EXPECT_EQ(vars, cnf.num_vars);
    EXPECT_EQ(clauses, cnf.clauses.size());
    size_t zeros = 0;
    int lit;
    while (is >> lit) {
        if (lit == 0)
            ++zeros;
        else
            EXPECT_LE(std::abs(lit), vars);
    }
    EXPECT_EQ(zeros, clauses);
}

}  // namespace
}  // namespace nonolab

// KissatSearch: Kissat 4.0.2 as a second clause-learning engine of the
// exact solver, beside CaDiCaL (sat_search.hpp).
//
// Why: single runs of a CDCL solver on the hardest survey puzzles are
// heavy-tailed, and engines differ. On our CNF of Knotty, Kissat found a
// first solution in 58 s where CaDiCaL 1.7.4 took 374 s; on Meow Kissat
// found two solutions where our default found none in 1,200 s. Racing
// differently configured engines (sat_portfolio.hpp) turns that variance
// into speed.
//
// How: Kissat has no incremental interface (no assumptions, no clauses
// added between solve calls), so each call is a fresh solver: the CNF, the
// clauses blocking every solution found so far, solve. Uniqueness is the
// first model, then a new instance with that model blocked. The budget and
// a stop flag end a run through kissat_terminate, called by a watcher
// thread (kissat_search.cpp says why not kissat_set_terminate).
#pragma once

#include <atomic>
#include <cstdio>
#include <vector>

#include "core/budget.hpp"
#include "exact/cnf_encoding.hpp"

namespace nonolab::exact {

/// True when this build includes Kissat (NONOLAB_KISSAT).
bool kissat_available();

struct KissatSetup {
    int phase = 1;               ///< initial decision phase: 1 true (filled) first, 0 false
    int seed = 0;                ///< Kissat's random seed
    std::FILE* proof = nullptr;  ///< when set, a text DRAT proof of this run goes there
};

/// One Kissat run on `cnf` plus `extra` clauses. Returns 10 (satisfiable;
/// `model`, when given, holds the value of each variable, index 1..n,
/// +1 true and -1 false), 20 (unsatisfiable) or 0 (stopped: the budget
/// expired or `stop` was set). Throws std::logic_error when
/// !kissat_available().
int kissat_solve(const Cnf& cnf, const std::vector<std::vector<int>>& extra,
                 const KissatSetup& setup, const Budget& budget, const std::atomic<bool>* stop,
                 std::vector<signed char>* model);

}  // namespace nonolab::exact

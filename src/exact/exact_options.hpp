// The exact method's options, described once (core/options.hpp): the
// `--param` keys of `experiment`, the engine flags of `solve` and `check`
// (apps/option_flags.hpp generates them from this table), the server's
// query parameters and Python's keyword arguments all come from here, and
// the defaults shown are ExactOptions' own initialisers.
#pragma once

#include "core/options.hpp"
#include "exact/exact_solver.hpp"

namespace nonolab::exact {

/// What the registered "exact" method runs with.
struct ExactMethodOptions {
    ExactOptions solver;  ///< the search (its timeout comes from the run's budget)
    bool grade = false;   ///< check --grade: staged logic and a difficulty (grade.hpp)
    /// Put ExactStats' phase times in the run's stats (`nonolab bench` does).
    /// Off by default: wall times differ between runs, and records of the
    /// same seed must compare equal apart from their "seconds".
    bool phase_times = false;
};

/// Every option of the "exact" method, keyed as in `--param KEY=VALUE`.
const OptionTable<ExactMethodOptions>& exact_option_table();

}  // namespace nonolab::exact

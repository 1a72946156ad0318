// The exact solver as registered methods, so that `solve`, `check`,
// `experiment`, `bench`, the server and Python all reach it the same way as
// the paper methods: same harness, same seeds, same timeouts, same records.
// It is not a paper method; it is our reference (exact_solver.hpp).
//
//   exact   line solving, probing, search and CaDiCaL; proves unique,
//           multiple and contradiction. Options: exact_options.hpp.
//           With grade=true it runs the staged logic of grade.hpp instead
//           and reports the difficulty (check --grade).
//   logic   line solving and probing only, no search (solve --logic-only):
//           unique when logic completes the grid, contradiction when logic
//           refutes it, unsolved (with the partial grid) otherwise.
//
// Counted in its own unit: one evaluation = one branch node
// (ExactStats::nodes), so 0 means line solving and probing alone finished.
#pragma once

#include <vector>

#include "core/method.hpp"
#include "exact/exact_solver.hpp"

namespace nonolab::exact {

/// The exact method's MetaResult (verdict, solutions, stats) from a solver
/// result: what "exact" returns, and what solve --split returns after
/// merging its cubes (batch/split_run.hpp). With `phase_times` the stats
/// also carry line_seconds, probe_seconds and sat_seconds (exact_options.hpp).
MetaResult exact_meta_result(const Puzzle& puzzle, const ExactResult& result,
                             bool phase_times = false);

/// Registry entries of this family: "exact" and "logic".
std::vector<MethodInfo> exact_methods();

}  // namespace nonolab::exact

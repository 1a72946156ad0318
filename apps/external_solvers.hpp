// Other solvers for `nonolab bench --vs`: programs run on each puzzle of a
// set after ours (batch/exact_bench.hpp calls them through
// batch::Competitor). The library runs no program; this file does.
//
//   "cadical"  our CNF (exact/cnf_encoding.hpp) fed to the `cadical`
//              executable, one process per call; in uniqueness mode it
//              blocks the first model's cells and runs again, as our SAT
//              engine does
//   COMMAND    any shell command with {cnf} or {non} in it: the puzzle is
//              written in that format and the placeholder replaced by the
//              file's path; exit 0, 10 (SAT: satisfiable) or 20
//              (unsatisfiable) counts as solved, its output is not checked
//
// Each call works in a private temporary folder of its own (mkdtemp),
// removed afterwards, so calls on several threads never share a file.
#pragma once

#include <string>

#include "batch/exact_bench.hpp"

namespace nonolab::cli {

/// True when `vs` is "cadical" or holds {cnf} or {non}.
bool valid_competitor(const std::string& vs);

/// The competitor `vs` names, with `solutions` (1 or 2) and a per-puzzle
/// `timeout` in seconds (0 = none; enforced with timeout(1)). Throws
/// std::invalid_argument when !valid_competitor(vs).
batch::Competitor external_solver(const std::string& vs, int solutions, double timeout);

}  // namespace nonolab::cli

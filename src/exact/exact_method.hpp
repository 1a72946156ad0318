// The exact solver as a registered method ("exact"), so that `experiment`
// and the papers' tables can put it beside the heuristics under the same
// harness: same seeds, same timeouts, same JSON records. It is not a paper
// method; it is our reference (src/exact/exact_solver.hpp).
//
// Counted in its own unit: one evaluation = one branch node (ExactStats::nodes),
// so 0 means line solving and probing alone finished the puzzle.
#pragma once

#include <vector>

#include "meta/method.hpp"

namespace nonolab::exact {

/// Registry entries of this family: "exact".
std::vector<meta::MethodInfo> exact_methods();

}  // namespace nonolab::exact

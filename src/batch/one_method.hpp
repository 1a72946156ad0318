// one_method_spec: the method of a one-method run, built by the same rules
// for every front end that starts one, so none drifts: `nonolab solve`
// and `check` (apps/cmd_solve.cpp), the server's /api/solve and /api/check
// (apps/serve/solve_routes.cpp) and Python's nonolab.solve
// (python/src/solve_bindings.cpp). Each front end looks the method up
// itself, so that its own "unknown method" error can say where the list
// is, and then calls this.
//
//   batch::MethodSpec s = batch::one_method_spec(*find_method("hs-c"), {"hms=30"}, {});
#pragma once

#include <string>
#include <vector>

#include "batch/experiment.hpp"
#include "core/method.hpp"

namespace nonolab::batch {

/// The spec of one run of `method` (found by name or alias; the spec names
/// it as registered, so records and resume keys are the same whichever was
/// typed). `params` are the method's own ("KEY=VALUE", or
/// "METHOD:KEY=VALUE" as method_specs reads them); `exact_options` the
/// exact solver's (its table's keys, "solutions" included), which apply to
/// "exact" alone. `grade` asks the exact solver to grade as well;
/// `logic_only` runs the exact solver's logic alone (the "logic" method).
/// Throws std::invalid_argument for a combination that makes no sense.
MethodSpec one_method_spec(const MethodInfo& method, const std::vector<std::string>& params,
                           const ParamMap& exact_options, bool grade = false,
                           bool logic_only = false);

/// A parameter map as `params` items ("KEY=VALUE"), for front ends that hold
/// a map (Python's params=).
std::vector<std::string> param_items(const ParamMap& params);

}  // namespace nonolab::batch

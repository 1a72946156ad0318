// The method registry: every solving method of every family, by name. It is
// the one layer built above all of them (exact, meta, nn), so that no family
// needs to know another; the CLI, the experiment harness, the server and the
// Python bindings look methods up here and nowhere else.
#pragma once

#include <string>
#include <vector>

#include "core/method.hpp"

namespace nonolab {

/// Every method, in display order: harmony search, genetic algorithms,
/// annealing, brute force, the network searches, then the exact solver.
const std::vector<MethodInfo>& methods();

/// The method called `name` (or with `name` among its aliases), or nullptr.
const MethodInfo* find_method(const std::string& name);

}  // namespace nonolab

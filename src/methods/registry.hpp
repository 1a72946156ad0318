// The method registry: every solving method of every family, by name. It is
// the one layer built above all of them (exact, meta, nn), so that no family
// needs to know another; the CLI, the experiment harness, the server and the
// Python bindings look methods up here and nowhere else.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "core/method.hpp"

namespace nonolab {

/// Every method, in display order: harmony search, genetic algorithms,
/// annealing, brute force, the network searches, then the exact solver.
const std::vector<MethodInfo>& methods();

/// The method called `name` (or with `name` among its aliases), or nullptr.
const MethodInfo* find_method(const std::string& name);

/// A method name that no entry has (find_method returned null). what() is
/// "unknown method 'NAME'"; front ends catch it by type to say where the
/// list of methods is (`solve --list-methods`, nonolab.methods()).
class UnknownMethod : public std::invalid_argument {
  public:
    explicit UnknownMethod(const std::string& name)
        : std::invalid_argument("unknown method '" + name + "'"), name_(name) {}
    const std::string& name() const { return name_; }

  private:
    std::string name_;
};

}  // namespace nonolab

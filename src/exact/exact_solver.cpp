#include "exact/exact_solver.hpp"

#include <stdexcept>
#include <string>

#include "exact/exact_search.hpp"

namespace nonolab::exact {

void ExactOptions::validate() const {
    if (max_solutions < 1)
        throw std::invalid_argument("max_solutions must be at least 1, got " +
                                    std::to_string(max_solutions));
}

ExactResult solve_exact(const Puzzle& puzzle, const ExactOptions& options,
                        const std::atomic<bool>* cancel) {
    options.validate();  // before the colour check in ExactSearch, as always
    return ExactSearch(puzzle, options, cancel).run();
}

}  // namespace nonolab::exact

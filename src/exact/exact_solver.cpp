#include "exact/exact_solver.hpp"

#include <stdexcept>
#include <string>

#include "core/clue_contradiction.hpp"
#include "exact/exact_search.hpp"

namespace nonolab::exact {

void ExactOptions::validate() const {
    if (max_solutions < 1)
        throw std::invalid_argument("max_solutions must be at least 1, got " +
                                    std::to_string(max_solutions));
    if (search_first_cells < 0)
        throw std::invalid_argument("search_first_cells must be at least 0, got " +
                                    std::to_string(search_first_cells));
}

// See exact_solver.hpp for which proof each verdict rests on.
Status exact_verdict(const ExactResult& r, int max_solutions) {
    const size_t found = r.solutions.size();
    if (found >= 2) return Status::multiple;
    if (r.exhausted) {
        if (found == 0) return Status::contradiction;
        return max_solutions >= 2 ? Status::unique : Status::solved;
    }
    return found == 1 ? Status::solved : Status::timeout;
}

ExactResult solve_exact(const Puzzle& puzzle, const ExactOptions& options,
                        const std::atomic<bool>* cancel) {
    options.validate();
    if (std::string why = clue_contradiction(puzzle); !why.empty()) {
        ExactResult r;
        r.status = Status::contradiction;
        r.exhausted = true;
        r.reason = std::move(why);
        return r;
    }
    if (!puzzle.black_and_white()) return ExactSearch<ColourDomain>(puzzle, options, cancel).run();
    return ExactSearch<BinaryDomain>(puzzle, options, cancel).run();
}

}  // namespace nonolab::exact

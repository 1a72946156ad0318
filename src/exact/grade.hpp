// Grade: how far pure logic gets on a puzzle, for puzzle makers.
//
// The stages are the exact solver's own, run one after the other:
//   1. line solving to a fixpoint (each row and column alone, repeated);
//   2. two-sided probing on top (prober.hpp): "if this cell were filled, a
//      line would break", one cell at a time;
//   3. search (exact_solver.hpp), only when the first two leave cells open.
// The grade is the first stage that finishes the grid. Both logic stages
// are sound, so a grid they complete is the only candidate; verify then
// confirms it, and the puzzle is proven unique without any search. The
// share of cells each stage decided shows how much of the solve it carried.
#pragma once

#include <atomic>
#include <cstdint>
#include <string_view>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"

namespace nonolab::exact {

enum class Difficulty {
    line,           ///< line solving alone completes the grid
    probing,        ///< line solving + probing completes it
    search,         ///< logic stalls; search (and its node count) needed
    contradiction,  ///< logic alone proves there is no solution
    unknown,        ///< out of time before a grade was reached
};

constexpr std::string_view to_string(Difficulty d) {
    switch (d) {
        case Difficulty::line:
            return "line";
        case Difficulty::probing:
            return "probing";
        case Difficulty::search:
            return "search";
        case Difficulty::contradiction:
            return "contradiction";
        case Difficulty::unknown:
            return "unknown";
    }
    return "unknown";
}

struct GradeOptions {
    double timeout_seconds = 0;  ///< whole grading budget; <= 0 means none
    bool search = true;          ///< run stage 3 when logic stalls (false = logic only)
    bool probing = true;         ///< run stage 2 (false: line logic alone, then stage 3)
    int max_solutions = 2;       ///< stage 3's solution limit (2 proves uniqueness)
};

struct GradeResult {
    Difficulty difficulty = Difficulty::unknown;
    Status status =
        Status::timeout;  ///< verdict: unique/multiple/contradiction/solved/unsolved/timeout
    int cells = 0;        ///< width * height
    int line_cells = 0;   ///< cells decided by line solving
    int probe_cells = 0;  ///< further cells decided by probing
    Grid logic_grid;      ///< the grid where logic stopped (may hold unknowns)
    std::vector<Grid> solutions;  ///< complete solutions (the caller verifies them)
    std::uint64_t nodes = 0;      ///< stage 3 branch nodes (65 = 64 of search, then CaDiCaL)
    int max_depth = 0;            ///< stage 3 deepest branch
    int sat_calls = 0;            ///< stage 3 CaDiCaL calls
    std::string reason;  ///< why, when the clues alone rule out every grid (clue_contradiction)
};

/// Grades `puzzle` (black and white, or colour: the same stages over colour sets).
/// With options.search == false this is `solve --logic-only`: status is
/// unique when logic completes the grid, contradiction when it refutes it,
/// and unsolved when it stalls. With options.probing == false stage 2 is
/// skipped: the grade is line or search, and logic_grid is where line
/// solving stopped (make_unique's `line` goal asks exactly this).
GradeResult grade(const Puzzle& puzzle, const GradeOptions& options = {},
                  const std::atomic<bool>* cancel = nullptr);

}  // namespace nonolab::exact

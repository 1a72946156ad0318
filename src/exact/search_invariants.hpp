// What every search of this folder promises of a solution it reports, as a
// predicate for assert() (the debug build checks it; see
// line/line_invariants.hpp for why assert and not a runtime check).
//
// A solution must satisfy every clue, and must not repeat one found before:
// the verdict counts solutions (exact_verdict), so a repeat would turn a
// unique puzzle into "multiple". The CLI verifies every printed solution in
// release builds too; this catches a wrong one where it is made.
#pragma once

#include <algorithm>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/verify.hpp"

namespace nonolab::exact {

inline bool is_new_solution(const Puzzle& puzzle, const std::vector<Grid>& found,
                            const Grid& grid) {
    return verify(puzzle, grid).ok && std::find(found.begin(), found.end(), grid) == found.end();
}

}  // namespace nonolab::exact

// clue_contradiction: the proofs of "no solution" that need no search.
//
// Two facts about any grid that satisfies the clues: each line holds its
// clue's runs with the gaps between same-coloured neighbours, so a clue
// needing more cells than its line has cannot be met; and every filled cell
// is counted once by its row and once by its column, so for each colour the
// rows' run lengths and the columns' must add up to the same total. A file
// can state such clues perfectly well (a maker's typo usually does), so the
// Puzzle holds them and the verdict is `contradiction`, with this reason
// (pbnsolve does the same), not a read error.
//
// Every solving entry point asks this first (run_verified, solve_exact,
// grade, explain, split) and the solvers after it may assume each clue fits
// its line and the totals agree.
#pragma once

#include <string>

#include "core/puzzle.hpp"

namespace nonolab {

/// One sentence saying why no grid can satisfy `puzzle`'s clues, e.g.
/// "rows fill 10 cells, columns fill 9", or "" when neither fact above rules
/// it out (which proves nothing: search may still find no solution).
std::string clue_contradiction(const Puzzle& puzzle);

}  // namespace nonolab

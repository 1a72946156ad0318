// The single-line overlap rule of Lee & Geem 2025, section 3.2.2: the
// "initially confirmed cell-scanning" operator of harmony search version B.
//
// For a line of N cells with runs X_1..X_n, push every run as far left as it
// goes and, separately, as far right; a run of length X_m overlaps itself in
// max(X_m - s, 0) cells, where s = N - (n - 1) - sum_k X_k is the line's
// slack (the extra white cells). Those cells are black in every arrangement.
// The paper's equation (2) is the sum of these counts over the runs.
//
// The formula only ever confirms black cells. We also confirm white cells in
// the two cases where the same left/right argument forces them: a line with
// no runs (all white) and a line with slack 0 (the one arrangement, so its
// separators are white too). Section 3.2.2 says the scan confirms cells "as
// either black (1) or white (0)"; these are the only white cells the
// left/right placements alone can show. See docs/methods.md.
//
// confirmed_cells() applies the rule to every row and column of a puzzle,
// either once (the paper's scan; default) or repeated to a fixpoint with the
// complete line solver (the "repeated application" of section 2.1), which
// also uses cells already confirmed by crossing lines.
#pragma once

#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::meta {

/// Equation (2): the number of black cells the overlap rule confirms in a
/// line of `length` cells with run lengths `runs`.
int overlap_count(const std::vector<int>& runs, int length);

/// The line's cells as the overlap rule sees them: kFilled where confirmed
/// black, kEmpty where confirmed white (empty clue or slack 0), kUnknown
/// elsewhere. Throws std::invalid_argument if the runs do not fit.
std::vector<Cell> overlap_line(const std::vector<int>& runs, int length);

/// Result of scanning a whole puzzle.
struct ConfirmedCells {
    Grid known;     ///< kFilled / kEmpty where confirmed, kUnknown elsewhere
    int count = 0;  ///< confirmed cells (a cell confirmed by its row and its column counts once)
    bool conflict = false;  ///< a row and a column disagreed, or the fixpoint found no arrangement:
                            ///< the puzzle has no solution; `known` then holds the single-pass scan
};

/// Scan every row and column of a black-and-white puzzle with the overlap
/// rule (one pass), or, with `fixpoint`, line-solve to a fixpoint starting
/// from that scan.
ConfirmedCells confirmed_cells(const Puzzle& puzzle, bool fixpoint = false);

}  // namespace nonolab::meta

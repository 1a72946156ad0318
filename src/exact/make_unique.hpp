// MakeUnique: for a picture whose puzzle has several solutions, the fewest
// cell changes that make its puzzle unique (issue 16: the maker's "make it
// unique" button). No tool we know of answers this; the method is ours and
// deliberately plain:
//
//   1. solve the picture's puzzle (puzzle_from_picture) for up to
//      1 + `alternatives` solutions. Unique, no solution or out of time:
//      nothing to suggest.
//   2. the candidate changes: every cell where some other solution differs
//      from the picture, set to that solution's value. Those cells are where
//      the clues leave freedom, so changing them changes the clues exactly
//      where the ambiguity is. Cells that differ in more solutions come first.
//   3. every single change, then (up to max_changes = 2) every pair of
//      changes not containing a single change already found, each new
//      picture's puzzle checked by the exact solver (solutions = 2): a
//      suggestion is a picture whose puzzle is proven unique.
//   4. stop at max_suggestions, or when the time budget runs out.
//
//   MakeUniqueResult r = make_unique(picture, palette, {});
//   for (const Suggestion& s : r.suggestions) apply(s.changes);
//
// Not suited for: pictures whose ambiguity needs three or more changes, or
// that lies where no solution found differs (a larger `alternatives` helps);
// the search is exhaustive over its candidates only, not over all cells.
#pragma once

#include <atomic>
#include <vector>

#include "core/grid.hpp"
#include "core/options.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"

namespace nonolab::exact {

struct MakeUniqueOptions {
    int max_changes = 2;          ///< largest suggestion tried (1 or 2 cells)
    int max_suggestions = 3;      ///< stop once this many are found
    int alternatives = 3;         ///< other solutions looked for in step 1
    double timeout_seconds = 10;  ///< wall-clock budget for the whole run; <= 0 means none
};

/// The options of make_unique, described once (core/options.hpp).
const OptionTable<MakeUniqueOptions>& make_unique_option_table();

/// One changed cell: (row, column), 0-based, and its new palette index.
struct CellChange {
    int row = 0, col = 0;
    Cell value = kEmpty;
    bool operator==(const CellChange&) const = default;
};

struct Suggestion {
    std::vector<CellChange> changes;  ///< row-major order
    Grid picture;                     ///< the picture with the changes; its puzzle is unique
};

struct MakeUniqueResult {
    Status status = Status::timeout;      ///< the picture's own verdict (unique, multiple, ...)
    std::vector<Grid> solutions;          ///< the picture's puzzle: the picture, then others
    std::vector<Suggestion> suggestions;  ///< fewest changes first
    int candidates = 0;                   ///< candidate changes of step 2
    int checked = 0;                      ///< pictures checked by the exact solver in step 3
    bool complete = false;                ///< every single and pair was checked (no time-out)
};

/// Runs steps 1-4 on `picture` (complete, values < palette size). Throws
/// std::invalid_argument for options out of range or a bad picture.
MakeUniqueResult make_unique(const Grid& picture, const Palette& palette,
                             const MakeUniqueOptions& options = {},
                             const std::atomic<bool>* cancel = nullptr);

}  // namespace nonolab::exact

// MakeUnique: for a picture whose puzzle falls short of the maker's goal, the
// fewest cell changes that reach it (the maker's "make it unique", and fixes that
// reach a goal: unique, logic-solvable, line-solvable). No tool we know of answers this; the
// method is ours and deliberately plain:
//
//   1. grade the picture's puzzle (grade.hpp: line logic, probing, then the
//      exact solver for up to 1 + `alternatives` solutions). If it already
//      meets the goal, or has no verdict in time: nothing to suggest.
//        goal unique  the puzzle has exactly one solution;
//        goal logic   unique and line logic plus probing finish it (grade
//                     line or probing: no search, no guessing);
//        goal line    unique and line logic alone finishes it.
//   2. the candidate changes: every unlocked cell, set to every other palette
//      value, in tiers around the "seed" cells where the puzzle falls short:
//        goal unique       cells where some other solution differs;
//        goal logic, line  cells the grade's logic leaves open (after probing,
//                          or after line logic alone for `line`).
//      tier 0 the seed cells, tier 1 their 8 neighbours, tier 2 the rest of
//      their rows and columns, tier 3 everywhere else. A change touches the
//      clues of one row and one column, so only changes whose lines cross
//      the stall can move it; tier 3 is there because the 10x10
//      doodle with a 2x2 ambiguity had no helpful change among its differ
//      cells. Measured on 200 10x10 boards that need search
//      (docs/results/make-unique.md): every best fix lay in tier 0 (174)
//      or tier 1 (19), 96.5% were fixed by one or two changes, median
//      about a millisecond; three changes fixed 4 of the other 7.
//   3. for k = 1 .. max_changes, every set of k candidates (on k different
//      cells, with no smaller suggestion inside it), tier 0 sets first, then
//      sets whose farthest change is in tier 1, 2, 3; within a tier the
//      cheaper changes (below) first. Each changed picture is checked:
//      a known other solution with the same changes applied that fits the
//      new clues refutes uniqueness at once; otherwise the grade decides
//      (logic goals: logic alone, no search; unique goal: the full grade).
//      Every picture kept is checked once more by the exact solver
//      (solutions = 2, proven unique) before it is returned.
//   4. stop at max_suggestions, when the time budget runs out, or on cancel.
//
// Ranking: fewest changed cells, then the smallest `cost`, then row-major.
// A change's cost is how many of the cell's 4 neighbours (off the board
// counts as background) differ from its new value: 0-1 rounds off an edge or
// fills a notch, 4 adds an isolated speck or hole, the change a viewer
// notices most. The cost of a suggestion is the sum over its changes.
//
//   MakeUniqueOptions o;  o.goal = FixGoal::logic;  o.locked = {{0, 0}};
//   MakeUniqueResult r = make_unique(picture, palette, o);
//   for (const Suggestion& s : r.suggestions) apply(s.changes);
//
// Limits: the search is exhaustive over all unlocked cells only when
// `complete` says so; with three changes on a 20x20 board that is 10^7
// pictures, so in practice tiers 2-3 of pairs and triples are reached only
// on small boards or with a long budget. Colour pictures multiply the
// candidates by (palette size - 1).
#pragma once

#include <atomic>
#include <functional>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/options.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "exact/grade.hpp"

namespace nonolab::exact {

/// What a suggestion must reach (step 1 above).
enum class FixGoal { unique, logic, line };

constexpr std::string_view to_string(FixGoal g) {
    return g == FixGoal::unique ? "unique" : g == FixGoal::logic ? "logic" : "line";
}

/// A cell, (row, column), 0-based.
struct CellPos {
    int row = 0, col = 0;
    auto operator<=>(const CellPos&) const = default;
};

struct MakeUniqueOptions {
    FixGoal goal = FixGoal::unique;  ///< step 1's goal
    int max_changes = 2;             ///< largest suggestion tried (1 to 3 cells); 3 costs
                                     ///< seconds to minutes on 10x10 (results doc)
    int max_suggestions = 3;         ///< stop once this many are found
    int alternatives = 3;            ///< other solutions looked for in step 1
    double timeout_seconds = 10;     ///< wall-clock budget for the whole run; <= 0 means none
    /// Cells never changed. Not in the option table (a set, not a value):
    /// the CLI reads it from --lock FILE, the server from lock=R:C,...
    std::vector<CellPos> locked;
};

/// The options of make_unique, described once (core/options.hpp).
const OptionTable<MakeUniqueOptions>& make_unique_option_table();

/// Called after every candidate set: (sets done, sets in the whole search).
using MakeUniqueProgress = std::function<void(long done, long total)>;

/// One changed cell: (row, column), 0-based, and its new palette index.
struct CellChange {
    int row = 0, col = 0;
    Cell value = kEmpty;
    bool operator==(const CellChange&) const = default;
};

struct Suggestion {
    std::vector<CellChange> changes;         ///< row-major order
    Grid picture;                            ///< the picture with the changes; its puzzle is unique
    Difficulty grade = Difficulty::unknown;  ///< its puzzle's grade (line, probing or search)
    int cost = 0;                            ///< the ranking's tie-break (above)
};

struct MakeUniqueResult {
    Status status = Status::timeout;         ///< the picture's own verdict (unique, multiple, ...)
    Difficulty grade = Difficulty::unknown;  ///< the picture's grade (search when not unique)
    bool goal_met = false;                   ///< the picture already meets the goal
    std::vector<Grid> solutions;             ///< the picture's puzzle: the picture, then others
    std::vector<Suggestion> suggestions;     ///< ranked as above
    int candidates = 0;                      ///< candidate changes of step 2
    int seed_cells = 0;                      ///< tier 0's cells (differ or open cells)
    long checked = 0;                        ///< pictures decided in step 3
    long total = 0;                          ///< candidate sets in the whole search
    bool complete = false;                   ///< every candidate set up to max_changes was checked
};

/// Runs steps 1-4 on `picture` (complete, values < palette size). Throws
/// std::invalid_argument for options out of range, a locked cell off the
/// board or a bad picture.
MakeUniqueResult make_unique(const Grid& picture, const Palette& palette,
                             const MakeUniqueOptions& options = {},
                             const std::atomic<bool>* cancel = nullptr,
                             const MakeUniqueProgress& progress = {});

}  // namespace nonolab::exact

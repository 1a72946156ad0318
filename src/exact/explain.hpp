// Explain: the logical deductions that solve a puzzle, one at a time, each
// with a one-sentence reason a person can follow (`nonolab
// explain`, the server's /api/explain, the page's hints).
//
//   Explanation e = explain(puzzle);
//   for (const ExplainStep& s : e.steps) std::cout << s.reason << "\n";
//
// What a run does, from the empty grid, on the solver's own engine
// (propagator.hpp, with a LineObserver watching it):
//   1. line steps: the engine's propagation, a FIFO of lines (all rows, then
//      all columns, to start with). Each line is solved alone with the
//      complete line solver; when it decides new cells, that is one step,
//      and the crossing lines of those cells join the queue. Colour lines
//      pass on decided cells only (ColourLines' decide_only), so every step
//      rests on cells a reader can see. The reason is derived from the line
//      solve: the clue, how much of the line was known, and which cells
//      every placement that fits agrees on.
//   2. when the queue empties and cells remain (line logic stalls), a probe
//      step, if probing is on: the first undecided cell (row-major) for
//      which every value but one leads, by line solving alone (the prober's
//      try_value), to a line with no placement. The step names the line each
//      refuted value breaks. Then back to 1, from the lines through that cell.
//   3. the run ends when the grid is complete (status unique: every cell was
//      forced, so the solution is the only one), when a line has no
//      placement at all (contradiction, one last step naming that line), or
//      when neither step decides anything (unsolved, one last `stalled`
//      step saying so; the puzzle then needs a guess, and may have several
//      solutions).
//
// Steps are sound: each one follows from the clues and the cells decided by
// the steps before it, never from the solution. That makes them usable as
// hints on a player's partial grid too: a step's reason still holds when
// the player knows more cells than it assumed.
//
// Not suited for: huge puzzles with long probing phases (each probe step
// may try every undecided cell); the timeout bounds the run.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/options.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"

namespace nonolab::exact {

struct ExplainOptions {
    bool probing = true;         ///< probe steps when line logic stalls (step 2 above)
    double timeout_seconds = 0;  ///< wall-clock budget; <= 0 means none
    int max_steps = 0;           ///< stop (status timeout) after this many steps; 0 = none
};

/// The options of explain, described once (core/options.hpp).
const OptionTable<ExplainOptions>& explain_option_table();

enum class StepKind {
    line,           ///< one line solved alone decided `cells`
    probe,          ///< every other value of one cell breaks a line: `cells` holds that cell
    contradiction,  ///< the line named has no placement: the puzzle has no solution
    stalled,        ///< logic decides nothing more (cells stay undecided)
};
std::string_view to_string(StepKind kind);

/// One decided cell: (row, column), 0-based, and its palette index.
struct CellValue {
    int row = 0, col = 0;
    Cell value = kEmpty;
    bool operator==(const CellValue&) const = default;
};

struct ExplainStep {
    StepKind kind = StepKind::line;
    bool is_row = true;            ///< line, contradiction: the line is a row (else a column)
    int index = -1;                ///< its 0-based index; -1 for probe and stalled steps
    std::vector<CellValue> cells;  ///< decided by this step, row-major order
    std::string reason;            ///< one sentence, lines and cells numbered from 1
};

struct Explanation {
    Status status = Status::timeout;  ///< unique, contradiction, unsolved (stalled) or timeout
    std::vector<ExplainStep> steps;   ///< in order
    Grid grid;                        ///< the cells decided; kUnknown where logic stopped
};

/// Explains `puzzle` (any palette up to 64 colours). `cancel` (optional)
/// stops the run like a timeout. Throws std::invalid_argument for options
/// out of range or a wider palette.
Explanation explain(const Puzzle& puzzle, const ExplainOptions& options = {},
                    const std::atomic<bool>* cancel = nullptr);

/// "row 3" / "column 5": how reasons name a line (index 0-based in, 1-based out).
std::string line_name(bool is_row, int index);

}  // namespace nonolab::exact

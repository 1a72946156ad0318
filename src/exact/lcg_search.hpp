// LcgSearch: a clause-learning search whose propagation is our line solver
// (lazy clause generation; issue 54). Black and white.
//
// Why: CaDiCaL (sat_search.hpp) learns, but sees each line through the order
// encoding, whose unit propagation is weaker than the complete line solver;
// the automaton encoding gives it the line's full strength but is too large
// (3.3x slower on TAAI 2011). Here the line solver itself propagates, and
// conflict analysis asks it for a clause only when it needs one: the
// learning of CDCL with the pruning of the line solver.
//
// How, as MiniSat does it (Een and Sorensson, "An extensible SAT-solver",
// SAT 2003) wherever nothing nonogram-specific is needed:
//   - one Boolean variable per cell (true = filled), and the run-start
//     variables of the order encoding (cnf_encoding.hpp) with its clauses,
//     kept for good; a trail with decision levels; clauses watched by two
//     literals. The run starts give analysis words for "run j starts at or
//     before p": with cells alone, learned clauses were twice as long and
//     TAAI 2011 took 2.3x as long (docs/results/lcg.md);
//   - propagation: clauses first, then each line whose cells
//     changed, solved by BinaryLines (binary_domain.hpp: the bitset solver
//     behind the line cache). A cell the line decides is assigned with the
//     line as its reason; a line with no placement is a conflict;
//   - reasons are explained lazily (lcg_explain.hpp): only when 1-UIP
//     conflict analysis (or the recursive minimisation of its clause)
//     reaches a cell is the line asked for a small set of its cells that
//     forces it, and that clause is kept while the cell stays assigned;
//   - VSIDS activities over all variables, with phase saving, Luby restarts, and halving the
//     learned clauses of high LBD (Audemard and Simon, IJCAI 2009) at
//     growing intervals;
//   - every solution is blocked by a clause over the cells the root left
//     open, and the search goes on until `wanted` solutions or UNSAT.
// UNSAT is a proof in the same sense as the search engine's exhausted tree:
// every clause it learns follows from the lines (explanations are line
// deductions, the order clauses encode the lines exactly, and learned
// clauses are resolvents of them).
#pragma once

#include <cstdint>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::exact {

/// The search's settings; the defaults are MiniSat's and Glucose's. None is
/// in the exact option table: a sweep on 13-Dom moved the time by less than
/// 2x either way (docs/results/lcg.md), which is no case for a knob yet.
struct LcgOptions {
    int restart_unit = 100;      ///< conflicts per Luby unit before a restart
    double var_decay = 0.95;     ///< VSIDS: activities decay by this per conflict
    int phase = 1;               ///< first value tried: 1 filled, 0 empty (then the saved phase)
    int reduce_first = 2000;     ///< conflicts before the first learned-clause reduction
    int reduce_increment = 300;  ///< the interval grows by this after each reduction

    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

struct LcgStats {
    std::uint64_t conflicts = 0;
    std::uint64_t decisions = 0;
    std::uint64_t learned = 0;               ///< clauses learned (units included)
    std::uint64_t learned_literals = 0;      ///< their total length
    std::uint64_t explanations = 0;          ///< line reasons turned into clauses
    std::uint64_t explanation_literals = 0;  ///< their total length (the forced cell included)
    std::uint64_t explain_solves = 0;        ///< line solves spent shrinking explanations
    std::uint64_t line_solves = 0;           ///< line solves of propagation
    std::uint64_t restarts = 0;
};

struct LcgOutcome {
    std::vector<Grid> solutions;  ///< new solutions, in the order found
    bool exhausted = false;       ///< proven: no further solution exists
    bool out_of_time = false;     ///< the budget stopped it
    LcgStats stats;
};

/// Finds up to `wanted` solutions of the black-and-white `puzzle` that
/// extend `partial` (decided cells are taken as given) and differ from every
/// grid in `exclude`. `max_decisions` > 0 stops it after that many
/// decisions, like the search's node limit (not exhausted then). Throws
/// std::invalid_argument for a colour puzzle or bad options.
LcgOutcome lcg_search(const Puzzle& puzzle, const Grid& partial, const std::vector<Grid>& exclude,
                      int wanted, const Budget& budget, const LcgOptions& options = {},
                      std::uint64_t max_decisions = 0);

}  // namespace nonolab::exact

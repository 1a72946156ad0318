// ExactSearch: one run of the exact solver on one puzzle (solve_exact's engine room).
//
// Callers use solve_exact() (exact_solver.hpp); this class only gives the
// phases of that run names. One object per run: construct, call run() once.
//
//   1. close_root()       propagate the empty grid, then probe it (unless
//                         probing is off); the puzzle may end here, decided
//                         by logic alone.
//   2. use_sat_?          if CaDiCaL takes the probed root (the default
//                         engine), hand_off_to_sat() and stop.
//   3. depth_first()      otherwise branch on one undecided cell (filled, then
//                         empty), close each child with close(), until the
//                         tree is exhausted or a limit stops it.
//   4. finish()           stats and the verdict (exact_verdict).
//
// Which verdicts are our own proofs and which rest on CaDiCaL's UNSAT answer
// is spelled out in exact_solver.hpp.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/exact_solver.hpp"
#include "exact/prober.hpp"
#include "exact/propagator.hpp"

namespace nonolab::exact {

class ExactSearch {
  public:
    /// `options` must be valid (solve_exact validates them); throws
    /// std::invalid_argument for colour puzzles (from the Propagator).
    /// `start` (optional, the puzzle's size) is the grid the root begins
    /// from instead of the empty one: a cube of cube_split.hpp. Only the
    /// root differs; the search below it is the same.
    ExactSearch(const Puzzle& puzzle, const ExactOptions& options, const std::atomic<bool>* cancel,
                const Grid* start = nullptr);

    /// The whole run; call once (the result is moved out).
    ExactResult run();

  private:
    /// What closing one node (propagation, then probing if enabled) left.
    enum class NodeOutcome {
        branch,         ///< undecided cells remain; branch_cell_ names the one to split
        complete,       ///< every cell decided: a solution
        contradiction,  ///< no solution extends this node
        out_of_time,    ///< the budget ran out mid-way
    };

    /// Why depth_first() stopped.
    enum class Stop {
        none,       ///< (internal to the loop) explore the next node
        exhausted,  ///< both values of every branch cell tried: a proof
        cut_short,  ///< node limit, solution limit or budget
    };

    struct Frame {
        int cell;   ///< branch cell, row-major index
        int tried;  ///< values tried so far: 0, 1 or 2
    };

    // --- closing a node ---------------------------------------------------
    NodeOutcome close_root();                 ///< root propagation + close(); the root is pool_[0]
    NodeOutcome close(Grid& grid);            ///< probing (or the cheap pick); sets branch_cell_
    int fewest_unknowns_cell(const Grid& g);  ///< branch cell without probing, -1 if complete

    // --- depth-first search -----------------------------------------------
    Stop depth_first();                 ///< the loop over stack_; the hot path
    Stop before_node();                 ///< counts the node; the limits first
    Grid& child(int cell, Cell value);  ///< pool_ slot below the top frame, with cell := value
    NodeOutcome explore(Grid& grid, int cell);  ///< propagate from the branch, then close()
    bool add_solution(const Grid& grid);        ///< true when the solution limit is reached

    // --- CaDiCaL and the end ----------------------------------------------
    ExactResult hand_off_to_sat();       ///< sat_search on the probed root, then finish()
    ExactResult finish(bool exhausted);  ///< copies stats, sets the verdict

    const Puzzle& puzzle_;
    const ExactOptions& options_;
    const Grid* start_;  ///< the root's starting grid; null = every cell undecided
    const int width_;
    Propagator prop_;
    Prober prober_;
    const Budget budget_;  ///< after prop_ and prober_: their set-up is not charged to the clock
    const bool use_sat_;   ///< CaDiCaL takes the probed root instead of depth_first()
    ExactResult result_;

    // Scratch state, reused across nodes so the loop does not allocate once
    // the search has been as deep before.
    std::vector<Grid> pool_;    ///< pool_[d]: the closed grid at depth d; pool_[0] is the root
    std::vector<Frame> stack_;  ///< the branch cells from the root down
    int branch_cell_ = -1;      ///< set by close() when it returns branch
    std::vector<int> row_unknown_, col_unknown_;  ///< fewest_unknowns_cell(): per-line counts
};

}  // namespace nonolab::exact

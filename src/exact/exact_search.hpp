// ExactSearch: one run of the exact solver on one puzzle (solve_exact's
// engine room), the third part of the one engine. Written once over a cell
// domain (binary_domain.hpp, colour_domain.hpp); both instances are
// compiled in exact_search.cpp.
//
// Callers use solve_exact() (exact_solver.hpp); this class only gives the
// phases of that run names. One object per run: construct, call run() once.
//
//   1. close_root()       propagate the open state, then probe it (unless
//                         probing is off); the puzzle may end here, decided
//                         by logic alone.
//   2. use_sat_?          if CaDiCaL takes the probed root (the default
//                         engine in black and white), hand_off_to_sat() and
//                         stop; under auto, a small residual is searched
//                         first, and goes to CaDiCaL only past a node
//                         budget (search_first_, exact_search.cpp).
//   3. depth_first()      otherwise branch on one open cell (each value it
//                         may take, in the domain's order), close each child
//                         with close(), until the tree is exhausted or a
//                         limit stops it. search() runs it twice at most:
//                         first for up to ExactOptions::unprobed_nodes nodes
//                         with propagation alone at the nodes, then, if that
//                         was not enough, again from the probed root with
//                         probing at every node.
//   4. finish()           stats and the verdict (exact_verdict).
//
// The branch cell: the one with the fewest values left; among those, the
// best probe score (prober.hpp), or without probing the one whose row and
// column have the fewest open cells (nearly finished lines are where one
// more known cell most likely forces others).
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

/// Step 1's first half on its own, shared with make_cubes
/// (cube_split.hpp): line solving of every line of `root` (`cells` cells),
/// then, at a fixpoint, the line cache sized to the `open` cells left.
template <CellDomain Domain>
Propagation propagate_root(BasicPropagator<Domain>& prop, typename Domain::State& root, int cells,
                           const Budget& budget, int& open);

/// Sees the two stages of step 1 (grade.hpp reports them apart). Each call
/// returns false to end the run there; run() then returns no solution and
/// exhausted = false.
template <CellDomain Domain>
class RootWatch {
  public:
    virtual ~RootWatch() = default;
    /// The root at the fixpoint of line solving.
    virtual bool propagated(const typename Domain::State& root) = 0;
    /// The root closed under probing, unless probing found a contradiction
    /// (not called when ExactOptions::probing is off).
    virtual bool probed(const typename Domain::State& root) = 0;
};

template <CellDomain Domain>
class ExactSearch {
  public:
    using State = typename Domain::State;

    /// `options` must be valid (solve_exact validates them); throws
    /// std::invalid_argument for a puzzle the domain cannot hold.
    /// `start` (optional) is the state the root begins from instead of the
    /// open one: a cube of cube_split.hpp. Only the root differs; the
    /// search below it is the same. `watch` (optional) sees step 1's stages.
    ExactSearch(const Puzzle& puzzle, const ExactOptions& options, const std::atomic<bool>* cancel,
                const State* start = nullptr, RootWatch<Domain>* watch = nullptr);

    /// The whole run; call once (the result is moved out).
    ExactResult run();

  private:
    /// What closing one node (propagation, then probing if enabled) left.
    enum class NodeOutcome {
        branch,         ///< open cells remain; branch_cell_ names the one to split
        complete,       ///< every cell decided: a solution
        contradiction,  ///< no solution extends this node
        out_of_time,    ///< the budget ran out mid-way
    };

    /// Why depth_first() stopped.
    enum class Stop {
        none,           ///< (internal to the loop) explore the next node
        exhausted,      ///< every value of every branch cell tried: a proof
        cut_short,      ///< node limit, solution limit or budget
        over_budget,    ///< the auto engine's search-first budget: CaDiCaL takes over
        unprobed_done,  ///< the unprobed first pass used its nodes: probe from now on
    };

    struct Frame {
        int cell;            ///< branch cell, row-major index
        std::uint64_t left;  ///< its values not tried yet (Domain::candidates bits)
    };

    // --- closing a node ---------------------------------------------------
    NodeOutcome close_root();                       ///< root propagation + close(); pool_[0]
    NodeOutcome close(State& state, bool at_node);  ///< probing (or the cheap pick)
    Stop search();  ///< depth_first() from the probed root: unprobed, then probing
    int fewest_open_cell(const State& state);  ///< branch cell without probing, -1 if complete
    int open_cells(const State& state) const;  ///< cells not decided
    Frame frame_for(int cell, const State& state) const;

    // --- depth-first search -----------------------------------------------
    Stop depth_first();                                    ///< the loop over stack_; the hot path
    Stop before_node();                                    ///< counts the node; the limits first
    State& child(int cell, typename Domain::Value value);  ///< pool_ slot below the top frame
    NodeOutcome explore(State& state, int cell);  ///< propagate from the branch, then close()
    bool add_solution(const State& state);        ///< true when the solution limit is reached

    // --- CaDiCaL and the end ----------------------------------------------
    ExactResult hand_off_to_sat();       ///< CaDiCaL on the probed root, then finish()
    ExactResult finish(bool exhausted);  ///< copies stats, sets the verdict

    const Puzzle& puzzle_;
    const ExactOptions& options_;
    const State* start_;  ///< the root's starting state; null = every cell open
    const int width_, height_;
    BasicPropagator<Domain> prop_;
    BasicProber<Domain> prober_;
    const Budget budget_;  ///< after prop_ and prober_: their set-up is not charged to the clock
    const bool use_sat_;   ///< CaDiCaL takes the probed root instead of depth_first()
    RootWatch<Domain>* const watch_;  ///< null, or sees the root's stages
    bool search_first_ = false;       ///< auto, small residual: search, CaDiCaL past a node budget
    bool probe_nodes_ = true;         ///< close() probes search nodes (false in the unprobed pass)
    std::uint64_t pass_start_ = 0;    ///< stats.nodes when the current pass began
    ExactResult result_;

    // Scratch state, reused across nodes so the loop does not allocate once
    // the search has been as deep before.
    std::vector<State> pool_;   ///< pool_[d]: the closed state at depth d; pool_[0] is the root
    std::vector<Frame> stack_;  ///< the branch cells from the root down
    int branch_cell_ = -1;      ///< set by close() when it returns branch
    std::vector<int> row_open_, col_open_;  ///< fewest_open_cell(): per-line counts
};

extern template class ExactSearch<BinaryDomain>;
extern template class ExactSearch<ColourDomain>;
extern template Propagation propagate_root<BinaryDomain>(Propagator&, Grid&, int, const Budget&,
                                                         int&);
extern template Propagation propagate_root<ColourDomain>(ColourPropagator&, ColourDomain::State&,
                                                         int, const Budget&, int&);

}  // namespace nonolab::exact

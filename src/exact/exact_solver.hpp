// ExactSolver: complete solving that counts solutions up to a limit.
//
//   ExactOptions o;              // max_solutions 2: prove uniqueness
//   ExactResult r = solve_exact(puzzle, o);
//   if (r.status == Status::unique) use(r.solutions[0]);
//
// What a run does (ExactSearch in exact_search.hpp has one member per step):
//   1. Root: propagate to a fixpoint with the complete line solver, then close
//      the grid under two-sided probing (prober.hpp; unless probing is off).
//      Logic alone may end the run here: contradiction, or a complete grid
//      (unique / solved).
//   2. Otherwise the engine takes the probed root:
//      - search: depth first, branch on one undecided cell (filled first, then
//        empty), propagate and probe every node the same way;
//      - sat: CaDiCaL (sat_search.hpp) at once;
//      - auto (the default): CaDiCaL at once when more than 100 cells are
//        open after root probing; otherwise search first, and CaDiCaL from
//        the probed root only if that search passes 64 nodes
//        (ExactOptions::search_first_cells).
//      auto under a node limit, and every engine in a build without CaDiCaL,
//      is search (CaDiCaL's work is not counted in nodes).
//
// Which verdicts are proofs, and what they rest on:
//   - Our own: anything decided at the root (step 1), and every verdict of the
//     search engine. The line solver is complete and both values of every
//     branch cell are tried, so an exhausted tree is a proof: 0 solutions =>
//     contradiction, 1 solution => unique (when the limit was >= 2).
//   - CaDiCaL's UNSAT answer: when CaDiCaL ran (stats.sat_calls > 0),
//     `contradiction` means it answered UNSAT on the residual puzzle (the
//     probed root) and `unique` means it answered UNSAT once the one solution
//     had been blocked. Both rest on CaDiCaL being complete and on the CNF
//     encoding (cnf_encoding.hpp) having exactly the puzzle's solutions.
//   - Neither: `multiple` (two distinct grids found, by either engine) and
//     `solved` (one grid found) need no proof of absence; every grid can be
//     checked with verify (core/verify.hpp), which the CLI does. A run cut short
//     by the solution limit, the node limit, the clock or `cancel` claims no
//     absence: multiple (>= 2 found), solved (1 found) or timeout.
//
// Colour puzzles run the same engine over colour sets (colour_domain.hpp):
// the same options, result and proofs; auto keeps the search there, and
// --engine sat hands the probed root to the colour CNF (colour_sat.hpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "exact/sat_search.hpp"

namespace nonolab::exact {

/// Which search runs after root propagation and probing.
enum class Engine {
    automatic,  ///< CaDiCaL at once; search under a node limit (colour: the search)
    search,     ///< backtracking with probing only (no learning)
    sat,        ///< CaDiCaL on the root residual at once
};

struct ExactOptions {
    int max_solutions = 2;         ///< stop after this many; 2 is what proves uniqueness
    double timeout_seconds = 0;    ///< wall-clock budget per puzzle; <= 0 means none
    std::uint64_t node_limit = 0;  ///< branch nodes before giving up; 0 = none (auto: no SAT then)
    bool probing = true;           ///< two-sided probing at every node (see prober.hpp)
    /// The search first tries this many nodes with propagation alone (no
    /// probing at its nodes; the root is always probed); a tree that needs
    /// more starts again from the probed root with probing at every node.
    /// 0 = probe at every node from the start. docs/results/colour.md,
    /// "Probing where it pays", has the measurements behind the default.
    std::uint64_t unprobed_nodes = 64;
    Engine engine = Engine::automatic;  ///< see Engine; falls back to search without CaDiCaL
    /// auto: with at most this many cells open after root probing, search
    /// first and hand the probed root to CaDiCaL only past 64 nodes
    /// (exact_search.cpp, kSearchFirstNodes, has the measurement behind
    /// 100). grade.hpp sets it to INT_MAX: its node count is always a
    /// probing search's. Not a command-line option.
    int search_first_cells = 100;
    SatOptions sat;  ///< the CaDiCaL back end (sat_search.hpp)

    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

struct ExactStats {
    std::uint64_t nodes = 0;         ///< branch decisions tried (each value counts once)
    std::uint64_t line_solves = 0;   ///< line solves requested (cache hits included)
    std::uint64_t cache_hits = 0;    ///< line solves answered by the line cache
    std::uint64_t failures = 0;      ///< branches closed by a contradiction
    int max_depth = 0;               ///< deepest branch stack
    int root_unknown = 0;            ///< cells still undecided after the first propagation
    int probed_unknown = 0;          ///< cells still open after root probing (0: decided by logic)
    std::uint64_t probes = 0;        ///< cells probed (each probe = two propagations)
    std::uint64_t probe_forced = 0;  ///< probes that fixed at least one cell
    int sat_calls = 0;  ///< CaDiCaL solve() calls (0 = SAT never used: the verdict is ours alone)
    // Where the time went (`nonolab bench` prints the shares). The three are
    // disjoint: probing's own propagations count as line solving.
    double line_seconds = 0;   ///< line solving: every propagation, probing's included
    double probe_seconds = 0;  ///< probing besides its propagations (copies, scoring)
    double sat_seconds = 0;    ///< the CaDiCaL back end, CNF encoding included
};

struct ExactResult {
    Status status = Status::error;
    std::vector<Grid> solutions;  ///< in the order found, at most max_solutions
    ExactStats stats;
    bool exhausted = false;  ///< proven: no further solution (tree exhausted, or CaDiCaL UNSAT)
    std::string reason;      ///< why, when the clues alone rule out every grid (clue_contradiction)
};

/// The verdict from the solutions found and whether nothing more can exist
/// (result.exhausted): the one rule both searches share.
Status exact_verdict(const ExactResult& result, int max_solutions);

/// Solves `puzzle`; `cancel` (optional) stops the run early like a timeout.
/// Throws std::invalid_argument for bad options (or a palette colour_domain.hpp refuses).
ExactResult solve_exact(const Puzzle& puzzle, const ExactOptions& options = {},
                        const std::atomic<bool>* cancel = nullptr);

}  // namespace nonolab::exact

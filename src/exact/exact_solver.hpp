// ExactSolver: complete search that counts solutions up to a limit.
//
// Propagate to a fixpoint with the complete line solver, close the grid
// under two-sided probing (prober.hpp), then branch on one undecided cell
// (filled first, then empty) and repeat, depth first. Because the line solver is complete and both
// values of every branch cell are tried, exhausting the tree is a proof:
//   - 0 solutions found  => contradiction (no solution exists),
//   - 1 solution found   => unique (when the limit was >= 2).
// A run cut short by the limit, the node limit or the clock never claims
// either: it reports multiple (>= 2 found), solved (1 found) or timeout.
//
// Black and white only for now; colour puzzles are refused at construction.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "exact/prober.hpp"
#include "exact/sat_search.hpp"

namespace nonolab::exact {

/// Which search runs after root propagation and probing.
enum class Engine {
    automatic,  ///< backtracking with probing; hand over to SAT after sat_after_nodes
    search,     ///< backtracking with probing only (no learning)
    sat,        ///< CaDiCaL on the root residual at once
};

struct ExactOptions {
    int max_solutions = 2;          ///< stop after this many; 2 is what proves uniqueness
    double timeout_seconds = 0;     ///< wall-clock budget per puzzle; <= 0 means none
    std::uint64_t node_limit = 0;   ///< branch nodes before giving up; 0 = none (auto: no SAT then)
    bool probing = true;            ///< two-sided probing at every node (see prober.hpp)
    bool quick_line_exits = false;  ///< placement pass before each line DP (extreme_placements.hpp)
    ProbeScope probe_scope = ProbeScope::all;  ///< which cells a probing pass visits (prober.hpp)
    Engine engine = Engine::automatic;         ///< see Engine; falls back to search without CaDiCaL
    std::uint64_t sat_after_nodes =
        0;           ///< automatic: branch nodes before SAT (0 = right after probing)
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
    std::uint64_t probes = 0;        ///< cells probed (each probe = two propagations)
    std::uint64_t probe_forced = 0;  ///< probes that fixed at least one cell
    int sat_calls = 0;               ///< CaDiCaL solve() calls (0 = SAT never used)
};

struct ExactResult {
    Status status = Status::error;
    std::vector<Grid> solutions;  ///< in the order found, at most max_solutions
    ExactStats stats;
    bool exhausted = false;  ///< the whole search tree was explored
};

/// Solves `puzzle`; `cancel` (optional) stops the run early like a timeout.
/// Throws std::invalid_argument for colour puzzles or bad options.
ExactResult solve_exact(const Puzzle& puzzle, const ExactOptions& options = {},
                        const std::atomic<bool>* cancel = nullptr);

}  // namespace nonolab::exact

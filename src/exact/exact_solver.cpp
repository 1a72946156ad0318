#include "exact/exact_solver.hpp"

#include <stdexcept>

#include "core/budget.hpp"
#include "exact/prober.hpp"
#include "exact/propagator.hpp"
#include "exact/sat_search.hpp"

namespace nonolab::exact {

void ExactOptions::validate() const {
    if (max_solutions < 1)
        throw std::invalid_argument("max_solutions must be at least 1, got " +
                                    std::to_string(max_solutions));
}

namespace {

// Branching heuristic without probing: the undecided cell whose row and column together have
// the fewest undecided cells. Nearly finished lines are where one more known
// cell is most likely to force others, so both branches propagate far.
int pick_cell(const Grid& grid, std::vector<int>& row_unknown, std::vector<int>& col_unknown) {
    const int w = grid.width(), h = grid.height();
    row_unknown.assign(h, 0);
    col_unknown.assign(w, 0);
    const Cell* cells = grid.cells().data();
    for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c)
            if (cells[r * w + c] == kUnknown) ++row_unknown[r], ++col_unknown[c];
    int best = -1, best_score = 0;
    for (int r = 0; r < h; ++r) {
        if (row_unknown[r] == 0) continue;
        for (int c = 0; c < w; ++c) {
            if (cells[r * w + c] != kUnknown) continue;
            const int score = row_unknown[r] + col_unknown[c];
            if (best < 0 || score < best_score) best = r * w + c, best_score = score;
        }
    }
    return best;
}

Status verdict(const ExactResult& r, int max_solutions) {
    const size_t found = r.solutions.size();
    if (found >= 2) return Status::multiple;
    if (r.exhausted) {
        if (found == 0) return Status::contradiction;
        return max_solutions >= 2 ? Status::unique : Status::solved;
    }
    return found == 1 ? Status::solved : Status::timeout;
}

}  // namespace

ExactResult solve_exact(const Puzzle& puzzle, const ExactOptions& options,
                        const std::atomic<bool>* cancel) {
    options.validate();
    Propagator prop(puzzle);
    prop.set_quick_exits(options.quick_line_exits);
    Prober prober(prop, options.probe_scope);
    const Budget budget(options.timeout_seconds, cancel);
    ExactResult result;
    std::vector<int> row_unknown, col_unknown;
    auto finish = [&](bool exhausted) {
        result.exhausted = exhausted;
        result.stats.line_solves = prop.line_solves();
        result.stats.cache_hits = prop.cache_hits();
        result.stats.probes = prober.probes();
        result.stats.probe_forced = prober.forced();
        result.status = verdict(result, options.max_solutions);
        return result;
    };

    // pool[d] is the propagated grid at depth d; reusing the slots means no
    // allocation once the search has been as deep before.
    std::vector<Grid> pool(1, Grid(puzzle.width(), puzzle.height(), kUnknown));
    if (budget.expired()) return finish(false);
    const Propagation root = prop.run(pool[0], budget, /*all_dirty=*/true);
    if (root == Propagation::out_of_time) return finish(false);
    if (root == Propagation::contradiction) return finish(true);
    result.stats.root_unknown = pool[0].unknown_count();
    if (result.stats.root_unknown > 0) prop.enable_cache(16);  // root probing only, so far

    // Closes `grid` under probing (if enabled) and names the branch cell:
    // -1 = complete, -2 = contradiction, -3 = out of time.
    auto close_and_pick = [&](Grid& grid) -> int {
        if (options.probing) {
            const ProbeResult r = prober.run(grid, budget);
            if (r == ProbeResult::out_of_time) return -3;
            if (r == ProbeResult::contradiction) return -2;
            return prober.best_cell();
        }
        return pick_cell(grid, row_unknown, col_unknown);
    };

    struct Frame {
        int cell;   // branch cell, row-major index
        int tried;  // values tried so far: 0, 1 or 2
    };
    std::vector<Frame> stack;
    const int first = close_and_pick(pool[0]);
    if (first == -3) return finish(false);
    if (first == -2) return finish(true);
    if (first == -1) {
        result.solutions.push_back(pool[0]);
        return finish(true);
    }
    // Hands the rest of the search to CaDiCaL, from the probed root. The
    // solutions found so far are blocked, so nothing is counted twice, and
    // an UNSAT answer proves there is nothing more.
    // A node limit bounds the probing search; CaDiCaL's work is not counted
    // in nodes, so under a node limit the auto engine stays with search and
    // the limit bounds the whole run.
    const bool can_sat =
        sat_available() && (options.engine == Engine::sat ||
                            (options.engine == Engine::automatic && options.node_limit == 0));
    auto finish_with_sat = [&]() {
        const int wanted = options.max_solutions - static_cast<int>(result.solutions.size());
        SatOutcome sat = sat_search(puzzle, pool[0], result.solutions, wanted, budget, options.sat);
        result.stats.sat_calls += sat.calls;
        for (Grid& g : sat.solutions) result.solutions.push_back(std::move(g));
        return finish(sat.exhausted);
    };
    // With the order encoding, CaDiCaL straight after root probing beat
    // every later hand-over on TAAI 2011 and the survey, in first-solution
    // and uniqueness mode (docs/results/exact.md), hence sat_after_nodes 0.
    if (can_sat && (options.engine == Engine::sat || options.sat_after_nodes == 0))
        return finish_with_sat();
    prop.enable_cache(18);  // a search tree: the full-size line cache
    stack.push_back({first, 0});
    const int width = puzzle.width();

    while (!stack.empty()) {
        Frame& top = stack.back();
        if (top.tried == 2) {
            stack.pop_back();
            continue;
        }
        const Cell value = top.tried == 0 ? kFilled : kEmpty;
        ++top.tried;
        const int cell = top.cell;
        const size_t depth = stack.size();
        if (pool.size() <= depth) pool.resize(depth + 1);
        pool[depth] = pool[depth - 1];
        Grid& grid = pool[depth];
        grid.cells()[cell] = value;
        ++result.stats.nodes;
        if (options.node_limit && result.stats.nodes > options.node_limit) return finish(false);
        if (can_sat && result.stats.nodes > options.sat_after_nodes) return finish_with_sat();
        // A node costs at least a grid copy and a propagation, far more than
        // reading the clock, so the budget is checked on every one.
        if (budget.expired()) return finish(false);
        if (static_cast<int>(depth) > result.stats.max_depth)
            result.stats.max_depth = static_cast<int>(depth);

        prop.note_change(cell / width, cell % width);
        const Propagation p = prop.run(grid, budget, false);
        if (p == Propagation::out_of_time) return finish(false);
        if (p == Propagation::contradiction) {
            ++result.stats.failures;
            continue;
        }
        const int next = close_and_pick(grid);
        if (next == -3) return finish(false);
        if (next == -2) {
            ++result.stats.failures;
            continue;
        }
        if (next == -1) {
            result.solutions.push_back(grid);
            if (static_cast<int>(result.solutions.size()) >= options.max_solutions)
                return finish(false);
            continue;
        }
        stack.push_back({next, 0});
    }
    return finish(true);
}

}  // namespace nonolab::exact

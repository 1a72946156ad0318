#include "exact/exact_search.hpp"

#include <cassert>
#include <utility>

#include "exact/phase_clock.hpp"
#include "exact/sat_search.hpp"
#include "exact/search_invariants.hpp"

namespace nonolab::exact {

namespace {

// Whether CaDiCaL takes the probed root, stated once. With the order
// encoding, CaDiCaL straight after root probing beat every later hand-over
// on TAAI 2011 and the survey, in first-solution and uniqueness mode
// (docs/results/exact.md, "Decisions"), so there is no hand-over mid-search.
// A node limit bounds the probing search; CaDiCaL's work is not counted in
// nodes, so under a node limit the auto engine stays with search and the
// limit bounds the whole run. Without CaDiCaL in the build every engine is
// the search.
bool use_sat(const ExactOptions& o) {
    if (!sat_available()) return false;
    switch (o.engine) {
        case Engine::sat:
            return true;
        case Engine::automatic:
            return o.node_limit == 0;
        case Engine::search:
            break;
    }
    return false;
}

}  // namespace

ExactSearch::ExactSearch(const Puzzle& puzzle, const ExactOptions& options,
                         const std::atomic<bool>* cancel, const Grid* start)
    : puzzle_(puzzle),
      options_(options),
      start_(start),
      width_(puzzle.width()),
      prop_(puzzle),
      prober_(prop_),
      budget_(options.timeout_seconds, cancel),
      use_sat_(use_sat(options)) {}

ExactResult ExactSearch::run() {
    pool_.assign(1, start_ ? *start_ : Grid(puzzle_.width(), puzzle_.height(), kUnknown));
    switch (close_root()) {
        case NodeOutcome::out_of_time:
            return finish(false);
        case NodeOutcome::contradiction:
            return finish(true);
        case NodeOutcome::complete:
            assert(is_new_solution(puzzle_, result_.solutions, pool_[0]));
            result_.solutions.push_back(pool_[0]);
            return finish(true);
        case NodeOutcome::branch:
            break;
    }
    if (use_sat_) return hand_off_to_sat();
    prop_.enable_cache(18);  // a search tree: the full-size line cache
    stack_.push_back({branch_cell_, 0});
    return finish(depth_first() == Stop::exhausted);
}

// --- closing a node ---------------------------------------------------------

ExactSearch::NodeOutcome ExactSearch::close_root() {
    Grid& root = pool_[0];
    if (budget_.expired()) return NodeOutcome::out_of_time;
    const Propagation p = prop_.run(root, budget_, /*all_dirty=*/true);
    if (p == Propagation::out_of_time) return NodeOutcome::out_of_time;
    if (p == Propagation::contradiction) return NodeOutcome::contradiction;
    result_.stats.root_unknown = root.unknown_count();
    if (result_.stats.root_unknown > 0) prop_.enable_cache(16);  // root probing only, so far
    return close(root);
}

ExactSearch::NodeOutcome ExactSearch::close(Grid& grid) {
    if (options_.probing) {
        const double line_before = prop_.seconds();
        double probing = 0;
        ProbeResult r;
        {
            const PhaseClock clock(probing);
            r = prober_.run(grid, budget_);
        }
        result_.stats.probe_seconds += probing - (prop_.seconds() - line_before);
        if (r == ProbeResult::out_of_time) return NodeOutcome::out_of_time;
        if (r == ProbeResult::contradiction) return NodeOutcome::contradiction;
        branch_cell_ = prober_.best_cell();
    } else {
        branch_cell_ = fewest_unknowns_cell(grid);
    }
    return branch_cell_ < 0 ? NodeOutcome::complete : NodeOutcome::branch;
}

// Branching heuristic without probing: the undecided cell whose row and
// column together have the fewest undecided cells. Nearly finished lines are
// where one more known cell is most likely to force others, so both branches
// propagate far.
int ExactSearch::fewest_unknowns_cell(const Grid& grid) {
    const int w = grid.width(), h = grid.height();
    row_unknown_.assign(h, 0);
    col_unknown_.assign(w, 0);
    const Cell* cells = grid.cells().data();
    for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c)
            if (cells[r * w + c] == kUnknown) ++row_unknown_[r], ++col_unknown_[c];
    int best = -1, best_score = 0;
    for (int r = 0; r < h; ++r) {
        if (row_unknown_[r] == 0) continue;
        for (int c = 0; c < w; ++c) {
            if (cells[r * w + c] != kUnknown) continue;
            const int score = row_unknown_[r] + col_unknown_[c];
            if (best < 0 || score < best_score) best = r * w + c, best_score = score;
        }
    }
    return best;
}

// --- depth-first search -----------------------------------------------------

ExactSearch::Stop ExactSearch::depth_first() {
    while (!stack_.empty()) {
        Frame& top = stack_.back();
        if (top.tried == 2) {
            stack_.pop_back();
            continue;
        }
        const Cell value = top.tried == 0 ? kFilled : kEmpty;
        ++top.tried;
        const int cell = top.cell;
        if (const Stop s = before_node(); s != Stop::none) return s;
        Grid& grid = child(cell, value);
        switch (explore(grid, cell)) {
            case NodeOutcome::out_of_time:
                return Stop::cut_short;
            case NodeOutcome::contradiction:
                ++result_.stats.failures;
                break;
            case NodeOutcome::complete:
                if (add_solution(grid)) return Stop::cut_short;
                break;
            case NodeOutcome::branch:
                stack_.push_back({branch_cell_, 0});  // `top` is stale from here on
                break;
        }
    }
    return Stop::exhausted;
}

// Every node tried counts, including the one a limit stops before it is
// explored (the stats have always counted it). A node costs at least a grid
// copy and a propagation, far more than reading the clock, so the budget is
// checked on every one.
ExactSearch::Stop ExactSearch::before_node() {
    const std::uint64_t done = result_.stats.nodes++;
    if (options_.node_limit && done >= options_.node_limit) return Stop::cut_short;
    if (budget_.expired()) return Stop::cut_short;
    const int depth = static_cast<int>(stack_.size());
    if (depth > result_.stats.max_depth) result_.stats.max_depth = depth;
    return Stop::none;
}

Grid& ExactSearch::child(int cell, Cell value) {
    const size_t depth = stack_.size();
    if (pool_.size() <= depth) pool_.resize(depth + 1);
    pool_[depth] = pool_[depth - 1];  // copy-assignment reuses the slot's buffer
    Grid& grid = pool_[depth];
    assert(grid.cells()[cell] == kUnknown);  // a branch decides an open cell
    grid.cells()[cell] = value;
    return grid;
}

ExactSearch::NodeOutcome ExactSearch::explore(Grid& grid, int cell) {
    prop_.note_change(cell / width_, cell % width_);
    const Propagation p = prop_.run(grid, budget_, /*all_dirty=*/false);
    if (p == Propagation::out_of_time) return NodeOutcome::out_of_time;
    if (p == Propagation::contradiction) return NodeOutcome::contradiction;
    return close(grid);
}

bool ExactSearch::add_solution(const Grid& grid) {
    assert(is_new_solution(puzzle_, result_.solutions, grid));
    result_.solutions.push_back(grid);
    return static_cast<int>(result_.solutions.size()) >= options_.max_solutions;
}

// --- CaDiCaL and the end ----------------------------------------------------

// CaDiCaL gets the probed root (pool_[0]) before any search, so it has the
// whole residual puzzle and nothing found so far to block; its UNSAT answer
// proves there is nothing more.
ExactResult ExactSearch::hand_off_to_sat() {
    SatOutcome out;
    {
        const PhaseClock clock(result_.stats.sat_seconds);
        out = sat_search(puzzle_, pool_[0], /*exclude=*/{}, options_.max_solutions, budget_,
                         options_.sat);
    }
    result_.stats.sat_calls += out.calls;
    for (Grid& g : out.solutions) {
        assert(is_new_solution(puzzle_, result_.solutions, g));
        result_.solutions.push_back(std::move(g));
    }
    return finish(out.exhausted);
}

ExactResult ExactSearch::finish(bool exhausted) {
    result_.exhausted = exhausted;
    result_.stats.line_solves = prop_.line_solves();
    result_.stats.line_seconds = prop_.seconds();
    result_.stats.cache_hits = prop_.cache_hits();
    result_.stats.probes = prober_.probes();
    result_.stats.probe_forced = prober_.forced();
    result_.status = exact_verdict(result_, options_.max_solutions);
    return std::move(result_);
}

}  // namespace nonolab::exact

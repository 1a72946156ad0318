#include "exact/exact_search.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <utility>

#include "exact/phase_clock.hpp"
#include "exact/search_invariants.hpp"

namespace nonolab::exact {

namespace {

// Whether CaDiCaL takes the probed root, stated once. There is no hand-over
// mid-search (the domain's kAutoUsesSat says why auto does or does not). A
// node limit bounds the probing search; CaDiCaL's work is not counted in
// nodes, so under a node limit the auto engine stays with search and the
// limit bounds the whole run. Without CaDiCaL in the build every engine is
// the search.
template <CellDomain Domain>
bool use_sat(const ExactOptions& o) {
    if (!sat_available()) return false;
    switch (o.engine) {
        case Engine::sat:
            return true;
        case Engine::automatic:
            return Domain::kAutoUsesSat && o.node_limit == 0;
        case Engine::search:
            break;
    }
    return false;
}

// The line cache is sized to the work ahead, since clearing it is a fixed
// cost per puzzle: 2^16 entries (1.5 MB) take about 0.1 ms to clear, more
// than a whole small puzzle. Root probing asks about a few dozen lines per
// open cell, so 64 entries per open cell, between 2^10 and 2^16 (TAAI 2011's
// 25x25 boards, a few hundred open cells, get 2^16 as before); a search
// tree that reaches kFullCacheAfterNodes nodes gets 2^18 (6 MB).
unsigned root_cache_bits(int open) {
    const unsigned bits = static_cast<unsigned>(std::bit_width(static_cast<unsigned>(open))) + 6;
    return std::clamp(bits, 10u, 16u);
}
constexpr std::uint64_t kFullCacheAfterNodes = 64;

// The auto engine's choice per puzzle. CaDiCaL pays a
// fixed cost (the CNF, a solver, two calls to prove uniqueness) that a
// search over a small residual does not: with at most
// ExactOptions::search_first_cells (default 100) open cells after root
// probing, depth-first search runs first, and hands the probed root to
// CaDiCaL only when it grows past kSearchFirstNodes nodes. Measured per
// puzzle (docs/results/exact.md, "The engine per puzzle"): every such board
// of 3,000 random 30x30 ones and of the first 394 of TAAI 2011 needed at
// most 15 nodes; the search took 0.34 s where CaDiCaL took 1.75 s on the
// former, 0.74 against 0.95 s on the latter, and above 100 open cells
// CaDiCaL won in total by 4.3x.
constexpr std::uint64_t kSearchFirstNodes = 64;

}  // namespace

template <CellDomain Domain>
ExactSearch<Domain>::ExactSearch(const Puzzle& puzzle, const ExactOptions& options,
                                 const std::atomic<bool>* cancel, const State* start,
                                 RootWatch<Domain>* watch)
    : puzzle_(puzzle),
      options_(options),
      start_(start),
      width_(puzzle.width()),
      height_(puzzle.height()),
      prop_(puzzle),
      prober_(prop_),
      budget_(options.timeout_seconds, cancel),
      use_sat_(use_sat<Domain>(options)),
      watch_(watch) {}

template <CellDomain Domain>
ExactResult ExactSearch<Domain>::run() {
    pool_.assign(1, start_ ? *start_ : Domain::open_state(puzzle_));
    switch (close_root()) {
        case NodeOutcome::out_of_time:
            return finish(false);
        case NodeOutcome::contradiction:
            return finish(true);
        case NodeOutcome::complete:
            add_solution(pool_[0]);
            return finish(true);
        case NodeOutcome::branch:
            break;
    }
    // The auto engine searches first when little is left (ExactOptions::search_first_cells).
    search_first_ = use_sat_ && options_.engine == Engine::automatic &&
                    result_.stats.probed_unknown <= options_.search_first_cells;
    if (use_sat_ && !search_first_) return hand_off_to_sat();
    const Stop stop = search();
    if (stop == Stop::over_budget) {
        // CaDiCaL settles it from the probed root, which the search never
        // changed (children live in pool_[1..]); it finds every solution
        // again, so the search's are dropped rather than blocked.
        result_.solutions.clear();
        return hand_off_to_sat();
    }
    return finish(stop == Stop::exhausted);
}

// --- closing a node ---------------------------------------------------------

template <CellDomain Domain>
Propagation propagate_root(BasicPropagator<Domain>& prop, typename Domain::State& root, int cells,
                           const Budget& budget, int& open) {
    const Propagation p = prop.run(root, budget, /*all_dirty=*/true);
    open = 0;
    if (p != Propagation::fixpoint) return p;
    for (int i = 0; i < cells; ++i) open += !Domain::decided(Domain::cells(root)[i]);
    if (open > 0) prop.enable_cache(root_cache_bits(open));
    return p;
}

// A watch that ends the run at a stage is read as "cut short": run()
// returns no solution and exhausted = false, and the watcher (grade.cpp)
// knows why.
template <CellDomain Domain>
typename ExactSearch<Domain>::NodeOutcome ExactSearch<Domain>::close_root() {
    State& root = pool_[0];
    if (budget_.expired()) return NodeOutcome::out_of_time;
    int open = 0;
    const Propagation p = propagate_root(prop_, root, width_ * height_, budget_, open);
    if (p == Propagation::out_of_time) return NodeOutcome::out_of_time;
    if (p == Propagation::contradiction) return NodeOutcome::contradiction;
    result_.stats.root_unknown = open;
    if (watch_ && !watch_->propagated(root)) return NodeOutcome::out_of_time;
    const NodeOutcome outcome = close(root, /*at_node=*/false);
    if (outcome == NodeOutcome::out_of_time || outcome == NodeOutcome::contradiction)
        return outcome;
    if (outcome == NodeOutcome::branch) result_.stats.probed_unknown = open_cells(root);
    if (watch_ && options_.probing && !watch_->probed(root)) return NodeOutcome::out_of_time;
    return outcome;
}

template <CellDomain Domain>
typename ExactSearch<Domain>::NodeOutcome ExactSearch<Domain>::close(State& state, bool at_node) {
    if (options_.probing && (probe_nodes_ || !at_node)) {
        const double line_before = prop_.seconds();
        double probing = 0;
        ProbeResult r;
        {
            const PhaseClock clock(probing);
            r = prober_.run(state, budget_);
        }
        result_.stats.probe_seconds += probing - (prop_.seconds() - line_before);
        if (r == ProbeResult::out_of_time) return NodeOutcome::out_of_time;
        if (r == ProbeResult::contradiction) return NodeOutcome::contradiction;
        branch_cell_ = prober_.best_cell();
    } else {
        branch_cell_ = fewest_open_cell(state);
    }
    return branch_cell_ < 0 ? NodeOutcome::complete : NodeOutcome::branch;
}

template <CellDomain Domain>
int ExactSearch<Domain>::open_cells(const State& state) const {
    int open = 0;
    for (int i = 0; i < width_ * height_; ++i) open += !Domain::decided(Domain::cells(state)[i]);
    return open;
}

// The branch rule without probing (exact_search.hpp): fewest values, then
// the fewest open cells in the cell's row and column.
template <CellDomain Domain>
int ExactSearch<Domain>::fewest_open_cell(const State& state) {
    row_open_.assign(height_, 0);
    col_open_.assign(width_, 0);
    const auto* cells = Domain::cells(state);
    for (int r = 0; r < height_; ++r)
        for (int c = 0; c < width_; ++c)
            if (!Domain::decided(cells[r * width_ + c])) ++row_open_[r], ++col_open_[c];
    int best = -1, best_values = 0, best_lines = 0;
    for (int r = 0; r < height_; ++r) {
        if (row_open_[r] == 0) continue;
        for (int c = 0; c < width_; ++c) {
            const auto v = cells[r * width_ + c];
            if (Domain::decided(v)) continue;
            const int values = std::popcount(Domain::candidates(v));
            const int lines = row_open_[r] + col_open_[c];
            if (best < 0 || values < best_values || (values == best_values && lines < best_lines))
                best = r * width_ + c, best_values = values, best_lines = lines;
        }
    }
    return best;
}

template <CellDomain Domain>
typename ExactSearch<Domain>::Frame ExactSearch<Domain>::frame_for(int cell,
                                                                   const State& state) const {
    return {cell, Domain::candidates(Domain::cells(state)[cell])};
}

// --- depth-first search -----------------------------------------------------

// Probing at every node pays on hard trees and costs most of the time on
// small ones: on random colour boards with several solutions it made ten
// times the line solves of propagation alone for 8% fewer nodes, and
// propagation alone was 3.5 to 6 times faster (docs/results/colour.md,
// "Probing where it pays"). So the tree is first searched with propagation
// alone for ExactOptions::unprobed_nodes nodes; a tree that needs more is a
// hard one, and the search starts again from the probed root, which no node
// changed (children live in pool_[1..]), with probing at every node. What
// the first pass found it finds again, so its solutions are dropped. The
// first pass costs a hard tree at most that many propagations.
template <CellDomain Domain>
typename ExactSearch<Domain>::Stop ExactSearch<Domain>::search() {
    const int root_branch = branch_cell_;
    if (options_.probing && options_.unprobed_nodes > 0) {
        probe_nodes_ = false;
        pass_start_ = result_.stats.nodes;
        stack_.push_back(frame_for(root_branch, pool_[0]));
        const Stop first = depth_first();
        if (first != Stop::unprobed_done) return first;
        stack_.clear();
        result_.solutions.clear();
    }
    probe_nodes_ = true;
    pass_start_ = result_.stats.nodes;
    stack_.push_back(frame_for(root_branch, pool_[0]));
    return depth_first();
}

template <CellDomain Domain>
typename ExactSearch<Domain>::Stop ExactSearch<Domain>::depth_first() {
    while (!stack_.empty()) {
        Frame& top = stack_.back();
        if (top.left == 0) {
            stack_.pop_back();
            continue;
        }
        const auto value = Domain::value_of(std::countr_zero(top.left));
        top.left &= top.left - 1;
        const int cell = top.cell;
        if (const Stop s = before_node(); s != Stop::none) return s;
        State& state = child(cell, value);
        switch (explore(state, cell)) {
            case NodeOutcome::out_of_time:
                return Stop::cut_short;
            case NodeOutcome::contradiction:
                ++result_.stats.failures;
                break;
            case NodeOutcome::complete:
                if (add_solution(state)) return Stop::cut_short;
                break;
            case NodeOutcome::branch:
                stack_.push_back(frame_for(branch_cell_, state));  // `top` is stale from here on
                break;
        }
    }
    return Stop::exhausted;
}

// Every node tried counts, including the one a limit stops before it is
// explored (the stats have always counted it; grade.cpp reads a count past
// the limit as "the limit stopped it"). A node costs at least a state copy
// and a propagation, far more than reading the clock, so the budget is
// checked on every one.
template <CellDomain Domain>
typename ExactSearch<Domain>::Stop ExactSearch<Domain>::before_node() {
    const std::uint64_t done = result_.stats.nodes++;
    if (options_.node_limit && done >= options_.node_limit) return Stop::cut_short;
    // The budgets of the passes count the pass's own nodes.
    const std::uint64_t in_pass = done - pass_start_;
    if (!probe_nodes_ && in_pass >= options_.unprobed_nodes) return Stop::unprobed_done;
    if (search_first_ && probe_nodes_ && in_pass >= kSearchFirstNodes) return Stop::over_budget;
    if (done == kFullCacheAfterNodes) prop_.enable_cache(18);  // a real tree: the full-size cache
    if (budget_.expired()) return Stop::cut_short;
    const int depth = static_cast<int>(stack_.size());
    if (depth > result_.stats.max_depth) result_.stats.max_depth = depth;
    return Stop::none;
}

template <CellDomain Domain>
typename ExactSearch<Domain>::State& ExactSearch<Domain>::child(int cell,
                                                                typename Domain::Value value) {
    const size_t depth = stack_.size();
    if (pool_.size() <= depth) pool_.resize(depth + 1);
    pool_[depth] = pool_[depth - 1];  // copy-assignment reuses the slot's buffer
    State& state = pool_[depth];
    assert(!Domain::decided(Domain::cells(state)[cell]));  // a branch decides an open cell
    Domain::cells(state)[cell] = value;
    return state;
}

template <CellDomain Domain>
typename ExactSearch<Domain>::NodeOutcome ExactSearch<Domain>::explore(State& state, int cell) {
    prop_.note_change(cell);
    const Propagation p = prop_.run(state, budget_, /*all_dirty=*/false);
    if (p == Propagation::out_of_time) return NodeOutcome::out_of_time;
    if (p == Propagation::contradiction) return NodeOutcome::contradiction;
    return close(state, /*at_node=*/true);
}

template <CellDomain Domain>
bool ExactSearch<Domain>::add_solution(const State& state) {
    Grid grid = Domain::to_grid(state, width_, height_);
    assert(grid.complete());  // a solved node has one value per cell
    assert(is_new_solution(puzzle_, result_.solutions, grid));
    result_.solutions.push_back(std::move(grid));
    return static_cast<int>(result_.solutions.size()) >= options_.max_solutions;
}

// --- CaDiCaL and the end ----------------------------------------------------

// CaDiCaL gets the probed root (pool_[0]) before any search, so it has the
// whole residual puzzle and nothing found so far to block; its UNSAT answer
// proves there is nothing more.
template <CellDomain Domain>
ExactResult ExactSearch<Domain>::hand_off_to_sat() {
    SatOutcome out;
    {
        const PhaseClock clock(result_.stats.sat_seconds);
        out = Domain::sat(puzzle_, pool_[0], options_.max_solutions, budget_, options_.sat);
    }
    result_.stats.sat_calls += out.calls;
    for (Grid& g : out.solutions) {
        assert(is_new_solution(puzzle_, result_.solutions, g));
        result_.solutions.push_back(std::move(g));
    }
    return finish(out.exhausted);
}

template <CellDomain Domain>
ExactResult ExactSearch<Domain>::finish(bool exhausted) {
    result_.exhausted = exhausted;
    result_.stats.line_solves = prop_.line_solves();
    result_.stats.line_seconds = prop_.seconds();
    result_.stats.cache_hits = prop_.cache_hits();
    result_.stats.probes = prober_.probes();
    result_.stats.probe_forced = prober_.forced();
    result_.status = exact_verdict(result_, options_.max_solutions);
    return std::move(result_);
}

template class ExactSearch<BinaryDomain>;
template class ExactSearch<ColourDomain>;
template Propagation propagate_root<BinaryDomain>(Propagator&, Grid&, int, const Budget&, int&);
template Propagation propagate_root<ColourDomain>(ColourPropagator&, ColourDomain::State&, int,
                                                  const Budget&, int&);

}  // namespace nonolab::exact

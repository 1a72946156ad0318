#include "exact/exact_search.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <utility>

#include "exact/cube_split.hpp"
#include "exact/phase_clock.hpp"
#include "exact/sat_search.hpp"

namespace nonolab::exact {

namespace {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

// When CaDiCaL takes over, stated once: the number of branch nodes the
// probing search explores first (0 = straight after root probing), or
// kNever. A node limit bounds the probing search; CaDiCaL's work is not
// counted in nodes, so under a node limit the auto engine stays with search
// and the limit bounds the whole run. Without CaDiCaL in the build every
// engine is the search.
std::uint64_t sat_after(const ExactOptions& o) {
    if (!sat_available()) return kNever;
    switch (o.engine) {
        case Engine::sat:
            return 0;
        case Engine::automatic:
            return o.node_limit == 0 ? o.sat_after_nodes : kNever;
        case Engine::search:
            break;
    }
    return kNever;
}

}  // namespace

ExactSearch::ExactSearch(const Puzzle& puzzle, const ExactOptions& options,
                         const std::atomic<bool>* cancel, const Grid* start)
    : puzzle_(puzzle),
      options_(options),
      start_(start),
      cancel_(cancel),
      width_(puzzle.width()),
      prop_(puzzle),
      prober_(prop_, options.probe_scope),
      budget_(options.timeout_seconds, cancel),
      sat_after_(sat_after(options)) {
    prop_.set_quick_exits(options.quick_line_exits);
}

ExactResult ExactSearch::run() {
    pool_.assign(1, start_ ? *start_ : Grid(puzzle_.width(), puzzle_.height(), kUnknown));
    switch (close_root()) {
        case NodeOutcome::out_of_time:
            return finish(false);
        case NodeOutcome::contradiction:
            return finish(true);
        case NodeOutcome::complete:
            result_.solutions.push_back(pool_[0]);
            return finish(true);
        case NodeOutcome::branch:
            break;
    }
    // With the order encoding, CaDiCaL straight after root probing beat
    // every later hand-over on TAAI 2011 and the survey, in first-solution
    // and uniqueness mode (docs/results/exact.md), hence sat_after_nodes 0.
    if (sat_due(0)) return hand_off_to_sat();
    prop_.enable_cache(18);  // a search tree: the full-size line cache
    stack_.push_back({branch_cell_, 0});
    switch (depth_first()) {
        case Stop::exhausted:
            return finish(true);
        case Stop::hand_off:
            return hand_off_to_sat();
        case Stop::none:
        case Stop::cut_short:
            break;
    }
    return finish(false);
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
    if (sat_due(done)) return Stop::hand_off;
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
    result_.solutions.push_back(grid);
    return static_cast<int>(result_.solutions.size()) >= options_.max_solutions;
}

// --- CaDiCaL and the end ----------------------------------------------------

// CaDiCaL gets the probed root (pool_[0]), not the node the search was at:
// the subtrees already exhausted are not described to it, but the solutions
// found so far are blocked, so none is counted twice, and its UNSAT answer
// proves there is nothing more.
ExactResult ExactSearch::hand_off_to_sat() {
    const int wanted = options_.max_solutions - static_cast<int>(result_.solutions.size());
    std::optional<SatSearch> sat;
    SatOutcome out;
    {
        const PhaseClock clock(result_.stats.sat_seconds);
        sat.emplace(puzzle_, pool_[0], result_.solutions, options_.sat);
        out =
            sat->run(wanted, budget_, nullptr, options_.cube_after > 0 ? options_.cube_after : -1);
    }
    take(out);
    if (!out.limited) return finish(out.exhausted);
    return finish(sat_by_cubes(*sat));
}

// The idea (issue 20, item 1): on the slow boards with several solutions,
// `--split` cubes taken in turn reached a second solution early
// (docs/results/exact.md, "Cube and conquer"), so split only the runs that
// prove slow. Measured, it does not pay on the tournament files (same file,
// "Issue 20, item 1: what was tried"), hence cube_after = 0. The cubes are those of
// --split (disjoint, covering every solution below the root, cube_split.hpp);
// the solver stays warm, so what it learnt before and in earlier cubes holds
// in later ones. Solutions are blocked as they are found, so none counts
// twice, and the search is exhausted only when every cube is. With
// cube_fresh each cube gets a new solver instead, built from the cube's
// probed grid: a smaller formula, but nothing learnt carries over.
bool ExactSearch::sat_by_cubes(SatSearch& sat) {
    ExactOptions o = options_;
    if (o.timeout_seconds > 0) o.timeout_seconds = std::max(budget_.remaining(), 1e-9);
    const CubeSet set = make_cubes(puzzle_, o, options_.cube_depth, cancel_, &pool_[0]);
    result_.stats.probes += set.stats.probes;
    result_.stats.probe_forced += set.stats.probe_forced;
    if (set.decided) return set.decided->exhausted;  // all refuted (a proof), or the clock
    for (const Grid& cube : set.cubes) {
        const int wanted = options_.max_solutions - static_cast<int>(result_.solutions.size());
        if (wanted <= 0) return false;  // enough found: cut short, as for one run
        SatOutcome out;
        ++result_.stats.sat_cubes;
        {
            const PhaseClock clock(result_.stats.sat_seconds);
            out =
                options_.cube_fresh
                    ? SatSearch(puzzle_, cube, result_.solutions, options_.sat).run(wanted, budget_)
                    : sat.run(wanted, budget_, &cube);
        }
        take(out);
        if (!out.exhausted) return false;  // the clock, or the solution limit
    }
    return true;
}

void ExactSearch::take(SatOutcome& out) {
    result_.stats.sat_calls += out.calls;
    for (Grid& g : out.solutions) result_.solutions.push_back(std::move(g));
    out.solutions.clear();
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

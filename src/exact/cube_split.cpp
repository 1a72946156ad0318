#include "exact/cube_split.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "core/budget.hpp"
#include "exact/exact_search.hpp"
#include "exact/prober.hpp"
#include "exact/propagator.hpp"

namespace nonolab::exact {

namespace {

constexpr int kMaxDepth = 20;  // 2^20 cubes is far beyond any machine we feed

OptionTable<SplitOptions> build() {
    return OptionTable<SplitOptions>("split").integer(
        "split", [](auto& o) -> auto& { return o.depth; }, 0, kMaxDepth,
        "cube and conquer: split the search of each puzzle into up to 2^D cubes on the "
        "prober's best cells and solve the cubes on --threads threads or MPI ranks (0 = no "
        "split); verdicts are those of one process");
}

/// A node of the splitting tree: a closed grid and the cell to split it on
/// (-1 when the grid is complete).
struct Node {
    Grid grid;
    int cell = -1;
};

/// The splitting's work, in ExactStats' terms.
void note_work(ExactStats& s, const Propagator& prop, const Prober& prober) {
    s.line_solves = prop.line_solves();
    s.cache_hits = prop.cache_hits();
    s.probes = prober.probes();
    s.probe_forced = prober.forced();
}

void add_stats(ExactStats& a, const ExactStats& b) {
    a.nodes += b.nodes;
    a.line_solves += b.line_solves;
    a.cache_hits += b.cache_hits;
    a.failures += b.failures;
    a.max_depth = std::max(a.max_depth, b.max_depth);
    a.probes += b.probes;
    a.probe_forced += b.probe_forced;
    a.sat_calls += b.sat_calls;
}

/// The verdict the splitting reached on its own (no cube needed).
ExactResult decided(std::vector<Grid> solutions, bool exhausted, const ExactOptions& o) {
    ExactResult r;
    r.solutions = std::move(solutions);
    r.exhausted = exhausted;
    r.status = exact_verdict(r, o.max_solutions);
    return r;
}

/// Propagation (from the dirty lines, or all of them), then probing.
ProbeResult settle(Propagator& prop, Prober& prober, Grid& grid, const Budget& budget,
                   bool all_dirty) {
    const Propagation p = prop.run(grid, budget, all_dirty);
    if (p == Propagation::out_of_time) return ProbeResult::out_of_time;
    if (p == Propagation::contradiction) return ProbeResult::contradiction;
    return prober.run(grid, budget);
}

/// One level down: both children of every open node, closed; refuted ones
/// are counted in `dropped`. False when the clock ran out.
bool split_level(std::vector<Node>& level, Propagator& prop, Prober& prober, const Budget& budget,
                 int& dropped) {
    std::vector<Node> next;
    for (Node& n : level) {
        if (n.cell < 0) {  // complete: stays a cube of its own
            next.push_back(std::move(n));
            continue;
        }
        for (const Cell value : {kFilled, kEmpty}) {
            Node child{n.grid, -1};
            child.grid.cells()[n.cell] = value;
            prop.note_change(n.cell);
            const ProbeResult r = settle(prop, prober, child.grid, budget, false);
            if (r == ProbeResult::out_of_time) return false;
            if (r == ProbeResult::contradiction) {
                ++dropped;
                continue;
            }
            child.cell = prober.best_cell();
            next.push_back(std::move(child));
        }
    }
    level = std::move(next);
    return true;
}

}  // namespace

const OptionTable<SplitOptions>& split_option_table() {
    static const OptionTable<SplitOptions> table = build();
    return table;
}

CubeSet make_cubes(const Puzzle& puzzle, const ExactOptions& options, int depth,
                   const std::atomic<bool>* cancel) {
    if (depth < 0 || depth > kMaxDepth)
        throw std::invalid_argument("split depth must be in [0, " + std::to_string(kMaxDepth) +
                                    "], got " + std::to_string(depth));
    if (!puzzle.black_and_white())
        throw std::invalid_argument("--split works on black-and-white puzzles only so far");
    CubeSet set;
    Propagator prop(puzzle);
    Prober prober(prop);
    const Budget budget(options.timeout_seconds, cancel);

    // The engine's root step (exact_search.hpp), with probing even when the
    // options turn it off: the prober is what picks the split cells.
    std::vector<Node> level(1, Node{Grid(puzzle.width(), puzzle.height(), kUnknown), -1});
    Grid& root = level[0].grid;
    const Propagation p =
        propagate_root(prop, root, puzzle.width() * puzzle.height(), budget, set.root_unknown);
    ProbeResult r = p == Propagation::out_of_time     ? ProbeResult::out_of_time
                    : p == Propagation::contradiction ? ProbeResult::contradiction
                                                      : ProbeResult::closed;
    if (r == ProbeResult::closed && set.root_unknown > 0) r = prober.run(root, budget);
    bool in_time = r != ProbeResult::out_of_time;
    if (r == ProbeResult::contradiction) set.decided = decided({}, true, options);
    if (r == ProbeResult::closed && root.unknown_count() == 0)
        set.decided = decided({root}, true, options);
    if (r == ProbeResult::closed && !set.decided) {
        level[0].cell = prober.best_cell();
        if (depth > 0) prop.enable_cache(18);
        for (int d = 0; d < depth && in_time && !level.empty(); ++d)
            in_time = split_level(level, prop, prober, budget, set.dropped);
        if (in_time && level.empty()) set.decided = decided({}, true, options);  // all refuted
    }
    if (!in_time) set.decided = decided({}, false, options);  // the clock: timeout
    if (!set.decided)
        for (Node& n : level) set.cubes.push_back(std::move(n.grid));
    note_work(set.stats, prop, prober);
    if (set.decided) {
        set.decided->stats = set.stats;
        set.decided->stats.root_unknown = set.root_unknown;
    }
    return set;
}

ExactResult solve_cube(const Puzzle& puzzle, const Grid& cube, const ExactOptions& options,
                       const std::atomic<bool>* cancel) {
    options.validate();
    if (cube.width() != puzzle.width() || cube.height() != puzzle.height())
        throw std::invalid_argument("solve_cube: the cube is not the puzzle's size");
    return ExactSearch<BinaryDomain>(puzzle, options, cancel, &cube).run();
}

ExactResult merge_cubes(const CubeSet& set, const std::vector<std::optional<ExactResult>>& parts,
                        int max_solutions) {
    if (set.decided) return *set.decided;
    if (parts.size() != set.cubes.size())
        throw std::invalid_argument("merge_cubes: " + std::to_string(parts.size()) +
                                    " results for " + std::to_string(set.cubes.size()) + " cubes");
    ExactResult out;
    out.stats = set.stats;
    bool every_cube_exhausted = true;
    std::size_t found = 0;
    for (const auto& part : parts) {
        if (!part) {
            every_cube_exhausted = false;
            continue;
        }
        every_cube_exhausted = every_cube_exhausted && part->exhausted;
        found += part->solutions.size();
        for (const Grid& g : part->solutions)
            if (static_cast<int>(out.solutions.size()) < max_solutions) out.solutions.push_back(g);
        add_stats(out.stats, part->stats);
    }
    out.stats.root_unknown = set.root_unknown;
    // Reaching the limit is a cut-short run, as for one process.
    out.exhausted = every_cube_exhausted && found < static_cast<std::size_t>(max_solutions);
    out.status = exact_verdict(out, max_solutions);
    return out;
}

ExactResult solve_split(const Puzzle& puzzle, const ExactOptions& options, int depth,
                        const std::atomic<bool>* cancel) {
    options.validate();
    const Budget budget(options.timeout_seconds, cancel);
    const CubeSet set = make_cubes(puzzle, options, depth, cancel);
    std::vector<std::optional<ExactResult>> parts(set.cubes.size());
    std::size_t found = 0;
    for (std::size_t i = 0; i < set.cubes.size(); ++i) {
        if (found >= static_cast<std::size_t>(options.max_solutions) || budget.expired()) break;
        ExactOptions o = options;
        o.timeout_seconds = budget.remaining();
        parts[i] = solve_cube(puzzle, set.cubes[i], o, cancel);
        found += parts[i]->solutions.size();
    }
    return merge_cubes(set, parts, options.max_solutions);
}

}  // namespace nonolab::exact

#include "exact/grade.hpp"

#include <algorithm>

#include "core/budget.hpp"
#include "core/clue_contradiction.hpp"
#include "exact/exact_solver.hpp"
#include "exact/prober.hpp"
#include "exact/propagator.hpp"

namespace nonolab::exact {

namespace {

/// Branch nodes of probing search the grade runs before CaDiCaL decides.
constexpr std::uint64_t kGradeNodes = 64;

/// What is left of the grading budget for one more solve_exact call.
double remaining_seconds(const GradeOptions& options, const Budget& budget) {
    return options.timeout_seconds > 0 ? std::max(1e-3, options.timeout_seconds - budget.elapsed())
                                       : 0;
}

/// Stage 3, shared by both kinds of puzzle: the exact solver.
GradeResult& search_stage(const Puzzle& puzzle, const GradeOptions& options, const Budget& budget,
                          const std::atomic<bool>* cancel, GradeResult& g) {
    g.difficulty = Difficulty::search;
    if (!options.search) {
        g.status = Status::unsolved;
        return g;
    }
    ExactOptions eo;
    eo.max_solutions = options.max_solutions;
    // The reported nodes are those of probing search at every node, the
    // measure the grades were set on, not the solver's cheaper first pass.
    eo.unprobed_nodes = 0;
    // The grade reports how much search a puzzle needs, so on black and
    // white probing search runs first, up to kGradeNodes nodes (the reported
    // count), and only a search that limit stops goes to CaDiCaL. Colour
    // puzzles, and every puzzle without CaDiCaL, run the search to its end.
    const bool sat_later = puzzle.black_and_white() && sat_available();
    if (sat_later) {
        eo.engine = Engine::search;
        eo.node_limit = kGradeNodes;
    }
    eo.timeout_seconds = remaining_seconds(options, budget);
    ExactResult r = solve_exact(puzzle, eo, cancel);
    g.nodes = r.stats.nodes;
    g.max_depth = r.stats.max_depth;
    // The node that hits the limit is counted, so more than kGradeNodes
    // nodes means the limit stopped the search (not the clock, nor the
    // solution limit): CaDiCaL then settles the puzzle from its probed root.
    if (sat_later && r.stats.nodes > kGradeNodes) {
        eo.engine = Engine::sat;
        eo.node_limit = 0;
        eo.timeout_seconds = remaining_seconds(options, budget);
        r = solve_exact(puzzle, eo, cancel);
    }
    g.status = r.status;
    g.solutions = r.solutions;
    g.sat_calls = r.stats.sat_calls;
    return g;
}

/// Stages 1 and 2 on one cell domain: line solving, then probing, from the
/// open state. True when search is needed; false when the grade is settled
/// here (logic completed or refuted the grid, or the clock ran out, which
/// leaves the grade unknown).
template <CellDomain Domain>
bool logic_stages(const Puzzle& puzzle, const GradeOptions& options, const Budget& budget,
                  GradeResult& g) {
    BasicPropagator<Domain> prop(puzzle);
    typename Domain::State state = Domain::open_state(puzzle);
    auto decided = [&] {
        g.logic_grid = Domain::to_grid(state, puzzle.width(), puzzle.height());
        return g.cells - g.logic_grid.unknown_count();
    };
    auto settle = [&](Difficulty d, Status s) {
        g.difficulty = d;
        g.status = s;
        if (s == Status::unique) g.solutions.push_back(g.logic_grid);
        return false;
    };

    // Stage 1: line solving.
    const Propagation p = prop.run(state, budget, /*all_dirty=*/true);
    if (p == Propagation::out_of_time) return false;
    if (p == Propagation::contradiction)
        return settle(Difficulty::contradiction, Status::contradiction);
    g.line_cells = decided();
    if (g.logic_grid.complete()) return settle(Difficulty::line, Status::unique);
    if (!options.probing) return true;

    // Stage 2: probing.
    prop.enable_cache();
    BasicProber<Domain> prober(prop);
    const ProbeResult r = prober.run(state, budget);
    if (r == ProbeResult::out_of_time) return false;
    if (r == ProbeResult::contradiction)
        return settle(Difficulty::contradiction, Status::contradiction);
    g.probe_cells = decided() - g.line_cells;
    if (g.logic_grid.complete()) return settle(Difficulty::probing, Status::unique);
    return true;
}

}  // namespace

GradeResult grade(const Puzzle& puzzle, const GradeOptions& options,
                  const std::atomic<bool>* cancel) {
    if (std::string why = clue_contradiction(puzzle); !why.empty()) {
        GradeResult g;
        g.cells = puzzle.width() * puzzle.height();
        g.logic_grid = Grid(puzzle.width(), puzzle.height(), kUnknown);
        g.difficulty = Difficulty::contradiction;
        g.status = Status::contradiction;
        g.reason = std::move(why);
        return g;
    }
    const Budget budget(options.timeout_seconds, cancel);
    GradeResult g;
    g.cells = puzzle.width() * puzzle.height();
    g.logic_grid = Grid(puzzle.width(), puzzle.height(), kUnknown);
    const bool needs_search = puzzle.black_and_white()
                                  ? logic_stages<BinaryDomain>(puzzle, options, budget, g)
                                  : logic_stages<ColourDomain>(puzzle, options, budget, g);
    if (!needs_search) return g;

    // Stage 3: search.
    return search_stage(puzzle, options, budget, cancel, g);
}

}  // namespace nonolab::exact

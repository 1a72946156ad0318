#include "exact/grade.hpp"

#include <limits>
#include <utility>

#include "core/clue_contradiction.hpp"
#include "exact/exact_search.hpp"

namespace nonolab::exact {

namespace {

/// The engine's root step, watched: stages 1 and 2 are what ExactSearch
/// does at its root (exact_search.hpp, step 1), so the grade reads them off
/// the run that goes on to stage 3 instead of running them twice.
template <CellDomain Domain>
class StageWatch final : public RootWatch<Domain> {
  public:
    StageWatch(const Puzzle& puzzle, const GradeOptions& options, GradeResult& g)
        : puzzle_(puzzle), options_(options), g_(g) {}

    int stages_seen = 0;   ///< 1 after line solving, 2 after probing
    bool settled = false;  ///< logic settled the grade; the run was stopped

    // Stage 1: line solving.
    bool propagated(const typename Domain::State& root) override {
        stages_seen = 1;
        g_.line_cells = decided(root);
        if (g_.logic_grid.complete()) return settle(Difficulty::line);
        // Without stage 2 the engine's probing is stage 3's first step.
        return options_.probing || options_.search;
    }

    // Stage 2: probing. With probing off in the grade the engine still
    // probes its root, as part of stage 3, and this is not called for it.
    bool probed(const typename Domain::State& root) override {
        if (!options_.probing) return true;
        stages_seen = 2;
        g_.probe_cells = decided(root) - g_.line_cells;
        if (g_.logic_grid.complete()) return settle(Difficulty::probing);
        return options_.search;
    }

  private:
    int decided(const typename Domain::State& root) {
        g_.logic_grid = Domain::to_grid(root, puzzle_.width(), puzzle_.height());
        return g_.cells - g_.logic_grid.unknown_count();
    }
    // Sound logic completed the grid: it is the only candidate.
    bool settle(Difficulty d) {
        g_.difficulty = d;
        g_.status = Status::unique;
        g_.solutions.push_back(g_.logic_grid);
        settled = true;
        return false;
    }

    const Puzzle& puzzle_;
    const GradeOptions& options_;
    GradeResult& g_;
};

/// The whole grade on one cell domain: one engine run, watched at its root.
template <CellDomain Domain>
void grade_on(const Puzzle& puzzle, const GradeOptions& options, const std::atomic<bool>* cancel,
              GradeResult& g) {
    ExactOptions eo;
    eo.max_solutions = options.max_solutions;
    eo.timeout_seconds = options.timeout_seconds;
    // The reported nodes are those of probing search at every node, the
    // measure the grades were set on, not the solver's cheaper first pass.
    eo.unprobed_nodes = 0;
    // The grade reports how much search a puzzle needs, so probing search
    // always runs first, and only one that passes 64 nodes goes to CaDiCaL
    // (on black and white with CaDiCaL; the auto engine's search-first
    // rule, for every puzzle). Colour puzzles, and every puzzle without
    // CaDiCaL, run the search to its end.
    eo.search_first_cells = std::numeric_limits<int>::max();
    StageWatch<Domain> watch(puzzle, options, g);
    ExactResult r = ExactSearch<Domain>(puzzle, eo, cancel, nullptr, &watch).run();
    if (watch.settled) return;
    const int last_logic_stage = options.probing ? 2 : 1;
    if (r.status == Status::contradiction && watch.stages_seen < last_logic_stage) {
        g.difficulty = Difficulty::contradiction;  // logic refuted the grid
        g.status = Status::contradiction;
        return;
    }
    if (watch.stages_seen < last_logic_stage) return;  // out of time: the grade is unknown
    // Stage 3: search (or logic only: the watch stopped the run).
    g.difficulty = Difficulty::search;
    if (!options.search) {
        g.status = Status::unsolved;
        return;
    }
    g.nodes = r.stats.nodes;
    g.max_depth = r.stats.max_depth;
    g.sat_calls = r.stats.sat_calls;
    g.status = r.status;
    g.solutions = std::move(r.solutions);
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
    GradeResult g;
    g.cells = puzzle.width() * puzzle.height();
    g.logic_grid = Grid(puzzle.width(), puzzle.height(), kUnknown);
    if (puzzle.black_and_white())
        grade_on<BinaryDomain>(puzzle, options, cancel, g);
    else
        grade_on<ColourDomain>(puzzle, options, cancel, g);
    return g;
}

}  // namespace nonolab::exact

#include "exact/colour_search.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/budget.hpp"
#include "exact/colour_sat.hpp"
#include "exact/phase_clock.hpp"
#include "exact/search_invariants.hpp"
#include "line/colour_line_solver.hpp"

namespace nonolab::exact {

namespace {

using Mask = std::uint64_t;       ///< bit c: palette colour c still possible
using State = std::vector<Mask>;  ///< one mask per cell, row-major

bool decided(Mask m) {
    return std::has_single_bit(m);
}

/// Line solves between two looks at the clock (a look costs tens of ns).
constexpr unsigned kClockEvery = 64;

class ColourSearch {
  public:
    ColourSearch(const Puzzle& puzzle, const ExactOptions& options,
                 const std::atomic<bool>* cancel);
    ExactResult run();
    ColourLogic logic();  ///< the root only: propagation, and probing if the options say so

  private:
    enum class Outcome { branch, complete, contradiction, out_of_time };

    // --- closing a node ---------------------------------------------------
    Outcome close(State& s);   ///< propagate, then probe; sets branch_cell_
    bool propagate(State& s);  ///< false: contradiction, or out of time (out_of_time_)
    bool probe(State& s);      ///< false as propagate()
    bool solve_line(State& s, int line);
    static bool matches(const Clue& clue, const std::vector<Mask>& cells);
    bool probe_cell(State& s, int cell, bool& changed);  ///< false as propagate()
    int fewest_colours_cell(const State& s) const;       ///< -1 when every cell is decided
    void mark_cell(int cell);                            ///< queues its row and column
    void mark_all();
    bool hand_off_to_sat() const;        ///< CaDiCaL after the root (--engine sat)
    ExactResult sat(const State& root);  ///< the rest of the run on CaDiCaL (colour_sat.hpp)
    // --- depth first --------------------------------------------------------
    bool search(const State& s, int depth);  ///< true: stop the run (a limit)
    bool add_solution(const State& s);       ///< true: the solution limit is reached
    ExactResult finish(bool exhausted);

    const Puzzle& puzzle_;
    const ExactOptions& options_;
    const int width_, height_, cells_;
    const Budget budget_;
    line::ColourLineSolver solver_;
    ExactResult result_;
    std::deque<int> queue_;  ///< dirty lines (rows 0..h-1, columns h..h+w-1), first in first out
    std::vector<std::uint8_t> queued_;  ///< per line: already in queue_
    std::vector<Mask> line_;            ///< one line's masks, copied out of the state
    State trial_, union_;               ///< probe_cell() scratch
    std::deque<State> pool_;  ///< pool_[d]: the child at depth d (deque: stable references)
    int branch_cell_ = -1;
    bool out_of_time_ = false;
    bool cut_short_ = false;
    unsigned since_clock_ = 0;
};

ColourSearch::ColourSearch(const Puzzle& puzzle, const ExactOptions& options,
                           const std::atomic<bool>* cancel)
    : puzzle_(puzzle),
      options_(options),
      width_(puzzle.width()),
      height_(puzzle.height()),
      cells_(puzzle.width() * puzzle.height()),
      budget_(options.timeout_seconds, cancel),
      queued_(static_cast<std::size_t>(puzzle.width() + puzzle.height()), 0) {}

ExactResult ColourSearch::run() {
    const int colours = static_cast<int>(puzzle_.palette().size());
    const Mask all = colours == 64 ? ~Mask{0} : (Mask{1} << colours) - 1;
    State root(static_cast<std::size_t>(cells_), all);
    mark_all();
    if (!propagate(root)) return finish(!out_of_time_);
    result_.stats.root_unknown = static_cast<int>(
        std::count_if(root.begin(), root.end(), [](Mask m) { return !decided(m); }));
    switch (close(root)) {
        case Outcome::contradiction:
            return finish(true);
        case Outcome::out_of_time:
            return finish(false);
        case Outcome::complete:
            add_solution(root);
            return finish(true);
        case Outcome::branch:
            break;
    }
    if (hand_off_to_sat()) return sat(root);
    const bool stopped = search(root, 0);
    return finish(!stopped);
}

// As for black and white (exact_search.cpp): CaDiCaL right after root
// probing with --engine sat. The auto engine keeps the colour search: on
// the colour sets we have it was the faster of the two (docs/results/colour.md).
bool ColourSearch::hand_off_to_sat() const {
    return options_.engine == Engine::sat && sat_available();
}

ExactResult ColourSearch::sat(const State& root) {
    SatOutcome o;
    {
        const PhaseClock clock(result_.stats.sat_seconds);
        o = colour_sat_search(puzzle_, root, options_.max_solutions, budget_, options_.sat);
    }
    result_.stats.sat_calls += o.calls;
    for (Grid& g : o.solutions) {
        assert(is_new_solution(puzzle_, result_.solutions, g));
        result_.solutions.push_back(std::move(g));
    }
    out_of_time_ = out_of_time_ || o.out_of_time;
    return finish(o.exhausted);
}

ColourLogic ColourSearch::logic() {
    const int colours = static_cast<int>(puzzle_.palette().size());
    State root(static_cast<std::size_t>(cells_),
               colours == 64 ? ~Mask{0} : (Mask{1} << colours) - 1);
    mark_all();
    ColourLogic out;
    switch (close(root)) {
        case Outcome::contradiction:
            out.status = Status::contradiction;
            return out;
        case Outcome::out_of_time:
            return out;
        case Outcome::complete:
            out.status = Status::unique;
            break;
        case Outcome::branch:
            out.status = Status::unsolved;
            break;
    }
    out.grid = Grid(width_, height_, kUnknown);
    for (int cell = 0; cell < cells_; ++cell)
        if (decided(root[cell]))
            out.grid.cells()[cell] = static_cast<Cell>(std::countr_zero(root[cell]));
    return out;
}

// ---- closing a node -----------------------------------------------------------

ColourSearch::Outcome ColourSearch::close(State& s) {
    if (!propagate(s)) return out_of_time_ ? Outcome::out_of_time : Outcome::contradiction;
    if (options_.probing && !probe(s))
        return out_of_time_ ? Outcome::out_of_time : Outcome::contradiction;
    branch_cell_ = fewest_colours_cell(s);
    return branch_cell_ < 0 ? Outcome::complete : Outcome::branch;
}

// Probing passes until no cell changes; false as propagate(). Its time,
// minus the propagations inside it, is the stats' probe_seconds.
bool ColourSearch::probe(State& s) {
    const double line_before = result_.stats.line_seconds;
    double probing = 0;
    bool ok = true;
    {
        const PhaseClock clock(probing);
        for (bool changed = true; changed && ok;) {
            changed = false;
            for (int cell = 0; cell < cells_ && ok; ++cell)
                if (!decided(s[cell])) ok = probe_cell(s, cell, changed);
        }
    }
    result_.stats.probe_seconds += probing - (result_.stats.line_seconds - line_before);
    return ok;
}

bool ColourSearch::propagate(State& s) {
    const PhaseClock clock(result_.stats.line_seconds);
    while (!queue_.empty()) {
        const int line = queue_.front();
        queue_.pop_front();
        queued_[line] = 0;
        if (++since_clock_ >= kClockEvery) {
            since_clock_ = 0;
            if (budget_.expired()) out_of_time_ = true;
        }
        if (out_of_time_ || !solve_line(s, line)) {
            for (int l : queue_) queued_[l] = 0;
            queue_.clear();
            return false;
        }
    }
    return true;
}

bool ColourSearch::solve_line(State& s, int line) {
    ++result_.stats.line_solves;
    const bool row = line < height_;
    const int n = row ? width_ : height_;
    const int first = row ? line * width_ : line - height_;  // cell index of the line's start
    const int step = row ? 1 : width_;
    line_.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) line_[i] = s[first + i * step];
    const Clue& clue = row ? puzzle_.row(line) : puzzle_.column(line - height_);
    // A line whose every cell is decided has nothing left to deduce: reading
    // its runs off and comparing with the clue is a fraction of a DP.
    if (std::all_of(line_.begin(), line_.end(), decided)) return matches(clue, line_);
    if (!solver_.solve(clue, line_)) return false;
    for (int i = 0; i < n; ++i) {
        Mask& cell = s[first + i * step];
        if (cell == line_[i]) continue;
        cell = line_[i];
        const int cross = row ? height_ + i : i;  // the column (or row) through this cell
        if (!queued_[cross]) {
            queued_[cross] = 1;
            queue_.push_back(cross);
        }
    }
    return true;
}

// Whether decided cells (one bit each) spell exactly `clue`'s runs.
bool ColourSearch::matches(const Clue& clue, const std::vector<Mask>& cells) {
    std::size_t run = 0;
    for (std::size_t i = 0; i < cells.size();) {
        const int colour = std::countr_zero(cells[i]);
        std::size_t end = i + 1;
        while (end < cells.size() && cells[end] == cells[i]) ++end;
        if (colour != 0) {
            if (run == clue.size() || clue[run].colour != colour ||
                clue[run].length != static_cast<int>(end - i))
                return false;
            ++run;
        }
        i = end;
    }
    return run == clue.size();
}

// Each colour of `cell` alone, propagated on a copy. A colour whose copy fails
// is impossible; and in every solution the cell takes one of the surviving
// colours, so every other cell keeps only the colours some surviving copy
// left it: the union over the copies, intersected with what it had.
bool ColourSearch::probe_cell(State& s, int cell, bool& changed) {
    ++result_.stats.probes;
    union_.assign(s.size(), 0);
    bool survived = false;
    for (Mask m = s[cell]; m; m &= m - 1) {
        trial_ = s;
        trial_[cell] = m & -m;  // the lowest colour still in m
        mark_cell(cell);
        if (propagate(trial_)) {
            survived = true;
            for (std::size_t i = 0; i < s.size(); ++i) union_[i] |= trial_[i];
        } else if (out_of_time_) {
            return false;
        }
    }
    if (!survived) return false;
    bool narrowed = false;
    for (int i = 0; i < cells_; ++i) {
        const Mask kept = s[i] & union_[i];
        if (kept == s[i]) continue;
        s[i] = kept;
        mark_cell(i);
        narrowed = true;
    }
    if (!narrowed) return true;
    ++result_.stats.probe_forced;
    changed = true;
    return propagate(s);
}

int ColourSearch::fewest_colours_cell(const State& s) const {
    int best = -1, best_count = 65;
    for (int cell = 0; cell < cells_; ++cell) {
        const int count = std::popcount(s[cell]);
        if (count > 1 && count < best_count) {
            best = cell;
            best_count = count;
            if (count == 2) break;  // cannot do better
        }
    }
    return best;
}

void ColourSearch::mark_cell(int cell) {
    const int r = cell / width_, c = cell % width_;
    for (int line : {r, height_ + c}) {
        if (queued_[line]) continue;
        queued_[line] = 1;
        queue_.push_back(line);
    }
}

void ColourSearch::mark_all() {
    for (int line = width_ + height_ - 1; line >= 0; --line) {
        if (queued_[line]) continue;
        queued_[line] = 1;
        queue_.push_back(line);
    }
}

// ---- depth first ----------------------------------------------------------------

// `s` is a closed node with branch_cell_ undecided. Each colour of the branch
// cell is tried in palette order; the children live in pool_[depth].
bool ColourSearch::search(const State& s, int depth) {
    const int cell = branch_cell_;
    result_.stats.max_depth = std::max(result_.stats.max_depth, depth + 1);
    if (pool_.size() <= static_cast<std::size_t>(depth)) pool_.emplace_back();
    State& child = pool_[depth];
    for (Mask m = s[cell]; m; m &= m - 1) {
        if (options_.node_limit && result_.stats.nodes >= options_.node_limit) {
            cut_short_ = true;
            return true;
        }
        if (budget_.expired()) {
            out_of_time_ = true;
            return true;
        }
        ++result_.stats.nodes;
        child = s;
        child[cell] = m & -m;
        mark_cell(cell);
        switch (close(child)) {
            case Outcome::contradiction:
                ++result_.stats.failures;
                break;
            case Outcome::out_of_time:
                return true;
            case Outcome::complete:
                if (add_solution(child)) return true;
                break;
            case Outcome::branch:
                if (search(child, depth + 1)) return true;
                break;
        }
    }
    return false;
}

bool ColourSearch::add_solution(const State& s) {
    Grid g(width_, height_, kEmpty);
    for (int cell = 0; cell < cells_; ++cell) {
        assert(std::has_single_bit(s[cell]));  // a solved node has one colour per cell
        g.cells()[cell] = static_cast<Cell>(std::countr_zero(s[cell]));
    }
    assert(is_new_solution(puzzle_, result_.solutions, g));
    result_.solutions.push_back(std::move(g));
    if (static_cast<int>(result_.solutions.size()) < options_.max_solutions) return false;
    cut_short_ = true;
    return true;
}

ExactResult ColourSearch::finish(bool exhausted) {
    result_.exhausted = exhausted && !out_of_time_ && !cut_short_;
    result_.status = exact_verdict(result_, options_.max_solutions);
    return std::move(result_);
}

void check_palette(const Puzzle& puzzle) {
    const int colours = static_cast<int>(puzzle.palette().size());
    if (colours > kMaxSearchColours)
        throw std::invalid_argument(
            "the exact solver handles palettes of up to " + std::to_string(kMaxSearchColours) +
            " colours (background included); this puzzle has " + std::to_string(colours));
}

}  // namespace

ColourLogic colour_logic(const Puzzle& puzzle, bool probing, double timeout_seconds,
                         const std::atomic<bool>* cancel) {
    check_palette(puzzle);
    ExactOptions o;
    o.probing = probing;
    o.timeout_seconds = timeout_seconds;
    return ColourSearch(puzzle, o, cancel).logic();
}

ExactResult solve_colour(const Puzzle& puzzle, const ExactOptions& options,
                         const std::atomic<bool>* cancel) {
    check_palette(puzzle);
    return ColourSearch(puzzle, options, cancel).run();
}

}  // namespace nonolab::exact

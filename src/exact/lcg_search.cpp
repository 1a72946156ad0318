#include "exact/lcg_search.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <span>
#include <stdexcept>

#include "exact/lcg_solver.hpp"

namespace nonolab::exact {

void LcgOptions::validate() const {
    const auto need = [](bool ok, const char* what) {
        if (!ok) throw std::invalid_argument(std::string("lcg options: ") + what);
    };
    need(restart_unit >= 1, "restart_unit must be at least 1");
    need(var_decay > 0 && var_decay < 1, "var_decay must lie strictly between 0 and 1");
    need(phase == 0 || phase == 1, "phase must be 0 (empty first) or 1 (filled first)");
    need(reduce_first >= 1, "reduce_first must be at least 1");
    need(reduce_increment >= 0, "reduce_increment must not be negative");
}

namespace lcg {

namespace {

// MiniSat's Luby sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
double luby(double y, std::uint64_t x) {
    std::uint64_t size = 1, seq = 0;
    while (size < x + 1) size = 2 * size + 1, ++seq;
    while (size - 1 != x) size = (size - 1) >> 1, --seq, x = x % size;
    return std::pow(y, static_cast<double>(seq));
}

}  // namespace

LcgSolver::LcgSolver(const Puzzle& puzzle, const Grid& partial, const Budget& budget,
                     const LcgOptions& options)
    : LcgSolver(puzzle, partial, budget, options, encode_cnf(puzzle, &partial)) {}

LcgSolver::LcgSolver(const Puzzle& puzzle, const Grid& partial, const Budget& budget,
                     const LcgOptions& options, Cnf&& cnf)
    : width_(puzzle.width()),
      height_(puzzle.height()),
      cells_count_(puzzle.width() * puzzle.height()),
      vars_count_(std::max(cells_count_, cnf.num_vars)),
      budget_(budget),
      options_(options),
      lines_(puzzle),
      explain_lines_(puzzle),
      explainer_(explain_lines_),
      cells_(vars_count_, kUnknown),
      level_(vars_count_, 0),
      reason_(vars_count_, kDecision),
      position_(vars_count_, 0),
      saved_(vars_count_, options.phase == 1 ? kFilled : kEmpty),
      queued_(width_ + height_, 0),
      watches_(2 * static_cast<std::size_t>(vars_count_)),
      activity_(vars_count_, 0),
      order_(activity_),
      expl_start_(cells_count_, 0),
      expl_size_(cells_count_, 0),
      expl_stamp_(cells_count_, 0),
      stamp_(vars_count_, 0),
      seen_(vars_count_, 0) {
    if (partial.width() != width_ || partial.height() != height_)
        throw std::invalid_argument("lcg_search: the partial grid has the wrong size");
    lines_.enable_cache(18);
    for (int v = 0; v < vars_count_; ++v) {
        if (is_cell(v) && partial.cells()[v] != kUnknown)
            assign(lit_of(v, partial.cells()[v]), kDecision);
        else
            order_.insert(v);
    }
    add_root_clauses(cnf);
    for (int line = 0; line < width_ + height_; ++line) queue_line(line);
}

// The order encoding's clauses (cnf_encoding.hpp) as clauses that are never
// deleted: unit propagation over them derives run-start facts, which
// analysis may then learn over (cells alone make long clauses). Units are
// assigned at the root.
void LcgSolver::add_root_clauses(const Cnf& cnf) {
    std::vector<Lit> lits;
    for (const std::vector<int>& clause : cnf.clauses) {
        lits.clear();
        for (const int x : clause) lits.push_back(x > 0 ? 2 * (x - 1) : 2 * (-x - 1) + 1);
        if (lits.empty()) {
            root_conflict_ = true;
        } else if (lits.size() == 1) {
            const int value = lit_value(lits[0]);
            if (value == 0) root_conflict_ = true;
            if (value == -1) assign(lits[0], kDecision);
        } else {
            add_clause(lits, /*learnt=*/false, 0);
        }
    }
}

// --- assignment and propagation ----------------------------------------------

void LcgSolver::assign(Lit p, int reason, int skip_line) {
    const int v = var_of(p);
    assert(cells_[v] == kUnknown);
    assert(reason < 0 || is_reason(reason, p));
    cells_[v] = value_of_lit(p);
    level_[v] = level();
    reason_[v] = reason;
    position_[v] = static_cast<std::uint32_t>(trail_.size());
    stamp_[v] = ++stamps_;
    trail_.push_back(p);
    if (!is_cell(v)) return;
    const int row = v / width_, column = height_ + v % width_;
    if (row != skip_line) queue_line(row);
    if (column != skip_line) queue_line(column);
}

// A clause is p's reason when p is its first literal and every other one is
// false (the invariant conflict analysis relies on).
bool LcgSolver::is_reason(int clause, Lit p) const {
    const Clause& c = clauses_[clause];
    if (lits_[c.start] != p) return false;
    for (std::uint32_t k = 1; k < c.size; ++k)
        if (lit_value(lits_[c.start + k]) != 0) return false;
    return true;
}

void LcgSolver::queue_line(int line) {
    if (queued_[line]) return;
    queued_[line] = 1;
    line_queue_.push_back(line);
}

// Clauses first (cheap), then one dirty line, and again, to the fixpoint.
// On a conflict the lines still queued are dropped: their changes belong to
// the levels the backjump undoes.
int LcgSolver::propagate() {
    std::size_t next = 0;
    int conflict = kNoConflict;
    while (conflict == kNoConflict) {
        conflict = propagate_clauses();
        if (conflict != kNoConflict || next == line_queue_.size()) break;
        const int line = line_queue_[next++];
        queued_[line] = 0;
        conflict = solve_line(line);
    }
    for (std::size_t i = next; i < line_queue_.size(); ++i) queued_[line_queue_[i]] = 0;
    line_queue_.clear();
    return conflict;
}

int LcgSolver::propagate_clauses() {
    while (qhead_ < trail_.size()) {
        const Lit p = trail_[qhead_++];  // true now; clauses holding negated(p) watch it
        const Lit false_lit = negated(p);
        std::vector<Watch>& ws = watches_[p];
        std::size_t i = 0, j = 0;
        while (i < ws.size()) {
            const Watch w = ws[i++];
            if (lit_value(w.blocker) == 1) {
                ws[j++] = w;
                continue;
            }
            Lit* l = &lits_[w.start];
            const int size = l[-kSizeSlot];
            if (l[0] == false_lit) std::swap(l[0], l[1]);
            assert(l[1] == false_lit);
            const Watch kept{w.start, l[0]};
            if (l[0] != w.blocker && lit_value(l[0]) == 1) {
                ws[j++] = kept;
                continue;
            }
            bool moved = false;
            for (int k = 2; k < size; ++k) {
                if (lit_value(l[k]) != 0) {
                    std::swap(l[1], l[k]);
                    watches_[negated(l[1])].push_back(kept);
                    moved = true;
                    break;
                }
            }
            if (moved) continue;
            ws[j++] = kept;
            if (lit_value(l[0]) == 0) {  // every literal false
                while (i < ws.size()) ws[j++] = ws[i++];
                ws.resize(j);
                qhead_ = trail_.size();
                return l[-kIndexSlot];
            }
            assign(l[0], l[-kIndexSlot]);
        }
        ws.resize(j);
    }
    return kNoConflict;
}

// Solves one line on the current cells; the cells it decides are assigned
// with the line as their reason (the line itself is at its fixpoint then,
// so it is not queued again by them).
int LcgSolver::solve_line(int line) {
    const int n = line_length(line);
    line_before_.resize(n);
    for (int i = 0; i < n; ++i) line_before_[i] = cells_[cell_at(line, i)];
    line_after_ = line_before_;
    ++stats_.line_solves;
    if (!lines_.solve(line, line_after_)) return line_reason(line);
    for (int i = 0; i < n; ++i)
        if (line_before_[i] == kUnknown && line_after_[i] != kUnknown)
            assign(lit_of(cell_at(line, i), line_after_[i]), line_reason(line), line);
    return kNoConflict;
}

void LcgSolver::backtrack(int to_level) {
    if (level() <= to_level) return;
    const std::uint32_t keep = trail_lim_[to_level];
    for (std::size_t i = trail_.size(); i-- > keep;) {
        const int v = var_of(trail_[i]);
        saved_[v] = cells_[v];
        cells_[v] = kUnknown;
        reason_[v] = kDecision;
        if (!order_.contains(v)) order_.insert(v);
    }
    trail_.resize(keep);
    trail_lim_.resize(to_level);
    qhead_ = trail_.size();
    // Root cells are never explained, so at the root no explanation is
    // live: the store starts again (it would otherwise grow for the run).
    if (to_level == 0) expl_lits_.clear();
}

// --- solutions -----------------------------------------------------------------

// Adds the clause "not this grid" over the cells the root left open (root
// cells hold in every solution); a grid that differs from the root is
// excluded already.
// Returns false when no cell is left to differ on: nothing else can exist.
bool LcgSolver::block(const Grid& solution) {
    backtrack(0);
    learnt_.clear();
    for (int v = 0; v < cells_count_; ++v) {
        const Cell c = solution.cells()[v];
        if (cells_[v] != kUnknown) {
            if (cells_[v] != c) return true;  // already excluded by the root
            continue;
        }
        learnt_.push_back(negated(lit_of(v, c)));
    }
    if (learnt_.empty()) return false;
    if (learnt_.size() == 1)
        assign(learnt_[0], kDecision);
    else
        add_clause(learnt_, /*learnt=*/false, 0);
    return true;
}

Lit LcgSolver::decide() {
    while (!order_.empty()) {
        const int v = order_.pop();
        if (cells_[v] == kUnknown) return lit_of(v, saved_[v]);
    }
    return kNoLit;
}

LcgOutcome LcgSolver::run(const std::vector<Grid>& exclude, int wanted,
                          std::uint64_t max_decisions) {
    LcgOutcome out;
    const auto done = [&](bool exhausted, bool out_of_time) {
        out.exhausted = exhausted;
        out.out_of_time = out_of_time;
        out.stats = stats_;
        return std::move(out);
    };
    if (root_conflict_) return done(true, false);
    for (const Grid& g : exclude)
        if (!block(g)) return done(true, false);
    std::uint64_t restart_at = options_.restart_unit;
    std::uint64_t since_restart = 0;
    std::uint64_t reduce_at = options_.reduce_first;
    std::uint64_t reduce_gap = options_.reduce_first;
    std::uint64_t steps = 0;
    for (;;) {
        if ((++steps & 255) == 0 && budget_.expired()) return done(false, true);
        const int conflict = propagate();
        if (conflict != kNoConflict) {
            ++stats_.conflicts;
            ++since_restart;
            if (level() == 0) return done(true, false);
            const int back = analyze(conflict);
            backtrack(back);
            learn();
            var_inc_ /= options_.var_decay;
            clause_inc_ /= 0.999;
            continue;
        }
        if (since_restart >= restart_at) {
            ++stats_.restarts;
            since_restart = 0;
            restart_at =
                static_cast<std::uint64_t>(luby(2, stats_.restarts) * options_.restart_unit);
            backtrack(0);
        }
        if (stats_.conflicts >= reduce_at) {
            reduce_gap += options_.reduce_increment;
            reduce_at = stats_.conflicts + reduce_gap;
            reduce();
        }
        const Lit next = decide();
        if (next == kNoLit) {
            Grid g(width_, height_, kUnknown);
            g.cells().assign(cells_.begin(), cells_.begin() + cells_count_);
            out.solutions.push_back(g);
            if (static_cast<int>(out.solutions.size()) >= wanted) return done(false, false);
            if (!block(g)) return done(true, false);
            continue;
        }
        if (stats_.decisions == max_decisions && max_decisions > 0) return done(false, false);
        ++stats_.decisions;
        trail_lim_.push_back(static_cast<std::uint32_t>(trail_.size()));
        assign(next, kDecision);
    }
}

}  // namespace lcg

LcgOutcome lcg_search(const Puzzle& puzzle, const Grid& partial, const std::vector<Grid>& exclude,
                      int wanted, const Budget& budget, const LcgOptions& options,
                      std::uint64_t max_decisions) {
    options.validate();
    if (!puzzle.black_and_white())
        throw std::invalid_argument(
            "the lcg engine takes black-and-white puzzles only (colour: --engine search or sat)");
    if (wanted < 1) throw std::invalid_argument("lcg_search: wanted must be at least 1");
    lcg::LcgSolver solver(puzzle, partial, budget, options);
    return solver.run(exclude, wanted, max_decisions);
}

}  // namespace nonolab::exact

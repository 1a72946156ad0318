#include "exact/line_propagator.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <stdexcept>

namespace nonolab::exact {

#if defined(NONOLAB_HAVE_CADICAL_PROPAGATOR)

bool line_propagator_available() {
    return true;
}

LinePropagator::LinePropagator(const Puzzle& puzzle, ConflictMode mode)
    : puzzle_(puzzle),
      mode_(mode),
      width_(puzzle.width()),
      height_(puzzle.height()),
      lines_(puzzle),
      explainer_(lines_) {
    const int n = width_ * height_;
    cells_.assign(n, kUnknown);
    fixed_.assign(n, 0);
    pos_.assign(n, 0);
    reason_line_.assign(n, -1);
    reason_stamp_.assign(n, 0);
    dirty_.assign(width_ + height_, 0);
    solved_valid_.assign(width_ + height_, 0);
    solved_at_.resize(width_ + height_);
    for (int l = 0; l < width_ + height_; ++l) solved_at_[l].assign(line_length(l), kUnknown);
    trail_.reserve(n);
    // The callbacks must not throw: no allocation once these are reserved
    // (bad_alloc is the only exception left inside them).
    const int longest = std::max(width_, height_);
    line_.reserve(longest);
    known_.reserve(longest);
    reason_.reserve(longest + 1);
    conflict_reason_.reserve(longest + 1);
    external_.reserve(longest + 1);
    solved_.reserve(longest);
    pending_.reserve(n);
    // The same cache size as root probing: lines repeat often under search.
    lines_.enable_cache(16);
}

void LinePropagator::attach(CaDiCaL::Solver& solver) {
    solver.connect_external_propagator(this);
    for (int v = 1; v <= width_ * height_; ++v) solver.add_observed_var(v);
    // Every line once: the root may already force cells the order
    // encoding's unit propagation misses.
    for (int l = 0; l < width_ + height_; ++l)
        if (!dirty_[l]) {
            dirty_[l] = 1;
            dirty_queue_.push_back(l);
        }
}

void LinePropagator::mark_dirty(int cell) {
    const int r = cell / width_, c = cell % width_;
    const Cell value = cells_[cell];
    for (const int l : {r, height_ + c}) {
        // The line's last solve forced this very value: solving again gives
        // the same cells (line solving is a closure: S <= S' <= solve(S)
        // implies solve(S') = solve(S)), so the line stays clean.
        const int i = l < height_ ? c : r;
        if (value != kUnknown && solved_valid_[l] && solved_at_[l][i] == value) continue;
        solved_valid_[l] = 0;
        if (!dirty_[l]) {
            dirty_[l] = 1;
            dirty_queue_.push_back(l);
        }
    }
}

void LinePropagator::notify_assignment(int lit, bool is_fixed) {
    const int cell = std::abs(lit) - 1;
    if (cell < 0 || cell >= static_cast<int>(cells_.size())) return;
    if (cells_[cell] != kUnknown) {
        // Fixed later (a unit learned), or told again after a backtrack
        // that kept it: the value is the same.
        assert(cells_[cell] == (lit > 0 ? kFilled : kEmpty));
        if (is_fixed) fixed_[cell] = 1;
        return;
    }
    cells_[cell] = lit > 0 ? kFilled : kEmpty;
    fixed_[cell] = is_fixed ? 1 : 0;
    pos_[cell] = static_cast<int>(trail_.size());
    trail_.push_back(cell);
    mark_dirty(cell);
}

void LinePropagator::notify_new_decision_level() {
    level_.push_back(trail_.size());
}

void LinePropagator::notify_backtrack(size_t new_level) {
    if (new_level >= level_.size()) return;
    const std::size_t start = level_[new_level];
    level_.resize(new_level);
    std::size_t keep = start;
    for (std::size_t i = start; i < trail_.size(); ++i) {
        const int cell = trail_[i];
        if (fixed_[cell]) {  // root facts stay, whenever they were learned
            pos_[cell] = static_cast<int>(keep);
            trail_[keep++] = cell;
        } else {
            cells_[cell] = kUnknown;
            // The last solve of its lines may have used it.
            solved_valid_[cell / width_] = 0;
            solved_valid_[height_ + cell % width_] = 0;
        }
    }
    trail_.resize(keep);
    // Derived under cells now undone: their reasons would name them.
    pending_.clear();
    pending_head_ = 0;
    external_ready_ = false;
    conflict_lit_ = 0;
    // Lines left dirty stay dirty: solving them again is harmless.
}

bool LinePropagator::cb_check_found_model(const std::vector<int>& model) {
    ++stats_.models_checked;
    try {
        Grid g(width_, height_, kEmpty);
        for (const int lit : model) {
            const int cell = std::abs(lit) - 1;
            if (lit > 0 && cell < width_ * height_) g.set(cell / width_, cell % width_, kFilled);
        }
        // Every line against its clue with the line solver: a complete line
        // that fits its clue solves without failing.
        for (int l = 0; l < width_ + height_; ++l) {
            line_.resize(line_length(l));
            for (int i = 0; i < line_length(l); ++i) {
                const int cell = line_cell(l, i);
                line_[i] = g.cells()[cell];
            }
            if (lines_.solve(l, line_)) continue;
            // Cannot happen with the CNF loaded; block this line's cells.
            external_.clear();
            for (int i = 0; i < line_length(l); ++i) {
                const int cell = line_cell(l, i);
                external_.push_back(g.cells()[cell] == kFilled ? -(cell + 1) : cell + 1);
            }
            external_pos_ = 0;
            external_ready_ = true;
            return false;
        }
        return true;
    } catch (...) {
        ++stats_.failures;
        return true;  // the CNF alone decides
    }
}

int LinePropagator::cb_propagate() {
    try {
        return propagate();
    } catch (...) {
        ++stats_.failures;
        pending_.clear();
        pending_head_ = 0;
        return 0;
    }
}

int LinePropagator::propagate() {
    for (;;) {
        while (pending_head_ < pending_.size()) {
            const Pending p = pending_[pending_head_++];
            const int cell = std::abs(p.lit) - 1;
            if (cells_[cell] == kUnknown) {
                reason_line_[cell] = p.line;
                reason_stamp_[cell] = p.stamp;
                ++stats_.propagations;
                return p.lit;
            }
            // Set the other way since it was derived: that line now fails.
            if ((cells_[cell] == kFilled) != (p.lit > 0) && !dirty_[p.line]) {
                dirty_[p.line] = 1;
                dirty_queue_.push_back(p.line);
            }
        }
        pending_.clear();
        pending_head_ = 0;
        if (external_ready_ || dirty_queue_.empty()) return 0;
        const int line = dirty_queue_.back();
        dirty_queue_.pop_back();
        dirty_[line] = 0;
        solve_line(line);
        if (conflict_lit_ != 0) {
            const int lit = conflict_lit_;
            conflict_lit_ = 0;
            // Deliberately false (ConflictMode::false_literal): CaDiCaL asks
            // for its reason at once and analyses the falsified clause.
            return lit;
        }
    }
}

void LinePropagator::snapshot(int line, int stamp) {
    const int n = line_length(line);
    line_.assign(n, kUnknown);
    known_.clear();
    for (int i = 0; i < n; ++i) {
        const int cell = line_cell(line, i);
        // Only what was known at the stamp: a cell fixed since then may
        // make the line fail, and "forces" would hold vacuously.
        if (cells_[cell] == kUnknown || pos_[cell] >= stamp) continue;
        line_[i] = cells_[cell];
        if (!fixed_[cell]) known_.push_back(i);
    }
    // Latest first: LineExplainer drops the cells it tries first, so the
    // clause keeps cells of earlier decision levels.
    std::sort(known_.begin(), known_.end(),
              [&](int a, int b) { return pos_[line_cell(line, a)] > pos_[line_cell(line, b)]; });
}

void LinePropagator::clause_from_known(int line, int lit, std::vector<int>& out) const {
    out.clear();
    if (lit != 0) out.push_back(lit);
    for (const int i : known_) out.push_back(-cell_lit(line_cell(line, i)));
}

void LinePropagator::solve_line(int line) {
    ++stats_.line_solves;
    const int stamp = static_cast<int>(trail_.size());
    snapshot(line, stamp);
    std::vector<Cell>& solved = solved_;
    solved = line_;
    if (lines_.solve(line, solved)) {
        std::copy(solved.begin(), solved.end(), solved_at_[line].begin());
        solved_valid_[line] = 1;
        for (int i = 0; i < static_cast<int>(solved.size()); ++i)
            if (line_[i] == kUnknown && solved[i] != kUnknown) {
                const int var = line_cell(line, i) + 1;
                pending_.push_back({solved[i] == kFilled ? var : -var, line, stamp});
            }
        return;
    }
    ++stats_.conflicts;
    stats_.explain_solves += explainer_.shrink(line, line_, known_, -1, kUnknown);
    if (mode_ == ConflictMode::false_literal && !known_.empty()) {
        // The latest cell of the explanation, propagated the other way.
        const auto latest = std::max_element(known_.begin(), known_.end(), [&](int a, int b) {
            return pos_[line_cell(line, a)] < pos_[line_cell(line, b)];
        });
        conflict_lit_ = -cell_lit(line_cell(line, *latest));
        conflict_reason_lit_ = conflict_lit_;
        clause_from_known(line, 0, conflict_reason_);
        check_false(conflict_reason_, 0);
        return;
    }
    clause_from_known(line, 0, external_);
    check_false(external_, 0);
    external_pos_ = 0;
    external_ready_ = true;
}

void LinePropagator::check_false([[maybe_unused]] std::span<const int> clause,
                                 [[maybe_unused]] int except) const {
#ifndef NDEBUG
    // A reason or conflict clause is only useful if it is false (apart from
    // the propagated literal) under the current assignment; being implied
    // by the clue is what LineExplainer guarantees.
    for (const int lit : clause) {
        if (lit == except) continue;
        const int cell = std::abs(lit) - 1;
        assert(cells_[cell] != kUnknown);
        assert((cells_[cell] == kFilled) == (lit < 0));
    }
#endif
}

int LinePropagator::cb_add_reason_clause_lit(int propagated_lit) {
    if (!reason_active_) {
        reason_pos_ = 0;
        reason_active_ = true;
        try {
            build_reason(propagated_lit);
        } catch (...) {
            // Unreachable with the buffers reserved at construction; were it
            // reached, the unshrunk explanation is still sound.
            ++stats_.failures;
            const int cell = std::abs(propagated_lit) - 1;
            reason_.clear();
            reason_.push_back(propagated_lit);
            const int line = reason_line_[cell];
            for (int i = 0; i < line_length(line); ++i) {
                const int other = line_cell(line, i);
                if (other != cell && cells_[other] != kUnknown && !fixed_[other] &&
                    pos_[other] < reason_stamp_[cell])
                    reason_.push_back(-cell_lit(other));
            }
        }
        ++stats_.reasons;
        stats_.reason_literals += reason_.size();
    }
    if (reason_pos_ < reason_.size()) return reason_[reason_pos_++];
    reason_active_ = false;
    return 0;
}

void LinePropagator::build_reason(int propagated_lit) {
    if (propagated_lit == conflict_reason_lit_) {
        reason_.swap(conflict_reason_);
        conflict_reason_lit_ = 0;
        return;
    }
    const int cell = std::abs(propagated_lit) - 1;
    const int line = reason_line_[cell];
    snapshot(line, reason_stamp_[cell]);
    const int i = line < height_ ? cell % width_ : cell / width_;
    stats_.explain_solves +=
        explainer_.shrink(line, line_, known_, i, propagated_lit > 0 ? kFilled : kEmpty);
    clause_from_known(line, propagated_lit, reason_);
    check_false(reason_, propagated_lit);
}

bool LinePropagator::cb_has_external_clause() {
    return external_ready_;
}

int LinePropagator::cb_add_external_clause_lit() {
    if (external_pos_ < external_.size()) return external_[external_pos_++];
    external_ready_ = false;
    external_.clear();
    external_pos_ = 0;
    return 0;
}

#else

bool line_propagator_available() {
    return false;
}

#endif

}  // namespace nonolab::exact

#include "exact/propagator.hpp"

#include <algorithm>
#include <cassert>

#include "exact/phase_clock.hpp"

namespace nonolab::exact {

template <CellDomain Domain>
BasicPropagator<Domain>::BasicPropagator(const Puzzle& puzzle, bool decide_only)
    : width_(puzzle.width()), height_(puzzle.height()), lines_(puzzle, decide_only) {
    const int lines = width_ + height_;
    queue_.resize(lines);
    queued_.assign(lines, 0);
    scratch_.reserve(std::max(width_, height_));
}

template <CellDomain Domain>
void BasicPropagator<Domain>::clear_queue() {
    for (; count_ > 0; --count_) {
        queued_[queue_[head_]] = 0;
        head_ = (head_ + 1) % queue_.size();
    }
}

template <CellDomain Domain>
typename BasicPropagator<Domain>::LineOutcome BasicPropagator<Domain>::solve_line(Value* cells,
                                                                                  int line) {
    assert(line >= 0 && line < height_ + width_);
    ++line_solves_;
    const bool is_row = line < height_;
    const int n = is_row ? width_ : height_;
    const int start = is_row ? line * width_ : line - height_;
    const int stride = is_row ? 1 : width_;
    scratch_.resize(n);
    for (int i = 0; i < n; ++i) scratch_[i] = cells[start + i * stride];
    if (observer_) before_ = scratch_;
    if (!lines_.solve(line, scratch_)) {
        failed_line_ = line;
        return LineOutcome::contradiction;
    }
    if (observer_ && before_ != scratch_ && !observer_->on_line(line, before_, scratch_))
        return LineOutcome::stopped;
    for (int i = 0; i < n; ++i) {
        Value& cell = cells[start + i * stride];
        if (cell == scratch_[i]) continue;
        // A line solve only narrows (a cached answer too): a decided cell
        // that changed would be a wrong deduction.
        assert(!Domain::decided(cell));
        cell = scratch_[i];
        // A cell narrowed in a row dirties its column, and vice versa.
        push(is_row ? height_ + i : i);
    }
    return LineOutcome::ok;
}

template <CellDomain Domain>
Propagation BasicPropagator<Domain>::run(State& state, const Budget& budget, bool all_dirty) {
    const PhaseClock clock(seconds_);
    if (all_dirty)
        for (int l = 0; l < width_ + height_; ++l) push(l);
    Value* cells = Domain::cells(state);
    while (count_ > 0) {
        const int line = queue_[head_];
        head_ = (head_ + 1) % queue_.size();
        --count_;
        queued_[line] = 0;
        const LineOutcome outcome = solve_line(cells, line);
        if (outcome != LineOutcome::ok) {
            clear_queue();  // the next run starts clean
            return outcome == LineOutcome::contradiction ? Propagation::contradiction
                                                         : Propagation::out_of_time;
        }
        // A look at the clock costs tens of ns: every 64 line solves.
        if ((line_solves_ & 63) == 0 && budget.expired()) {
            clear_queue();
            return Propagation::out_of_time;
        }
    }
    return Propagation::fixpoint;
}

template class BasicPropagator<BinaryDomain>;
template class BasicPropagator<ColourDomain>;

}  // namespace nonolab::exact

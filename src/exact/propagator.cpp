#include "exact/propagator.hpp"

#include <stdexcept>

namespace nonolab::exact {

Propagator::Propagator(const Puzzle& puzzle)
    : width_(puzzle.width()), height_(puzzle.height()) {
    if (!puzzle.black_and_white())
        throw std::invalid_argument("the exact solver handles black-and-white puzzles only");
    const int lines = width_ + height_;
    runs_.resize(lines);
    for (int r = 0; r < height_; ++r)
        for (const Run& run : puzzle.row(r)) runs_[r].push_back(run.length);
    for (int c = 0; c < width_; ++c)
        for (const Run& run : puzzle.column(c)) runs_[height_ + c].push_back(run.length);
    queue_.resize(lines);
    queued_.assign(lines, 0);
    scratch_.reserve(std::max(width_, height_));
}

void Propagator::push(int line) {
    if (queued_[line]) return;
    queued_[line] = 1;
    queue_[(head_ + count_) % queue_.size()] = line;
    ++count_;
}

void Propagator::clear_queue() {
    for (; count_ > 0; --count_) {
        queued_[queue_[head_]] = 0;
        head_ = (head_ + 1) % queue_.size();
    }
}

void Propagator::note_change(int r, int c) {
    push(r);
    push(height_ + c);
}

bool Propagator::solve_line(Grid& grid, int line) {
    ++line_solves_;
    Cell* cells = grid.cells().data();
    const bool is_row = line < height_;
    const int n = is_row ? width_ : height_;
    const int start = is_row ? line * width_ : line - height_;
    const int stride = is_row ? 1 : width_;
    scratch_.resize(n);
    for (int i = 0; i < n; ++i) scratch_[i] = cells[start + i * stride];
    if (!solver_.solve(runs_[line], scratch_)) return false;
    for (int i = 0; i < n; ++i) {
        Cell& cell = cells[start + i * stride];
        if (cell == scratch_[i]) continue;
        cell = scratch_[i];
        // A cell decided in a row dirties its column, and vice versa.
        push(is_row ? height_ + i : i);
    }
    return true;
}

Propagation Propagator::run(Grid& grid, const Budget& budget, bool all_dirty) {
    if (all_dirty)
        for (int l = 0; l < width_ + height_; ++l) push(l);
    while (count_ > 0) {
        const int line = queue_[head_];
        head_ = (head_ + 1) % queue_.size();
        --count_;
        queued_[line] = 0;
        if (!solve_line(grid, line)) {
            clear_queue();  // the next run starts clean
            return Propagation::contradiction;
        }
        if ((line_solves_ & 63) == 0 && budget.expired()) {
            clear_queue();
            return Propagation::out_of_time;
        }
    }
    return Propagation::fixpoint;
}

}  // namespace nonolab::exact

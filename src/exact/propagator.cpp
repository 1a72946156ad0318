#include "exact/propagator.hpp"

#include "exact/phase_clock.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace nonolab::exact {

Propagator::Propagator(const Puzzle& puzzle) : width_(puzzle.width()), height_(puzzle.height()) {
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

void Propagator::enable_cache(unsigned log2_entries) {
    // 2^18 entries = 6 MB: enough for probing search on 25x25 tournament
    // boards. Growing drops the old entries; it is only a cache.
    const std::size_t size = std::size_t{1} << log2_entries;
    if (cache_.size() < size && std::min(width_, height_) <= 32) cache_.assign(size, CacheEntry{});
}

namespace {
// 2 bits per cell: 0 unknown, 1 empty, 2 filled.
inline std::uint64_t pack(const Cell* cells, int n) {
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i)
        v |= static_cast<std::uint64_t>(cells[i] == kUnknown ? 0
                                        : cells[i] == kEmpty ? 1
                                                             : 2)
             << (2 * i);
    return v;
}
inline Cell unpack(std::uint64_t v, int i) {
    const unsigned b = static_cast<unsigned>(v >> (2 * i)) & 3u;
    return b == 0 ? kUnknown : b == 1 ? kEmpty : kFilled;
}
inline std::size_t slot_of(std::uint64_t state, std::uint32_t line, std::size_t size) {
    std::uint64_t h = state * 0x9E3779B97F4A7C15ull ^ (line + 1) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    return static_cast<std::size_t>(h) & (size - 1);
}
}  // namespace

void Propagator::push(int line) {
    assert(line >= 0 && line < height_ + width_);
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
    if (n <= 32 && !cache_.empty()) {
        const std::uint64_t state = pack(scratch_.data(), n);
        CacheEntry* entry = &cache_[slot_of(state, line, cache_.size())];
        if (entry->line == static_cast<std::uint32_t>(line) && entry->state == state) {
            ++cache_hits_;
            if (entry->result == kNoArrangement) return false;
            for (int i = 0; i < n; ++i) scratch_[i] = unpack(entry->result, i);
        } else {
            entry->line = static_cast<std::uint32_t>(line);
            entry->state = state;
            const bool ok = solver_.solve(runs_[line], scratch_);
            entry->result = ok ? pack(scratch_.data(), n) : kNoArrangement;
            if (!ok) return false;
        }
    } else if (!solver_.solve(runs_[line], scratch_)) {
        return false;
    }
    for (int i = 0; i < n; ++i) {
        Cell& cell = cells[start + i * stride];
        if (cell == scratch_[i]) continue;
        // The line solver only decides unknown cells (a cached answer too):
        // a known cell that changed would be a wrong deduction.
        assert(cell == kUnknown);
        cell = scratch_[i];
        // A cell decided in a row dirties its column, and vice versa.
        push(is_row ? height_ + i : i);
    }
    return true;
}

Propagation Propagator::run(Grid& grid, const Budget& budget, bool all_dirty) {
    const PhaseClock clock(seconds_);
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

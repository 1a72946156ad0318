// Propagator: line solving over rows and columns until nothing changes, the
// first part of the one engine (prober.hpp and exact_search.hpp build on it).
//
// Keeps a queue of "dirty" lines. Solving a row may narrow cells, which makes
// their columns dirty, and vice versa; at the fixpoint every line is
// consistent with the complete line solver. Failure (some line admits no
// arrangement) is a return value, not an exception: inside the search it is
// the normal way a branch dies.
//
// Written once over a cell domain (binary_domain.hpp: black and white,
// colour_domain.hpp: colour masks); the two instances are compiled in
// propagator.cpp. An observer (explain.hpp) may watch each line that
// narrows cells; the solver runs without one.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/budget.hpp"
#include "core/puzzle.hpp"
#include "exact/binary_domain.hpp"
#include "exact/cell_domain.hpp"
#include "exact/colour_domain.hpp"

namespace nonolab::exact {

enum class Propagation { fixpoint, contradiction, out_of_time };

/// Watches a propagation line by line.
template <class Value>
class LineObserver {
  public:
    virtual ~LineObserver() = default;
    /// Line `line` (rows 0..h-1, then columns h..h+w-1) narrows some of its
    /// cells from `before` to `after`. Return false to stop before the
    /// change is written: run() then returns out_of_time.
    virtual bool on_line(int line, std::span<const Value> before, std::span<const Value> after) = 0;
};

template <CellDomain Domain>
class BasicPropagator {
  public:
    using Value = typename Domain::Value;
    using State = typename Domain::State;

    /// Throws std::invalid_argument for a puzzle the domain cannot hold.
    /// `decide_only`: see ColourLines (black-and-white lines are always so).
    explicit BasicPropagator(const Puzzle& puzzle, bool decide_only = false);

    /// Line-solves until fixpoint. With `all_dirty` every line is queued
    /// (rows, then columns); otherwise only the lines through cells changed
    /// since the last call (recorded by note_change) are.
    Propagation run(State& state, const Budget& budget, bool all_dirty);

    /// Tells the propagator that cell (row-major index) was changed from
    /// outside (a branch, a probe).
    void note_change(int cell) {
        push(cell / width_);
        push(height_ + cell % width_);
    }

    /// The line cache of the domain (BinaryLines::enable_cache).
    void enable_cache(unsigned log2_entries = 18) { lines_.enable_cache(log2_entries); }
    /// Watches every later run; nullptr to stop watching.
    void set_observer(LineObserver<Value>* observer) { observer_ = observer; }

    /// The line that had no arrangement in the last run that returned
    /// contradiction (numbered as in LineObserver).
    int failed_line() const { return failed_line_; }
    std::uint64_t line_solves() const { return line_solves_; }  ///< total calls so far
    std::uint64_t cache_hits() const { return lines_.cache_hits(); }
    double seconds() const { return seconds_; }  ///< wall time inside run() so far

  private:
    void push(int line) {
        if (queued_[line]) return;
        queued_[line] = 1;
        queue_[(head_ + count_) % queue_.size()] = line;
        ++count_;
    }
    void clear_queue();
    enum class LineOutcome { ok, contradiction, stopped };
    LineOutcome solve_line(Value* cells, int line);

    const int width_, height_;
    typename Domain::Lines lines_;
    std::vector<int> queue_;            ///< FIFO of dirty lines (ring buffer)
    std::vector<std::uint8_t> queued_;  ///< per line: already in queue_
    std::size_t head_ = 0, count_ = 0;
    std::vector<Value> scratch_;  ///< one line's cells, copied out of the state
    std::vector<Value> before_;   ///< the same before solving, for the observer
    LineObserver<Value>* observer_ = nullptr;
    int failed_line_ = -1;
    std::uint64_t line_solves_ = 0;
    double seconds_ = 0;
};

using Propagator = BasicPropagator<BinaryDomain>;
using ColourPropagator = BasicPropagator<ColourDomain>;

extern template class BasicPropagator<BinaryDomain>;
extern template class BasicPropagator<ColourDomain>;

}  // namespace nonolab::exact

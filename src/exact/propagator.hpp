// Propagator: line solving over rows and columns until nothing changes.
//
// Keeps a queue of "dirty" lines. Solving a row may decide cells, which makes
// their columns dirty, and vice versa; at the fixpoint every line is
// consistent with the complete line solver. Failure (some line admits no
// arrangement) is a return value, not an exception: inside the search it is
// the normal way a branch dies.
#pragma once

#include <cstdint>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "line/bitset_line_solver.hpp"

namespace nonolab::exact {

enum class Propagation { fixpoint, contradiction, out_of_time };

class Propagator {
  public:
    /// The puzzle must be black and white (throws std::invalid_argument otherwise).
    explicit Propagator(const Puzzle& puzzle);

    /// Line-solves until fixpoint. With `all_dirty` every line is queued;
    /// otherwise only the lines through cells changed since the last call
    /// (recorded by note_change) are.
    Propagation run(Grid& grid, const Budget& budget, bool all_dirty);

    /// Turns on the line cache (below) with 2^log2_entries entries (24 bytes
    /// each), or grows it to that size; never shrinks it. Worth it only when
    /// the search goes beyond the first propagation, so the solver asks for
    /// it then: 2^16 (1.5 MB) for root probing, 2^18 (6 MB) once a search
    /// tree grows. On TAAI 2011, where CaDiCaL takes over after root
    /// probing, the small table saved 2% of the total (less to clear, fewer
    /// cache misses).
    void enable_cache(unsigned log2_entries = 18);

    /// Tells the propagator that cell (r, c) was decided from outside (a branch).
    void note_change(int r, int c);

    std::uint64_t line_solves() const { return line_solves_; }  ///< total calls so far
    std::uint64_t cache_hits() const { return cache_hits_; }    ///< solves answered by the cache
    double seconds() const { return seconds_; }                 ///< wall time inside run() so far

  private:
    void push(int line);
    void clear_queue();
    bool solve_line(Grid& grid, int line);

    int width_, height_;
    std::vector<std::vector<int>> runs_;  ///< lengths per line: rows 0..h-1, columns h..h+w-1
    line::BitsetLineSolver solver_;       // bitset DP, lines of any length
    std::vector<int> queue_;              ///< FIFO of dirty lines (ring buffer)
    std::vector<std::uint8_t> queued_;    ///< per line: already in queue_
    std::size_t head_ = 0, count_ = 0;
    std::vector<Cell> scratch_;  ///< one line's cells, copied out of the grid
    std::uint64_t line_solves_ = 0;
    std::uint64_t cache_hits_ = 0;
    double seconds_ = 0;

    // Line cache. Probing re-solves the same (line, partial state) pairs over
    // and over, so results are memoised. A line of up to 32 cells packs into
    // 64 bits (2 bits per cell: unknown, empty, filled), which is both the
    // key and, for the answer, the value. The table is direct-mapped: a new
    // entry simply overwrites an old one, so memory stays fixed and no
    // eviction logic is needed. Longer lines bypass the cache.
    struct CacheEntry {
        std::uint64_t state = 0;   ///< packed input cells
        std::uint64_t result = 0;  ///< packed output cells, or kNoArrangement
        std::uint32_t line = ~0u;  ///< line index; ~0u = empty slot
    };
    static constexpr std::uint64_t kNoArrangement = ~0ull;
    std::vector<CacheEntry> cache_;
};

}  // namespace nonolab::exact

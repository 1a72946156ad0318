// BinaryDomain: the black-and-white cell domain of the one engine
// (propagator.hpp, prober.hpp, exact_search.hpp).
//
// The engine is written once, over a cell domain (the CellDomain concept
// of cell_domain.hpp states the contract). This is the black-and-white one:
//   state of a cell   Cell: kUnknown, kEmpty or kFilled;
//   candidates        filled, then empty (bit 0, then bit 1; the search
//                     tries them in that order, as it always has);
//   join              equal values stay, different ones become kUnknown;
//   lines             BitsetLineSolver, behind a direct-mapped line cache.
// colour_domain.hpp is the other domain. Everything here is inline: it is
// the hot path of every propagation.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/cell_domain.hpp"
#include "exact/sat_search.hpp"
#include "line/bitset_line_solver.hpp"

namespace nonolab::exact {

/// One line's solver for black and white, with the line cache.
class BinaryLines {
  public:
    /// Throws std::invalid_argument for a colour puzzle. `decide_only`
    /// (ColourLines) changes nothing here: a black-and-white cell is either
    /// decided or open.
    explicit BinaryLines(const Puzzle& puzzle, bool decide_only = false);

    /// Decides every forced cell of `cells` (line `line`: rows 0..h-1, then
    /// columns h..h+w-1) in place; false when no arrangement fits.
    bool solve(int line, std::span<Cell> cells) {
        const int n = static_cast<int>(cells.size());
        const std::span<const int> runs = runs_of(line);
        if (n > 32 || cache_.empty()) return solver_.solve(runs, cells);
        const std::uint64_t state = pack(cells);
        CacheEntry& entry = cache_[slot_of(state, line)];
        if (entry.line == static_cast<std::uint32_t>(line) && entry.state == state) {
            ++cache_hits_;
            if (entry.result == kNoArrangement) return false;
            for (int i = 0; i < n; ++i) cells[i] = unpack(entry.result, i);
            return true;
        }
        entry.line = static_cast<std::uint32_t>(line);
        entry.state = state;
        const bool ok = solver_.solve(runs, cells);
        entry.result = ok ? pack(cells) : kNoArrangement;
        return ok;
    }

    /// Turns on the line cache with 2^log2_entries entries (24 bytes each),
    /// or grows it to that size; never shrinks it. Worth it only when the
    /// search goes beyond the first propagation, so the solver asks for it
    /// then, sized to the work ahead (exact_search.cpp, root_cache_bits):
    /// 2^10 to 2^16 entries for root probing, 2^18 (6 MB) once a search tree
    /// passes 64 nodes. On TAAI 2011, where CaDiCaL takes over after root
    /// probing, 2^16 instead of 2^18 at the root saved 2% of the total (less
    /// to clear, fewer cache misses).
    void enable_cache(unsigned log2_entries);

    std::uint64_t cache_hits() const { return cache_hits_; }

  private:
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

    static std::uint64_t pack(std::span<const Cell> cells) {
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < cells.size(); ++i)
            v |= std::uint64_t{cells[i] == kUnknown ? 0u : cells[i] == kEmpty ? 1u : 2u} << (2 * i);
        return v;
    }
    static Cell unpack(std::uint64_t v, int i) {
        const unsigned b = static_cast<unsigned>(v >> (2 * i)) & 3u;
        return b == 0 ? kUnknown : b == 1 ? kEmpty : kFilled;
    }
    std::size_t slot_of(std::uint64_t state, int line) const {
        std::uint64_t h = state * 0x9E3779B97F4A7C15ull ^
                          (static_cast<std::uint64_t>(line) + 1) * 0xC2B2AE3D27D4EB4Full;
        h ^= h >> 29;
        return static_cast<std::size_t>(h) & (cache_.size() - 1);
    }

    std::span<const int> runs_of(int line) const {
        return std::span<const int>(lengths_).subspan(line_end_[line],
                                                      line_end_[line + 1] - line_end_[line]);
    }

    int min_side_;
    std::vector<int> lengths_;             ///< every line's run lengths, rows then columns
    std::vector<std::uint32_t> line_end_;  ///< line l's runs: lengths_[end[l], end[l + 1])
    line::BitsetLineSolver solver_;        ///< bitset DP, lines of any length
    std::vector<CacheEntry> cache_;
    std::uint64_t cache_hits_ = 0;
};

struct BinaryDomain {
    using Value = Cell;  ///< one cell's state
    using State = Grid;  ///< every cell, row-major
    using Lines = BinaryLines;

    static Value* cells(State& s) { return s.cells().data(); }
    static const Value* cells(const State& s) { return s.cells().data(); }
    /// The root: every cell open.
    static State open_state(const Puzzle& p) { return Grid(p.width(), p.height(), kUnknown); }

    static bool decided(Value v) { return v != kUnknown; }
    /// The values an open cell may take, as bits in trial order.
    static std::uint64_t candidates(Value) { return 0b11; }
    static Value value_of(int bit) { return bit == 0 ? kFilled : kEmpty; }
    /// What two sound results agree on.
    static Value join(Value a, Value b) { return a == b ? a : kUnknown; }
    /// The state of a cell known to be palette colour c, and back.
    static Value of_colour(Cell c) { return c; }
    static Cell colour_of(Value v) { return v; }
    /// A solution's grid.
    static Grid to_grid(const State& s, int, int) { return s; }

    /// The auto engine hands the probed root to CaDiCaL: with the order
    /// encoding that beat every later hand-over on TAAI 2011 and the survey
    /// (docs/results/exact.md, "Decisions").
    static constexpr bool kAutoUsesSat = true;
    /// CaDiCaL on the probed root (sat_search.hpp).
    static SatOutcome sat(const Puzzle& p, const State& root, int wanted, const Budget& budget,
                          const SatOptions& options) {
        return sat_search(p, root, /*exclude=*/{}, wanted, budget, options);
    }
};
static_assert(CellDomain<BinaryDomain>);

}  // namespace nonolab::exact

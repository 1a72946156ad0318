// BinaryDomain: the black-and-white cell domain of the one engine
// (propagator.hpp, prober.hpp, exact_search.hpp).
//
// The engine is written once, over a cell domain (the CellDomain concept
// of cell_domain.hpp states the contract). This is the black-and-white one:
//   state of a cell   Cell: kUnknown, kEmpty or kFilled;
//   candidates        filled, then empty (bit 0, then bit 1; the search
//                     tries them in that order, as it always has);
//   join              equal values stay, different ones become kUnknown;
//   lines             BitsetLineSolver, behind the line cache (line_cache.hpp).
// colour_domain.hpp is the other domain. Everything here is inline: it is
// the hot path of every propagation.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/cell_domain.hpp"
#include "exact/line_cache.hpp"
#include "exact/sat_search.hpp"
#include "line/bitset_line_solver.hpp"

namespace nonolab::exact {

/// How a black-and-white line packs for the line cache: 2 bits per cell
/// (unknown, empty, filled), so a line of up to 32 cells is one word.
struct BinaryCodec {
    using Value = Cell;
    using Key = std::uint64_t;
    static bool decided(Cell c) { return c != kUnknown; }
    static int colour_of(Cell c) { return c; }
    /// memchr: glibc scans 16 or 32 cells per instruction, where a loop
    /// with an early exit compares them one by one.
    static bool all_decided(std::span<const Cell> cells) {
        return std::memchr(cells.data(), kUnknown, cells.size()) == nullptr;
    }
    static Key pack(std::span<const Cell> cells) {
        Key v = 0;
        for (std::size_t i = 0; i < cells.size(); ++i)
            v |= Key{cells[i] == kUnknown ? 0u : cells[i] == kEmpty ? 1u : 2u} << (2 * i);
        return v;
    }
    static Cell unpack(Key v, std::size_t i) {
        const unsigned b = static_cast<unsigned>(v >> (2 * i)) & 3u;
        return b == 0 ? kUnknown : b == 1 ? kEmpty : kFilled;
    }
    static std::span<const std::uint64_t, 1> words(const Key& key) {
        return std::span<const std::uint64_t, 1>(&key, 1);
    }
};

/// One line's solver for black and white, behind the line cache.
class BinaryLines {
  public:
    /// Throws std::invalid_argument for a colour puzzle. `decide_only`
    /// (ColourLines) changes nothing here: a black-and-white cell is either
    /// decided or open.
    explicit BinaryLines(const Puzzle& puzzle, bool decide_only = false);

    /// Decides every forced cell of `cells` (line `line`: rows 0..h-1, then
    /// columns h..h+w-1) in place; false when no arrangement fits.
    bool solve(int line, std::span<Cell> cells) {
        const std::span<const int> runs = runs_of(line);
        return cache_.solve(
            line, cells, static_cast<int>(runs.size()),
            [&](int r) { return std::pair<int, int>(runs[r], kFilled); },
            [&](std::span<Cell> open) { return solver_.solve(runs, open); });
    }

    /// The line cache (line_cache.hpp): 2^log2_entries entries of 24 bytes,
    /// 2^10 to 2^16 for root probing, 2^18 (6 MB) once a search tree passes
    /// 64 nodes (exact_search.cpp, root_cache_bits). On TAAI 2011, where
    /// CaDiCaL takes over after root probing, 2^16 instead of 2^18 at the
    /// root saved 2% of the total (less to clear, fewer cache misses).
    void enable_cache(unsigned log2_entries) { cache_.enable(log2_entries); }
    std::uint64_t cache_hits() const { return cache_.hits(); }

  private:
    std::span<const int> runs_of(int line) const {
        return std::span<const int>(lengths_).subspan(line_end_[line],
                                                      line_end_[line + 1] - line_end_[line]);
    }

    std::vector<int> lengths_;             ///< every line's run lengths, rows then columns
    std::vector<std::uint32_t> line_end_;  ///< line l's runs: lengths_[end[l], end[l + 1])
    line::BitsetLineSolver solver_;        ///< bitset DP, lines of any length
    LineCache<BinaryCodec> cache_;
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

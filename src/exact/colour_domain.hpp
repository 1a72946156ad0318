// ColourDomain: the colour cell domain of the one engine (propagator.hpp,
// prober.hpp, exact_search.hpp); cell_domain.hpp states what a domain is.
//
//   state of a cell   a bitmask over the palette: bit c set = colour c is
//                     still possible (bit 0 = background); decided when one
//                     bit is left;
//   candidates        the bits of the mask, in palette order;
//   join              the union of the two sets;
//   lines             BitsetColourLineSolver (line/bitset_colour_line_solver.hpp):
//                     the colour DP on bit vectors, the same answers as
//                     the reference tests/oracle/colour_line_solver.hpp:
//                     palettes of up to 64 entries.
//
// Deviation from the black-and-white domain: the line cache holds lines of
// up to 32 cells over palettes of up to 8 entries only.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/cell_domain.hpp"
#include "exact/sat_search.hpp"
#include "line/bitset_colour_line_solver.hpp"

namespace nonolab::exact {

/// Widest palette the colour domain takes (background included).
inline constexpr int kMaxSearchColours = 64;

/// Throws std::invalid_argument naming the palette size when it is over
/// kMaxSearchColours.
void check_search_palette(const Puzzle& puzzle);

class ColourLines {
  public:
    /// `decide_only`: after each solve, a cell left with several colours
    /// gets back every colour of the palette, so a line solve passes on
    /// decided cells only, as a person reading the grid would (explain.hpp
    /// uses it; the solver keeps the narrower sets).
    explicit ColourLines(const Puzzle& puzzle, bool decide_only = false);

    bool solve(int line, std::span<std::uint64_t> cells);
    /// Turns on the line cache (below) with 2^min(log2_entries, 14) entries
    /// of 72 bytes (at most 1.2 MB), or grows it; never shrinks it.
    void enable_cache(unsigned log2_entries);
    std::uint64_t cache_hits() const { return cache_hits_; }

  private:
    // Line cache, as BinaryLines': probing re-solves the same (line, state)
    // pairs. A line of up to 32 cells over a palette of up to 8 entries packs
    // into 32 bytes, one per cell's set: the key, and for the answer the
    // value. Direct-mapped; longer lines and wider palettes bypass it.
    static constexpr int kCacheCells = 32;
    using Packed = std::array<std::uint64_t, kCacheCells / 8>;
    struct CacheEntry {
        Packed state{};            ///< packed input sets
        Packed result{};           ///< packed output sets (when ok)
        std::uint32_t line = ~0u;  ///< line index; ~0u = empty slot
        bool ok = false;           ///< some arrangement fits
    };
    static Packed pack(std::span<const std::uint64_t> cells);
    std::size_t slot_of(const Packed& key, int line) const;

    const Puzzle& puzzle_;
    const bool decide_only_;
    const std::uint64_t all_;  ///< every colour of the palette
    const bool cacheable_;     ///< palette and shortest side fit the cache
    line::BitsetColourLineSolver solver_;
    /// Every line's clue, indexed once (rows, then columns).
    std::vector<line::BitsetColourLineSolver::IndexedClue> clues_;
    std::vector<CacheEntry> cache_;
    std::uint64_t cache_hits_ = 0;
};

struct ColourDomain {
    using Value = std::uint64_t;       ///< one cell's colour set
    using State = std::vector<Value>;  ///< every cell, row-major
    using Lines = ColourLines;

    static Value* cells(State& s) { return s.data(); }
    static const Value* cells(const State& s) { return s.data(); }
    static Value all_colours(const Puzzle& p) {
        const int colours = static_cast<int>(p.palette().size());
        return colours >= 64 ? ~Value{0} : (Value{1} << colours) - 1;
    }
    static State open_state(const Puzzle& p) {
        return State(static_cast<std::size_t>(p.width()) * p.height(), all_colours(p));
    }

    /// One bit left. Written out rather than std::has_single_bit: at the
    /// x86-64 baseline (no POPCNT) that is a call into libgcc's
    /// __popcountdi2, which took 43% of the colour search's time in a
    /// profile (docs/results/colour.md).
    static bool decided(Value v) { return v != 0 && (v & (v - 1)) == 0; }
    static std::uint64_t candidates(Value v) { return v; }
    static Value value_of(int bit) { return Value{1} << bit; }
    static Value join(Value a, Value b) { return a | b; }
    /// The state of a cell known to be palette colour c, and back (kUnknown
    /// for a set of several colours).
    static Value of_colour(Cell c) { return Value{1} << c; }
    static Cell colour_of(Value v) {
        return decided(v) ? static_cast<Cell>(std::countr_zero(v)) : kUnknown;
    }
    /// A grid with kUnknown where a cell has several colours left.
    static Grid to_grid(const State& s, int width, int height);

    /// The auto engine keeps the search: on the colour sets we have it was
    /// faster than the colour CNF (docs/results/colour.md).
    static constexpr bool kAutoUsesSat = false;
    /// CaDiCaL on the probed root (colour_sat.hpp).
    static SatOutcome sat(const Puzzle& p, const State& root, int wanted, const Budget& budget,
                          const SatOptions& options);
};
static_assert(CellDomain<ColourDomain>);

}  // namespace nonolab::exact

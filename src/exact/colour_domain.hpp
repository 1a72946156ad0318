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
// Deviation from the black-and-white domain: the line cache (line_cache.hpp)
// takes palettes of up to 8 entries only.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/cell_domain.hpp"
#include "exact/line_cache.hpp"
#include "exact/sat_search.hpp"
#include "line/bitset_colour_line_solver.hpp"

namespace nonolab::exact {

/// Widest palette the colour domain takes (background included).
inline constexpr int kMaxSearchColours = 64;

/// Throws std::invalid_argument naming the palette size when it is over
/// kMaxSearchColours.
void check_search_palette(const Puzzle& puzzle);

/// How a colour line packs for the line cache: one byte per cell's set,
/// so a line of up to 32 cells over a palette of up to 8 entries is four
/// words.
struct ColourCodec {
    using Value = std::uint64_t;
    using Key = std::array<std::uint64_t, 4>;
    /// One bit left. Written out rather than std::has_single_bit: at the
    /// x86-64 baseline (no POPCNT) that is a call into libgcc's
    /// __popcountdi2, which took 43% of the colour search's time in a
    /// profile (docs/results/colour.md).
    static bool decided(Value v) { return v != 0 && (v & (v - 1)) == 0; }
    static int colour_of(Value v) { return std::countr_zero(v); }
    static bool all_decided(std::span<const Value> cells) {
        return std::all_of(cells.begin(), cells.end(), decided);
    }
    static Key pack(std::span<const Value> cells) {
        // Each word built in a register: or-ing into key[i / 8] in memory
        // made every cell wait for the previous store (a quarter of the
        // cached solve's time).
        Key key{};
        const std::size_t n = cells.size();
        for (std::size_t w = 0; w * 8 < n; ++w) {
            std::uint64_t v = 0;
            for (std::size_t j = 0; j < 8 && w * 8 + j < n; ++j) v |= cells[w * 8 + j] << (8 * j);
            key[w] = v;
        }
        return key;
    }
    static Value unpack(const Key& key, std::size_t i) {
        return (key[i / 8] >> (8 * (i % 8))) & 0xFF;
    }
    static std::span<const std::uint64_t, 4> words(const Key& key) { return key; }
};

class ColourLines {
  public:
    /// `decide_only`: after each solve, a cell left with several colours
    /// gets back every colour of the palette, so a line solve passes on
    /// decided cells only, as a person reading the grid would (explain.hpp
    /// uses it; the solver keeps the narrower sets).
    explicit ColourLines(const Puzzle& puzzle, bool decide_only = false);

    bool solve(int line, std::span<std::uint64_t> cells);
    /// The line cache (line_cache.hpp), sized in memory like the
    /// black-and-white one: 2^(log2_entries - 2) entries of 72 bytes.
    /// Puzzles whose palette has over 8 entries bypass it.
    void enable_cache(unsigned log2_entries) { cache_.enable(log2_entries); }
    std::uint64_t cache_hits() const { return cache_.hits(); }

  private:
    const Puzzle& puzzle_;
    const bool decide_only_;
    const std::uint64_t all_;  ///< every colour of the palette
    line::BitsetColourLineSolver solver_;
    /// Every line's clue, indexed once (rows, then columns).
    std::vector<line::BitsetColourLineSolver::IndexedClue> clues_;
    LineCache<ColourCodec> cache_;
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

    static bool decided(Value v) { return ColourCodec::decided(v); }
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

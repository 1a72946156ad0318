// ColourDomain: the colour cell domain of the one engine (propagator.hpp,
// prober.hpp, exact_search.hpp); binary_domain.hpp explains what a domain is.
//
//   state of a cell   a bitmask over the palette: bit c set = colour c is
//                     still possible (bit 0 = background); decided when one
//                     bit is left;
//   candidates        the bits of the mask, in palette order;
//   join              the union of the two sets;
//   lines             BitsetColourLineSolver (line/bitset_colour_line_solver.hpp):
//                     the colour DP on bit vectors, the same answers as
//                     ColourLineSolver's 64-bit path (the reference, which
//                     its tests compare with): palettes of up to 64 entries.
//
// Deviation from the black-and-white domain: no line cache yet.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
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
    void enable_cache(unsigned) {}  ///< no colour line cache yet
    std::uint64_t cache_hits() const { return 0; }

  private:
    const Puzzle& puzzle_;
    const bool decide_only_;
    const std::uint64_t all_;  ///< every colour of the palette
    line::BitsetColourLineSolver solver_;
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

    static bool decided(Value v) { return std::has_single_bit(v); }
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

}  // namespace nonolab::exact

// ColourSearch: the exact solver on colour puzzles (issue 15), the colour
// counterpart of ExactSearch. solve_exact() sends every puzzle whose palette
// has more than one colour here; the options and the result are the same.
//
// State: for every cell, the set of palette colours it may still take, as a
// bitmask (bit 0 = background). A cell is decided when one bit is left.
//
//   1. propagate()   line-solve dirty rows and columns with the complete
//                    colour line solver (line/colour_line_solver.hpp) until
//                    nothing changes, or a line admits no arrangement;
//   2. probe()       for each undecided cell, try each of its colours alone
//                    and propagate: a colour that fails is struck out, and
//                    every cell keeps only the colours some surviving trial
//                    left it (the union over the trials); repeated until no
//                    cell changes. It also names the branch cell: the
//                    undecided cell with the fewest colours;
//   3. depth first   on the branch cell, each of its colours in palette
//                    order, each child closed by 1 and 2 again.
//
// Verdicts are our own proofs, as for the black-and-white search engine
// (exact_solver.hpp): the line solver is complete and every colour of every
// branch cell is tried, so an exhausted tree proves there is nothing more.
//   4. CaDiCaL       with --engine sat, the root after 1 and 2 goes to the
//                    colour CNF (colour_cnf.hpp, colour_sat.hpp) instead of 3.
//
// Deviations from the black-and-white solver: `auto` means the colour search
// here, not CaDiCaL (measured faster on our colour sets,
// docs/results/colour.md); no line cache; palettes of up to 64 entries
// (background included), the 64-bit path of the colour line solver; a wider
// palette is refused with a message.
#pragma once

#include <atomic>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "exact/exact_solver.hpp"

namespace nonolab::exact {

/// Widest palette the colour search takes (background included).
inline constexpr int kMaxSearchColours = 64;

/// Logic alone on a colour puzzle: what line solving (and then probing, when
/// `probing`) decides from the empty grid.
struct ColourLogic {
    Status status = Status::timeout;  ///< contradiction, unique (grid complete), unsolved, timeout
    Grid grid;                        ///< decided cells; kUnknown where logic stopped
};
ColourLogic colour_logic(const Puzzle& puzzle, bool probing, double timeout_seconds,
                         const std::atomic<bool>* cancel);

/// solve_exact() for a colour puzzle; `options` must be valid. Throws
/// std::invalid_argument for a palette over kMaxSearchColours.
ExactResult solve_colour(const Puzzle& puzzle, const ExactOptions& options,
                         const std::atomic<bool>* cancel);

}  // namespace nonolab::exact

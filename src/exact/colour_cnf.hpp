// ColourCnf: a colour nonogram as CNF, for the CaDiCaL back end
// of the search over colour sets (colour_sat.hpp).
//
// Cell literals: X(cell, k) = "the cell has palette colour k", created only
// for the colours the cell may still take (its mask); exactly one per cell
// (at least one, and at most one pairwise, or with a sequential counter
// when a cell has more than 8 colours left).
//
// Each line in the order encoding of its run starts, as encode_line_order
// does for black and white (cnf_encoding.hpp), with colours added:
//   Y(j, p) = "run j starts at or before p", over the run's window;
//   Y(j, p) -> Y(j, p + 1)                          (monotone)
//   Y(j+1, p) -> Y(j, p - len_j - gap_j)            (order; gap_j = 1 when
//                                                    runs j and j+1 share a
//                                                    colour, else 0: blocks of
//                                                    different colours touch)
//   Y(j, c) & !Y(j, c - len_j) -> X(c, colour_j)    (run j covers cell c)
//   !X(c, 0) -> Y(0, c); !X(c, 0) & Y(j, c - len_j) -> Y(j+1, c);
//   !X(c, 0) -> !Y(k-1, c - len_{k-1})              (a non-background cell is
//                                                    covered: by the first run
//                                                    not yet ended at c)
// A covered cell takes its run's colour, and exactly-one then rules out the
// background; an uncovered cell must be background. Sound and complete:
// tests/exact/colour_cnf_test.cpp checks every model against brute force.
#pragma once

#include <cstdint>
#include <vector>

#include "core/puzzle.hpp"
#include "exact/cnf_encoding.hpp"

namespace nonolab::exact {

struct ColourCnf {
    Cnf cnf;
    int colours = 0;       ///< palette size P
    std::vector<int> var;  ///< var[cell * P + k]: X(cell, k), or 0 when k is ruled out
    int literal(int cell, int k) const { return var[static_cast<std::size_t>(cell) * colours + k]; }
};

/// The CNF of `puzzle` with cell `i` restricted to the colours of
/// masks[i] (bit k: palette colour k; palettes of up to 64 colours). An empty
/// mask makes the formula unsatisfiable.
ColourCnf encode_colour_cnf(const Puzzle& puzzle, const std::vector<std::uint64_t>& masks);

}  // namespace nonolab::exact

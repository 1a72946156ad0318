// n-Dom: the "Domino Logic" family of Wolter's survey, generated for any n.
//
// webpbn #8098 ("Domino Logic III", Josh Greifer) is 9-Dom: a (2n+1)-square
// staircase of n "dominoes", each a horizontal bar of three cells with a
// one-cell tail below its right end. Its clues follow a fixed pattern (read
// off #8098's published clues, a fact, not a copy of the picture):
//   rows:    3, 1, then (n-1) times [3 1, 1], then 1;
//   columns: 1, 1, then (n-1) times [1 3, 1], then 3.
// The puzzle is unique, yet line solving decides no cell of it, and probing
// without learning needs a search tree that grows exponentially in n, which
// is why the family separates solvers with learning from those without.
#pragma once

#include "core/puzzle.hpp"

namespace nonolab::gen {

/// The n-Dom puzzle, n >= 1 (size 2n+1 square). Throws std::invalid_argument for n < 1.
Puzzle ndom(int n);

}  // namespace nonolab::gen

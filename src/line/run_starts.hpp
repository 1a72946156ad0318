// RunStarts: for each run of a partially known line, the start positions
// that some full arrangement consistent with the known cells uses.
//
// Why: the order encoding (exact/cnf_encoding.hpp) gives every run one
// variable per possible start. Handing CaDiCaL a grid already closed under
// line solving and probing, the encoder can drop the starts no arrangement
// uses: shorter windows (fewer variables) and explicit holes, facts that
// unit propagation over the order encoding would not always derive.
//
// How: two boolean DPs, the line's and its mirror's,
//   pre[j][i] = the prefix [0, i) can hold runs 0..j-1 with cell i-1 empty
//               (i = 0: the empty prefix, only for j = 0),
// and the same for the reversed line; run j can start at s exactly when
// the prefix before s holds runs 0..j-1 ending in a gap, cells s..s+len-1
// may be filled, and the suffix from s+len holds runs j+1.. after a gap.
// O(n k) time; run once per line when a CNF is built.
#pragma once

#include <span>
#include <vector>

#include "core/grid.hpp"

namespace nonolab::line {

/// starts[j][s] != 0 when run j can start at cell s (s in 0..n-1).
/// `consistent` tells whether any arrangement of `runs` agrees with `cells`
/// at all (for a line without runs: whether it can be all empty); when it
/// cannot, the result is empty.
std::vector<std::vector<char>> feasible_starts(std::span<const int> runs,
                                               std::span<const Cell> cells, bool& consistent);

}  // namespace nonolab::line

// The CaDiCaL back end on colour puzzles: what sat_search.hpp does for black
// and white, over the colour encoding of colour_cnf.hpp. The search over
// colour sets (exact_search.hpp with colour_domain.hpp) hands its root,
// after propagation and probing, to it with --engine sat. Solutions are enumerated by blocking each
// one found over the cells the masks left undecided; UNSAT after k solutions proves there are
// exactly k (CaDiCaL is complete).
#pragma once

#include <cstdint>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/sat_search.hpp"

namespace nonolab::exact {

/// Up to `wanted` solutions of `puzzle` whose cells take colours their masks
/// allow (bit k of masks[i]: palette colour k at cell i, row-major).
/// Throws std::logic_error when !sat_available().
SatOutcome colour_sat_search(const Puzzle& puzzle, const std::vector<std::uint64_t>& masks,
                             int wanted, const Budget& budget, const SatOptions& options = {});

}  // namespace nonolab::exact

// sa-rows: our improved annealer, the future work Wang & Tang 2014 propose in
// their conclusion ("meet the constraints in advance for the row segments ...
// facilitate the movement of the entire segment instead of each individual
// cell").
//
// Every row is always a valid arrangement of its clue (random at the start,
// uniformly over arrangements), so only columns can be wrong; the objective
// is the columns' error score (Lee & Geem 2025 section 2.2). A move takes one
// block of one row and puts it at a uniformly random other position between
// its neighbours (a segment move); rows with no room are skipped. Only the
// columns the block leaves or enters are rescored. Acceptance is the heat
// rule of Wang & Tang eq. 12 applied to the column error, so the only change
// from `sa` is the representation and the move.
//
// Moves are guided the way `sa` is: with probability q̂ the row is drawn among
// rows crossing a wrong column cell (a cell whose column is violated), else
// uniformly.
#pragma once

#include <cstdint>
#include <vector>

#include "core/method.hpp"
#include "core/options.hpp"

namespace nonolab::meta {

struct SaRowsOptions {
    double q_hat = 0.9;                  ///< chance the moved row crosses a violated column
    std::int64_t iterations = 50000000;  ///< moves tried before giving up
};

/// The `sa-rows` method's options; the defaults are SaRowsOptions'.
const OptionTable<SaRowsOptions>& sa_rows_option_table();

/// Throws std::invalid_argument (sa_rows_option_table().validate) on options out of range.
MetaResult run_sa_rows(const Puzzle& puzzle, const SaRowsOptions& options,
                       const RunControl& control);

MethodInfo sa_rows_method();

}  // namespace nonolab::meta

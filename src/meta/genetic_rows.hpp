// ga-rows: our improved genetic algorithm (not from a paper). It combines
// the row-group population of Aloglah et al. (5.2.1) and the clue-constrained
// generation of Lee & Geem's harmony search version C with the shared GA
// loop:
//   - every row is always a valid arrangement of its clue, so the search
//     space is the product of the rows' arrangements, not 2^(N·M);
//   - crossover cuts only between rows (rows stay valid); one-point;
//   - mutation re-draws a row uniformly among its arrangements, or (half the
//     time) moves one block of it to another free position;
//   - fitness is the columns' error score (Lee & Geem section 2.2; rows
//     contribute 0), roulette on 1/(1 + error), with elitism 1.
// Incremental scoring: a mutated row touches that row's columns only.
#pragma once

#include <cstdint>
#include <vector>

#include "core/method.hpp"
#include "core/options.hpp"

namespace nonolab::meta {

struct RowsGaOptions {
    int population = 100;                ///< individuals
    std::int64_t evaluations = 1000000;  ///< evaluation limit
    double crossover_rate = 0.9;         ///< chance a pair is crossed (row-aligned cut)
    double row_mutation = 0.05;          ///< per-row chance to be re-drawn or have a block moved
    int elitism = 1;                     ///< best individuals kept
};

/// The `ga-rows` method's options; the defaults are RowsGaOptions'.
const OptionTable<RowsGaOptions>& ga_rows_option_table();

/// Throws std::invalid_argument (ga_rows_option_table().validate) on options out of range.
MetaResult run_ga_rows(const Puzzle& puzzle, const RowsGaOptions& options,
                       const RunControl& control);

MethodInfo rows_method();

}  // namespace nonolab::meta

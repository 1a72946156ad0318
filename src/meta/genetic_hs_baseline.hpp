// ga-hs-baseline: the genetic-algorithm baseline of Lee & Geem 2025
// ("Harmony search for nonograms"), section 4: population 30, crossover
// probability 1, mutation probability 0.01, 10^6 iterations, where one
// iteration is one candidate generated and scored (their GA iteration counts
// are multiples of 30, i.e. whole generations of 30 evaluations).
//
// The paper gives only those four numbers. Our reading (docs/methods.md,
// "Lee & Geem GA baseline"): the same classic GA as ga-modified (binary
// chromosome, roulette selection, one-point crossover, per-cell bit flips,
// generational replacement), minimising the paper's own error score
// (section 2.2, error_score.hpp), which is the per-line block difference of
// Bobko's modified fitness. The paper does not say how error becomes a
// roulette weight; we use 1/(1 + error) (--param weight=inverse, default),
// because with Bobko's linear 2·N·M − error the wheel is nearly flat and
// the GA never solves an 8×8 in 10^6 evaluations, whereas the paper's GA
// solved its 8×8 horse 10/10 (43,740 evaluations on average). With the
// inverse weight and no elitism our GA lands in the paper's range (see
// docs/results/genetic-and-annealing.md). --param weight=linear and
// --param elitism=k are the alternatives.
#pragma once

#include <cstdint>
#include <vector>

#include "core/method.hpp"
#include "core/options.hpp"

namespace nonolab::meta {

struct HsBaselineOptions {
    int population = 30;                 ///< PS (paper: 30)
    double crossover_rate = 1.0;         ///< Pc (paper: 1)
    double mutation_rate = 0.01;         ///< Pm per cell (paper: 0.01)
    std::int64_t evaluations = 1000000;  ///< iteration limit in evaluations (paper: 10^6)
    int elitism = 0;                     ///< best individuals kept each generation (not in paper)
    bool inverse_weight = true;          ///< roulette weight 1/(1+error); false: 2NM - error
};

/// The `ga-hs-baseline` method's options; the defaults are HsBaselineOptions'.
const OptionTable<HsBaselineOptions>& ga_hs_baseline_option_table();

/// Throws std::invalid_argument (ga_hs_baseline_option_table().validate) on options out of range.
MetaResult run_ga_hs_baseline(const Puzzle& puzzle, const HsBaselineOptions& options,
                              const RunControl& control);

MethodInfo hs_baseline_method();

}  // namespace nonolab::meta

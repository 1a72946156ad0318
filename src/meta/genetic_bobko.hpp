// ga-simple and ga-modified: the classic GA of Bobko & Grzywacz 2016,
// "Solving nonograms using genetic algorithms", sections II-IV.
//
// A binary chromosome of N·M cells (BinaryRepresentation), roulette-wheel
// selection, one-point crossover, bit-flip mutation, generational
// replacement; fitness BobkoSimpleFitness (eq. 1-6) or BobkoModifiedFitness
// (eq. 7-11), see bobko_fitness.hpp. The loop is genetic_core.hpp's.
//
// Parameters follow the paper per puzzle size (section III a-c, IV b):
//   4×4   population 30, mutation 0.01,  300 generations
//   5×5   population 40, mutation 0.01,  300 generations
//         (modified fitness: 3500 generations, mutation 0.05)
//   10×10 population 90, mutation 0.003, 3000 generations
// Other sizes take the class of the nearest cell count (<= 16, <= 25, larger).
//
// Deviations and readings (docs/methods.md, "Bobko & Grzywacz"):
//   - Crossover: the paper names crossover without its kind; we use
//     one-point at a uniform cut with rate 1 (--param crossover=...).
//   - No elitism (the paper's step 5 replaces the population); --param elitism=k.
//   - Success = a grid meeting every clue (checked, never inferred from g).
//   - Negative g gets roulette weight 0.
#pragma once

#include <cstdint>
#include <vector>

#include "core/method.hpp"
#include "core/options.hpp"

namespace nonolab::meta {

struct BobkoOptions {
    int population = 0;            ///< individuals; 0 = the paper's value for the size
    std::int64_t generations = 0;  ///< generations; 0 = the paper's value for the size
    double mutation_rate = -1;     ///< per-cell flip probability; < 0 = the paper's value
    double crossover_rate = 1.0;   ///< chance a selected pair is crossed (else copied)
    int elitism = 0;               ///< best individuals carried over unchanged

    /// Fills every "paper's value" field for a puzzle of `cells` cells.
    void resolve(int cells, bool modified);
};

/// The options of "ga-simple" (modified = false) or "ga-modified": the same
/// keys, named after their method in error messages.
const OptionTable<BobkoOptions>& bobko_option_table(bool modified);

/// Runs the GA with the simple (modified = false) or modified fitness.
/// Throws std::invalid_argument on options out of range, or population 1
/// (0 means the paper's value, so the range alone cannot refuse 1).
MetaResult run_ga_bobko(const Puzzle& puzzle, const BobkoOptions& options, bool modified,
                        const RunControl& control);

/// The registry entries "ga-simple" and "ga-modified".
std::vector<MethodInfo> bobko_methods();

}  // namespace nonolab::meta

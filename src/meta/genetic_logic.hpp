// ga-logic: the genetic algorithm with logical rules of Aloglah, Rashaideh &
// Al-Kharabsheh, "An Efficient Genetic Algorithm and Logical Rule for
// Solving Nonogram Puzzle", sections 3.1 and 5.
//
//   1. Fix cells: the complete-fill rule (eq. 1-2) and the section 3.1 rules
//      (simple boxes, simple spaces, joining and splitting, first and end),
//      see logical_rules.hpp.
//   2. Population (5.2.1): every row is a random arrangement of its own
//      clue ("Matrix_row": each row has its number of groups), then the
//      fixed cells are copied in ("Perform a Copying matrix").
//   3. Fitness (5.2.2, eq. 3-7): the count-based f1+f2+f3+f4 of Bobko's
//      simple fitness, minimised; f1 = f3 = 0 while rows are intact.
//   4. Each child comes from crossover (one-point on the binary string, two
//      children) or mutation (inverted bits); the fixed cells are copied
//      back into every child (5.2.3). Parents are drawn at random and the
//      next population is the best nPop of parents and children (5.2.4).
//
// Readings and deviations (docs/methods.md, "Aloglah et al."):
//   - Rates are not given for this GA; section 4.2 quotes crossover 60 % and
//     mutation 0.1 % from its reference, which we use. A mutation child
//     flips each cell with that probability and at least one cell, so it
//     is never a plain copy.
//   - Population 50 and 100 generations, as in section 6's 10×10 run.
//   - F = 0 does not imply a solution (counts only); success is judged on
//     the clues and the run continues past false optima.
//   - --param rules=complete-fill drops the section 3.1 rules (eq. 1-2 only);
//     --param cut=row restricts crossover cuts to row boundaries.
#pragma once

#include <cstdint>
#include <vector>

#include "core/method.hpp"
#include "core/options.hpp"

namespace nonolab::meta {

struct LogicGaOptions {
    int population = 50;             ///< nPop (section 6: 50)
    std::int64_t generations = 100;  ///< section 6: 100 iterations
    double crossover_rate = 0.6;     ///< chance a child pair comes from crossover (section 4.2)
    double mutation_rate = 0.001;  ///< per-cell flip probability of a mutation child (section 4.2)
    bool section31_rules = true;   ///< apply the section 3.1 rules after complete fill
    bool row_cut = false;          ///< crossover cuts only between rows
};

/// The `ga-logic` method's options; the defaults are LogicGaOptions'.
const OptionTable<LogicGaOptions>& ga_logic_option_table();

/// Throws std::invalid_argument (ga_logic_option_table().validate) on options out of range.
MetaResult run_ga_logic(const Puzzle& puzzle, const LogicGaOptions& options,
                        const RunControl& control);

MethodInfo logic_method();

}  // namespace nonolab::meta

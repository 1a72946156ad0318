// ga-nn: the genetic algorithm of Buades Rubio et al. 2024, section 2.3.5
// and Algorithm 5.
//
//   - No crossover. Each child is a roulette-selected parent with 0-4
//     mutations (uniform count, uniform locations): fill a cell while the
//     board has fewer filled cells than the clues require, empty one while
//     it has more, otherwise move a filled cell to an empty place.
//   - Fitness (eq. 1): ncc + ncr + (w·h)·nmc/ncmb, with ncc/ncr the correct
//     columns/rows, nmc the filled ("marked") cells and ncmb the cells the
//     clues fill. The objective we report is the number of wrong lines, so
//     0 means solved.
//   - The children replace the population (change_population), and the run
//     stops at the first child that is a solution.
//   - Defaults: population 1000, 100 generations (section 3.3).
//
// The initial population comes from an InitialPopulationSource. The paper
// predicts one board with a neural network and mutates it (MutatedPrediction,
// fed by nn::Predictor). --param model=PATH names the network, model=none
// forces random boards; by default the shipped model for the puzzle's size
// is used when a model loader is installed (LibTorch build) and the file
// exists, else uniformly random boards (RandomBoards). stats:
// population_from_network (1 = the first generation is a mutated prediction).
//
// Readings (docs/methods.md, "Buades Rubio et al."): nmc/ncmb grows with
// every filled cell, even beyond ncmb; --param fill_term=closeness uses
// (w·h)·(1 − |nmc − ncmb|/ncmb) instead. A random board fills each cell with
// probability 1/2.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/method.hpp"
#include "core/options.hpp"
#include "core/puzzle.hpp"
#include "core/rng.hpp"

namespace nonolab::meta {

/// Where ga-nn's first generation comes from.
class InitialPopulationSource {
  public:
    virtual ~InitialPopulationSource() = default;
    /// Writes `count` boards of puzzle.width()*puzzle.height() cells (0/1) to `out`.
    virtual void make(const Puzzle& puzzle, Rng& rng, int count, Cell* out) const = 0;
};

/// Uniformly random boards (the default: no model).
class RandomBoards : public InitialPopulationSource {
  public:
    void make(const Puzzle& puzzle, Rng& rng, int count, Cell* out) const override;
};

/// The paper's scheme: one predicted board, each individual a copy with
/// 0-4 of the GA's own mutations (the first individual is the prediction).
class MutatedPrediction : public InitialPopulationSource {
  public:
    explicit MutatedPrediction(Grid predicted) : predicted_(std::move(predicted)) {}
    void make(const Puzzle& puzzle, Rng& rng, int count, Cell* out) const override;

  private:
    Grid predicted_;
};

struct NnGaOptions {
    int population = 1000;           ///< individuals (section 3.3: 1000)
    std::int64_t generations = 100;  ///< section 3.3: 100 iterations
    int max_mutations = 4;           ///< mutations per child drawn uniformly in [0, this]
    bool closeness_fill_term = false;  ///< fill term (w·h)(1−|nmc−ncmb|/ncmb) instead of nmc/ncmb
    std::string
        model;  ///< network file; "" (param "auto") = the shipped one if loadable, "none" = random
};

/// The `ga-nn` method's options; the defaults are NnGaOptions'.
const OptionTable<NnGaOptions>& ga_nn_option_table();

/// Runs ga-nn; `source` null means RandomBoards. Throws std::invalid_argument
/// (ga_nn_option_table().validate) on options out of range.
MetaResult run_ga_nn(const Puzzle& puzzle, const NnGaOptions& options, const RunControl& control,
                     const InitialPopulationSource* source = nullptr);

/// The fitness of eq. 1 for a whole board (tests and reports).
double nn_fitness(const Puzzle& puzzle, const Grid& board, bool closeness_fill_term = false);

/// Applies `count` of the paper's mutations to `x`, filled = its filled cells.
/// Appends changed cells to `changed`; returns the new filled count.
int nn_mutate(Rng& rng, Cell* x, int cells, int filled, int target, int count,
              std::vector<int>& changed);

/// The initial population ga-nn starts from for `puzzle`: a mutated network
/// prediction when options.model names a model (or by default when the shipped
/// one is loadable), else nullptr (random boards). Throws when a named model
/// cannot be loaded or does not fit the puzzle.
std::unique_ptr<InitialPopulationSource> nn_population_source(const Puzzle& puzzle,
                                                              const NnGaOptions& options);

MethodInfo nn_method();

}  // namespace nonolab::meta

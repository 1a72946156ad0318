// The generational loop shared by every genetic algorithm in nonolab
// (ga-simple, ga-modified, ga-hs-baseline, ga-logic, ga-nn, ga-rows).
//
// The loop knows nothing about nonogram fitness or encodings: both are
// plug-ins, so no paper gets its own copy of the loop.
//   - GaFitness scores one line (row or column) at a time into a LineScore and
//     folds the per-line scores into a roulette weight (maximised) and an
//     objective (minimised, 0 = optimum). Every fitness of our papers is a sum
//     or count over lines, which is what makes incremental scoring possible.
//   - GaRepresentation makes the initial population and mutates/repairs a
//     child, reporting which cells it changed.
//
// Incremental scoring: a child keeps the line scores of the parent it was
// copied from; only lines that can differ are rescored. After a one-point
// crossover at flat position p, rows wholly before p come from the first
// parent and rows wholly after p from the second; the cut row and every
// column are rescored. After a mutation or repair only the rows and columns
// through the changed cells are rescored. So a mutation-only child (ga-nn)
// costs a few line scans, not a whole-board scan.
//
// Counting: one child generated and scored = one evaluation, the initial
// population included (the unit of Lee & Geem 2025, section 4, whose GA
// iteration counts are multiples of the population size).
//
// Stopping: at the generation limit (replaced by control.max_evaluations
// when that is set), when the budget expires, or when a child meets every
// clue. The objective reaching 0
// is *not* taken as success (Bobko's simple fitness is 0 on grids that break
// the clues, as their section III shows); a zero-objective child is checked
// clue by clue and counted in stats "false_optimum" when it fails.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/method.hpp"
#include "core/puzzle.hpp"
#include "core/rng.hpp"

namespace nonolab::meta {

/// A puzzle's clues flattened for hot loops: lines 0..h-1 are rows, h..h+w-1 columns.
struct LineTable {
    explicit LineTable(const Puzzle& puzzle);
    int width = 0;
    int height = 0;
    std::vector<std::vector<int>> clue;  ///< run lengths per line
    std::vector<int> clue_sum;           ///< filled cells each line needs
    std::vector<int> start;              ///< flat index of the line's first cell
    std::vector<int> stride;             ///< 1 for rows, width for columns
    std::vector<int> length;             ///< width for rows, height for columns
    int lines() const { return width + height; }
    int cells() const { return width * height; }
    int total_filled() const;  ///< filled cells of any solution (sum of row clues)
    /// True when line `l` of `grid` shows exactly its clue.
    bool line_ok(int l, const Cell* grid) const;
    /// True when every line shows exactly its clue.
    bool solved(const Cell* grid) const;
};

/// What a fitness keeps per line; meaning is up to the fitness.
struct LineScore {
    std::int32_t error = 0;   ///< the line's share of the objective (0 = line satisfied)
    std::int32_t filled = 0;  ///< filled cells in the line (for fitnesses that count them)
};

/// Fitness plug-in: per-line scores folded into a weight and an objective.
class GaFitness {
  public:
    virtual ~GaFitness() = default;
    /// Score line `l` of the full grid `cells`.
    virtual LineScore score_line(const LineTable& t, int l, const Cell* cells) const = 0;
    /// Roulette weight, maximised; negative values are treated as 0.
    virtual double fitness(const LineTable& t, const LineScore* lines) const = 0;
    /// Minimised objective reported as best_error; 0 at the optimum.
    virtual std::int64_t objective(const LineTable& t, const LineScore* lines) const = 0;
};

/// Representation plug-in: how individuals are made and varied.
class GaRepresentation {
  public:
    virtual ~GaRepresentation() = default;
    /// Fill `out` (count individuals of t.cells() cells each) with the initial population.
    virtual void initial_population(Rng& rng, int count, Cell* out);
    /// One random individual (used by the default initial_population).
    virtual void random_individual(Rng& rng, Cell* out) = 0;
    /// Cut position p in [1, cells) for one-point crossover: child = a[0,p) + b[p,end).
    virtual int crossover_point(Rng& rng);
    /// Mutate `x` in place; append every changed cell index to `changed`.
    /// `lines` holds x's current line scores (e.g. for fill counts).
    virtual void mutate(Rng& rng, Cell* x, const LineScore* lines, std::vector<int>& changed) = 0;
    /// Re-impose constraints after variation (e.g. fixed cells); appends changed cells.
    virtual void repair(Cell* x, std::vector<int>& changed);

  protected:
    explicit GaRepresentation(const LineTable& t) : table_(t) {}
    const LineTable& table_;
};

/// How parents are chosen.
enum class GaSelection {
    roulette,  ///< probability proportional to fitness (Bobko; Buades Rubio algorithm 5)
    uniform,   ///< uniformly at random (Aloglah et al. section 5.2.4)
};

/// How the next population is formed.
enum class GaReplacement {
    generational,  ///< children replace parents (elitism keeps the best few)
    plus,          ///< best `population` of parents and children ((mu+lambda), Aloglah 5.2.4)
};

/// Loop options common to every GA variant; each method fills these from its own struct.
struct GaLoopOptions {
    int population = 30;             ///< individuals per generation
    std::int64_t generations = 300;  ///< generation limit (initial population excluded)
    double crossover_rate = 1.0;     ///< chance a parent pair is crossed, else copied
    int elitism = 0;                 ///< best parents copied unchanged (generational)
    bool mutate_crossed = true;      ///< mutate crossover children too (else only copies)
    GaSelection selection = GaSelection::roulette;
    GaReplacement replacement = GaReplacement::generational;
};

/// Runs the loop. `result.best` is the best individual by fitness (a solution
/// if one was found); stats gain "generations", "best_fitness", "false_optimum".
MetaResult run_genetic(const LineTable& table, const GaFitness& fitness,
                       GaRepresentation& representation, const GaLoopOptions& options,
                       const RunControl& control);

// ---- operators shared by several representations ----

/// Uniformly random arrangement of `runs` in a line of `n` cells (every
/// arrangement equally likely: the free cells are split over the k+1 gaps by
/// stars and bars). Writes cells[0], cells[stride], ...
void random_arrangement(Rng& rng, const std::vector<int>& runs, int n, Cell* cells, int stride);

/// Flip each cell of `x` (n cells) with probability p; record flipped indices.
void flip_mutation(Rng& rng, double p, Cell* x, int n, std::vector<int>& changed);

}  // namespace nonolab::meta

namespace nonolab::meta {

/// The plain binary chromosome of N·M cells (Bobko & Grzywacz section II;
/// Lee & Geem section 4): uniformly random bits, one-point crossover anywhere,
/// independent bit-flip mutation with probability `mutation_rate` per cell.
class BinaryRepresentation : public GaRepresentation {
  public:
    BinaryRepresentation(const LineTable& t, double mutation_rate)
        : GaRepresentation(t), mutation_rate_(mutation_rate) {}
    void random_individual(Rng& rng, Cell* out) override;
    void mutate(Rng& rng, Cell* x, const LineScore* lines, std::vector<int>& changed) override;

  private:
    double mutation_rate_;
};

}  // namespace nonolab::meta

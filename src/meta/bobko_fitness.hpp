// The two fitness functions of Bobko & Grzywacz 2016 ("Solving nonograms
// using genetic algorithms"), as GaFitness plug-ins for the shared loop.
//
// Simple fitness (section III, equations 1-6): per line, the difference
// between required and present counts of 1s (f1 rows, f2 columns) plus the
// same for 0s (f3, f4); g = N·M − f is maximised. Because
// |(M − a) − (M − b)| = |a − b|, f3 = f1 and f4 = f2: each line contributes
// twice its count difference. It ignores contiguity, so g reaches N·M on
// grids that break the clues (the paper's figure 6).
//
// Modified fitness (section IV, equations 7-11, after Tsai 2012): per line,
// sum_j |clue_j − block_j| over block index j, a missing block counting as
// 0 (the paper's example: clue 2 3 1 against blocks 1 2 2 gives 3);
// g = 2·N·M − f is maximised. This per-line term is the same quantity as the
// error score of Lee & Geem 2025 section 2.2 (error_score.hpp).
//
// Deviation: g can be negative for a bad enough grid (f > N·M); the paper
// does not say what roulette does then. We give such individuals weight 0.
#pragma once

#include "meta/genetic_core.hpp"

namespace nonolab::meta {

/// Equations 1-6: count-based. objective = f, weight = N·M − f.
class BobkoSimpleFitness : public GaFitness {
  public:
    LineScore score_line(const LineTable& t, int l, const Cell* cells) const override;
    double fitness(const LineTable& t, const LineScore* lines) const override;
    std::int64_t objective(const LineTable& t, const LineScore* lines) const override;
};

/// Equations 7-11: block differences. objective = f, weight = 2·N·M − f
/// (or 1 / (1 + f) with `inverse_weight`, an alternative for the HS baseline).
class BobkoModifiedFitness : public GaFitness {
  public:
    explicit BobkoModifiedFitness(bool inverse_weight = false) : inverse_(inverse_weight) {}
    LineScore score_line(const LineTable& t, int l, const Cell* cells) const override;
    double fitness(const LineTable& t, const LineScore* lines) const override;
    std::int64_t objective(const LineTable& t, const LineScore* lines) const override;

  private:
    bool inverse_;
};

/// f of equation 1 for a whole grid (tests and reports).
std::int64_t bobko_simple_f(const LineTable& t, const Cell* cells);
/// f of equation 7 for a whole grid.
std::int64_t bobko_modified_f(const LineTable& t, const Cell* cells);

}  // namespace nonolab::meta

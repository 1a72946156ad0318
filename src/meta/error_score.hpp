// The error score of Lee & Geem 2025, section 2.2: the objective of harmony
// search and of that paper's GA baseline.
//
// Each line of the candidate is turned into its clue form (the run lengths of
// filled cells); the line's error is sum_j |given_j - derived_j| for j up to
// the larger of the two clue counts, a missing entry counting as 0. The score
// is the sum over all rows and columns; 0 means every clue is met.
//
// Black and white only: a candidate is a complete 0/1 grid.
#pragma once

#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::meta {

/// Error of one line: `given` run lengths against the cells cells[0], cells[stride], ...
/// (count cells). Exposed so incremental methods can re-score single lines.
int line_error(const std::vector<int>& given, const Cell* cells, int count, int stride);

/// Error of one line given explicitly as 0/1 cells (convenience for tests).
int line_error(const std::vector<int>& given, const std::vector<Cell>& cells);

/// The full error score of section 2.2 over every row and column.
std::int64_t error_score(const Puzzle& puzzle, const Grid& grid);

/// Run lengths of a puzzle clue, colours dropped (black-and-white puzzles).
std::vector<int> run_lengths(const Clue& clue);

}  // namespace nonolab::meta

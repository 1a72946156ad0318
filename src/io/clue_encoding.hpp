// The network's input (Buades Rubio et al. 2024, section 2.1, Figure 4), which
// is also NonoDataset's x layout: for an n x n board, 2n lines of
// LM = floor((n+1)/2) slots, rows top to bottom first, then columns left to
// right; each clue right-aligned ("leading zeros", Figure 4), zero-padded.
// LM is the most runs an n-cell line can hold, so every clue fits.
#pragma once

#include <cstdint>
#include <vector>

#include "core/puzzle.hpp"

namespace nonolab::io {

/// LM = floor((n+1)/2): slots per line for an n-cell board side.
inline int clue_slots(int n) {
    return (n + 1) / 2;
}

/// Length of the clue vector of an n x n board: 2·n·LM.
inline int clue_vector_size(int n) {
    return 2 * n * clue_slots(n);
}

/// The clue vector of a square black-and-white puzzle. Throws
/// std::invalid_argument naming the problem for colour or non-square puzzles.
std::vector<std::uint8_t> encode_clues(const Puzzle& puzzle);

/// Same, as floats, written to `out` (clue_vector_size(n) values): the
/// network input. The values are the raw run lengths, as in the paper.
void encode_clues(const Puzzle& puzzle, float* out);

/// The n x n black-and-white puzzle a clue vector describes (zeros are
/// padding, wherever they are). Throws std::invalid_argument when a line's
/// runs cannot fit in n cells.
Puzzle decode_clues(const std::uint8_t* x, int n);

}  // namespace nonolab::io

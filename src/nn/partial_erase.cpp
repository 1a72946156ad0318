#include "nn/partial_erase.hpp"

#include <stdexcept>

#include "core/picture.hpp"

namespace nonolab::nn {

std::vector<std::uint8_t> wrong_lines(const Puzzle& puzzle, const Grid& board) {
    const int h = puzzle.height(), w = puzzle.width();
    if (board.width() != w || board.height() != h)
        throw std::invalid_argument("partial erase: the board has the wrong size");
    std::vector<std::uint8_t> wrong(h + w, 0);
    for (int r = 0; r < h; ++r) wrong[r] = row_clue_of(board, r) != puzzle.row(r);
    for (int c = 0; c < w; ++c) wrong[h + c] = column_clue_of(board, c) != puzzle.column(c);
    return wrong;
}

int wrong_line_count(const Puzzle& puzzle, const Grid& board) {
    int n = 0;
    for (std::uint8_t x : wrong_lines(puzzle, board)) n += x;
    return n;
}

Grid partial_erase(const Puzzle& puzzle, const Grid& prediction, EraseRule rule,
                   int* erased_lines) {
    const std::vector<std::uint8_t> wrong = wrong_lines(puzzle, prediction);
    const int h = puzzle.height();
    Grid out = prediction;
    for (int r = 0; r < h; ++r)
        for (int c = 0; c < puzzle.width(); ++c) {
            const bool row = wrong[r], col = wrong[h + c];
            if (rule == EraseRule::any_line ? (row || col) : (row && col)) out.set(r, c, kUnknown);
        }
    if (erased_lines) {
        int n = 0;
        for (std::uint8_t x : wrong) n += x;
        *erased_lines = n;
    }
    return out;
}

}  // namespace nonolab::nn

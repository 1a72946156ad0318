#include "io/clue_encoding.hpp"

#include <stdexcept>
#include <string>

#include "core/clue_contradiction.hpp"

namespace nonolab::io {
namespace {

void check_square_bw(const Puzzle& p) {
    if (!p.black_and_white())
        throw std::invalid_argument("the network encoding needs a black-and-white puzzle");
    if (p.width() != p.height())
        throw std::invalid_argument("the network encoding needs a square puzzle, got " +
                                    std::to_string(p.width()) + "x" + std::to_string(p.height()));
    // A clue longer than its line may hold more runs than the LM slots per line.
    if (const std::string why = clue_contradiction(p); !why.empty())
        throw std::invalid_argument("the network encoding needs clues that admit a grid: " + why);
}

template <class T>
void encode(const Puzzle& p, T* out) {
    check_square_bw(p);
    const int n = p.width(), lm = clue_slots(n);
    auto put = [&](const Clue& c, T* line) {
        for (int k = 0; k < lm; ++k) line[k] = 0;
        const int pad = lm - static_cast<int>(c.size());  // >= 0: a clue of n cells has <= LM runs
        for (std::size_t k = 0; k < c.size(); ++k) line[pad + k] = static_cast<T>(c[k].length);
    };
    for (int r = 0; r < n; ++r) put(p.row(r), out + r * lm);
    for (int c = 0; c < n; ++c) put(p.column(c), out + (n + c) * lm);
}

}  // namespace

std::vector<std::uint8_t> encode_clues(const Puzzle& puzzle) {
    check_square_bw(puzzle);
    std::vector<std::uint8_t> out(clue_vector_size(puzzle.width()));
    encode(puzzle, out.data());
    return out;
}

void encode_clues(const Puzzle& puzzle, float* out) {
    encode(puzzle, out);
}

Puzzle decode_clues(const std::uint8_t* x, int n) {
    const int lm = clue_slots(n);
    auto line = [&](int i) {
        std::vector<int> lengths;
        for (int k = 0; k < lm; ++k)
            if (x[i * lm + k]) lengths.push_back(x[i * lm + k]);
        return bw_clue(lengths);
    };
    std::vector<Clue> rows, cols;
    for (int r = 0; r < n; ++r) rows.push_back(line(r));
    for (int c = 0; c < n; ++c) cols.push_back(line(n + c));
    try {
        return Puzzle(n, n, std::move(rows), std::move(cols));
    } catch (const std::exception& e) {
        throw std::invalid_argument(std::string("clue vector: ") + e.what());
    }
}

}  // namespace nonolab::io

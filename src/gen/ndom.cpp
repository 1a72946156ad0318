#include "gen/ndom.hpp"

#include <stdexcept>
#include <string>

namespace nonolab::gen {

Puzzle ndom(int n) {
    if (n < 1) throw std::invalid_argument("n-Dom needs n >= 1, got " + std::to_string(n));
    std::vector<Clue> rows{bw_clue({3}), bw_clue({1})};
    std::vector<Clue> cols{bw_clue({1}), bw_clue({1})};
    for (int i = 1; i < n; ++i) {
        rows.push_back(bw_clue({3, 1}));
        rows.push_back(bw_clue({1}));
        cols.push_back(bw_clue({1, 3}));
        cols.push_back(bw_clue({1}));
    }
    rows.push_back(bw_clue({1}));
    cols.push_back(bw_clue({3}));
    PuzzleInfo info;
    info.title = std::to_string(n) + "-Dom";
    info.description = "Domino Logic family (Wolter's survey; 9-Dom is webpbn #8098), generated";
    const int size = 2 * n + 1;
    return Puzzle(size, size, std::move(rows), std::move(cols), black_and_white_palette(),
                  std::move(info));
}

}  // namespace nonolab::gen

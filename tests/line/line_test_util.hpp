// Helpers shared by the tests that compare line reasoning against brute
// force (tests/line, and tests/exact/cnf_propagation_test.cpp).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/puzzle.hpp"

namespace nonolab::test {

/// The colour clue of a full line (one palette index per cell, 0 =
/// background): its maximal stretches of one non-background colour.
inline Clue colour_clue_of(const std::vector<int>& line) {
    Clue clue;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == 0) continue;
        if (i > 0 && line[i - 1] == line[i])
            ++clue.back().length;
        else
            clue.push_back({1, static_cast<std::uint8_t>(line[i])});
    }
    return clue;
}

/// The runs of a full line (bit i = cell i filled) as (start, length) pairs.
inline std::vector<std::pair<int, int>> blocks_of(unsigned bits, int n) {
    std::vector<std::pair<int, int>> blocks;
    for (int i = 0; i < n;) {
        if (!(bits >> i & 1u)) {
            ++i;
            continue;
        }
        int j = i;
        while (j < n && (bits >> j & 1u)) ++j;
        blocks.push_back({i, j - i});
        i = j;
    }
    return blocks;
}

/// The clue of a full line: its run lengths.
inline std::vector<int> runs_of(unsigned bits, int n) {
    std::vector<int> runs;
    for (const auto& block : blocks_of(bits, n)) runs.push_back(block.second);
    return runs;
}

}  // namespace nonolab::test

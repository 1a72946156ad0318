// Helpers shared by the line tests that compare against brute force.
#pragma once

#include <utility>
#include <vector>

namespace nonolab::test {

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

}  // namespace nonolab::test

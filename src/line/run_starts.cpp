#include "line/run_starts.hpp"

namespace nonolab::line {

namespace {

// empties[i] = number of known-empty cells in [0, i): a block [a, b) may
// be filled when empties[b] == empties[a].
std::vector<int> count_empties(std::span<const Cell> cells) {
    std::vector<int> empties(cells.size() + 1, 0);
    for (size_t i = 0; i < cells.size(); ++i) empties[i + 1] = empties[i] + (cells[i] == kEmpty);
    return empties;
}

// pre[j][i] as in the header, for j = 0..k and i = 0..n.
std::vector<std::vector<char>> prefixes(std::span<const int> runs, std::span<const Cell> cells) {
    const int n = static_cast<int>(cells.size()), k = static_cast<int>(runs.size());
    const std::vector<int> empties = count_empties(cells);
    std::vector<std::vector<char>> pre(k + 1, std::vector<char>(n + 1, 0));
    pre[0][0] = 1;
    for (int j = 0; j <= k; ++j)
        for (int i = 1; i <= n; ++i) {
            if (cells[i - 1] == kFilled) continue;  // cell i-1 must be a gap cell
            bool ok = pre[j][i - 1] != 0;           // one more gap cell
            if (!ok && j > 0) {                     // the gap right after run j-1
                const int start = i - 1 - runs[j - 1];
                ok = start >= 0 && empties[i - 1] == empties[start] && pre[j - 1][start];
            }
            pre[j][i] = ok;
        }
    return pre;
}

}  // namespace

std::vector<std::vector<char>> feasible_starts(std::span<const int> runs,
                                               std::span<const Cell> cells, bool& consistent) {
    const int n = static_cast<int>(cells.size()), k = static_cast<int>(runs.size());
    const std::vector<std::vector<char>> pre = prefixes(runs, cells);
    std::vector<int> rev_runs(runs.rbegin(), runs.rend());
    std::vector<Cell> rev_cells(cells.rbegin(), cells.rend());
    const std::vector<std::vector<char>> suf = prefixes(rev_runs, rev_cells);
    const std::vector<int> empties = count_empties(cells);

    std::vector<std::vector<char>> starts(k, std::vector<char>(n, 0));
    // With no runs, the line is consistent when it can be all empty.
    consistent = k == 0 ? pre[0][n] != 0 : false;
    for (int j = 0; j < k; ++j) {
        const int len = runs[j];
        for (int s = 0; s + len <= n; ++s) {
            if (!pre[j][s] || empties[s + len] != empties[s]) continue;
            // The suffix [s+len, n) holds the k-1-j later runs after a gap;
            // in mirrored terms, the mirrored prefix of length n-s-len.
            if (!suf[k - 1 - j][n - s - len]) continue;
            starts[j][s] = 1;
            consistent = true;
        }
    }
    if (!consistent) starts.clear();
    return starts;
}

}  // namespace nonolab::line

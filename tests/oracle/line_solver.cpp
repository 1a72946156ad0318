#include "oracle/line_solver.hpp"

namespace nonolab::oracle {

bool LineSolver::solve(std::span<const int> runs, std::span<Cell> cells) {
    const int n = static_cast<int>(cells.size());
    const int k = static_cast<int>(runs.size());
    const int W = n + 2;  // row stride of fwd_/bwd_ (bwd_ reads column n+1)

    filled_before_.resize(n + 1);
    empty_before_.resize(n + 1);
    filled_before_[0] = empty_before_[0] = 0;
    for (int i = 0; i < n; ++i) {
        filled_before_[i + 1] = filled_before_[i] + (cells[i] == kFilled);
        empty_before_[i + 1] = empty_before_[i] + (cells[i] == kEmpty);
    }
    auto no_filled = [&](int a, int b) { return filled_before_[b] == filled_before_[a]; };
    auto no_empty = [&](int a, int b) { return empty_before_[b] == empty_before_[a]; };

    fwd_.assign(static_cast<size_t>(k + 1) * W, 0);
    bwd_.assign(static_cast<size_t>(k + 1) * W, 0);
    auto fwd = [&](int j, int i) -> std::uint8_t& { return fwd_[j * W + i]; };
    auto bwd = [&](int j, int i) -> std::uint8_t& { return bwd_[j * W + i]; };

    // Forward table.
    for (int i = 0; i <= n; ++i) fwd(0, i) = no_filled(0, i);
    for (int j = 1; j <= k; ++j) {
        const int len = runs[j - 1];
        for (int i = 0; i <= n; ++i) {
            bool ok = i > 0 && cells[i - 1] != kFilled && fwd(j, i - 1);  // cell i-1 empty
            if (!ok && i >= len && no_empty(i - len, i)) {  // run j-1 occupies [i-len, i)
                const int s = i - len;
                ok = (j == 1) ? fwd(0, s) != 0
                              : (s >= 1 && cells[s - 1] != kFilled && fwd(j - 1, s - 1));
            }
            fwd(j, i) = ok;
        }
    }
    if (!fwd(k, n)) return false;

    // Backward table (mirror image of the forward one).
    for (int i = 0; i <= n; ++i) bwd(k, i) = no_filled(i, n);
    for (int j = k - 1; j >= 0; --j) {
        const int len = runs[j];
        for (int i = n; i >= 0; --i) {
            bool ok = i < n && cells[i] != kFilled && bwd(j, i + 1);  // cell i empty
            if (!ok && i + len <= n && no_empty(i, i + len)) {        // run j occupies [i, i+len)
                const int e = i + len;
                ok = (j == k - 1) ? bwd(k, e) != 0
                                  : (e < n && cells[e] != kFilled && bwd(j + 1, e + 1));
            }
            bwd(j, i) = ok;
        }
    }

    // Cells that some valid placement covers.
    fill_cover_.assign(n + 1, 0);
    for (int j = 0; j < k; ++j) {
        const int len = runs[j];
        for (int s = 0; s + len <= n; ++s) {
            if (!no_empty(s, s + len)) continue;
            const bool left =
                (j == 0) ? fwd(0, s) != 0 : (s >= 1 && cells[s - 1] != kFilled && fwd(j, s - 1));
            if (!left) continue;
            const int e = s + len;
            const bool right =
                (j == k - 1) ? bwd(k, e) != 0 : (e < n && cells[e] != kFilled && bwd(j + 1, e + 1));
            if (!right) continue;
            ++fill_cover_[s];
            --fill_cover_[e];
        }
    }

    int cover = 0;
    for (int x = 0; x < n; ++x) {
        cover += fill_cover_[x];
        if (cells[x] != kUnknown) continue;
        bool can_empty = false;
        for (int j = 0; j <= k && !can_empty; ++j) can_empty = fwd(j, x) && bwd(j, x + 1);
        const bool can_fill = cover > 0;
        if (can_fill && !can_empty)
            cells[x] = kFilled;
        else if (can_empty && !can_fill)
            cells[x] = kEmpty;
        // Neither is impossible once fwd(k, n) holds: every cell of a
        // consistent arrangement is one or the other.
    }
    return true;
}

}  // namespace nonolab::oracle

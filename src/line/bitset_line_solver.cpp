#include "line/bitset_line_solver.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

#include "line/line_invariants.hpp"
#include "line/word_runs.hpp"

namespace nonolab::line {
namespace {

using U128 = unsigned __int128;

constexpr int kMaxRuns = (BitsetLineSolver::kMaxWordCells + 1) / 2;  // most runs that fit

template <class W>
constexpr int kBits = static_cast<int>(sizeof(W) * 8);

std::uint64_t reverse_bits(std::uint64_t x) {
    x = __builtin_bswap64(x);  // bytes, then nibbles, pairs and bits within each byte
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    return x;
}

U128 reverse_bits(U128 x) {
    return (U128{reverse_bits(static_cast<std::uint64_t>(x))} << 64) |
           reverse_bits(static_cast<std::uint64_t>(x >> 64));
}

int lowest_bit(std::uint64_t x) {
    return std::countr_zero(x);
}
int lowest_bit(U128 x) {
    const auto low = static_cast<std::uint64_t>(x);
    return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(x >> 64));
}

/// The low m bits of x in reverse order (bit i of the result = bit m-1-i of x), 1 <= m <= bits.
template <class W>
W reverse_low(W x, int m) {
    return reverse_bits(x) >> (kBits<W> - m);
}

using word_runs::closure_up;
using word_runs::fit_starts;
using word_runs::spread_cover;

/// The forward table fwd[0..k] (see the header) and each run's fits mask.
/// nf / ne: cells (bits < n) not known filled / not known empty.
/// False when a run is longer than the line: it cannot fit, and shifting by
/// its length could reach the word's width (undefined; UBSan found it).
template <class W>
bool forward(const int* runs, int k, int n, W nf, W ne, W* fwd, W* fit) {
    fwd[0] = closure_up(W{1}, nf);
    for (int j = 0; j < k; ++j) {
        const int len = runs[j];
        if (len > n) return false;
        fit[j] = fit_starts(ne, len);
        // Allowed starts of run j: right after a prefix holding runs 0..j-1
        // and one separator cell that is not known filled.
        const W starts = j == 0 ? fwd[0] : (fwd[j] & nf) << 1;
        fwd[j + 1] = closure_up((starts & fit[j]) << len, nf);
    }
    return true;
}

}  // namespace

template <class W>
bool BitsetLineSolver::solve_words(std::span<const int> runs, std::span<Cell> cells) {
    assert(valid_runs(runs) && valid_bw_cells(cells));
    const int n = static_cast<int>(cells.size());
    const int k = static_cast<int>(runs.size());
    if (k > (n + 1) / 2) return false;  // cannot fit, and would overflow the tables

    const W all = n == kBits<W> ? ~W{0} : (W{1} << n) - 1;
    W filled = 0, empty = 0;
    for (int i = 0; i < n; ++i) {
        if (cells[i] == kFilled)
            filled |= W{1} << i;
        else if (cells[i] == kEmpty)
            empty |= W{1} << i;
    }
    const W nf = all & ~filled, ne = all & ~empty;

    W fwd[kMaxRuns + 1], fit[kMaxRuns];
    if (!forward(runs.data(), k, n, nf, ne, fwd, fit)) return false;
    if (!((fwd[k] >> n) & 1)) return false;
    if (k == 0) {  // no runs and no filled cell: every cell is empty
        for (auto& c : cells) c = kEmpty;
        return true;
    }

    // Backward table: the forward table of the mirrored line, mirrored back.
    int reversed_runs[kMaxRuns] = {};  // zeroed: silences a GCC 12 false warning
    for (int j = 0; j < k; ++j) reversed_runs[j] = runs[k - 1 - j];
    W mirror[kMaxRuns + 1], mirror_fit[kMaxRuns];
    forward(reversed_runs, k, n, reverse_low(nf, n), reverse_low(ne, n), mirror,
            mirror_fit);  // same runs: fits
    W bwd[kMaxRuns + 1];
    for (int j = 0; j <= k; ++j) bwd[j] = reverse_low(mirror[k - j], n + 1);

    // A cell can be empty when it splits the runs into a feasible left and
    // right part; it can be filled when some valid placement of a run covers it.
    W can_empty = 0, can_fill = 0;
    for (int j = 0; j <= k; ++j) can_empty |= fwd[j] & (bwd[j] >> 1);
    for (int j = 0; j < k; ++j) {
        const int len = runs[j];
        const W left = j == 0 ? fwd[0] : (fwd[j] & nf) << 1;
        const W right = (j == k - 1 ? bwd[k] : (bwd[j + 1] >> 1) & nf) >> len;
        can_fill |= spread_cover(fit[j] & left & right, len);
    }

    const W unknown = all & ~filled & ~empty;
    for (W m = unknown & can_fill & ~can_empty; m; m &= m - 1) cells[lowest_bit(m)] = kFilled;
    for (W m = unknown & can_empty & ~can_fill; m; m &= m - 1) cells[lowest_bit(m)] = kEmpty;
    return true;
}

bool BitsetLineSolver::solve(std::span<const int> runs, std::span<Cell> cells) {
    const int n = static_cast<int>(cells.size());
    if (n <= 63) return solve_words<std::uint64_t>(runs, cells);
    if (n <= kMaxWordCells) return solve_words<U128>(runs, cells);
    return wide_.solve(runs, cells);
}

}  // namespace nonolab::line

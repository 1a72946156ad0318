// Word operations on runs of positions, shared by the two bitset line
// solvers (bitset_line_solver.hpp for black and white,
// bitset_colour_line_solver.hpp for colour; their headers explain why each
// is right). W is an unsigned word: std::uint64_t or unsigned __int128.
// Bit i of a word is position i of a line.
#pragma once

#include <algorithm>

namespace nonolab::line::word_runs {

/// Positions reachable from a seed in `s` by steps i -> i+1 through cells i
/// in `m`: the carry trick. In m + (s & m) a carry enters at each seed that
/// lies in m, ripples up through the stretch of m above it and stops at the
/// first position outside m.
template <class W>
W closure_up(W s, W m) {
    return ((m + (s & m)) ^ m) | s;
}

/// Starts s whose len cells s..s+len-1 all lie in `m`: the AND of
/// m >> 0..len-1, doubling the covered width each step (log2(len) steps).
template <class W>
W fit_starts(W m, int len) {
    for (int covered = 1; covered < len;) {
        const int step = std::min(covered, len - covered);
        m &= m >> step;
        covered += step;
    }
    return m;
}

/// Every position covered by a run of len cells starting in `v`: the OR of
/// v << 0..len-1, doubling.
template <class W>
W spread_cover(W v, int len) {
    for (int covered = 1; covered < len;) {
        const int step = std::min(covered, len - covered);
        v |= v << step;
        covered += step;
    }
    return v;
}

}  // namespace nonolab::line::word_runs

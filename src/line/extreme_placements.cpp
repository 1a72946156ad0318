#include "line/extreme_placements.hpp"

#include <utility>

namespace nonolab::line {

namespace {

// The line read forwards, or mirrored (cells and runs reversed), so one
// routine finds both extremes without copying the line.
template <bool Mirror>
struct LineView {
    std::span<const int> runs;
    std::span<const Cell> cells;
    int n, k;
    int run(int j) const { return Mirror ? runs[k - 1 - j] : runs[j]; }
    Cell cell(int i) const { return Mirror ? cells[n - 1 - i] : cells[i]; }
};

// Last known-filled cell in [a, b), or -1.
template <bool Mirror>
int last_filled(const LineView<Mirror>& v, int a, int b) {
    for (int i = b - 1; i >= a; --i)
        if (v.cell(i) == kFilled) return i;
    return -1;
}

// The left-most placement (see the header for why each step is sound).
template <bool Mirror>
bool leftmost(const LineView<Mirror>& v, int* start) {
    const int n = v.n, k = v.k;
    if (k == 0) return last_filled(v, 0, n) < 0;
    int j = 0;    // next run to place
    int pos = 0;  // lower bound on run j's start in every consistent arrangement
    for (;;) {
        if (j == k) {
            const int f = last_filled(v, start[k - 1] + v.run(k - 1), n);
            if (f < 0) return true;
            j = k - 1;  // the last run (or one before it) must reach f
            pos = f - v.run(j) + 1;
            continue;
        }
        const int len = v.run(j);
        // Earliest s >= pos with no empty cell under the run and none
        // filled right after it. Cells [s, clear) are known not empty, so
        // each cell is read about once however far the run slides.
        int s = pos, clear = pos;
        for (;;) {
            if (s + len > n) return false;
            int e = s + len - 1;
            while (e >= clear && v.cell(e) != kEmpty) --e;
            if (e >= clear) {
                clear = s + len;  // (e, s + len) were read and are not empty
                s = e + 1;        // every start up to e would cover the empty cell e
            } else if (s + len < n && v.cell(s + len) == kFilled) {
                clear = s + len + 1;
                ++s;
            } else {
                break;
            }
        }
        const int f = last_filled(v, j == 0 ? 0 : start[j - 1] + v.run(j - 1), s);
        if (f >= 0) {  // run j cannot cover f: the run before it must reach f
            if (j == 0) return false;
            --j;
            pos = f - v.run(j) + 1;  // > start[j], since f lies after that run
            continue;
        }
        start[j] = s;
        pos = s + len + 1;
        ++j;
    }
}

}  // namespace

bool leftmost_starts(std::span<const int> runs, std::span<const Cell> cells,
                     std::span<int> starts) {
    const LineView<false> v{runs, cells, static_cast<int>(cells.size()),
                            static_cast<int>(runs.size())};
    return leftmost(v, starts.data());
}

bool rightmost_starts(std::span<const int> runs, std::span<const Cell> cells,
                      std::span<int> starts) {
    const int n = static_cast<int>(cells.size()), k = static_cast<int>(runs.size());
    const LineView<true> v{runs, cells, n, k};
    if (!leftmost(v, starts.data())) return false;
    // Mirrored run k-1-j ending where the mirrored start + len is, read back.
    for (int a = 0, b = k - 1; a < b; ++a, --b) std::swap(starts[a], starts[b]);
    for (int j = 0; j < k; ++j) starts[j] = n - starts[j] - runs[j];
    return true;
}

}  // namespace nonolab::line

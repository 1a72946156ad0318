#include "exact/prober.hpp"

#include <algorithm>

namespace nonolab::exact {

Propagation Prober::try_value(const Grid& grid, int cell, Cell value, Grid& out,
                              const Budget& budget) {
    out = grid;  // same size every time: reuses the buffer, no allocation
    out.cells()[cell] = value;
    prop_.note_change(cell / grid.width(), cell % grid.width());
    return prop_.run(out, budget, false);
}

ProbeResult Prober::run(Grid& grid, const Budget& budget) {
    const int n = grid.size();
    const int width = grid.width();
    bool changed = true;
    while (changed) {
        changed = false;
        best_cell_ = -1;
        long best_score = -1;
        for (int x = 0; x < n; ++x) {
            if (grid.cells()[x] != kUnknown) continue;
            ++probes_;
            const Propagation pf = try_value(grid, x, kFilled, filled_, budget);
            if (pf == Propagation::out_of_time) return ProbeResult::out_of_time;
            const Propagation pe = try_value(grid, x, kEmpty, empty_, budget);
            if (pe == Propagation::out_of_time) return ProbeResult::out_of_time;
            if (pf == Propagation::contradiction && pe == Propagation::contradiction)
                return ProbeResult::contradiction;
            if (pf == Propagation::contradiction || pe == Propagation::contradiction) {
                // One side is impossible: the other side's closure is forced.
                grid = pf == Propagation::contradiction ? empty_ : filled_;
                ++forced_;
                changed = true;
                continue;
            }
            // Both sides live: keep what they agree on, score the cell.
            long gained_f = 0, gained_e = 0;
            bool agreed = false;
            Cell* g = grid.cells().data();
            const Cell* f = filled_.cells().data();
            const Cell* e = empty_.cells().data();
            for (int y = 0; y < n; ++y) {
                if (g[y] != kUnknown) continue;
                gained_f += f[y] != kUnknown;
                gained_e += e[y] != kUnknown;
                if (y != x && f[y] != kUnknown && f[y] == e[y]) {
                    g[y] = f[y];
                    prop_.note_change(y / width, y % width);
                    agreed = true;
                }
            }
            if (agreed) {
                ++forced_;
                changed = true;
                const Propagation p = prop_.run(grid, budget, false);
                if (p == Propagation::out_of_time) return ProbeResult::out_of_time;
                if (p == Propagation::contradiction) return ProbeResult::contradiction;
                continue;
            }
            // Branch where both subtrees shrink most: the product rewards
            // balance, the sum breaks ties toward more information overall.
            const long score = gained_f * gained_e * 4 + gained_f + gained_e;
            if (score > best_score) best_score = score, best_cell_ = x;
        }
    }
    return ProbeResult::closed;
}

}  // namespace nonolab::exact

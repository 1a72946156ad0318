// Line propagation written the slow, obvious way, as the reference the
// engine's propagator (src/exact/propagator.hpp) and prober are checked
// against: re-solve every row and column with a reference line DP until a
// full pass changes nothing. Line solving is monotone, so the fixpoint is
// unique whatever the order; any correct propagator must reach it exactly.
#pragma once

#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "oracle/colour_line_solver.hpp"
#include "oracle/line_solver.hpp"

namespace nonolab::oracle {

/// Black and white: false on a contradiction (then `g` is partly narrowed).
inline bool naive_propagate(const Puzzle& p, Grid& g) {
    LineSolver solver;
    const int w = p.width(), h = p.height();
    for (bool changed = true; changed;) {
        changed = false;
        for (int l = 0; l < w + h; ++l) {
            const bool row = l < h;
            const int n = row ? w : h;
            std::vector<int> runs;
            for (const Run& r : row ? p.row(l) : p.column(l - h)) runs.push_back(r.length);
            std::vector<Cell> cells(n);
            for (int i = 0; i < n; ++i) cells[i] = row ? g.at(l, i) : g.at(i, l - h);
            if (!solver.solve(runs, cells)) return false;
            for (int i = 0; i < n; ++i) {
                Cell& c = row ? g.cells()[l * w + i] : g.cells()[i * w + (l - h)];
                if (c != cells[i]) c = cells[i], changed = true;
            }
        }
    }
    return true;
}

/// One colour set per cell, row-major (bit c = palette colour c possible).
using Masks = std::vector<std::uint64_t>;

/// Colour: the same with the colour DP; false on a contradiction.
inline bool naive_colour_propagate(const Puzzle& p, Masks& s) {
    ColourLineSolver solver;
    const int w = p.width(), h = p.height();
    for (bool changed = true; changed;) {
        changed = false;
        for (int l = 0; l < w + h; ++l) {
            const bool row = l < h;
            const int n = row ? w : h;
            Masks cells(n);
            auto at = [&](int i) -> std::uint64_t& {
                return row ? s[l * w + i] : s[i * w + l - h];
            };
            for (int i = 0; i < n; ++i) cells[i] = at(i);
            if (!solver.solve(row ? p.row(l) : p.column(l - h), cells)) return false;
            for (int i = 0; i < n; ++i)
                if (at(i) != cells[i]) at(i) = cells[i], changed = true;
        }
    }
    return true;
}

}  // namespace nonolab::oracle

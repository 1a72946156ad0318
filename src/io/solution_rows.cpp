#include "io/solution_rows.hpp"

#include <stdexcept>

namespace nonolab::io {

std::vector<std::string> grid_rows(const Grid& grid, const Palette& palette) {
    const bool bw = palette.size() == 2;
    std::vector<std::string> rows;
    rows.reserve(grid.height());
    for (int r = 0; r < grid.height(); ++r) {
        std::string row(grid.width(), '?');
        for (int c = 0; c < grid.width(); ++c) {
            const Cell v = grid.at(r, c);
            if (v == kUnknown) continue;
            if (bw)
                row[c] = v == kEmpty ? '.' : '#';
            else if (v < palette.size())
                row[c] = palette[v].symbol;
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

Grid grid_from_rows(const std::vector<std::string>& rows, const Palette& palette) {
    const int h = static_cast<int>(rows.size());
    const int w = h ? static_cast<int>(rows[0].size()) : 0;
    const bool bw = palette.size() == 2;
    Grid grid(w, h, kUnknown);
    for (int r = 0; r < h; ++r) {
        if (static_cast<int>(rows[r].size()) != w)
            throw std::invalid_argument("solution row " + std::to_string(r + 1) + " has " +
                                        std::to_string(rows[r].size()) + " cells, expected " +
                                        std::to_string(w));
        for (int c = 0; c < w; ++c) {
            const char ch = rows[r][c];
            Cell v = kUnknown;
            if (ch == '?')
                v = kUnknown;
            else if (bw && (ch == '#' || ch == '.'))
                v = ch == '#' ? Cell{1} : kEmpty;
            else {
                bool found = false;
                for (std::size_t k = 0; k < palette.size() && !found; ++k)
                    if (palette[k].symbol == ch) v = static_cast<Cell>(k), found = true;
                if (!found)
                    throw std::invalid_argument("solution row " + std::to_string(r + 1) +
                                                ", column " + std::to_string(c + 1) +
                                                ": unknown symbol '" + std::string(1, ch) + "'");
            }
            grid.set(r, c, v);
        }
    }
    return grid;
}

}  // namespace nonolab::io

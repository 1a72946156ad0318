#include "core/grid.hpp"

#include <algorithm>

namespace nonolab {

Grid::Grid(int width, int height, Cell fill)
    : width_(width), height_(height), cells_(static_cast<size_t>(width) * height, fill) {}

bool Grid::complete() const {
    return std::find(cells_.begin(), cells_.end(), kUnknown) == cells_.end();
}

int Grid::unknown_count() const {
    return static_cast<int>(std::count(cells_.begin(), cells_.end(), kUnknown));
}

}  // namespace nonolab

// Grid: a width x height array of cell states, row-major in one flat buffer.
//
// A cell holds a palette index (0 = background/empty, 1 = the first colour,
// which is black in a black-and-white puzzle) or kUnknown. The same type is
// used for partial solver states, finished solutions and goal images.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

namespace nonolab {

using Cell = std::uint8_t;
inline constexpr Cell kEmpty = 0;        ///< background (white)
inline constexpr Cell kFilled = 1;       ///< first colour; "black" in B&W puzzles
inline constexpr Cell kUnknown = 0xFF;   ///< not yet decided
inline constexpr int kMaxColours = 250;  ///< palette entries, background included

class Grid {
  public:
    Grid() = default;
    /// A grid of the given size with every cell set to `fill`.
    Grid(int width, int height, Cell fill = kUnknown);

    int width() const { return width_; }
    int height() const { return height_; }
    int size() const { return width_ * height_; }

    Cell at(int row, int col) const { return cells_[index(row, col)]; }
    void set(int row, int col, Cell v) { cells_[index(row, col)] = v; }
    const std::vector<Cell>& cells() const { return cells_; }
    std::vector<Cell>& cells() { return cells_; }

    /// True when no cell is kUnknown.
    bool complete() const;
    /// Number of kUnknown cells.
    int unknown_count() const;

    bool operator==(const Grid&) const = default;

  private:
    /// Row-major position of (row, col); a debug build checks the bounds.
    int index(int row, int col) const {
        assert(row >= 0 && row < height_ && col >= 0 && col < width_);
        return row * width_ + col;
    }

    int width_ = 0;
    int height_ = 0;
    std::vector<Cell> cells_;
};

}  // namespace nonolab

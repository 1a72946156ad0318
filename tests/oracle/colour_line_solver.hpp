// ColourLineSolver: the reference line solver for colour nonograms (webpbn
// rules), the colour counterpart of LineSolver (line_solver.hpp), and the
// oracle BitsetColourLineSolver (src/line) is tested against. Nothing in the
// product runs it.
//
// A line's state is one colour set per cell: a bitmask over the palette (bit
// c set = palette colour c still possible; bit 0 is the background). solve()
// narrows every set to exactly the colours that SOME arrangement of the clue,
// consistent with the current sets, puts in that cell, and reports a
// contradiction when there is none. Like LineSolver it is complete for the
// line and blind to the other lines.
//
// The rules. Block b has length len_b and colour c_b >= 1; two neighbouring
// blocks of the same colour need at least one background cell between them,
// blocks of different colours may touch. Every cell no block covers is
// background.
//
// Method: the DP of line_solver.hpp, with the separator made conditional.
//   bg(i)       cell i may be background (bit 0 of its set)
//   fits(b, e)  every cell of [e-len_b, e) may be colour c_b (prefix counts
//               of "colour c not allowed" per distinct clue colour)
//   fwd[j][i]   the prefix [0, i) can hold blocks 0..j-1, other cells background
//   bwd[j][i]   the suffix [i, n) can hold blocks j..k-1, other cells background
// Whether block b can start at s with blocks 0..b-1 before it:
//   left(b, s)  = fwd[b][s]                           if b == 0 or c_{b-1} != c_b
//               = s >= 1 && bg(s-1) && fwd[b][s-1]    otherwise (a gap is needed)
// (fwd[b][s] also covers block b-1 ending exactly at s: touching is allowed
// between different colours, and a background gap is allowed too.) The
// mirror image, whether block b can end at e with blocks b+1..k-1 after it:
//   right(b, e) = bwd[b+1][e]                         if b == k-1 or c_{b+1} != c_b
//               = e < n && bg(e) && bwd[b+1][e+1]     otherwise
// The tables:
//   fwd[0][i] = cells [0, i) may all be background
//   fwd[j][i] = (bg(i-1) && fwd[j][i-1])                    cell i-1 background
//            || (fits(j-1, i) && left(j-1, i-len_{j-1}))    block j-1 ends at i
//   bwd[k][i] = cells [i, n) may all be background
//   bwd[j][i] = (bg(i) && bwd[j][i+1]) || (fits(j, i+len_j) && right(j, i+len_j))
// The line is consistent iff fwd[k][n]. Then a cell x may be background iff
// bg(x) and some split j has fwd[j][x] && bwd[j][x+1] (the background cell
// separates blocks j-1 and j whatever their colours); block b may start at
// s iff fits(b, s+len_b) && left(b, s) && right(b, s+len_b), and it then
// makes colour c_b possible on [s, s+len_b). Those intervals are summed in a
// difference array per distinct colour of the clue, so a line of n cells and
// k blocks costs O(n·k) whatever the palette size.
//
// Layout: the starts allowed from the left, fits && left, are computed for
// all s at once while building row b+1 of fwd (elementwise loops, which the
// compiler vectorizes); the row itself is then one serial scan,
// fwd[b+1][i] = (bg(i-1) & fwd[b+1][i-1]) | start_left[b][i-len_b]. The
// backward pass mirrors it, and the placements are start_left & start_right.
//
// Two mask types: std::uint64_t for palettes of up to 64 entries (the common
// case), WideMask for palettes up to kMaxColours. Only reading the input sets
// and writing the answer depend on the mask type; the DP works on byte
// tables shared by both. Scratch tables are members and reused, so a solve
// allocates nothing once the solver has seen its largest line.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::oracle {

/// A colour set over the whole palette range (kMaxColours entries): bit c of
/// words[c / 64] is palette colour c.
struct WideMask {
    static constexpr int kWords = (kMaxColours + 63) / 64;
    std::array<std::uint64_t, kWords> words{};

    bool test(int c) const { return (words[c >> 6] >> (c & 63)) & 1u; }
    void set(int c) { words[c >> 6] |= std::uint64_t{1} << (c & 63); }
    bool operator==(const WideMask&) const = default;
};

/// The set of a cell state: {cell} for a colour, every palette colour for
/// kUnknown. The 64-bit one needs cell < 64 (any palette_size).
std::uint64_t colour_mask(Cell cell, int palette_size);
WideMask wide_colour_mask(Cell cell, int palette_size);

/// The colour of a set with exactly one colour, kUnknown otherwise.
Cell cell_of_mask(std::uint64_t mask);
Cell cell_of_mask(const WideMask& mask);

class ColourLineSolver {
  public:
    /// Largest palette the 64-bit masks hold (background included).
    static constexpr int kMaxFastColours = 64;

    /// Narrows every cell's set to the colours some arrangement of `clue`
    /// consistent with `cells` puts there. Returns false when no arrangement
    /// fits (cells are then left unchanged). Run lengths must be >= 1 (as
    /// Puzzle guarantees); a run colour of 64 or more fits nowhere here.
    bool solve(const Clue& clue, std::span<std::uint64_t> cells);
    /// The same for palettes up to kMaxColours entries.
    bool solve(const Clue& clue, std::span<WideMask> cells);

    /// Adapter for cell states (kUnknown or a palette index < palette_size):
    /// sets every cell that all arrangements colour alike, leaves the others
    /// kUnknown, and returns false on a contradiction. Picks the 64-bit path
    /// when the palette allows.
    bool solve_cells(const Clue& clue, int palette_size, std::span<Cell> cells);

  private:
    template <class Mask>
    bool solve_masks(const Clue& clue, std::span<Mask> cells);
    template <class Mask>
    void read_cells(std::span<const Mask> cells);
    template <class Mask>
    void write_cells(std::span<Mask> cells) const;
    template <class Mask>
    bool solve_cells_as(const Clue& clue, int palette_size, std::span<Cell> cells,
                        std::vector<Mask>& masks);

    void index_colours(const Clue& clue);
    void forward();
    void backward();
    void cover_placements();
    void background_splits();
    const int* blocked_row(int b) const;
    void fit_starts(int b, std::uint8_t* out) const;

    int n_ = 0;                       ///< cells of the current line
    int k_ = 0;                       ///< blocks of the current clue
    int slots_ = 0;                   ///< distinct colours in the clue
    std::vector<int> len_;            ///< len_[b]: length of block b
    std::vector<int> slot_of_;        ///< slot_of_[b]: index of c_b among the distinct colours
    std::vector<std::uint8_t> sep_;   ///< sep_[b]: block b needs a gap after block b-1
    std::vector<int> slot_colour_;    ///< slot_colour_[s]: palette colour of slot s
    std::vector<std::uint8_t> bg_;    ///< bg_[i]: cell i may be background
    std::vector<int> not_bg_before_;  ///< cells in [0, i) that cannot be background
    std::vector<int> blocked_;        ///< slots x (n+1): cells in [0, i) that cannot be slot colour
    std::vector<std::uint8_t> fwd_;   ///< (k+1) x (n+1), see above
    std::vector<std::uint8_t> bwd_;   ///< (k+1) x (n+1), see above
    std::vector<std::uint8_t> left_starts_;   ///< k x (n+1): fits(b, s+len) && left(b, s)
    std::vector<std::uint8_t> right_starts_;  ///< k x (n+1): fits(b, s+len) && right(b, s+len)
    std::vector<int> cover_;                  ///< slots x (n+1): placements covering each cell
    std::vector<std::uint8_t> bg_split_;     ///< bg_split_[x]: some arrangement leaves x background
    std::vector<std::uint64_t> fast_masks_;  ///< scratch of solve_cells
    std::vector<WideMask> wide_masks_;       ///< scratch of solve_cells
};

}  // namespace nonolab::oracle

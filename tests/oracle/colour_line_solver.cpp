#include "oracle/colour_line_solver.hpp"

#include <algorithm>
#include <cassert>
#include <type_traits>

#include "line/line_invariants.hpp"

namespace nonolab::oracle {

using line::valid_colour_cells;
using line::valid_colour_clue;

namespace {

// The two mask types behind the same three operations, so that the reading
// and writing code is written once.
bool allows(std::uint64_t mask, int c) {
    return c < 64 && ((mask >> c) & 1u);
}
bool allows(const WideMask& mask, int c) {
    return c < kMaxColours && mask.test(c);
}
void add_colour(std::uint64_t& mask, int c) {
    mask |= std::uint64_t{1} << c;
}
void add_colour(WideMask& mask, int c) {
    mask.set(c);
}

}  // namespace

std::uint64_t colour_mask(Cell cell, int palette_size) {
    if (cell != kUnknown) return std::uint64_t{1} << cell;
    return palette_size >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << palette_size) - 1;
}

WideMask wide_colour_mask(Cell cell, int palette_size) {
    WideMask mask;
    if (cell != kUnknown) {
        mask.set(cell);
        return mask;
    }
    for (int c = 0; c < palette_size; ++c) mask.set(c);
    return mask;
}

Cell cell_of_mask(std::uint64_t mask) {
    return std::has_single_bit(mask) ? static_cast<Cell>(std::countr_zero(mask)) : kUnknown;
}

Cell cell_of_mask(const WideMask& mask) {
    int count = 0, colour = 0;
    for (int w = 0; w < WideMask::kWords; ++w) {
        count += std::popcount(mask.words[w]);
        if (mask.words[w]) colour = w * 64 + std::countr_zero(mask.words[w]);
    }
    return count == 1 ? static_cast<Cell>(colour) : kUnknown;
}

bool ColourLineSolver::solve(const Clue& clue, std::span<std::uint64_t> cells) {
    return solve_masks(clue, cells);
}

bool ColourLineSolver::solve(const Clue& clue, std::span<WideMask> cells) {
    return solve_masks(clue, cells);
}

bool ColourLineSolver::solve_cells(const Clue& clue, int palette_size, std::span<Cell> cells) {
    if (palette_size <= kMaxFastColours)
        return solve_cells_as(clue, palette_size, cells, fast_masks_);
    return solve_cells_as(clue, palette_size, cells, wide_masks_);
}

template <class Mask>
bool ColourLineSolver::solve_cells_as(const Clue& clue, int palette_size, std::span<Cell> cells,
                                      std::vector<Mask>& masks) {
    assert(valid_colour_clue(clue, palette_size) && valid_colour_cells(cells, palette_size));
    masks.resize(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if constexpr (std::is_same_v<Mask, std::uint64_t>)
            masks[i] = colour_mask(cells[i], palette_size);
        else
            masks[i] = wide_colour_mask(cells[i], palette_size);
    }
    if (!solve_masks(clue, std::span<Mask>(masks))) return false;
    for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = cell_of_mask(masks[i]);
    return true;
}

template <class Mask>
bool ColourLineSolver::solve_masks(const Clue& clue, std::span<Mask> cells) {
    assert(valid_colour_clue(clue, kMaxColours));
    n_ = static_cast<int>(cells.size());
    k_ = static_cast<int>(clue.size());
    index_colours(clue);
    read_cells(std::span<const Mask>(cells));
    forward();
    if (!fwd_[static_cast<std::size_t>(k_) * (n_ + 1) + n_]) return false;
    backward();
    cover_placements();
    background_splits();
    write_cells(cells);
    return true;
}

// Blocks share a slot when they share a colour, so the per-colour tables
// grow with the distinct colours of the clue, not with the palette.
void ColourLineSolver::index_colours(const Clue& clue) {
    len_.resize(k_);
    slot_of_.resize(k_);
    sep_.resize(k_ + 1);
    slot_colour_.clear();
    for (int b = 0; b < k_; ++b) {
        const int c = clue[b].colour;
        len_[b] = clue[b].length;
        sep_[b] = b > 0 && clue[b - 1].colour == c;
        auto it = std::find(slot_colour_.begin(), slot_colour_.end(), c);
        slot_of_[b] = static_cast<int>(it - slot_colour_.begin());
        if (it == slot_colour_.end()) slot_colour_.push_back(c);
    }
    sep_[k_] = false;  // nothing follows the last block
    slots_ = static_cast<int>(slot_colour_.size());
}

// The only pass over the input sets: background flags and, per slot colour,
// prefix counts of the cells that cannot take it.
template <class Mask>
void ColourLineSolver::read_cells(std::span<const Mask> cells) {
    const int n = n_, W = n + 1;
    bg_.resize(n);
    not_bg_before_.resize(W);
    std::uint8_t* const bg = bg_.data();  // locals: see the note on aliasing below
    int* const not_bg = not_bg_before_.data();
    not_bg[0] = 0;
    for (int i = 0; i < n; ++i) {
        bg[i] = allows(cells[i], 0);
        not_bg[i + 1] = not_bg[i] + !bg[i];
    }
    blocked_.resize(static_cast<std::size_t>(slots_) * W);
    for (int s = 0; s < slots_; ++s) {
        int* const row = blocked_.data() + static_cast<std::size_t>(s) * W;
        const int c = slot_colour_[s];
        row[0] = 0;
        for (int i = 0; i < n; ++i) row[i + 1] = row[i] + !allows(cells[i], c);
    }
}

// The loops below read and write through local pointers: a store into a
// byte table may alias any member (uint8_t is a character type), so member
// accesses inside them would be reloaded after every store. Each table row
// is built by plain elementwise loops, which the compiler vectorizes, and one
// serial scan per row (the "cell is background" step of the recurrence).

const int* ColourLineSolver::blocked_row(int b) const {
    return blocked_.data() + static_cast<std::size_t>(slot_of_[b]) * (n_ + 1);
}

// out[s] for every start s in [0, n-len_b]: block b's cells all allow its colour.
void ColourLineSolver::fit_starts(int b, std::uint8_t* out) const {
    const int* const blocked = blocked_row(b);
    const int len = len_[b], last = n_ - len;
    for (int s = 0; s <= last; ++s) out[s] = blocked[s + len] == blocked[s];
}

// Forward rows, and per block the starts s with fits(b, s+len) && left(b, s).
void ColourLineSolver::forward() {
    const int n = n_, W = n + 1;
    fwd_.resize(static_cast<std::size_t>(k_ + 1) * W);
    left_starts_.resize(static_cast<std::size_t>(k_) * W);
    const std::uint8_t* const bg = bg_.data();
    for (int i = 0; i <= n; ++i) fwd_[i] = not_bg_before_[i] == 0;
    for (int b = 0; b < k_; ++b) {
        const std::uint8_t* const prev = fwd_.data() + static_cast<std::size_t>(b) * W;
        std::uint8_t* const row = fwd_.data() + static_cast<std::size_t>(b + 1) * W;
        std::uint8_t* const start = left_starts_.data() + static_cast<std::size_t>(b) * W;
        const int len = len_[b], last = n - len;
        fit_starts(b, start);
        if (sep_[b]) {  // block b-1 has b's colour: cell s-1 must be background
            if (last >= 0) start[0] = 0;
            for (int s = 1; s <= last; ++s) start[s] &= bg[s - 1] & prev[s - 1];
        } else {
            for (int s = 0; s <= last; ++s) start[s] &= prev[s];
        }
        row[0] = 0;  // len >= 1
        const int bg_only = std::min(len, n + 1);
        for (int i = 1; i < bg_only; ++i) row[i] = bg[i - 1] & row[i - 1];
        for (int i = std::max(len, 1); i <= n; ++i)
            row[i] = (bg[i - 1] & row[i - 1]) | start[i - len];
    }
}

// Backward rows, and per block the starts s with fits(b, s+len) && right(b, s+len).
void ColourLineSolver::backward() {
    const int n = n_, W = n + 1;
    bwd_.resize(static_cast<std::size_t>(k_ + 1) * W);
    right_starts_.resize(static_cast<std::size_t>(k_) * W);
    const std::uint8_t* const bg = bg_.data();
    std::uint8_t* const end = bwd_.data() + static_cast<std::size_t>(k_) * W;
    for (int i = 0; i <= n; ++i) end[i] = not_bg_before_[n] == not_bg_before_[i];
    for (int b = k_ - 1; b >= 0; --b) {
        const std::uint8_t* const next = bwd_.data() + static_cast<std::size_t>(b + 1) * W;
        std::uint8_t* const row = bwd_.data() + static_cast<std::size_t>(b) * W;
        std::uint8_t* const start = right_starts_.data() + static_cast<std::size_t>(b) * W;
        const int len = len_[b], last = n - len;
        fit_starts(b, start);
        if (sep_[b + 1]) {  // block b+1 has b's colour: cell s+len must be background
            for (int s = 0; s < last; ++s) start[s] &= bg[s + len] & next[s + len + 1];
            if (last >= 0) start[last] = 0;
        } else {
            for (int s = 0; s <= last; ++s) start[s] &= next[s + len];
        }
        row[n] = 0;  // len >= 1
        for (int i = n - 1; i > last && i >= 0; --i) row[i] = bg[i] & row[i + 1];
        for (int i = std::min(last, n - 1); i >= 0; --i) row[i] = (bg[i] & row[i + 1]) | start[i];
    }
}

// A start valid from both sides is a placement of block b; it makes b's
// colour possible on [s, s+len). Summed per slot (+1 at s, -1 at s+len,
// then prefix sums): cover_[slot][x] > 0 iff some placement covers x.
void ColourLineSolver::cover_placements() {
    const int n = n_, W = n + 1;
    cover_.assign(static_cast<std::size_t>(slots_) * W, 0);
    for (int b = 0; b < k_; ++b) {
        const std::uint8_t* const left = left_starts_.data() + static_cast<std::size_t>(b) * W;
        const std::uint8_t* const right = right_starts_.data() + static_cast<std::size_t>(b) * W;
        int* const cover = cover_.data() + static_cast<std::size_t>(slot_of_[b]) * W;
        const int len = len_[b], last = n - len;
        for (int s = 0; s <= last; ++s) cover[s] += left[s] & right[s];
        for (int s = 0; s <= last; ++s) cover[s + len] -= left[s] & right[s];
    }
    for (int slot = 0; slot < slots_; ++slot) {
        int* const cover = cover_.data() + static_cast<std::size_t>(slot) * W;
        for (int x = 1; x <= n; ++x) cover[x] += cover[x - 1];
    }
}

// Cell x is background in an arrangement iff that arrangement splits the
// blocks into 0..j-1 before x and j..k-1 after it; the background cell
// itself separates them, whatever their colours.
void ColourLineSolver::background_splits() {
    const int n = n_, W = n + 1;
    bg_split_.assign(n, 0);
    std::uint8_t* const out = bg_split_.data();
    for (int j = 0; j <= k_; ++j) {
        const std::uint8_t* const fwd = fwd_.data() + static_cast<std::size_t>(j) * W;
        const std::uint8_t* const bwd = bwd_.data() + static_cast<std::size_t>(j) * W + 1;
        for (int x = 0; x < n; ++x) out[x] |= fwd[x] & bwd[x];
    }
    for (int x = 0; x < n; ++x) out[x] &= bg_[x];
}

// Only called on a consistent line. The answer is built from the
// placements alone: a colour is possible iff some placement of a block of
// that colour covers the cell, background iff some split leaves it out.
template <class Mask>
void ColourLineSolver::write_cells(std::span<Mask> cells) const {
    const int n = n_, W = n + 1;
    for (int x = 0; x < n; ++x) {
        cells[x] = Mask{};
        if (bg_split_[x]) add_colour(cells[x], 0);
    }
    for (int slot = 0; slot < slots_; ++slot) {
        const int* const cover = cover_.data() + static_cast<std::size_t>(slot) * W;
        const int colour = slot_colour_[slot];
        for (int x = 0; x < n; ++x)
            if (cover[x] > 0) add_colour(cells[x], colour);
    }
}

}  // namespace nonolab::oracle

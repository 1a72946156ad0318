// IncrementalScore: the error score of Lee & Geem 2025, section 2.2, kept up
// to date while the rows of one candidate grid change.
//
// Harmony search builds every new harmony row by row. Most rows of the new
// harmony equal the rows of the previous one once the memory has converged,
// so re-scoring the whole grid each time wastes most of the work. This class
// holds the current candidate as bit rows and bit columns, caches the error
// of every line, and on set_row() re-scores only that row and marks the
// columns whose cells actually changed; finish() re-scores those columns.
//
// Lines are 64-bit words (bit i = cell i), so puzzles are limited to 64x64.
// Short lines are scored by a table lookup (all 2^len patterns precomputed
// per line) when the tables stay small; longer ones by walking the runs with
// count-trailing-zeros. Both give exactly meta::line_error; the tests check
// the running total against error_score() after many random changes.
//
// Grids up to 16 wide whose columns all have tables (10x10, the paper's
// size) keep their columns packed as 16-bit lanes and use only fixed-length
// loops: a loop over the changed cells or dirty columns would mispredict its
// exit at every row, and that alone cost version C about a fifth of its speed.
#pragma once

#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::meta {

/// Largest width or height the bit representation supports.
inline constexpr int kMaxBitLine = 64;

/// Error of one line (run lengths `runs`, `count` of them) against the cells
/// in the low `length` bits of `bits`: the same value as line_error().
int bit_line_error(const int* runs, int count, std::uint64_t bits, int length);

class IncrementalScore {
  public:
    /// Throws std::invalid_argument if the puzzle is not black and white or is
    /// wider or taller than kMaxBitLine. `score_rows` false skips row errors,
    /// for callers whose rows always meet their clues (version C).
    explicit IncrementalScore(const Puzzle& puzzle, bool score_rows = true);

    int width() const { return width_; }
    int height() const { return height_; }

    /// Replaces the whole grid (rows[r], bit c = cell (r, c)) and scores it from scratch.
    void load(const std::uint64_t* rows);

    /// Sets row r; re-scores the row and marks the changed columns. Call
    /// finish() before reading total().
    void set_row(int r, std::uint64_t bits) {
        const std::uint64_t diff = rows_[r] ^ bits;
        if (diff == 0) return;
        rows_[r] = bits;
        if (score_rows_) {
            const int e = line_err(r, bits);
            total_ += e - row_err_[r];
            row_err_[r] = e;
        }
        dirty_cols_ |= diff;
        if (packed_mode_) {
            // Small grids: columns are 16-bit lanes, four to a word; each
            // nibble of `diff` spreads into one word with a table lookup.
            // Four fixed operations, never a mispredicted loop exit.
            for (int i = 0; i < 4; ++i) packed_[i] ^= kSpread[(diff >> (4 * i)) & 15] << r;
            return;
        }
        const std::uint64_t bit = std::uint64_t{1} << r;
        for (std::uint64_t d = diff; d != 0; d &= d - 1) cols_[__builtin_ctzll(d)] ^= bit;
    }

    /// Re-scores the columns changed since the last finish(); returns total().
    std::int64_t finish() {
        if (packed_mode_) {
            // Small grids again: look every column up, a fixed-length loop
            // without the mispredicted exit of a loop over dirty columns.
            if (dirty_cols_ == 0) return total_;
            const std::uint8_t* table = table_.data();
            const std::int64_t* offset = col_table_.data();
            int* err = col_err_.data();
            int sum = 0, old = 0;
            for (int c = 0; c < width_; ++c) {
                const std::uint64_t col = (packed_[c >> 2] >> ((c & 3) * 16)) & 0xFFFF;
                const int e = table[offset[c] + static_cast<std::int64_t>(col)];
                old += err[c];
                err[c] = e;
                sum += e;
            }
            total_ += sum - old;
            dirty_cols_ = 0;
            return total_;
        }
        for (std::uint64_t d = dirty_cols_; d != 0; d &= d - 1) {
            const int c = __builtin_ctzll(d);
            const int e = line_err(height_ + c, cols_[c]);
            total_ += e - col_err_[c];
            col_err_[c] = e;
        }
        dirty_cols_ = 0;
        return total_;
    }

    /// The error score of the current grid (valid after finish() or load()).
    std::int64_t total() const { return total_; }
    /// The current rows.
    const std::uint64_t* rows() const { return rows_.data(); }
    /// The current grid as a Grid of kEmpty / kFilled.
    Grid grid() const;

  private:
    /// Error of line `line` (rows 0..h-1, then columns h..h+w-1) holding `bits`.
    int line_err(int line, std::uint64_t bits) const {
        const LineInfo& li = lines_[line];
        if (li.table >= 0) return table_[static_cast<std::size_t>(li.table) + bits];
        return bit_line_error(runs_.data() + li.runs, li.count, bits, li.length);
    }

    struct LineInfo {
        int runs = 0;             ///< offset of the line's run lengths in runs_
        int count = 0;            ///< number of runs
        int length = 0;           ///< cells
        std::int64_t table = -1;  ///< offset of its 2^length lookup table in table_, or -1
    };

    int width_ = 0;
    int height_ = 0;
    bool score_rows_ = true;
    std::vector<int> runs_;                ///< every line's run lengths, concatenated
    std::vector<LineInfo> lines_;          ///< rows then columns
    std::vector<std::uint8_t> table_;      ///< per-line error tables for short lines
    std::vector<std::uint64_t> rows_;      ///< current grid by rows
    std::vector<std::uint64_t> cols_;      ///< the same grid by columns (bit r = row r)
    std::vector<int> row_err_;             ///< cached error per row
    std::vector<int> col_err_;             ///< cached error per column
    std::vector<std::int64_t> col_table_;  ///< per column: its table's offset in table_
    bool packed_mode_ = false;      ///< width <= 16, every column tabled: columns live in packed_
    std::uint64_t packed_[4] = {};  ///< packed mode: column c is bits 16(c%4).. of packed_[c/4]

    /// kSpread[n]: bit k of the nibble n moved to bit 16k.
    static constexpr std::uint64_t kSpread[16] = {
        0x0000000000000000, 0x0000000000000001, 0x0000000000010000, 0x0000000000010001,
        0x0000000100000000, 0x0000000100000001, 0x0000000100010000, 0x0000000100010001,
        0x0001000000000000, 0x0001000000000001, 0x0001000000010000, 0x0001000000010001,
        0x0001000100000000, 0x0001000100000001, 0x0001000100010000, 0x0001000100010001};
    std::uint64_t dirty_cols_ = 0;  ///< columns changed since the last finish()
    std::int64_t total_ = 0;        ///< sum of the cached errors
};

}  // namespace nonolab::meta

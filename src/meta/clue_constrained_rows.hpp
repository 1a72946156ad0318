// Clue-constrained rows: the random-generation and pitch-adjustment operators
// of harmony search version C (Lee & Geem 2025, section 3.2.3).
//
// A row with runs X_1..X_n on N cells is written as its minimal arrangement
// (runs separated by one white cell, N' = sum X + n - 1 cells) plus
// E = N - N' "extra white" cells distributed over the n + 1 gap positions:
// before the first run, between two runs, after the last. The tracking
// vector gaps[0..n] (the paper's x_extra_blank) holds how many extra whites
// each position has; any such vector gives a row that meets its clue, and
// every row that meets its clue has exactly one such vector.
//
//   random generation  drop each of the E extra whites into a gap position
//                      chosen uniformly (the paper's steps 1-3), or, as an
//                      option, pick one of the C(E + n, n) vectors uniformly;
//   pitch adjustment   take one extra white from a position that has one
//                      (chosen uniformly among those) and put it in another
//                      position (chosen uniformly among the other n).
//
// Rows are 64-bit masks (bit i = cell i). Extra: restrict() limits a row to
// the arrangements that agree with known cells (used by hs-c+), enumerating
// them when there are not too many.
#pragma once

#include <cstdint>
#include <vector>

#include "core/puzzle.hpp"
#include "meta/rng.hpp"

namespace nonolab::meta {

/// One extra-white count per gap position.
using GapCount = std::uint16_t;

class ClueConstrainedRows {
  public:
    /// Rows of a black-and-white puzzle no wider than 64 (throws std::invalid_argument otherwise).
    explicit ClueConstrainedRows(const Puzzle& puzzle);

    int height() const { return static_cast<int>(rows_.size()); }
    /// Total gap positions over all rows: the length of one harmony's tracking vectors.
    int total_positions() const { return total_positions_; }
    /// Offset of row r's tracking vector within a harmony's tracking vectors.
    int offset(int r) const { return rows_[r].gap_offset; }
    /// Gap positions of row r (n + 1; 1 for an empty row).
    int positions(int r) const { return rows_[r].positions; }
    /// Extra white cells of row r.
    int extra(int r) const { return rows_[r].extra; }
    /// True when row r has more than one arrangement left (see restrict()).
    bool free(int r) const { return rows_[r].free; }

    /// The row's cells for tracking vector `gaps`.
    std::uint64_t mask(int r, const GapCount* gaps) const;

    /// Random generation: fills `gaps` with a random tracking vector for row r.
    /// `uniform_patterns` picks among all arrangements uniformly instead of
    /// dropping each extra white into a uniform position (the paper's way).
    /// After restrict(), only arrangements agreeing with the known cells come out.
    void random(int r, GapCount* gaps, Rng& rng, bool uniform_patterns) const;

    /// Pitch adjustment: moves one extra white to another position. Returns
    /// false (gaps unchanged) when the row has no move (E = 0 or no runs), or,
    /// after restrict(), when no tried move kept the known cells.
    bool move_extra_white(int r, GapCount* gaps, Rng& rng) const;

    /// Restricts every row to the arrangements that agree with the known
    /// cells of `known` (kFilled / kEmpty; kUnknown = free). Rows with at
    /// most `enumerate_limit` such arrangements are enumerated, so random
    /// generation samples them uniformly; longer lists fall back to rejection
    /// sampling. Returns false if some row has no agreeing arrangement.
    bool restrict(const Grid& known, int enumerate_limit = 1 << 16);

    /// Number of arrangements row r may take (after restrict(); -1 if not enumerated).
    std::int64_t arrangements(int r) const;

  private:
    struct Row {
        int run_offset = 0;             ///< into runs_
        int runs = 0;                   ///< n
        int length = 0;                 ///< N
        int extra = 0;                  ///< E
        int positions = 1;              ///< n + 1, or 1 when n = 0
        int gap_offset = 0;             ///< into a harmony's tracking vectors
        bool free = false;              ///< more than one arrangement available
        std::uint64_t known_mask = 0;   ///< cells fixed by restrict()
        std::uint64_t known_value = 0;  ///< their values
        std::int64_t list_offset = -1;  ///< first enumerated arrangement in list_, or -1
        std::int64_t list_size = -1;    ///< enumerated arrangements
    };

    bool agrees(const Row& row, std::uint64_t mask) const {
        return ((mask ^ row.known_value) & row.known_mask) == 0;
    }
    void random_unrestricted(const Row& row, GapCount* gaps, Rng& rng, bool uniform) const;
    bool enumerate(int r, int limit);

    std::vector<Row> rows_;
    std::vector<int> runs_;
    int total_positions_ = 0;
    std::vector<GapCount> list_;  ///< enumerated tracking vectors, row after row
};

}  // namespace nonolab::meta

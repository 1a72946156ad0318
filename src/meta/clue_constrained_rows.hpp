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
// Rows are 64-bit masks (bit i = cell i). A row's *state* is its tracking
// vector, stored in `positions(r)` slots of a harmony's state array. Speed:
// a row with few arrangements (every row of a 10x10 puzzle) gets tables
// instead -- the mask of each arrangement and the arrangement each move
// leads to -- and its state is then just slot[0] = the arrangement's number
// (tracking_vector() decodes it). The operators and their distributions are
// the same either way; the tables only replace loops over the vector.
//
// Extra: restrict() limits a row to the arrangements that agree with known
// cells (used by hs-c+), enumerating them when there are not too many.
// Restricted rows always use the tracking-vector form.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/puzzle.hpp"
#include "core/rng.hpp"

namespace nonolab::meta {

/// One extra-white count per gap position.
using GapCount = std::uint16_t;

/// Uniform in [0, n) from 32 random bits, exactly: Lemire's multiply-shift,
/// falling back to a fresh draw in the rare case where it would be biased.
/// Lets a hot loop split one 64-bit draw into two choices.
inline std::uint32_t below_from(std::uint64_t bits32, std::uint32_t n, Rng& rng) {
    const std::uint64_t m = bits32 * n;
    if (static_cast<std::uint32_t>(m) < n) {
        const std::uint32_t t = static_cast<std::uint32_t>(-n) % n;
        if (static_cast<std::uint32_t>(m) < t) return rng.below(n);
    }
    return static_cast<std::uint32_t>(m >> 32);
}

class ClueConstrainedRows {
  public:
    /// Rows of a black-and-white puzzle no wider than 64 (throws
    /// std::invalid_argument otherwise). Rows get arrangement tables while
    /// their move tables fit in `table_budget` entries in total (0 = never).
    explicit ClueConstrainedRows(const Puzzle& puzzle, std::int64_t table_budget = 1 << 20);

    int height() const { return static_cast<int>(rows_.size()); }
    /// Total gap positions over all rows: the length of one harmony's tracking vectors.
    int total_positions() const { return total_positions_; }
    /// Offset of row r's state within a harmony's state array.
    int offset(int r) const { return rows_[r].gap_offset; }
    /// Gap positions of row r (n + 1; 1 for an empty row); also its state's slots.
    int positions(int r) const { return rows_[r].positions; }
    /// Slots of row r's state that are in use (1 for a row with tables).
    int state_size(int r) const { return rows_[r].table >= 0 ? 1 : rows_[r].positions; }
    /// True when row r uses arrangement tables.
    bool tabled(int r) const { return rows_[r].table >= 0; }
    /// The tracking vector (the paper's x_extra_blank) of row r's state.
    std::vector<GapCount> tracking_vector(int r, const GapCount* state) const;
    /// Extra white cells of row r.
    int extra(int r) const { return rows_[r].extra; }
    /// True when row r has more than one arrangement left (see restrict()).
    bool free(int r) const { return rows_[r].free; }

    /// The row's cells for state `gaps`. Inline: the hot loop of version C
    /// calls it for every pitch adjustment.
    std::uint64_t mask(int r, const GapCount* gaps) const {
        const Row& row = rows_[r];
        if (row.table >= 0) return arr_mask_[row.table + gaps[0]];
        const std::uint64_t* run = run_bits_.data() + row.run_offset;
        const int* len = runs_.data() + row.run_offset;
        std::uint64_t m = 0;
        int pos = gaps[0];
        for (int j = 0; j < row.runs; ++j) {
            m |= run[j] << pos;
            pos += len[j] + 1 + gaps[j + 1];
        }
        return m;
    }

    /// Random generation: fills `gaps` with a random state for row r.
    /// `uniform_patterns` picks among all arrangements uniformly instead of
    /// dropping each extra white into a uniform position (the paper's way).
    /// After restrict(), only arrangements agreeing with the known cells come out.
    void random(int r, GapCount* gaps, Rng& rng, bool uniform_patterns) const;

    /// Pitch adjustment: moves one extra white to another position. Returns
    /// false (gaps unchanged) when the row has no move (E = 0 or no runs), or,
    /// after restrict(), when no tried move kept the known cells.
    bool move_extra_white(int r, GapCount* gaps, Rng& rng) const {
        const Row& row = rows_[r];
        if (!row.free) return false;
        if (row.table >= 0) {
            // The same move as move_once(), looked up: the `from`-th non-zero
            // position gives one extra white to the `to`-th other position.
            const int p = row.positions;
            const std::int64_t a = row.table + gaps[0];
            const std::uint64_t u = rng.next();
            const auto from = below_from(u >> 32, arr_nonzero_[a], rng);
            const auto to = below_from(u & 0xFFFFFFFFu, static_cast<std::uint32_t>(p - 1), rng);
            gaps[0] = moves_[row.move_table +
                             (static_cast<std::int64_t>(gaps[0]) * p + from) * (p - 1) + to];
            return true;
        }
        if (row.known_mask != 0) return move_restricted(r, gaps, rng);
        move_once(row, gaps, rng);
        return true;
    }

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
        std::int64_t table = -1;        ///< first arrangement in arr_*, or -1 (no tables)
        std::int64_t count = 0;         ///< arrangements (when tabled)
        std::int64_t move_table = 0;    ///< first entry in moves_
        std::int64_t gap_table = 0;     ///< first slot in arr_gaps_
        std::int64_t weak = 0;          ///< first entry in weak_
    };

    bool agrees(const Row& row, std::uint64_t mask) const {
        return ((mask ^ row.known_value) & row.known_mask) == 0;
    }
    void random_unrestricted(const Row& row, GapCount* gaps, Rng& rng, bool uniform) const;
    bool move_restricted(int r, GapCount* gaps, Rng& rng) const;

    /// One move of section 3.2.3 (row.free must hold); returns the source
    /// position so that a caller can undo it.
    static std::pair<int, int> move_once(const Row& row, GapCount* gaps, Rng& rng) {
        const int p = row.positions;
        // Step 2: a position holding an extra white, uniformly among those.
        // Branch-free: a bit per non-zero position, then the pick-th set bit.
        std::uint64_t nonzero = 0;
        for (int i = 0; i < p; ++i) nonzero |= std::uint64_t{gaps[i] != 0} << i;
        auto pick = rng.below(static_cast<std::uint32_t>(__builtin_popcountll(nonzero)));
        for (; pick != 0; --pick) nonzero &= nonzero - 1;
        const int from = __builtin_ctzll(nonzero);
        // Step 3: another position, uniformly among the other n.
        int to = static_cast<int>(rng.below(static_cast<std::uint32_t>(p - 1)));
        if (to >= from) ++to;
        --gaps[from];
        ++gaps[to];
        return {from, to};
    }
    bool enumerate(int r, int limit);
    void build_tables(Row& row, std::int64_t& budget);
    std::int64_t rank(const Row& row, const GapCount* gaps) const;

    std::vector<Row> rows_;
    std::vector<int> runs_;
    std::vector<std::uint64_t> run_bits_;  ///< per run: its cells at position 0
    int total_positions_ = 0;
    std::vector<GapCount> list_;  ///< enumerated tracking vectors, row after row
    // Arrangement tables (rows with few arrangements), numbered in
    // lexicographic order of their tracking vectors:
    std::vector<std::uint64_t> arr_mask_;     ///< cells of each arrangement
    std::vector<std::uint32_t> arr_nonzero_;  ///< non-zero positions of each arrangement
    std::vector<GapCount> arr_gaps_;          ///< tracking vector of each (positions slots)
    std::vector<GapCount> moves_;  ///< [arrangement][from-th non-zero][to-th other] -> arrangement
    std::vector<std::int64_t> weak_;  ///< per tabled row: weak composition counts, see rank()
};

}  // namespace nonolab::meta

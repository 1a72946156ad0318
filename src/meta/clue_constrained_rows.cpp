#include "meta/clue_constrained_rows.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "meta/incremental_score.hpp"

namespace nonolab::meta {

namespace {

std::uint64_t ones(int n) {
    return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
}

// Tries at most this many random arrangements when sampling a restricted row
// that was not enumerated, and this many moves when pitch-adjusting one.
constexpr int kRejectionTries = 64;
constexpr int kMoveTries = 8;

}  // namespace

ClueConstrainedRows::ClueConstrainedRows(const Puzzle& puzzle, std::int64_t table_budget) {
    if (!puzzle.black_and_white())
        throw std::invalid_argument("clue-constrained rows need a black-and-white puzzle");
    if (puzzle.width() > kMaxBitLine)
        throw std::invalid_argument("clue-constrained rows handle widths up to " +
                                    std::to_string(kMaxBitLine));
    for (const Clue& clue : puzzle.rows()) {
        Row row;
        row.run_offset = static_cast<int>(runs_.size());
        row.runs = static_cast<int>(clue.size());
        row.length = puzzle.width();
        int used = clue.empty() ? 0 : row.runs - 1;
        for (const auto& run : clue) {
            runs_.push_back(run.length);
            run_bits_.push_back(ones(run.length));
            used += run.length;
        }
        row.extra = row.length - used;
        row.positions = row.runs + 1;
        row.gap_offset = total_positions_;
        row.free = row.runs > 0 && row.extra > 0;
        total_positions_ += row.positions;
        rows_.push_back(row);
    }
    for (Row& row : rows_) build_tables(row, table_budget);
}

namespace {

/// Cells of the arrangement with tracking vector `gaps` (no tables).
std::uint64_t mask_of(const int* len, int runs, const GapCount* gaps) {
    std::uint64_t m = 0;
    int pos = gaps[0];
    for (int j = 0; j < runs; ++j) {
        m |= ones(len[j]) << pos;
        pos += len[j] + 1 + gaps[j + 1];
    }
    return m;
}

// Arrangement tables are built for rows with at most this many arrangements
// (an arrangement number must fit one GapCount slot; beyond a few thousand
// the tables cost more to build than they save in a typical run).
constexpr std::int64_t kMaxTabled = 4096;

}  // namespace

void ClueConstrainedRows::build_tables(Row& row, std::int64_t& budget) {
    if (!row.free) return;
    const int p = row.positions;
    const int e_max = row.extra;
    // weak(e, q): ways to spread e extra whites over q positions,
    // C(e + q - 1, q - 1), saturated far above kMaxTabled.
    const std::int64_t base = static_cast<std::int64_t>(weak_.size());
    weak_.resize(weak_.size() + static_cast<std::size_t>((e_max + 1) * (p + 1)), 0);
    auto weak = [&](int e, int q) -> std::int64_t& { return weak_[base + e * (p + 1) + q]; };
    for (int e = 0; e <= e_max; ++e) weak(e, 1) = 1;
    for (int q = 2; q <= p; ++q)
        for (int e = 0; e <= e_max; ++e)
            weak(e, q) = std::min<std::int64_t>(weak(e, q - 1) + (e > 0 ? weak(e - 1, q) : 0),
                                                std::int64_t{1} << 40);
    const std::int64_t count = weak(e_max, p);
    const std::int64_t entries = count * p * (p - 1);
    if (count > kMaxTabled || entries > budget) {
        weak_.resize(static_cast<std::size_t>(base));
        return;
    }
    budget -= entries;
    row.weak = base;
    row.count = count;
    row.table = static_cast<std::int64_t>(arr_mask_.size());
    row.gap_table = static_cast<std::int64_t>(arr_gaps_.size());
    row.move_table = static_cast<std::int64_t>(moves_.size());
    // Every tracking vector, in lexicographic order (the order rank() counts in).
    const int* len = runs_.data() + row.run_offset;
    std::vector<GapCount> g(p, 0);
    auto visit = [&](auto&& self, int i, int left) -> void {
        if (i == p - 1) {
            g[i] = static_cast<GapCount>(left);
            arr_gaps_.insert(arr_gaps_.end(), g.begin(), g.end());
            arr_mask_.push_back(mask_of(len, row.runs, g.data()));
            int nonzero = 0;
            for (GapCount x : g) nonzero += x != 0;
            arr_nonzero_.push_back(static_cast<std::uint32_t>(nonzero));
            return;
        }
        for (int v = 0; v <= left; ++v) {
            g[i] = static_cast<GapCount>(v);
            self(self, i + 1, left - v);
        }
    };
    visit(visit, 0, e_max);
    // Where each move leads: from the f-th non-zero position to the t-th other one.
    moves_.resize(static_cast<std::size_t>(row.move_table + entries), 0);
    for (std::int64_t a = 0; a < count; ++a) {
        const GapCount* ga = arr_gaps_.data() + row.gap_table + a * p;
        int f = 0;
        for (int from = 0; from < p; ++from) {
            if (ga[from] == 0) continue;
            for (int t = 0; t < p - 1; ++t) {
                const int to = t >= from ? t + 1 : t;
                std::copy(ga, ga + p, g.begin());
                --g[from];
                ++g[to];
                moves_[row.move_table + (a * p + f) * (p - 1) + t] =
                    static_cast<GapCount>(rank(row, g.data()));
            }
            ++f;
        }
    }
}

std::int64_t ClueConstrainedRows::rank(const Row& row, const GapCount* gaps) const {
    // Vectors before `gaps` in lexicographic order: for each position i, those
    // agreeing on 0..i-1 with a smaller value v at i; the rest spread freely.
    const int p = row.positions;
    const std::int64_t* weak = weak_.data() + row.weak;
    std::int64_t r = 0;
    int left = row.extra;
    for (int i = 0; i + 1 < p; ++i) {
        for (int v = 0; v < gaps[i]; ++v) r += weak[(left - v) * (p + 1) + (p - 1 - i)];
        left -= gaps[i];
    }
    return r;
}

std::vector<GapCount> ClueConstrainedRows::tracking_vector(int r, const GapCount* state) const {
    const Row& row = rows_[r];
    if (row.table < 0) return {state, state + row.positions};
    const GapCount* g = arr_gaps_.data() + row.gap_table + std::int64_t{state[0]} * row.positions;
    return {g, g + row.positions};
}

void ClueConstrainedRows::random_unrestricted(const Row& row, GapCount* gaps, Rng& rng,
                                              bool uniform) const {
    const int p = row.positions;
    for (int i = 0; i < p; ++i) gaps[i] = 0;
    if (!uniform) {
        // Section 3.2.3, step 3: each extra white goes to a uniformly chosen position.
        for (int e = 0; e < row.extra; ++e) ++gaps[rng.below(static_cast<std::uint32_t>(p))];
        return;
    }
    // Uniform over the C(E + n, n) vectors: choose which n of the E + n
    // slots of a stars-and-bars line are bars (selection sampling, Knuth's
    // algorithm S), then count the stars between bars.
    int bars_left = p - 1;
    int slots_left = row.extra + p - 1;
    int position = 0;
    while (slots_left > 0) {
        if (bars_left > 0 && rng.below(static_cast<std::uint32_t>(slots_left)) <
                                 static_cast<std::uint32_t>(bars_left)) {
            --bars_left;
            ++position;
        } else {
            ++gaps[position];
        }
        --slots_left;
    }
}

void ClueConstrainedRows::random(int r, GapCount* gaps, Rng& rng, bool uniform_patterns) const {
    const Row& row = rows_[r];
    if (row.table >= 0) {
        if (uniform_patterns) {
            gaps[0] = static_cast<GapCount>(rng.below(static_cast<std::uint32_t>(row.count)));
        } else {
            GapCount drop[kMaxBitLine + 1];
            random_unrestricted(row, drop, rng, false);
            gaps[0] = static_cast<GapCount>(rank(row, drop));
        }
        return;
    }
    if (row.list_size > 0) {
        const auto i = rng.below(static_cast<std::uint32_t>(row.list_size));
        const GapCount* src =
            list_.data() + row.list_offset + static_cast<std::int64_t>(i) * row.positions;
        for (int k = 0; k < row.positions; ++k) gaps[k] = src[k];
        return;
    }
    for (int t = 0; t < kRejectionTries; ++t) {
        random_unrestricted(row, gaps, rng, uniform_patterns);
        if (row.known_mask == 0 || agrees(row, mask(r, gaps))) return;
    }
}

bool ClueConstrainedRows::move_restricted(int r, GapCount* gaps, Rng& rng) const {
    const Row& row = rows_[r];
    for (int t = 0; t < kMoveTries; ++t) {
        const auto [from, to] = move_once(row, gaps, rng);
        if (agrees(row, mask(r, gaps))) return true;
        ++gaps[from];  // undo and try another move
        --gaps[to];
    }
    return false;
}

bool ClueConstrainedRows::enumerate(int r, int limit) {
    Row& row = rows_[r];
    const int* len = runs_.data() + row.run_offset;
    const int n = row.runs;
    const std::int64_t start = static_cast<std::int64_t>(list_.size());
    std::vector<GapCount> gaps(row.positions, 0);
    std::int64_t found = 0;
    bool overflow = false;
    // Depth-first over the runs: place run j after `pos` with g extra whites
    // before it, pruning as soon as the cells decided so far disagree.
    auto place = [&](auto&& self, int j, int pos, int left, std::uint64_t m) -> void {
        if (overflow) return;
        if (j == n) {
            gaps[n] = static_cast<GapCount>(left);
            if (!agrees(row, m)) return;
            if (++found > limit) {
                overflow = true;
                return;
            }
            list_.insert(list_.end(), gaps.begin(), gaps.end());
            return;
        }
        for (int g = 0; g <= left; ++g) {
            const int s = pos + g;
            const std::uint64_t m2 = m | (ones(len[j]) << s);
            const int decided = std::min(row.length, s + len[j] + 1);  // run plus its separator
            if (((m2 ^ row.known_value) & row.known_mask & ones(decided)) != 0) continue;
            gaps[j] = static_cast<GapCount>(g);
            self(self, j + 1, s + len[j] + 1, left - g, m2);
            if (overflow) return;
        }
    };
    if (n == 0) {
        gaps[0] = static_cast<GapCount>(row.extra);
        if (agrees(row, 0)) {
            list_.insert(list_.end(), gaps.begin(), gaps.end());
            found = 1;
        }
    } else {
        place(place, 0, 0, row.extra, 0);
    }
    if (overflow) {
        list_.resize(static_cast<std::size_t>(start));
        row.list_offset = -1;
        row.list_size = -1;
        return true;
    }
    row.list_offset = start;
    row.list_size = found;
    return found > 0;
}

bool ClueConstrainedRows::restrict(const Grid& known, int enumerate_limit) {
    // Restricted rows use the tracking-vector form: the move tables would
    // lead to arrangements that disagree with the known cells.
    for (Row& row : rows_) row.table = -1;
    arr_mask_.clear();
    arr_nonzero_.clear();
    arr_gaps_.clear();
    moves_.clear();
    weak_.clear();
    list_.clear();
    bool ok = true;
    for (int r = 0; r < height(); ++r) {
        Row& row = rows_[r];
        row.known_mask = row.known_value = 0;
        for (int c = 0; c < row.length; ++c) {
            const Cell v = known.at(r, c);
            if (v == kUnknown) continue;
            row.known_mask |= std::uint64_t{1} << c;
            if (v == kFilled) row.known_value |= std::uint64_t{1} << c;
        }
        if (!enumerate(r, enumerate_limit)) ok = false;
        row.free = row.runs > 0 && row.extra > 0 && row.list_size != 1 && row.list_size != 0;
    }
    return ok;
}

std::int64_t ClueConstrainedRows::arrangements(int r) const {
    return rows_[r].list_size;
}

}  // namespace nonolab::meta

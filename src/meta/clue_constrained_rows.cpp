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

ClueConstrainedRows::ClueConstrainedRows(const Puzzle& puzzle) {
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
            used += run.length;
        }
        row.extra = row.length - used;
        row.positions = row.runs + 1;
        row.gap_offset = total_positions_;
        row.free = row.runs > 0 && row.extra > 0;
        total_positions_ += row.positions;
        rows_.push_back(row);
    }
}

std::uint64_t ClueConstrainedRows::mask(int r, const GapCount* gaps) const {
    const Row& row = rows_[r];
    const int* len = runs_.data() + row.run_offset;
    std::uint64_t m = 0;
    int pos = gaps[0];
    for (int j = 0; j < row.runs; ++j) {
        m |= ones(len[j]) << pos;
        pos += len[j] + 1 + gaps[j + 1];
    }
    return m;
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

bool ClueConstrainedRows::move_extra_white(int r, GapCount* gaps, Rng& rng) const {
    const Row& row = rows_[r];
    if (!row.free) return false;
    const int p = row.positions;
    for (int t = 0; t < (row.known_mask == 0 ? 1 : kMoveTries); ++t) {
        // Step 2: a position holding an extra white, uniformly among those.
        int nonzero = 0;
        for (int i = 0; i < p; ++i) nonzero += gaps[i] != 0;
        int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(nonzero)));
        int from = 0;
        for (;; ++from)
            if (gaps[from] != 0 && pick-- == 0) break;
        // Step 3: another position, uniformly among the other n.
        int to = static_cast<int>(rng.below(static_cast<std::uint32_t>(p - 1)));
        if (to >= from) ++to;
        --gaps[from];
        ++gaps[to];
        if (row.known_mask == 0 || agrees(row, mask(r, gaps))) return true;
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

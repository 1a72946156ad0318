#include "meta/logical_rules.hpp"

#include <algorithm>
#include <numeric>

#include "line/extreme_placements.hpp"
#include "meta/error_score.hpp"

namespace nonolab::meta {

bool complete_fill(const std::vector<int>& runs, int length) {
    if (runs.empty()) return false;  // eq. 1 needs at least one number
    const int sum = std::accumulate(runs.begin(), runs.end(), 0);
    return sum + static_cast<int>(runs.size()) - 1 == length;
}

Grid complete_fill_matrix(const Puzzle& puzzle) {
    const int w = puzzle.width(), h = puzzle.height();
    Grid g(w, h, kUnknown);
    auto write = [&](const std::vector<int>& runs, int start, int stride) {
        int pos = 0;
        for (std::size_t j = 0; j < runs.size(); ++j) {
            for (int i = 0; i < runs[j]; ++i) g.cells()[start + (pos++) * stride] = kFilled;
            if (j + 1 < runs.size()) g.cells()[start + (pos++) * stride] = kEmpty;
        }
    };
    for (int r = 0; r < h; ++r) {
        const auto runs = run_lengths(puzzle.rows()[r]);
        if (complete_fill(runs, w)) write(runs, r * w, 1);
    }
    for (int c = 0; c < w; ++c) {
        const auto runs = run_lengths(puzzle.columns()[c]);
        if (complete_fill(runs, h)) write(runs, c, w);
    }
    return g;
}

namespace {

/// Sets line[i] to v if unknown; returns 1 if changed, -1 if it contradicts.
int decide(std::span<Cell> line, int i, Cell v) {
    if (line[i] == v) return 0;
    if (line[i] != kUnknown) return -1;
    line[i] = v;
    return 1;
}

struct Placements {
    std::vector<int> left, right;
    bool ok = false;
};

Placements placements(const std::vector<int>& runs, std::span<const Cell> line) {
    Placements p;
    p.left.resize(runs.size());
    p.right.resize(runs.size());
    p.ok = line::leftmost_starts(runs, line, p.left) && line::rightmost_starts(runs, line, p.right);
    return p;
}

}  // namespace

int simple_boxes(const std::vector<int>& runs, std::span<Cell> line) {
    const Placements p = placements(runs, line);
    if (!p.ok) return -1;
    int changed = 0;
    for (std::size_t j = 0; j < runs.size(); ++j) {
        for (int i = p.right[j]; i < p.left[j] + runs[j]; ++i) {
            const int d = decide(line, i, kFilled);
            if (d < 0) return -1;
            changed += d;
        }
    }
    return changed;
}

int simple_spaces(const std::vector<int>& runs, std::span<Cell> line) {
    const Placements p = placements(runs, line);
    if (!p.ok) return -1;
    const int n = static_cast<int>(line.size());
    std::vector<std::uint8_t> reach(n + 1, 0);
    std::vector<int> diff(n + 1, 0);
    for (std::size_t j = 0; j < runs.size(); ++j) {
        ++diff[p.left[j]];
        --diff[p.right[j] + runs[j]];
    }
    int changed = 0, cover = 0;
    for (int i = 0; i < n; ++i) {
        cover += diff[i];
        if (cover > 0) continue;
        const int d = decide(line, i, kEmpty);
        if (d < 0) return -1;
        changed += d;
    }
    return changed;
}

int joining_splitting(const std::vector<int>& runs, std::span<Cell> line) {
    const Placements p = placements(runs, line);
    if (!p.ok) return -1;
    const int n = static_cast<int>(line.size());
    const int k = static_cast<int>(runs.size());
    // Longest run that can reach cell i, and whether some run able to cover
    // [a, b] fits in a stretch of `room` cells.
    auto reaches = [&](int j, int a, int b) { return p.left[j] <= a && b < p.right[j] + runs[j]; };
    auto longest_at = [&](int i) {
        int m = 0;
        for (int j = 0; j < k; ++j)
            if (reaches(j, i, i)) m = std::max(m, runs[j]);
        return m;
    };
    int changed = 0;
    for (int x = 0; x < n; ++x) {
        if (line[x] != kUnknown) continue;
        const bool left_filled = x > 0 && line[x - 1] == kFilled;
        const bool right_filled = x + 1 < n && line[x + 1] == kFilled;
        // Block lengths on each side.
        int a = x, b = x;
        while (a > 0 && line[a - 1] == kFilled) --a;
        while (b + 1 < n && line[b + 1] == kFilled) ++b;
        if (left_filled && right_filled && b - a + 1 > longest_at(x)) {
            line[x] = kEmpty;  // splitting: joining would make a block too long
            ++changed;
            continue;
        }
        // Joining: if x were empty, could the block next to it still grow
        // to the length of some run that can hold it?
        for (int side = 0; side < 2; ++side) {
            const bool has = side == 0 ? left_filled : right_filled;
            if (!has) continue;
            const int bs = side == 0 ? a : x + 1;  // block [bs, be]
            const int be = side == 0 ? x - 1 : b;
            // Room on the far side of the block, up to a known empty cell or the edge.
            int lo = bs, hi = be;
            if (side == 0)
                while (lo > 0 && line[lo - 1] != kEmpty) --lo;
            else
                while (hi + 1 < n && line[hi + 1] != kEmpty) ++hi;
            const int room = hi - lo + 1;
            bool some_fits = false;
            for (int j = 0; j < k && !some_fits; ++j)
                some_fits = reaches(j, bs, be) && runs[j] >= be - bs + 1 && runs[j] <= room;
            if (!some_fits) {
                line[x] = kFilled;
                ++changed;
                break;
            }
        }
    }
    return changed;
}

int first_and_end(const std::vector<int>& runs, std::span<Cell> line) {
    const int n = static_cast<int>(line.size());
    if (n == 0) return 0;
    if (runs.empty()) {
        for (Cell c : line)
            if (c == kFilled) return -1;
        return 0;
    }
    int changed = 0;
    auto anchor = [&](int from, int step, int len) {
        for (int i = 0; i < len; ++i) {
            const int pos = from + i * step;
            if (pos < 0 || pos >= n) return false;
            const int d = decide(line, pos, kFilled);
            if (d < 0) return false;
            changed += d;
        }
        const int after = from + len * step;
        if (after >= 0 && after < n) {
            const int d = decide(line, after, kEmpty);
            if (d < 0) return false;
            changed += d;
        }
        return true;
    };
    if (line[0] == kFilled && !anchor(0, 1, runs.front())) return -1;
    if (line[n - 1] == kFilled && !anchor(n - 1, -1, runs.back())) return -1;
    return changed;
}

bool apply_logical_rules(const Puzzle& puzzle, Grid& grid, bool section31,
                         LogicalRuleStats* stats) {
    const int w = puzzle.width(), h = puzzle.height();
    grid = complete_fill_matrix(puzzle);
    LogicalRuleStats st;
    st.complete_fill_cells = grid.size() - grid.unknown_count();
    std::vector<std::vector<int>> clue;
    for (int r = 0; r < h; ++r) clue.push_back(run_lengths(puzzle.rows()[r]));
    for (int c = 0; c < w; ++c) clue.push_back(run_lengths(puzzle.columns()[c]));
    bool ok = true;
    if (section31) {
        std::vector<Cell> line;
        bool progress = true;
        while (progress && ok) {
            progress = false;
            ++st.sweeps;
            for (int l = 0; l < w + h && ok; ++l) {
                const bool row = l < h;
                const int len = row ? w : h;
                const int start = row ? l * w : l - h;
                const int stride = row ? 1 : w;
                line.resize(len);
                for (int i = 0; i < len; ++i) line[i] = grid.cells()[start + i * stride];
                for (auto rule : {simple_boxes, simple_spaces, joining_splitting, first_and_end}) {
                    const int d = rule(clue[l], line);
                    if (d < 0) {
                        ok = false;
                        break;
                    }
                    if (d > 0) {
                        progress = true;
                        st.rule_cells += d;
                    }
                }
                for (int i = 0; i < len; ++i) grid.cells()[start + i * stride] = line[i];
            }
        }
    }
    if (stats) *stats = st;
    return ok;
}

}  // namespace nonolab::meta

#include "meta/simulated_annealing.hpp"

#include <algorithm>
#include <numeric>

#include "core/rng.hpp"
#include "meta/genetic_core.hpp"
#include "meta/sa_rows.hpp"

namespace nonolab::meta {

namespace {

/// The scenarios of section 3 for one list; add(i, scenario, value) receives
/// every contribution to cell i.
template <class Add>
void line_conflicts(const std::vector<int>& runs, const Cell* cells, int n, int stride,
                    const ConflictOptions& o, int* scratch, Add&& add) {
    int* seg_start = scratch;
    int* seg_len = scratch + n / 2 + 1;
    int se = 0, black = 0;
    for (int i = 0; i < n; ++i) {
        if (cells[i * stride] == kFilled) {
            ++black;
            if (i == 0 || cells[(i - 1) * stride] != kFilled) {
                seg_start[se] = i;
                seg_len[se] = 0;
                ++se;
            }
            ++seg_len[se - 1];
        }
    }
    const int sr = static_cast<int>(runs.size());
    int rb = 0;
    for (int x : runs) rb += x;
    const int white = n - black;
    const int rw = n - rb;

    // Scenario 1 (eq. 1-3): black count.
    if (black > rb) {
        const double v = static_cast<double>(black - rb) / black;
        for (int i = 0; i < n; ++i)
            if (cells[i * stride] == kFilled) add(i, 1, v);
    } else if (black < rb) {
        int denom = o.white_share_required ? rw : white;
        if (denom <= 0) denom = white;  // a full line required: share among the whites present
        const double v = static_cast<double>(rb - black) / denom;
        for (int i = 0; i < n; ++i)
            if (cells[i * stride] != kFilled) add(i, 1, v);
    }

    if (se > sr) {
        // Scenario 2, too many segments: boundary blacks (eq. 4-5) and
        // whites between two blacks (eq. 7).
        const double d = se - sr;
        for (int k = 0; k < se; ++k) {
            if (seg_len[k] == 1) {
                add(seg_start[k], 2, d / se);
            } else {
                add(seg_start[k], 2, d / (2.0 * se));
                add(seg_start[k] + seg_len[k] - 1, 2, d / (2.0 * se));
            }
        }
        // L_w^2b: whites with a black on both sides (gaps of exactly one cell).
        int count = 0;
        for (int k = 1; k < se; ++k)
            count += seg_start[k] - (seg_start[k - 1] + seg_len[k - 1]) == 1;
        if (count > 0) {
            for (int k = 1; k < se; ++k) {
                const int gap = seg_start[k - 1] + seg_len[k - 1];
                if (seg_start[k] - gap == 1) add(gap, 2, d / count);
            }
        }
    } else if (se < sr) {
        // Scenario 2, too few segments: middle blacks of segments >= 3 (eq. 6).
        const double d = sr - se;
        int middles = 0;
        double literal = 0;
        for (int k = 0; k < se; ++k)
            if (seg_len[k] >= 3) {
                middles += seg_len[k] - 2;
                literal += d / (seg_len[k] - 2);
            }
        if (middles == 0 && o.two_cell_fallback) {
            // Our addition: no segment has a middle cell, so eq. 6 gives
            // nothing and the list looks conflict-free. Let the cells of the
            // two-cell segments share the burden instead.
            int pairs = 0;
            for (int k = 0; k < se; ++k) pairs += seg_len[k] == 2;
            for (int k = 0; k < se; ++k) {
                if (seg_len[k] != 2) continue;
                add(seg_start[k], 2, d / (2.0 * pairs));
                add(seg_start[k] + 1, 2, d / (2.0 * pairs));
            }
        }
        for (int k = 0; k < se; ++k) {
            if (seg_len[k] < 3) continue;
            double v = 0;
            if (o.middle_share == 0)
                v = d / middles;
            else if (o.middle_share == 1)
                v = d / (seg_len[k] - 2);
            else
                v = literal;
            for (int i = seg_start[k] + 1; i < seg_start[k] + seg_len[k] - 1; ++i) add(i, 2, v);
        }
    } else {
        // Scenario 3 (eq. 8-9): segment lengths, count matched.
        for (int k = 0; k < se; ++k) {
            const int s = seg_start[k], len = seg_len[k], want = runs[k];
            if (len > want) {
                const double v = (len - want) / 2.0;
                add(s, 3, v);
                if (len > 1) add(s + len - 1, 3, v);
            } else if (len < want) {
                const double v = (want - len) / 2.0;
                if (s > 0) add(s - 1, 3, v);
                if (s + len < n) add(s + len, 3, v);
            }
        }
    }
}

}  // namespace

void add_line_conflicts(const std::vector<int>& runs, const Cell* cells, int n, int stride,
                        const ConflictOptions& options, double* out, int out_stride, int* scratch) {
    line_conflicts(runs, cells, n, stride, options, scratch,
                   [&](int i, int, double v) { out[i * out_stride] += v; });
}

LineConflictTable line_conflict_table(const std::vector<int>& runs, const std::vector<Cell>& cells,
                                      const ConflictOptions& options) {
    const int n = static_cast<int>(cells.size());
    LineConflictTable t;
    t.scenario1.assign(n, 0);
    t.scenario2.assign(n, 0);
    t.scenario3.assign(n, 0);
    t.total.assign(n, 0);
    std::vector<int> scratch(2 * n + 2);
    line_conflicts(runs, cells.data(), n, 1, options, scratch.data(), [&](int i, int s, double v) {
        (s == 1 ? t.scenario1 : s == 2 ? t.scenario2 : t.scenario3)[i] += v;
        t.total[i] += v;
    });
    return t;
}

// ------------------------------------------------------------------- options

const OptionTable<SaOptions>& sa_option_table() {
    using Words = std::vector<std::pair<std::string, bool>>;
    static const OptionTable<SaOptions> table =
        OptionTable<SaOptions>("sa")
            .number("q_hat", &SaOptions::q_hat, 0, 1,
                    "greedy threshold of eq. 10-11: argmax when q <= q_hat, else roulette")
            .integer("iterations", &SaOptions::iterations, 1, std::int64_t{1} << 50,
                     "swap attempts before giving up")
            .choice(
                "white_share", [](auto& o) -> auto& { return o.conflict.white_share_required; },
                Words{{"existing", false}, {"required", true}},
                "eq. 2 denominator: required (Table 2) | existing (eq. 2)")
            .choice(
                "middle_share", [](auto& o) -> auto& { return o.conflict.middle_share; },
                std::vector<std::pair<std::string, int>>{
                    {"shared", 0}, {"segment", 1}, {"literal", 2}},
                "eq. 6 reading: shared | segment | literal")
            .choice(
                "fallback", [](auto& o) -> auto& { return o.conflict.two_cell_fallback; },
                Words{{"off", false}, {"on", true}},
                "on: two-cell segments share eq. 6 when no segment has a middle cell");
    return table;
}

// ------------------------------------------------------------------- the run

namespace {

class Annealer {
  public:
    Annealer(const Puzzle& p, const SaOptions& o, const RunControl& ctl)
        : t_(p), o_(o), ctl_(ctl), rng_(ctl.seed) {
        w_ = t_.width;
        h_ = t_.height;
        n_ = t_.cells();
        grid_.assign(n_, kEmpty);
        part_.assign(2 * n_, 0.0);  // [0, n): row part of each cell; [n, 2n): column part
        line_total_.assign(t_.lines(), 0.0);
        line_ok_.assign(t_.lines(), 0);
        scratch_.assign(2 * std::max(w_, h_) + 2, 0);
    }

    MetaResult run() {
        // Step 1: the total number of black cells at random places
        // (partial Fisher-Yates over the cell indices).
        std::vector<int> idx(n_);
        std::iota(idx.begin(), idx.end(), 0);
        const int blacks = std::min(t_.total_filled(), n_);
        for (int i = 0; i < blacks; ++i) {
            const int j = i + static_cast<int>(rng_.below(static_cast<std::uint32_t>(n_ - i)));
            std::swap(idx[i], idx[j]);
            grid_[idx[i]] = kFilled;
        }
        for (int l = 0; l < t_.lines(); ++l) rescore(l);
        resum();
        bad_lines_ = 0;
        for (int l = 0; l < t_.lines(); ++l) bad_lines_ += !line_ok_[l];
        const double h0 = total_ > 0 ? total_ : 1.0;
        double heat = total_;
        int best_bad = bad_lines_;
        best_ = grid_;
        std::int64_t it = 0, accepted = 0;
        while (bad_lines_ > 0 && it < limit()) {
            if ((it & 255) == 0 && it > 0 && ctl_.budget.expired()) {
                result_.timed_out = true;
                break;
            }
            ++it;
            const int a = pick(true);
            const int b = pick(false);
            if (a < 0 || b < 0) break;  // no black or no white cell: nothing to swap
            apply_swap(a, b);
            if (total_ <= heat) {
                heat = total_;
                ++accepted;
                if (bad_lines_ < best_bad) {
                    best_bad = bad_lines_;
                    best_ = grid_;
                }
            } else {
                undo_swap(a, b);
                heat += (heat / h0) * (heat / h0);
            }
            if (ctl_.curve_every > 0 && it % ctl_.curve_every == 0)
                result_.curve.push_back({it, best_bad});
        }
        if (bad_lines_ == 0) {
            best_ = grid_;
            best_bad = 0;
            result_.reached_zero = true;
        }
        result_.evaluations = it;
        result_.best_error = best_bad;
        result_.best = Grid(w_, h_, kEmpty);
        std::copy(best_.begin(), best_.end(), result_.best.cells().begin());
        result_.stats["accepted"] = static_cast<double>(accepted);
        result_.stats["final_conflict"] = total_;
        result_.stats["final_heat"] = heat;
        if (ctl_.curve_every > 0) result_.curve.push_back({it, best_bad});
        return result_;
    }

  private:
    std::int64_t limit() const {
        return ctl_.max_evaluations > 0 ? ctl_.max_evaluations : o_.iterations;
    }

    /// Recompute the conflict part of line l for its cells, its total and status.
    void rescore(int l) {
        const int len = t_.length[l], s = t_.stride[l], st = t_.start[l];
        double* part = part_.data() + (l < h_ ? 0 : n_) + st;
        for (int i = 0; i < len; ++i) part[i * s] = 0;
        add_line_conflicts(t_.clue[l], grid_.data() + st, len, s, o_.conflict, part, s,
                           scratch_.data());
        double sum = 0;
        for (int i = 0; i < len; ++i) sum += part[i * s];
        line_total_[l] = sum;
        const bool ok = t_.line_ok(l, grid_.data());
        bad_lines_ += static_cast<int>(line_ok_[l]) - static_cast<int>(ok);
        line_ok_[l] = ok;
    }

    void touched_lines(int a, int b, int* ls, int& k) const {
        k = 0;
        const int cand[4] = {a / w_, b / w_, h_ + a % w_, h_ + b % w_};
        for (int x : cand) {
            bool dup = false;
            for (int j = 0; j < k; ++j) dup |= ls[j] == x;
            if (!dup) ls[k++] = x;
        }
    }

    void apply_swap(int a, int b) {
        grid_[a] = kEmpty;
        grid_[b] = kFilled;
        touched_lines(a, b, lines_, nlines_);
        for (int j = 0; j < nlines_; ++j) rescore(lines_[j]);
        resum();
    }

    /// Total from the line totals (no drift from repeated += / -=).
    void resum() {
        total_ = 0;
        for (double x : line_total_) total_ += x;
    }

    void undo_swap(int a, int b) {
        grid_[a] = kFilled;
        grid_[b] = kEmpty;
        for (int j = 0; j < nlines_; ++j) rescore(lines_[j]);
        resum();
    }

    /// Eq. 10 (black) / eq. 11 (white): argmax with probability q̂, else roulette.
    int pick(bool black) {
        const Cell want = black ? kFilled : kEmpty;
        const double* rp = part_.data();
        const double* cp = part_.data() + n_;
        if (rng_.uniform() <= o_.q_hat) {
            double best = -1;
            int choice = -1, ties = 0;
            for (int i = 0; i < n_; ++i) {
                if (grid_[i] != want) continue;
                const double c = rp[i] + cp[i];
                if (c > best + 1e-12) {
                    best = c;
                    choice = i;
                    ties = 1;
                } else if (c > best - 1e-12 &&
                           rng_.below(static_cast<std::uint32_t>(++ties)) == 0) {
                    choice = i;  // reservoir: uniform among equal maxima
                }
            }
            return choice;
        }
        double sum = 0;
        int count = 0;
        for (int i = 0; i < n_; ++i)
            if (grid_[i] == want) sum += rp[i] + cp[i], ++count;
        if (count == 0) return -1;
        if (sum <= 0) {
            int k = static_cast<int>(rng_.below(static_cast<std::uint32_t>(count)));
            for (int i = 0; i < n_; ++i)
                if (grid_[i] == want && k-- == 0) return i;
        }
        double u = rng_.uniform() * sum;
        int last = -1;
        for (int i = 0; i < n_; ++i) {
            if (grid_[i] != want) continue;
            last = i;
            u -= rp[i] + cp[i];
            if (u < 0) return i;
        }
        return last;
    }

    LineTable t_;
    const SaOptions& o_;
    const RunControl& ctl_;
    Rng rng_;
    int w_ = 0, h_ = 0, n_ = 0;
    std::vector<Cell> grid_, best_;
    std::vector<double> part_;        ///< row and column share of every cell's conflict
    std::vector<double> line_total_;  ///< sum of the line's share
    std::vector<std::uint8_t> line_ok_;
    std::vector<int> scratch_;  ///< add_line_conflicts segment lists
    double total_ = 0;
    int bad_lines_ = 0;
    int lines_[4] = {0, 0, 0, 0};
    int nlines_ = 0;
    MetaResult result_;
};

}  // namespace

MetaResult run_sa(const Puzzle& puzzle, const SaOptions& options, const RunControl& control) {
    sa_option_table().validate(options);
    Annealer a(puzzle, options, control);
    return a.run();
}

std::vector<MethodInfo> annealing_methods() {
    std::vector<MethodInfo> out;
    MethodInfo m;
    m.name = "sa";
    m.description = "simulated annealing, conflict-guided black/white swaps, heat rule eq. 12";
    m.paper = "Wang & Tang 2014, section 3";
    m.describe_params = [] { return sa_option_table().docs(); };
    m.run = [](const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
        return run_sa(p, sa_option_table().parse(params), ctl);
    };
    out.push_back(std::move(m));
    out.push_back(sa_rows_method());
    return out;
}

}  // namespace nonolab::meta

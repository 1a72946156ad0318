#include "meta/sa_rows.hpp"

#include <algorithm>

#include "core/rng.hpp"
#include "meta/error_score.hpp"
#include "meta/genetic_core.hpp"

namespace nonolab::meta {

const OptionTable<SaRowsOptions>& sa_rows_option_table() {
    static const OptionTable<SaRowsOptions> table =
        OptionTable<SaRowsOptions>("sa-rows")
            .number("q_hat", &SaRowsOptions::q_hat, 0, 1,
                    "chance the moved row is one crossing a violated column")
            .integer("iterations", &SaRowsOptions::iterations, 1, std::int64_t{1} << 50,
                     "segment moves tried before giving up");
    return table;
}

namespace {

class RowAnnealer {
  public:
    RowAnnealer(const Puzzle& p, const SaRowsOptions& o, const RunControl& ctl)
        : t_(p), o_(o), ctl_(ctl), rng_(ctl.seed) {
        w_ = t_.width;
        h_ = t_.height;
        grid_.assign(t_.cells(), kEmpty);
        col_err_.assign(w_, 0);
        starts_.resize(h_);
        for (int r = 0; r < h_; ++r) starts_[r].resize(t_.clue[r].size());
    }

    MetaResult run() {
        for (int r = 0; r < h_; ++r) {
            random_arrangement(rng_, t_.clue[r], w_, grid_.data() + r * w_, 1);
            read_starts(r);
        }
        total_ = 0;
        for (int c = 0; c < w_; ++c) total_ += col_err_[c] = column_error(c);
        const double h0 = total_ > 0 ? static_cast<double>(total_) : 1.0;
        double heat = static_cast<double>(total_);
        std::int64_t best = total_;
        best_grid_ = grid_;
        std::int64_t it = 0, accepted = 0;
        while (total_ > 0 && it < limit()) {
            if ((it & 255) == 0 && it > 0 && ctl_.budget.expired()) {
                result_.timed_out = true;
                break;
            }
            ++it;
            const int r = pick_row();
            if (r < 0) break;
            const int k = static_cast<int>(t_.clue[r].size());
            if (k == 0) continue;
            const int j = static_cast<int>(rng_.below(static_cast<std::uint32_t>(k)));
            const int len = t_.clue[r][j];
            const int lo = j == 0 ? 0 : starts_[r][j - 1] + t_.clue[r][j - 1] + 1;
            const int hi = j + 1 == k ? w_ - len : starts_[r][j + 1] - len - 1;
            if (hi <= lo) continue;  // the block cannot move
            int to = lo + static_cast<int>(rng_.below(static_cast<std::uint32_t>(hi - lo)));
            const int from = starts_[r][j];
            if (to >= from) ++to;  // uniform among the other positions
            move_block(r, j, from, to);
            if (static_cast<double>(total_) <= heat) {
                heat = static_cast<double>(total_);
                ++accepted;
                if (total_ < best) {
                    best = total_;
                    best_grid_ = grid_;
                }
            } else {
                move_block(r, j, to, from);
                heat += (heat / h0) * (heat / h0);
            }
            if (ctl_.curve_every > 0 && it % ctl_.curve_every == 0)
                result_.curve.push_back({it, best});
        }
        if (total_ == 0) {
            best = 0;
            best_grid_ = grid_;
            result_.reached_zero = true;
        }
        result_.evaluations = it;
        result_.best_error = best;
        result_.best = Grid(w_, h_, kEmpty);
        std::copy(best_grid_.begin(), best_grid_.end(), result_.best.cells().begin());
        result_.stats["accepted"] = static_cast<double>(accepted);
        if (ctl_.curve_every > 0) result_.curve.push_back({it, best});
        return result_;
    }

  private:
    std::int64_t limit() const {
        return ctl_.max_evaluations > 0 ? ctl_.max_evaluations : o_.iterations;
    }

    int column_error(int c) const {
        const int l = h_ + c;
        return line_error(t_.clue[l], grid_.data() + c, h_, w_);
    }

    void read_starts(int r) {
        const Cell* row = grid_.data() + r * w_;
        int j = 0;
        for (int i = 0; i < w_; ++i)
            if (row[i] == kFilled && (i == 0 || row[i - 1] != kFilled)) starts_[r][j++] = i;
    }

    /// Moves block j of row r from `from` to `to`, rescoring the changed columns.
    void move_block(int r, int j, int from, int to) {
        const int len = t_.clue[r][j];
        Cell* row = grid_.data() + r * w_;
        for (int i = from; i < from + len; ++i) row[i] = kEmpty;
        for (int i = to; i < to + len; ++i) row[i] = kFilled;
        starts_[r][j] = to;
        const int a = std::min(from, to), b = std::max(from, to) + len;
        for (int c = a; c < b; ++c) {
            const int e = column_error(c);
            total_ += e - col_err_[c];
            col_err_[c] = e;
        }
    }

    /// A row crossing a violated column with probability q̂, else any row.
    int pick_row() {
        if (h_ == 0) return -1;
        if (rng_.uniform() <= o_.q_hat) {
            // Draw a violated column, then a row with a block over or next
            // to it (a block move there can change that column).
            int bad = 0;
            for (int c = 0; c < w_; ++c) bad += col_err_[c] > 0;
            if (bad > 0) {
                int k = static_cast<int>(rng_.below(static_cast<std::uint32_t>(bad)));
                int col = 0;
                for (int c = 0; c < w_; ++c)
                    if (col_err_[c] > 0 && k-- == 0) col = c;
                int cand = 0, pick = -1;
                for (int r = 0; r < h_; ++r) {
                    const Cell* row = grid_.data() + r * w_;
                    const bool near = row[col] == kFilled || (col > 0 && row[col - 1] == kFilled) ||
                                      (col + 1 < w_ && row[col + 1] == kFilled);
                    if (near && rng_.below(static_cast<std::uint32_t>(++cand)) == 0) pick = r;
                }
                if (pick >= 0) return pick;
            }
        }
        return static_cast<int>(rng_.below(static_cast<std::uint32_t>(h_)));
    }

    LineTable t_;
    const SaRowsOptions& o_;
    const RunControl& ctl_;
    Rng rng_;
    int w_ = 0, h_ = 0;
    std::vector<Cell> grid_, best_grid_;
    std::vector<int> col_err_;              ///< error score of each column
    std::vector<std::vector<int>> starts_;  ///< first cell of each block of each row
    std::int64_t total_ = 0;
    MetaResult result_;
};

}  // namespace

MetaResult run_sa_rows(const Puzzle& puzzle, const SaRowsOptions& options,
                       const RunControl& control) {
    sa_rows_option_table().validate(options);
    RowAnnealer a(puzzle, options, control);
    return a.run();
}

MethodInfo sa_rows_method() {
    MethodInfo m;
    m.name = "sa-rows";
    m.description = "ours: annealing over row-valid patterns, segment moves, column error";
    m.paper = "Wang & Tang 2014, section 5 (future work), our design";
    m.describe_params = [] { return sa_rows_option_table().docs(); };
    m.run = [](const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
        return run_sa_rows(p, sa_rows_option_table().parse(params), ctl);
    };
    return m;
}

}  // namespace nonolab::meta

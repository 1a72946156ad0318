#include "meta/genetic_core.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "meta/error_score.hpp"

namespace nonolab::meta {

// ---------------------------------------------------------------- LineTable

LineTable::LineTable(const Puzzle& puzzle) : width(puzzle.width()), height(puzzle.height()) {
    const int n = width + height;
    clue.reserve(n);
    for (int r = 0; r < height; ++r) {
        clue.push_back(run_lengths(puzzle.rows()[r]));
        start.push_back(r * width);
        stride.push_back(1);
        length.push_back(width);
    }
    for (int c = 0; c < width; ++c) {
        clue.push_back(run_lengths(puzzle.columns()[c]));
        start.push_back(c);
        stride.push_back(width);
        length.push_back(height);
    }
    for (const auto& k : clue) clue_sum.push_back(std::accumulate(k.begin(), k.end(), 0));
}

int LineTable::total_filled() const {
    int s = 0;
    for (int r = 0; r < height; ++r) s += clue_sum[r];
    return s;
}

bool LineTable::line_ok(int l, const Cell* grid) const {
    return line_error(clue[l], grid + start[l], length[l], stride[l]) == 0;
}

bool LineTable::solved(const Cell* grid) const {
    for (int l = 0; l < lines(); ++l)
        if (!line_ok(l, grid)) return false;
    return true;
}

// ---------------------------------------------------------------- operators

void GaRepresentation::initial_population(Rng& rng, int count, Cell* out) {
    const int n = table_.cells();
    for (int i = 0; i < count; ++i) random_individual(rng, out + static_cast<std::size_t>(i) * n);
}

int GaRepresentation::crossover_point(Rng& rng) {
    const int n = table_.cells();
    return n < 2 ? 1 : 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(n - 1)));
}

void GaRepresentation::repair(Cell*, std::vector<int>&) {}

void random_arrangement(Rng& rng, const std::vector<int>& runs, int n, Cell* cells, int stride) {
    const int k = static_cast<int>(runs.size());
    int need = 0;
    for (int x : runs) need += x;
    need += k > 0 ? k - 1 : 0;
    const int free = n - need;
    for (int i = 0; i < n; ++i) cells[i * stride] = kEmpty;
    if (k == 0) return;
    // Stars and bars: choose k "bar" positions among free + k slots; the
    // number of stars before bar j is the extra gap before run j. Selection
    // sampling picks each k-subset with equal probability.
    int pos = 0;  // next cell to write
    int stars_left = free;
    int bars_left = k;
    int j = 0;
    for (int slot = 0; slot < free + k && bars_left > 0; ++slot) {
        const int slots_left = free + k - slot;
        if (static_cast<int>(rng.below(static_cast<std::uint32_t>(slots_left))) < bars_left) {
            // place run j here
            for (int c = 0; c < runs[j]; ++c) cells[(pos + c) * stride] = kFilled;
            pos += runs[j] + 1;
            ++j;
            --bars_left;
        } else {
            ++pos;  // one extra empty cell
            --stars_left;
        }
    }
}

void flip_mutation(Rng& rng, double p, Cell* x, int n, std::vector<int>& changed) {
    if (p <= 0) return;
    for (int i = 0; i < n; ++i) {
        if (rng.chance(p)) {
            x[i] = x[i] == kFilled ? kEmpty : kFilled;
            changed.push_back(i);
        }
    }
}

// ---------------------------------------------------------------- the loop

namespace {

/// One population: cells, line scores, weights and objectives, flat.
struct Population {
    void resize(int count, int cells, int lines) {
        cell.assign(static_cast<std::size_t>(count) * cells, kEmpty);
        line.assign(static_cast<std::size_t>(count) * lines, LineScore{});
        weight.assign(count, 0.0);
        objective.assign(count, 0);
    }
    std::vector<Cell> cell;
    std::vector<LineScore> line;
    std::vector<double> weight;
    std::vector<std::int64_t> objective;
};

class Loop {
  public:
    Loop(const LineTable& t, const GaFitness& f, GaRepresentation& rep, const GaLoopOptions& o,
         const RunControl& ctl)
        : t_(t), f_(f), rep_(rep), o_(o), ctl_(ctl), rng_(ctl.seed) {
        n_ = t.cells();
        l_ = t.lines();
        p_ = o.population;
        line_stamp_.assign(l_, 0);
        limit_ = ctl.max_evaluations > 0 ? ctl.max_evaluations
                                         : static_cast<std::int64_t>(p_) * (o.generations + 1);
    }

    MetaResult run() {
        // Children buffer holds up to population + 1 (crossover makes pairs).
        cur_.resize(p_ + 1, n_, l_);
        next_.resize(p_ + 1, n_, l_);
        rep_.initial_population(rng_, p_, cur_.cell.data());
        for (int i = 0; i < p_ && !stop_; ++i) {
            changed_.clear();
            rep_.repair(cell(cur_, i), changed_);
            for (int l = 0; l < l_; ++l) line(cur_, i)[l] = f_.score_line(t_, l, cell(cur_, i));
            finish_scoring(cur_, i);
        }
        // control.max_evaluations replaces the generation limit (method.hpp).
        const std::int64_t gen_limit =
            ctl_.max_evaluations > 0 ? std::numeric_limits<std::int64_t>::max() : o_.generations;
        std::int64_t gen = 0;
        while (!stop_ && gen < gen_limit) {
            ++gen;
            breed();
            if (stop_) break;
            replace();
        }
        result_.stats["generations"] = static_cast<double>(gen);
        result_.stats["best_fitness"] = best_weight_;
        result_.stats["false_optimum"] = static_cast<double>(false_optimum_);
        if (ctl_.curve_every > 0) result_.curve.push_back({evals_, best_objective_});
        result_.evaluations = evals_;
        result_.best_error = best_objective_;
        result_.best = Grid(t_.width, t_.height, kEmpty);
        std::copy(best_.begin(), best_.end(), result_.best.cells().begin());
        return result_;
    }

  private:
    Cell* cell(Population& p, int i) { return p.cell.data() + static_cast<std::size_t>(i) * n_; }
    LineScore* line(Population& p, int i) {
        return p.line.data() + static_cast<std::size_t>(i) * l_;
    }

    /// Weight, objective, best tracking, stop checks for a freshly scored individual.
    void finish_scoring(Population& p, int i) {
        const LineScore* ls = line(p, i);
        double w = f_.fitness(t_, ls);
        p.weight[i] = w > 0 ? w : 0;
        p.objective[i] = f_.objective(t_, ls);
        ++evals_;
        bool solved = false;
        if (p.objective[i] == 0) {
            solved = t_.solved(cell(p, i));
            if (!solved) ++false_optimum_;
        }
        const bool better = best_.empty() || w > best_weight_ ||
                            (w == best_weight_ && p.objective[i] < best_objective_);
        if (!best_solved_ && (solved || better)) {
            best_weight_ = w;
            best_objective_ = p.objective[i];
            best_.assign(cell(p, i), cell(p, i) + n_);
            best_solved_ = solved;
        }
        if (solved) {
            result_.reached_zero = true;
            stop_ = true;
        }
        if (ctl_.curve_every > 0 && evals_ % ctl_.curve_every == 0)
            result_.curve.push_back({evals_, best_objective_});
        if (evals_ >= limit_) stop_ = true;
        if (evals_ - last_poll_ >= 256) {
            last_poll_ = evals_;
            if (ctl_.budget.expired()) {
                result_.timed_out = true;
                stop_ = true;
            }
        }
    }

    int select() {
        if (o_.selection == GaSelection::uniform || total_weight_ <= 0)
            return static_cast<int>(rng_.below(static_cast<std::uint32_t>(p_)));
        const double u = rng_.uniform() * total_weight_;
        auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
        int i = static_cast<int>(it - cumulative_.begin());
        return std::min(i, p_ - 1);
    }

    /// Rescore the lines through `changed_` cells of child i.
    void rescore_changed(Population& p, int i) {
        ++stamp_;
        LineScore* ls = line(p, i);
        const Cell* c = cell(p, i);
        for (int idx : changed_) {
            const int r = idx / t_.width;
            const int col = t_.height + idx % t_.width;
            if (line_stamp_[r] != stamp_) {
                line_stamp_[r] = stamp_;
                ls[r] = f_.score_line(t_, r, c);
            }
            if (line_stamp_[col] != stamp_) {
                line_stamp_[col] = stamp_;
                ls[col] = f_.score_line(t_, col, c);
            }
        }
    }

    /// Child k of next_ (a copy or a crossover, lines already scored) mutated and repaired.
    void vary_and_score(int k, bool crossed) {
        changed_.clear();
        if (!crossed || o_.mutate_crossed)
            rep_.mutate(rng_, cell(next_, k), line(next_, k), changed_);
        rep_.repair(cell(next_, k), changed_);
        rescore_changed(next_, k);
        finish_scoring(next_, k);
    }

    void copy_individual(Population& from, int i, Population& to, int k) {
        std::copy(cell(from, i), cell(from, i) + n_, cell(to, k));
        std::copy(line(from, i), line(from, i) + l_, line(to, k));
        to.weight[k] = from.weight[i];
        to.objective[k] = from.objective[i];
    }

    /// child k = a[0,cut) + b[cut,n); lines copied where whole, else rescored.
    void cross_into(int a, int b, int cut, int k) {
        Cell* dst = cell(next_, k);
        std::copy(cell(cur_, a), cell(cur_, a) + cut, dst);
        std::copy(cell(cur_, b) + cut, cell(cur_, b) + n_, dst + cut);
        LineScore* ls = line(next_, k);
        const LineScore* la = line(cur_, a);
        const LineScore* lb = line(cur_, b);
        for (int r = 0; r < t_.height; ++r) {
            if ((r + 1) * t_.width <= cut)
                ls[r] = la[r];
            else if (r * t_.width >= cut)
                ls[r] = lb[r];
            else
                ls[r] = f_.score_line(t_, r, dst);
        }
        for (int l = t_.height; l < l_; ++l) ls[l] = f_.score_line(t_, l, dst);
    }

    void breed() {
        cumulative_.resize(p_);
        double acc = 0;
        for (int i = 0; i < p_; ++i) cumulative_[i] = acc += cur_.weight[i];
        total_weight_ = acc;
        const int elite =
            o_.replacement == GaReplacement::generational ? std::min(o_.elitism, p_) : 0;
        children_ = elite;
        const int want = p_;
        while (children_ < want && !stop_) {
            const int a = select();
            const int b = select();
            if (rng_.chance(o_.crossover_rate)) {
                const int cut = rep_.crossover_point(rng_);
                cross_into(a, b, cut, children_);
                vary_and_score(children_++, true);
                if (stop_ || children_ >= want) break;
                cross_into(b, a, cut, children_);
                vary_and_score(children_++, true);
            } else {
                copy_individual(cur_, a, next_, children_);
                vary_and_score(children_++, false);
                if (stop_ || children_ >= want) break;
                copy_individual(cur_, b, next_, children_);
                vary_and_score(children_++, false);
            }
        }
        if (elite > 0) {
            // The elite take the first slots, unchanged and not re-counted.
            order_.resize(p_);
            std::iota(order_.begin(), order_.end(), 0);
            std::stable_sort(order_.begin(), order_.end(),
                             [&](int x, int y) { return cur_.weight[x] > cur_.weight[y]; });
            for (int e = 0; e < elite; ++e) copy_individual(cur_, order_[e], next_, e);
        }
    }

    void replace() {
        if (o_.replacement == GaReplacement::generational) {
            std::swap(cur_, next_);  // both hold p_ + 1 slots; the first p_ are used
            return;
        }
        // (mu + lambda): rank parents and children together, keep the best p_.
        const int total = p_ + children_;
        pool_.resize(total);
        std::iota(pool_.begin(), pool_.end(), 0);
        auto w = [&](int x) { return x < p_ ? cur_.weight[x] : next_.weight[x - p_]; };
        std::stable_sort(pool_.begin(), pool_.end(), [&](int x, int y) { return w(x) > w(y); });
        if (merged_.weight.empty()) merged_.resize(p_ + 1, n_, l_);
        for (int k = 0; k < p_; ++k) {
            const int x = pool_[k];
            if (x < p_)
                copy_individual(cur_, x, merged_, k);
            else
                copy_individual(next_, x - p_, merged_, k);
        }
        std::swap(cur_, merged_);
    }

    const LineTable& t_;
    const GaFitness& f_;
    GaRepresentation& rep_;
    const GaLoopOptions& o_;
    const RunControl& ctl_;
    Rng rng_;
    int n_ = 0, l_ = 0, p_ = 0;
    std::int64_t limit_ = 0;
    Population cur_, next_, merged_;
    std::vector<double> cumulative_;  ///< roulette wheel of cur_
    double total_weight_ = 0;
    std::vector<int> changed_;     ///< cells changed by the last mutate/repair
    std::vector<int> line_stamp_;  ///< rescore_changed: line already rescored this child
    int stamp_ = 0;
    std::vector<int> order_, pool_;  ///< scratch for elitism and (mu+lambda)
    int children_ = 0;
    std::int64_t evals_ = 0, last_poll_ = 0, false_optimum_ = 0;
    bool stop_ = false;
    std::vector<Cell> best_;
    double best_weight_ = 0;
    std::int64_t best_objective_ = -1;
    bool best_solved_ = false;
    MetaResult result_;
};

}  // namespace

MetaResult run_genetic(const LineTable& table, const GaFitness& fitness,
                       GaRepresentation& representation, const GaLoopOptions& options,
                       const RunControl& control) {
    if (options.population < 2)
        throw std::invalid_argument("parameter 'population': must be at least 2");
    Loop loop(table, fitness, representation, options, control);
    return loop.run();
}

}  // namespace nonolab::meta

namespace nonolab::meta {

void BinaryRepresentation::random_individual(Rng& rng, Cell* out) {
    const int n = table_.cells();
    // 64 cells per draw: one random bit each.
    for (int i = 0; i < n; i += 64) {
        std::uint64_t bits = rng.next();
        for (int j = i; j < n && j < i + 64; ++j, bits >>= 1)
            out[j] = (bits & 1) ? kFilled : kEmpty;
    }
}

void BinaryRepresentation::mutate(Rng& rng, Cell* x, const LineScore*, std::vector<int>& changed) {
    flip_mutation(rng, mutation_rate_, x, table_.cells(), changed);
}

}  // namespace nonolab::meta

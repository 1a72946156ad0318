#include "nn/heuristic_search.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <stdexcept>

#include "nn/heuristic_combinations.hpp"
#include "nn/partial_erase.hpp"

namespace nonolab::nn {

// ------------------------------------------------------------------ options

const OptionTable<HeuristicOptions>& heuristic_option_table() {
    using O = HeuristicOptions;
    using Words = std::vector<std::pair<std::string, bool>>;
    static const OptionTable<O> table =
        OptionTable<O>("heuristic search")
            .integer("max_line_combinations", &O::max_line_combinations, 1, 100000000,
                     "lines with more placements use the DP line solver instead of a list")
            .choice(
                "sweep", &O::sequential_sweep, Words{{"snapshot", false}, {"sequential", true}},
                "trivial cells of a round: snapshot (one board state, Algorithm 1) | sequential")
            .choice("ties", &O::random_ties, Words{{"first", false}, {"random", true}},
                    "ties between branching lines: first (rows, then columns) | random")
            .choice("branch", &O::branch_all_lines, Words{{"fewest", false}, {"all", true}},
                    "DFS candidates: fewest (the line with the fewest combinations) | all (every "
                    "open line, by count)")
            .integer("max_iterations", &O::max_iterations, 0, std::int64_t{1} << 50,
                     "stop after this many iterations (SOLVE calls looking for trivial cells; 0 = "
                     "none)");
    return table;
}

const OptionTable<IntuitionOptions>& intuition_option_table() {
    using O = IntuitionOptions;
    using Words = std::vector<std::pair<std::string, bool>>;
    static const OptionTable<O> table =
        OptionTable<O>("intuition")
            .choice("weights", &O::probability_weights,
                    Words{{"differences", false}, {"probabilities", true}},
                    "intuition distance: differences (cells unlike the thresholded prediction) | "
                    "probabilities (sum of |p - cell|)")
            .choice("intuition_line", &O::picks_line, Words{{"fewest", false}, {"closest", true}},
                    "line branched on: fewest (as H) | closest (holding the candidate closest to "
                    "the prediction)");
    return table;
}

// ------------------------------------------------------------------ set-up

HeuristicSearch::HeuristicSearch(const Puzzle& puzzle, const HeuristicOptions& options)
    : width_(puzzle.width()), height_(puzzle.height()), options_(options) {
    heuristic_option_table().validate(options);
    if (!puzzle.black_and_white())
        throw std::invalid_argument("the heuristic H solves black-and-white puzzles only");
    if (width_ > kMaxCombinationLine || height_ > kMaxCombinationLine)
        throw std::invalid_argument(
            "the heuristic H handles lines of up to 64 cells; this puzzle "
            "is " +
            std::to_string(width_) + "x" + std::to_string(height_));
    const int n = lines();
    runs_.resize(n);
    for (int l = 0; l < n; ++l) {
        const Clue& clue = l < height_ ? puzzle.row(l) : puzzle.column(l - height_);
        for (const Run& r : clue) runs_[l].push_back(r.length);
    }
    combo_begin_.assign(n + 1, 0);
    big_.assign(n, 0);
    for (int l = 0; l < n; ++l) {
        combo_begin_[l] = combos_.size();
        const std::uint64_t count =
            count_combinations(runs_[l], length(l), options_.max_line_combinations);
        if (count > options_.max_line_combinations)
            big_[l] = 1;
        else
            list_combinations(runs_[l], length(l), combos_);
    }
    combo_begin_[n] = combos_.size();
    live_.resize(combos_.size());
    live_count_.assign(n, 0);
    filled_.assign(n, 0);
    empty_.assign(n, 0);
    dirty_.assign(n, 1);
    new_filled_.assign(n, 0);
    new_empty_.assign(n, 0);
    line_cells_.resize(std::max(width_, height_));
}

int HeuristicSearch::big_lines() const {
    return static_cast<int>(std::count(big_.begin(), big_.end(), 1));
}

// ------------------------------------------------------------------ state

// Sets cell (r, c) in its row and its column; false when it already holds the
// other value (a row and a column disagree: a dead end).
bool HeuristicSearch::set_cell(int r, int c, bool filled) {
    const int row = r, col = height_ + c;
    const std::uint64_t rb = std::uint64_t{1} << c, cb = std::uint64_t{1} << r;
    auto& mine = filled ? filled_ : empty_;
    const auto& other = filled ? empty_ : filled_;
    // The row's and the column's view of a cell always agree: every write
    // goes through here, to both.
    assert(((mine[row] & rb) != 0) == ((mine[col] & cb) != 0));
    assert(((other[row] & rb) != 0) == ((other[col] & cb) != 0));
    if (other[row] & rb) return false;
    if (mine[row] & rb) return true;
    mine[row] |= rb;
    mine[col] |= cb;
    dirty_[row] = dirty_[col] = 1;
    return true;
}

bool HeuristicSearch::filter(int l) {
    if (big_[l]) {
        const int n = length(l);
        for (int i = 0; i < n; ++i)
            line_cells_[i] = (filled_[l] >> i & 1)  ? kFilled
                             : (empty_[l] >> i & 1) ? kEmpty
                                                    : kUnknown;
        return line_solver_.solve(runs_[l], std::span<Cell>(line_cells_.data(), n));
    }
    const std::uint64_t f = filled_[l], e = empty_[l];
    std::uint32_t* live = live_.data() + combo_begin_[l];
    const std::uint64_t* combos = combos_.data() + combo_begin_[l];
    std::uint32_t count = live_count_[l];
    for (std::uint32_t i = 0; i < count;) {
        const std::uint64_t m = combos[live[i]];
        if ((m & e) | (f & ~m)) {
            std::swap(live[i], live[count - 1]);  // dead ones gather behind the live ones
            --count;
        } else {
            ++i;
        }
    }
    assert(count <= live_count_[l]);  // filtering only removes placements
    live_count_[l] = count;
    return count > 0;
}

// One round of trivial cells (Algorithm 1, lines 7-9).
HeuristicSearch::Sweep HeuristicSearch::sweep() {
    const int n = lines();
    bool progress = false;
    auto find = [&](int l) {
        const std::uint64_t all = line_mask(length(l));
        if (!filter(l)) return false;
        std::uint64_t always = all, ever = 0;
        if (big_[l]) {
            always = ever = 0;
            for (int i = 0; i < length(l); ++i) {
                if (line_cells_[i] == kFilled) always |= std::uint64_t{1} << i;
                if (line_cells_[i] != kEmpty) ever |= std::uint64_t{1} << i;
            }
        } else {
            const std::uint32_t* live = live_.data() + combo_begin_[l];
            const std::uint64_t* combos = combos_.data() + combo_begin_[l];
            for (std::uint32_t i = 0; i < live_count_[l]; ++i) {
                always &= combos[live[i]];
                ever |= combos[live[i]];
            }
        }
        // What every live placement fills was never known empty, and what
        // none fills was never known filled (filter kept only those).
        assert((always & empty_[l]) == 0 && (~ever & all & filled_[l]) == 0);
        new_filled_[l] = always & ~filled_[l];
        new_empty_[l] = ~ever & all & ~empty_[l];
        return true;
    };
    auto apply = [&](int l) {
        bool ok = true;
        for (int pass = 0; pass < 2; ++pass) {
            std::uint64_t bits = pass == 0 ? new_filled_[l] : new_empty_[l];
            while (bits) {
                const int i = std::countr_zero(bits);
                bits &= bits - 1;
                ok &= l < height_ ? set_cell(l, i, pass == 0) : set_cell(i, l - height_, pass == 0);
                progress = true;
            }
        }
        new_filled_[l] = new_empty_[l] = 0;
        return ok;
    };
    if (options_.sequential_sweep) {
        for (int l = 0; l < n; ++l) {
            if (!dirty_[l]) continue;
            dirty_[l] = 0;
            if (!find(l) || !apply(l)) return Sweep::contradiction;
        }
    } else {
        for (int l = 0; l < n; ++l) {
            new_filled_[l] = new_empty_[l] = 0;
            if (!dirty_[l]) continue;
            dirty_[l] = 0;
            if (!find(l)) return Sweep::contradiction;
        }
        for (int l = 0; l < n; ++l)
            if (!apply(l)) return Sweep::contradiction;
    }
    return progress ? Sweep::progress : Sweep::stuck;
}

bool HeuristicSearch::full() const {
    const std::uint64_t all = line_mask(width_);
    for (int r = 0; r < height_; ++r)
        if ((filled_[r] | empty_[r]) != all) return false;
    return true;
}

void HeuristicSearch::save(int depth) {
    const std::size_t n = lines();
    const std::size_t need = (depth + 1) * n;
    if (saved_counts_.size() < need) {
        saved_masks_.resize(2 * need);
        saved_counts_.resize(need);
        saved_dirty_.resize(need);
    }
    std::copy(filled_.begin(), filled_.end(), saved_masks_.begin() + 2 * depth * n);
    std::copy(empty_.begin(), empty_.end(), saved_masks_.begin() + (2 * depth + 1) * n);
    std::copy(live_count_.begin(), live_count_.end(), saved_counts_.begin() + depth * n);
    std::copy(dirty_.begin(), dirty_.end(), saved_dirty_.begin() + depth * n);
}

void HeuristicSearch::restore(int depth) {
    const std::size_t n = lines();
    std::copy_n(saved_masks_.begin() + 2 * depth * n, n, filled_.begin());
    std::copy_n(saved_masks_.begin() + (2 * depth + 1) * n, n, empty_.begin());
    std::copy_n(saved_counts_.begin() + depth * n, n, live_count_.begin());
    std::copy_n(saved_dirty_.begin() + depth * n, n, dirty_.begin());
}

void HeuristicSearch::write_solution() {
    solution_ = Grid(width_, height_, kEmpty);
    for (int r = 0; r < height_; ++r)
        for (int c = 0; c < width_; ++c)
            if (filled_[r] >> c & 1) solution_.set(r, c, kFilled);
}

// ------------------------------------------------------------------ DFS

double HeuristicSearch::distance(int l, std::uint64_t combo) const {
    const int n = length(l);
    const std::vector<float>& p = intuition_->probabilities;
    double d = 0;
    for (int i = 0; i < n; ++i) {
        const float q = l < height_ ? p[l * width_ + i] : p[i * width_ + (l - height_)];
        const bool bit = combo >> i & 1;
        if (intuition_->options.probability_weights)
            d += bit ? 1.0 - q : q;
        else
            d += bit != (q >= 0.5f);
    }
    return d;
}

// Fills candidates_[depth] in the order they are tried (Sorted / Weighted(comb)).
void HeuristicSearch::branch_candidates(int depth) {
    if (static_cast<int>(candidates_.size()) <= depth) candidates_.resize(depth + 1);
    std::vector<Candidate>& out = candidates_[depth];
    out.clear();
    const int n = lines();
    auto open = [&](int l) { return (filled_[l] | empty_[l]) != line_mask(length(l)); };
    auto add_line = [&](int l) {
        const std::size_t first = out.size();
        const std::uint32_t* live = live_.data() + combo_begin_[l];
        for (std::uint32_t i = 0; i < live_count_[l]; ++i)
            out.push_back({l, live[i], false, false, 0.0});
        // Listing order: the permutation left by filtering is not meaningful.
        std::sort(out.begin() + first, out.end(),
                  [](const Candidate& a, const Candidate& b) { return a.index < b.index; });
    };

    // Which line(s).
    std::vector<int>& order = line_order_;
    order.clear();
    for (int l = 0; l < n; ++l)
        if (!big_[l] && open(l)) order.push_back(l);
    if (order.empty()) {
        // Only lines too big to list are open: branch on their first unknown cell.
        for (int l = 0; l < n; ++l) {
            const std::uint64_t unknown = ~(filled_[l] | empty_[l]) & line_mask(length(l));
            if (!unknown) continue;
            const int i = std::countr_zero(unknown);
            const int r = l < height_ ? l : i, c = l < height_ ? i : l - height_;
            out.push_back({r, static_cast<std::uint32_t>(c), true, true, 0.0});  // filled first
            out.push_back({r, static_cast<std::uint32_t>(c), true, false, 0.0});
            return;
        }
        return;
    }
    auto fewer = [&](int a, int b) { return live_count_[a] < live_count_[b]; };
    if (options_.branch_all_lines) {
        std::stable_sort(order.begin(), order.end(), fewer);
        for (int l : order) add_line(l);
    } else {
        int best = -1;
        double best_key = 0;
        int ties = 0;
        for (int l : order) {
            double key = live_count_[l];
            if (intuition_ && intuition_->options.picks_line) {
                double closest = 1e300;
                const std::uint32_t* live = live_.data() + combo_begin_[l];
                for (std::uint32_t i = 0; i < live_count_[l]; ++i)
                    closest = std::min(closest, distance(l, combos_[combo_begin_[l] + live[i]]));
                key = closest * 1e9 + live_count_[l];  // closest first, then fewest
            }
            if (best < 0 || key < best_key) {
                best = l;
                best_key = key;
                ties = 1;
            } else if (key == best_key && options_.random_ties) {
                // Reservoir sampling: each tied line is chosen with probability 1/ties.
                if (rng_->below(static_cast<std::uint32_t>(++ties)) == 0) best = l;
            }
        }
        add_line(best);
    }
    if (intuition_) {
        // Weighted(comb): by distance to the prediction, ties in random order.
        for (Candidate& c : out)
            c.weight = distance(c.line, combos_[combo_begin_[c.line] + c.index]);
        for (std::size_t i = out.size(); i > 1; --i)
            std::swap(out[i - 1], out[rng_->below(static_cast<std::uint32_t>(i))]);
        std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
            return a.weight < b.weight;
        });
    }
}

bool HeuristicSearch::dfs(int depth) {
    SearchStats& st = *stats_;
    while (true) {
        ++st.calls;
        if ((st.calls & 31) == 1 && budget_->expired()) {
            stop_ = true;
            stop_reason_ = SearchOutcome::timeout;
            return false;
        }
        if (full()) {  // Is_Solution: every line still has its (one) combination
            for (int l = 0; l < lines(); ++l)
                if (dirty_[l]) {
                    dirty_[l] = 0;
                    if (!filter(l)) {
                        ++st.dead_ends;
                        return false;
                    }
                }
            return true;
        }
        if (limit_ > 0 && st.iterations >= limit_) {
            stop_ = true;
            stop_reason_ = SearchOutcome::iteration_limit;
            return false;
        }
        ++st.iterations;  // get_combinations (Algorithm 1, line 7)
        const Sweep s = sweep();
        if (s == Sweep::contradiction) {
            ++st.dead_ends;
            return false;
        }
        if (s == Sweep::stuck) break;
    }
    ++st.branchings;
    st.max_depth = std::max(st.max_depth, depth + 1);
    branch_candidates(depth);
    save(depth);
    const std::size_t count = candidates_[depth].size();
    for (std::size_t k = 0; k < count; ++k) {
        const Candidate c = candidates_[depth][k];  // copy: deeper levels may grow candidates_
        if (k > 0) restore(depth);
        ++st.nodes;
        if (c.cell_branch) {
            set_cell(c.line, static_cast<int>(c.index), c.filled);
        } else {
            const std::uint64_t combo = combos_[combo_begin_[c.line] + c.index];
            std::uint64_t unknown = ~(filled_[c.line] | empty_[c.line]) & line_mask(length(c.line));
            while (unknown) {
                const int i = std::countr_zero(unknown);
                unknown &= unknown - 1;
                const bool f = combo >> i & 1;
                if (c.line < height_)
                    set_cell(c.line, i, f);
                else
                    set_cell(i, c.line - height_, f);
            }
        }
        if (dfs(depth + 1)) return true;
        if (stop_) return false;
    }
    return false;
}

SearchOutcome HeuristicSearch::solve(const Grid& start, const Intuition* intuition,
                                     const Budget& budget, Rng& rng, std::int64_t iteration_limit,
                                     SearchStats& stats) {
    if (start.width() != width_ || start.height() != height_)
        throw std::invalid_argument("heuristic search: start board has the wrong size");
    if (intuition && intuition->probabilities.size() != static_cast<std::size_t>(width_) * height_)
        throw std::invalid_argument("heuristic search: prediction has the wrong size");
    const int n = lines();
    for (int l = 0; l < n; ++l) {
        live_count_[l] = static_cast<std::uint32_t>(combo_begin_[l + 1] - combo_begin_[l]);
        for (std::uint32_t i = 0; i < live_count_[l]; ++i) live_[combo_begin_[l] + i] = i;
        filled_[l] = empty_[l] = 0;
        dirty_[l] = 1;
    }
    bool consistent = true;
    for (int r = 0; r < height_; ++r)
        for (int c = 0; c < width_; ++c)
            if (start.at(r, c) != kUnknown) consistent &= set_cell(r, c, start.at(r, c) == kFilled);
    intuition_ = intuition;
    budget_ = &budget;
    rng_ = &rng;
    stats_ = &stats;
    limit_ = iteration_limit;
    stop_ = false;
    stop_reason_ = SearchOutcome::exhausted;
    const bool found = consistent && dfs(0);
    write_solution();
    if (found) return SearchOutcome::solved;
    return stop_ ? stop_reason_ : SearchOutcome::exhausted;
}

// ------------------------------------------------------------------ H

void add_search_stats(const SearchStats& s, MetaResult& r) {
    r.evaluations = s.iterations;
    r.stats["iterations"] = static_cast<double>(s.iterations);
    r.stats["solve_calls"] = static_cast<double>(s.calls);
    r.stats["nodes"] = static_cast<double>(s.nodes);
    r.stats["branchings"] = static_cast<double>(s.branchings);
    r.stats["dead_ends"] = static_cast<double>(s.dead_ends);
    r.stats["max_depth"] = s.max_depth;
}

MetaResult heuristic_solve(const Puzzle& puzzle, const HeuristicOptions& options,
                           const RunControl& control) {
    HeuristicSearch search(puzzle, options);
    Rng rng(control.seed);
    SearchStats stats;
    const std::int64_t limit =
        control.max_evaluations > 0 ? control.max_evaluations : options.max_iterations;
    const SearchOutcome out = search.solve(Grid(puzzle.width(), puzzle.height(), kUnknown), nullptr,
                                           control.budget, rng, limit, stats);
    MetaResult r;
    r.best = search.solution();
    r.reached_zero = out == SearchOutcome::solved;
    r.timed_out = out == SearchOutcome::timeout;
    r.best_error = wrong_line_count(puzzle, r.best);
    add_search_stats(stats, r);
    r.stats["exhausted"] = out == SearchOutcome::exhausted ? 1 : 0;
    r.stats["big_lines"] = search.big_lines();
    return r;
}

}  // namespace nonolab::nn

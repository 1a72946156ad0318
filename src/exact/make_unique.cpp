#include "exact/make_unique.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <tuple>

#include "core/budget.hpp"
#include "core/picture.hpp"
#include "exact/exact_solver.hpp"

namespace nonolab::exact {

namespace {

/// The number of tiers of step 2 (seed, neighbours, lines, anywhere).
constexpr int kTiers = 4;

bool meets(FixGoal goal, Status s, Difficulty d) {
    if (s != Status::unique) return false;
    if (goal == FixGoal::line) return d == Difficulty::line;
    if (goal == FixGoal::logic) return d == Difficulty::line || d == Difficulty::probing;
    return true;
}

/// The ranking's tie-break for one change (header: "Ranking").
int change_cost(const Grid& picture, int row, int col, Cell value) {
    int cost = 0;
    constexpr int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    for (int k = 0; k < 4; ++k) {
        const int r = row + dr[k], c = col + dc[k];
        const bool inside = r >= 0 && r < picture.height() && c >= 0 && c < picture.width();
        cost += (inside ? picture.at(r, c) : kEmpty) != value;
    }
    return cost;
}

/// True when complete grid `g` shows the same clues as `picture`: checked
/// only on the lines where the two differ, the others agree by themselves.
bool same_clues(const Grid& g, const Grid& picture) {
    for (int r = 0; r < g.height(); ++r)
        for (int c = 0; c < g.width(); ++c)
            if (g.at(r, c) != picture.at(r, c) &&
                (row_clue_of(g, r) != row_clue_of(picture, r) ||
                 column_clue_of(g, c) != column_clue_of(picture, c)))
                return false;
    return true;
}

struct Candidate {
    CellChange change;
    int tier = 0;
    int freq = 0;  ///< other solutions with this value here (goal unique)
    int cost = 0;
};

/// Step 2. `seed` marks tier 0's cells, `freq` counts (cell * palette +
/// value) over the other solutions, `locked` marks cells never changed.
std::vector<Candidate> candidates_of(const Grid& picture, int palette_size,
                                     const std::vector<std::uint8_t>& seed,
                                     const std::vector<int>& freq,
                                     const std::vector<std::uint8_t>& locked) {
    const int w = picture.width(), h = picture.height();
    std::vector<std::uint8_t> row_seed(h, 0), col_seed(w, 0);
    for (int i = 0; i < picture.size(); ++i)
        if (seed[i]) row_seed[i / w] = col_seed[i % w] = 1;
    auto tier_of = [&](int r, int c) {
        if (seed[r * w + c]) return 0;
        for (int a = std::max(0, r - 1); a <= std::min(h - 1, r + 1); ++a)
            for (int b = std::max(0, c - 1); b <= std::min(w - 1, c + 1); ++b)
                if (seed[a * w + b]) return 1;
        return row_seed[r] || col_seed[c] ? 2 : 3;
    };
    std::vector<Candidate> out;
    for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c) {
            if (locked[r * w + c]) continue;
            for (int v = 0; v < palette_size; ++v) {
                if (v == picture.at(r, c)) continue;
                const Cell value = static_cast<Cell>(v);
                out.push_back({{r, c, value},
                               tier_of(r, c),
                               freq[(r * w + c) * palette_size + v],
                               change_cost(picture, r, c, value)});
            }
        }
    std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
        return std::tuple(a.tier, -a.freq, a.cost) < std::tuple(b.tier, -b.freq, b.cost);
    });
    return out;
}

/// n choose k, k <= 3.
long choose(long n, int k) {
    if (n < k) return 0;
    if (k == 1) return n;
    if (k == 2) return n * (n - 1) / 2;
    return n * (n - 1) / 2 * (n - 2) / 3;
}

/// Step 3 over the candidates; fills the result's suggestions and counts.
class Search {
  public:
    Search(const Grid& picture, const Palette& palette, const MakeUniqueOptions& options,
           const Budget& budget, const MakeUniqueProgress& progress, MakeUniqueResult& result)
        : picture_(picture),
          palette_(palette),
          o_(options),
          budget_(budget),
          progress_(progress),
          r_(result) {}

    void run(const std::vector<Candidate>& cand) {
        cand_ = &cand;
        std::size_t tier_end[kTiers] = {};
        for (int t = 0; t < kTiers; ++t)
            tier_end[t] = static_cast<std::size_t>(std::count_if(
                cand.begin(), cand.end(), [t](const auto& c) { return c.tier <= t; }));
        r_.total = 0;
        for (int k = 1; k <= o_.max_changes; ++k)
            r_.total += choose(static_cast<long>(cand.size()), k);
        // Each set once, under the tier of its last (farthest) member m.
        for (int k = 1; k <= o_.max_changes; ++k)
            for (int t = 0; t < kTiers; ++t)
                for (std::size_t m = t ? tier_end[t - 1] : 0; m < tier_end[t]; ++m) {
                    if (k == 1 && !visit({m})) return;
                    if (k >= 2)
                        for (std::size_t i = 0; i < m; ++i) {
                            if (k == 2 && !visit({i, m})) return;
                            if (k == 3)
                                for (std::size_t j = i + 1; j < m; ++j)
                                    if (!visit({i, j, m})) return;
                        }
                }
        r_.complete = done_ == r_.total;
    }

  private:
    // One candidate set, checked or skipped; false once the run must stop.
    bool visit(const std::vector<std::size_t>& set) {
        const bool go_on = check(set);
        ++done_;
        if (progress_) progress_(done_, r_.total);
        return go_on;
    }

    bool check(const std::vector<std::size_t>& set) {
        const std::vector<Candidate>& cand = *cand_;
        for (std::size_t a = 0; a < set.size(); ++a)
            for (std::size_t b = a + 1; b < set.size(); ++b)
                if (cand[set[a]].change.row == cand[set[b]].change.row &&
                    cand[set[a]].change.col == cand[set[b]].change.col)
                    return true;      // one cell twice: not a set of changes
        for (const auto& f : found_)  // not the fewest changes
            if (std::includes(set.begin(), set.end(), f.begin(), f.end())) return true;
        if (budget_.expired()) return false;

        std::vector<CellChange> changes;
        for (std::size_t i : set) changes.push_back(cand[i].change);
        Grid g = picture_;
        for (const CellChange& c : changes) g.set(c.row, c.col, c.value);
        // A known other solution, changed alike, that shows the same clues
        // proves the new puzzle is not unique without any solving.
        for (std::size_t s = 1; s < r_.solutions.size(); ++s) {
            Grid other = r_.solutions[s];
            for (const CellChange& c : changes) other.set(c.row, c.col, c.value);
            if (other != g && same_clues(other, g)) {
                ++r_.checked;
                return true;
            }
        }
        const Puzzle puzzle = puzzle_from_picture(g, palette_);
        GradeOptions go;
        go.timeout_seconds = budget_.remaining();
        go.search = o_.goal == FixGoal::unique;  // the logic goals need no search
        go.probing = o_.goal != FixGoal::line;
        const GradeResult gr = grade(puzzle, go, budget_.cancel_flag());
        if (gr.status == Status::timeout || gr.difficulty == Difficulty::unknown) return false;
        ++r_.checked;
        if (!meets(o_.goal, gr.status, gr.difficulty)) return true;

        // Kept: proven unique by the exact solver too, whatever the grade said.
        ExactOptions eo;
        eo.max_solutions = 2;
        eo.timeout_seconds = budget_.remaining();
        const ExactResult e = solve_exact(puzzle, eo, budget_.cancel_flag());
        if (e.status == Status::timeout) return false;
        if (e.status != Status::unique) return true;
        int cost = 0;
        for (std::size_t i : set) cost += cand[i].cost;
        std::sort(changes.begin(), changes.end(), [](const auto& a, const auto& b) {
            return std::pair(a.row, a.col) < std::pair(b.row, b.col);
        });
        r_.suggestions.push_back({std::move(changes), std::move(g), gr.difficulty, cost});
        found_.push_back(set);
        return static_cast<int>(r_.suggestions.size()) < o_.max_suggestions;
    }

    const Grid& picture_;
    const Palette& palette_;
    const MakeUniqueOptions& o_;
    const Budget& budget_;
    const MakeUniqueProgress& progress_;
    MakeUniqueResult& r_;
    const std::vector<Candidate>* cand_ = nullptr;
    std::vector<std::vector<std::size_t>> found_;  ///< suggestions as sorted candidate indices
    long done_ = 0;
};

void check_input(const Grid& picture, const Palette& palette, const MakeUniqueOptions& options) {
    make_unique_option_table().validate(options);
    if (!picture.complete() || picture.size() == 0)
        throw std::invalid_argument("make-unique: the picture must be complete and non-empty");
    for (Cell c : picture.cells())
        if (c >= palette.size())
            throw std::invalid_argument("make-unique: the picture uses colour " +
                                        std::to_string(c) + ", beyond its palette of " +
                                        std::to_string(palette.size()));
    for (const CellPos& p : options.locked)
        if (p.row < 0 || p.row >= picture.height() || p.col < 0 || p.col >= picture.width())
            throw std::invalid_argument(
                "make-unique: locked cell (" + std::to_string(p.row) + ", " +
                std::to_string(p.col) + ") is off the " + std::to_string(picture.width()) + "x" +
                std::to_string(picture.height()) + " picture (rows and columns count from 0)");
}

}  // namespace

const OptionTable<MakeUniqueOptions>& make_unique_option_table() {
    static const auto t =
        OptionTable<MakeUniqueOptions>("make-unique")
            .choice("goal", &MakeUniqueOptions::goal,
                    std::vector<std::pair<std::string, FixGoal>>{{"unique", FixGoal::unique},
                                                                 {"logic", FixGoal::logic},
                                                                 {"line", FixGoal::line}},
                    "what a suggestion must reach: unique, logic (unique and solved by line "
                    "logic plus probing, no search) or line (line logic alone)")
            .integer("max_changes", &MakeUniqueOptions::max_changes, 1, 3,
                     "largest number of changed cells in a suggestion")
            .integer("max_suggestions", &MakeUniqueOptions::max_suggestions, 1, 100,
                     "stop once this many suggestions are found")
            .integer("alternatives", &MakeUniqueOptions::alternatives, 1, 100,
                     "other solutions whose differences give the unique goal's first cells")
            .number("timeout", &MakeUniqueOptions::timeout_seconds, 0, 1e9,
                    "wall-clock seconds for the whole run; 0 = no limit");
    return t;
}

MakeUniqueResult make_unique(const Grid& picture, const Palette& palette,
                             const MakeUniqueOptions& options, const std::atomic<bool>* cancel,
                             const MakeUniqueProgress& progress) {
    check_input(picture, palette, options);
    const Budget budget(options.timeout_seconds, cancel);
    MakeUniqueResult r;
    // Step 1.
    GradeOptions go;
    go.timeout_seconds = budget.remaining();
    go.max_solutions = 1 + options.alternatives;
    const GradeResult first = grade(puzzle_from_picture(picture, palette), go, cancel);
    // solved = one found, the second search cut short: no verdict yet.
    r.status = first.status == Status::solved ? Status::timeout : first.status;
    r.grade = r.status == Status::timeout ? Difficulty::unknown : first.difficulty;
    r.solutions.push_back(picture);
    for (const Grid& s : first.solutions)
        if (s != picture) r.solutions.push_back(s);
    if (r.status != Status::multiple && r.status != Status::unique) return r;
    r.goal_met = meets(options.goal, r.status, r.grade);
    if (r.goal_met) {
        r.complete = true;
        return r;
    }

    // Step 2: the seed cells.
    const int n = picture.size(), pal = static_cast<int>(palette.size());
    std::vector<std::uint8_t> seed(n, 0), locked(n, 0);
    std::vector<int> freq(static_cast<std::size_t>(n) * pal, 0);
    for (const CellPos& p : options.locked) locked[p.row * picture.width() + p.col] = 1;
    if (options.goal == FixGoal::unique) {
        for (std::size_t s = 1; s < r.solutions.size(); ++s)
            for (int i = 0; i < n; ++i)
                if (r.solutions[s].cells()[i] != picture.cells()[i]) {
                    seed[i] = 1;
                    ++freq[static_cast<std::size_t>(i) * pal + r.solutions[s].cells()[i]];
                }
    } else {
        Grid open = first.logic_grid;
        if (options.goal == FixGoal::line) {  // where line logic alone stops
            GradeOptions lo;
            lo.timeout_seconds = budget.remaining();
            lo.search = lo.probing = false;
            const GradeResult line = grade(puzzle_from_picture(picture, palette), lo, cancel);
            if (line.difficulty == Difficulty::unknown) return r;
            open = line.logic_grid;
        }
        for (int i = 0; i < n; ++i) seed[i] = open.cells()[i] == kUnknown;
    }
    r.seed_cells = static_cast<int>(std::count(seed.begin(), seed.end(), 1));
    const std::vector<Candidate> cand = candidates_of(picture, pal, seed, freq, locked);
    r.candidates = static_cast<int>(cand.size());

    // Steps 3-4, then the ranking.
    Search(picture, palette, options, budget, progress, r).run(cand);
    std::stable_sort(r.suggestions.begin(), r.suggestions.end(),
                     [](const Suggestion& a, const Suggestion& b) {
                         const auto key = [](const Suggestion& s) {
                             return std::tuple(s.changes.size(), s.cost, s.changes.front().row,
                                               s.changes.front().col);
                         };
                         return key(a) < key(b);
                     });
    return r;
}

}  // namespace nonolab::exact

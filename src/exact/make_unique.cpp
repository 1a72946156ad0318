#include "exact/make_unique.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "core/budget.hpp"
#include "core/picture.hpp"
#include "exact/exact_solver.hpp"

namespace nonolab::exact {

namespace {

// The verdict of `picture`'s puzzle within what is left of `budget`.
ExactResult solve_picture(const Grid& picture, const Palette& palette, int solutions,
                          const Budget& budget) {
    ExactOptions o;
    o.max_solutions = solutions;
    o.timeout_seconds = budget.remaining();
    return solve_exact(puzzle_from_picture(picture, palette), o, budget.cancel_flag());
}

// Step 2: changes toward the other solutions, the most frequent first.
std::vector<CellChange> candidates_of(const Grid& picture, const std::vector<Grid>& solutions) {
    std::map<std::pair<int, int>, int> seen;  // (cell, value) -> solutions differing so
    for (const Grid& s : solutions)
        for (int i = 0; i < picture.size(); ++i)
            if (s.cells()[i] != picture.cells()[i]) ++seen[{i, s.cells()[i]}];
    std::vector<std::pair<int, CellChange>> ranked;
    for (const auto& [key, count] : seen)
        ranked.push_back({count,
                          {key.first / picture.width(), key.first % picture.width(),
                           static_cast<Cell>(key.second)}});
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<CellChange> out;
    for (const auto& r : ranked) out.push_back(r.second);
    return out;
}

class Search {
  public:
    Search(const Grid& picture, const Palette& palette, const MakeUniqueOptions& options,
           const Budget& budget, MakeUniqueResult& result)
        : picture_(picture), palette_(palette), o_(options), budget_(budget), r_(result) {}

    // Checks picture + `changes`; false once the run must stop.
    bool check(std::vector<CellChange> changes) {
        if (budget_.expired()) return false;
        Grid g = picture_;
        for (const CellChange& c : changes) g.set(c.row, c.col, c.value);
        const ExactResult e = solve_picture(g, palette_, 2, budget_);
        if (e.status == Status::timeout) return false;
        ++r_.checked;
        if (e.status == Status::unique) {
            std::sort(changes.begin(), changes.end(), [](const auto& a, const auto& b) {
                return std::pair(a.row, a.col) < std::pair(b.row, b.col);
            });
            r_.suggestions.push_back({std::move(changes), std::move(g)});
        }
        return static_cast<int>(r_.suggestions.size()) < o_.max_suggestions;
    }

    // Step 3; sets r_.complete when nothing was skipped.
    void run(const std::vector<CellChange>& cand) {
        std::vector<std::uint8_t> alone(cand.size(), 0);  // a single change that works
        for (std::size_t i = 0; i < cand.size(); ++i) {
            const std::size_t before = r_.suggestions.size();
            const bool go_on = check({cand[i]});
            alone[i] = r_.suggestions.size() > before;
            if (!go_on) return;
        }
        if (o_.max_changes >= 2)
            for (std::size_t i = 0; i < cand.size(); ++i)
                for (std::size_t j = i + 1; j < cand.size(); ++j) {
                    if (alone[i] || alone[j]) continue;  // not the fewest changes
                    if (cand[i].row == cand[j].row && cand[i].col == cand[j].col) continue;
                    if (!check({cand[i], cand[j]})) return;
                }
        r_.complete = true;
    }

  private:
    const Grid& picture_;
    const Palette& palette_;
    const MakeUniqueOptions& o_;
    const Budget& budget_;
    MakeUniqueResult& r_;
};

}  // namespace

const OptionTable<MakeUniqueOptions>& make_unique_option_table() {
    static const auto t = OptionTable<MakeUniqueOptions>("make-unique")
                              .integer("max_changes", &MakeUniqueOptions::max_changes, 1, 2,
                                       "largest number of changed cells in a suggestion")
                              .integer("max_suggestions", &MakeUniqueOptions::max_suggestions, 1,
                                       100, "stop once this many suggestions are found")
                              .integer("alternatives", &MakeUniqueOptions::alternatives, 1, 100,
                                       "other solutions whose differences give the candidate cells")
                              .number("timeout", &MakeUniqueOptions::timeout_seconds, 0, 1e9,
                                      "wall-clock seconds for the whole run; 0 = no limit");
    return t;
}

MakeUniqueResult make_unique(const Grid& picture, const Palette& palette,
                             const MakeUniqueOptions& options, const std::atomic<bool>* cancel) {
    make_unique_option_table().validate(options);
    if (!picture.complete() || picture.size() == 0)
        throw std::invalid_argument("make-unique: the picture must be complete and non-empty");
    for (Cell c : picture.cells())
        if (c >= palette.size())
            throw std::invalid_argument("make-unique: the picture uses colour " +
                                        std::to_string(c) + ", beyond its palette of " +
                                        std::to_string(palette.size()));
    const Budget budget(options.timeout_seconds, cancel);
    MakeUniqueResult r;
    const ExactResult first = solve_picture(picture, palette, 1 + options.alternatives, budget);
    // solved = one found, the second search cut short: no verdict yet.
    r.status = first.status == Status::solved ? Status::timeout : first.status;
    r.solutions.push_back(picture);
    for (const Grid& s : first.solutions)
        if (s != picture) r.solutions.push_back(s);
    if (r.status != Status::multiple) {
        r.complete = r.status != Status::timeout;
        return r;
    }
    const std::vector<CellChange> cand =
        candidates_of(picture, {r.solutions.begin() + 1, r.solutions.end()});
    r.candidates = static_cast<int>(cand.size());
    Search(picture, palette, options, budget, r).run(cand);
    return r;
}

}  // namespace nonolab::exact

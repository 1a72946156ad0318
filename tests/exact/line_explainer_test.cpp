// LineExplainer (exact/line_explainer.hpp): every explanation is sound (the
// reference line DP, tests/oracle/line_solver.hpp, given only the kept cells
// forces the same cell, or fails) and minimal (dropping any one kept cell
// loses the deduction), on seeded random lines.
#include "exact/line_explainer.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "core/puzzle.hpp"
#include "oracle/line_solver.hpp"

namespace nonolab {
namespace {

// A one-row puzzle whose row is `truth`: its line 0 is the row under test.
Puzzle one_row(const std::vector<int>& runs, const std::vector<Cell>& truth) {
    std::vector<Clue> columns;
    for (const Cell c : truth) columns.push_back(c == kFilled ? bw_clue({1}) : bw_clue({}));
    return Puzzle(static_cast<int>(truth.size()), 1, {bw_clue(runs)}, columns);
}

// The reference: does the row with only `kept` known (the rest open) force
// `target` to `value` (target >= 0), or fail (target < 0)?
bool oracle_holds(const std::vector<int>& runs, const std::vector<Cell>& cells,
                  const std::vector<int>& kept, int target, Cell value) {
    std::vector<Cell> line(cells.size(), kUnknown);
    for (const int i : kept) line[i] = cells[i];
    oracle::LineSolver solver;
    const bool ok = solver.solve(runs, line);
    return target < 0 ? !ok : ok && line[target] == value;
}

TEST(LineExplainer, ExplanationsAreSoundAndMinimal) {
    std::mt19937 rng(20261128);
    int forced_seen = 0, failures_seen = 0;
    for (int round = 0; round < 3000; ++round) {
        const int n = 4 + static_cast<int>(rng() % 20);
        // A random solution's runs, so that the clue fits the line.
        std::vector<Cell> truth(n);
        for (Cell& c : truth) c = rng() % 2 ? kFilled : kEmpty;
        std::vector<int> runs;
        for (int i = 0; i < n;) {
            if (truth[i] == kEmpty) {
                ++i;
                continue;
            }
            int j = i;
            while (j < n && truth[j] == kFilled) ++j;
            runs.push_back(j - i);
            i = j;
        }
        // Known cells: some of the truth, and now and then one flipped cell
        // (which may make the line fail).
        std::vector<Cell> cells(n, kUnknown);
        for (int i = 0; i < n; ++i)
            if (rng() % 3 == 0) cells[i] = truth[i];
        if (rng() % 4 == 0) {
            const int i = static_cast<int>(rng() % n);
            cells[i] = truth[i] == kFilled ? kEmpty : kFilled;
        }
        std::vector<int> all;
        for (int i = 0; i < n; ++i)
            if (cells[i] != kUnknown) all.push_back(i);
        std::vector<Cell> solved = cells;
        oracle::LineSolver reference;
        const bool ok = reference.solve(runs, solved);

        const Puzzle p = one_row(runs, truth);
        exact::BinaryLines lines(p);
        exact::LineExplainer explainer(lines);
        std::vector<std::pair<int, Cell>> cases;  // (target, value); -1 = the failure
        if (!ok) {
            cases.push_back({-1, kUnknown});
        } else {
            for (int i = 0; i < n; ++i)
                if (cells[i] == kUnknown && solved[i] != kUnknown) cases.push_back({i, solved[i]});
        }
        for (const auto& [target, value] : cases) {
            std::vector<int> known = all;
            std::shuffle(known.begin(), known.end(), rng);
            explainer.shrink(0, cells, known, target, value);
            ASSERT_TRUE(oracle_holds(runs, cells, known, target, value))
                << "round " << round << ": the explanation does not hold";
            for (std::size_t drop = 0; drop < known.size(); ++drop) {
                std::vector<int> fewer = known;
                fewer.erase(fewer.begin() + static_cast<long>(drop));
                ASSERT_FALSE(oracle_holds(runs, cells, fewer, target, value))
                    << "round " << round << ": cell " << known[drop] << " was not needed";
            }
            (target < 0 ? failures_seen : forced_seen)++;
        }
    }
    // The rounds cover both kinds of deduction, many times.
    EXPECT_GT(forced_seen, 1000);
    EXPECT_GT(failures_seen, 100);
}

TEST(LineExplainer, RootCellsOutsideKnownAreAlwaysKept) {
    // Row of 5, clue 3: with cell 0 filled (a root cell, not in `known`) and
    // cell 4 empty (known), cell 2 is filled; cell 0 alone already forces it,
    // so the explanation needs nothing from `known`.
    const Puzzle p = one_row({3}, {kFilled, kFilled, kFilled, kEmpty, kEmpty});
    exact::BinaryLines lines(p);
    exact::LineExplainer explainer(lines);
    const std::vector<Cell> cells = {kFilled, kUnknown, kUnknown, kUnknown, kEmpty};
    std::vector<int> known = {4};
    explainer.shrink(0, cells, known, 2, kFilled);
    EXPECT_TRUE(known.empty());
}

}  // namespace
}  // namespace nonolab

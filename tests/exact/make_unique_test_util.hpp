// What every make_unique suggestion must satisfy, whichever the goal: the
// changes are real, the picture is exactly the old one with them, its puzzle
// is proven unique by the exact solver and graded as reported, no locked
// cell moved, and the ranking holds (fewest changes, then cost).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>

#include "core/picture.hpp"
#include "exact/exact_solver.hpp"
#include "exact/grade.hpp"
#include "exact/make_unique.hpp"

namespace nonolab {

inline void check_suggestions(const Grid& picture, const Palette& palette,
                              const exact::MakeUniqueResult& r,
                              const exact::MakeUniqueOptions& o = {}) {
    std::size_t last = 0;
    int last_cost = -1;
    for (const auto& s : r.suggestions) {
        if (s.changes.size() == last) EXPECT_GE(s.cost, last_cost);  // cheaper first
        EXPECT_GE(s.changes.size(), last);                           // fewest changes first
        last = s.changes.size();
        last_cost = s.cost;
        EXPECT_GE(s.changes.size(), 1u);
        EXPECT_LE(s.changes.size(), static_cast<std::size_t>(o.max_changes));
        Grid expect = picture;
        for (const auto& c : s.changes) {
            EXPECT_NE(picture.at(c.row, c.col), c.value);
            EXPECT_TRUE(std::find(o.locked.begin(), o.locked.end(), exact::CellPos{c.row, c.col}) ==
                        o.locked.end())
                << "locked cell " << c.row << "," << c.col << " changed";
            expect.set(c.row, c.col, c.value);
        }
        EXPECT_EQ(s.picture, expect);
        const Puzzle p = puzzle_from_picture(s.picture, palette);
        EXPECT_EQ(exact::solve_exact(p).status, Status::unique);
        const exact::Difficulty d = exact::grade(p).difficulty;
        EXPECT_EQ(d, s.grade);
        if (o.goal == exact::FixGoal::line) EXPECT_EQ(d, exact::Difficulty::line);
        if (o.goal == exact::FixGoal::logic) EXPECT_NE(d, exact::Difficulty::search);
        // A larger suggestion never contains a smaller one.
        for (const auto& t : r.suggestions)
            if (t.changes.size() < s.changes.size())
                EXPECT_FALSE(std::all_of(t.changes.begin(), t.changes.end(), [&](const auto& c) {
                    return std::find(s.changes.begin(), s.changes.end(), c) != s.changes.end();
                }));
    }
}

}  // namespace nonolab

// MakeUnique's goals (unique, logic, line), locked cells, three-change fixes,
// progress and cancel, and a brute-force cross-check on 4x4 boards: there the
// puzzle of every one of the 2^16 pictures is counted, so "unique" is known
// without any solver, and a complete search must find exactly the minimal
// fixes that exist among the unlocked cells.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>

#include "core/option_table_checks.hpp"
#include "make_unique_test_util.hpp"

namespace nonolab {
namespace {

using exact::Difficulty;
using exact::FixGoal;
using exact::MakeUniqueOptions;
using exact::MakeUniqueResult;

Grid picture_of(const std::vector<std::string>& rows) {
    Grid g(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()), kEmpty);
    for (int r = 0; r < g.height(); ++r)
        for (int c = 0; c < g.width(); ++c) g.set(r, c, rows[r][c] == '#' ? kFilled : kEmpty);
    return g;
}

// hakank's nonogram_difficult.dzn (15x15): unique, but line logic and
// probing stall; the grade needs search.
Grid needs_search_picture() {
    return picture_of({"..........###..", "..........#..#.", ".........#....#", ".........#....#",
                       ".........#...##", "........#####..", "........#......", ".......##......",
                       ".......#.......", ".......#.......", "#.....##.......", "#....##........",
                       "##...#.........", ".##.##.........", "..###.........."});
}

TEST(MakeUniqueGoal, DocumentedDefaultsAreTheStructsDefaults) {
    testing::expect_documented_defaults_are_real(exact::make_unique_option_table());
    EXPECT_EQ(exact::make_unique_option_table().parse({{"goal", "line"}}).goal, FixGoal::line);
    EXPECT_THROW(exact::make_unique_option_table().parse({{"goal", "guess"}}),
                 std::invalid_argument);
}

TEST(MakeUniqueGoal, LogicGoalFixesAUniquePuzzleThatNeedsSearch) {
    const Grid g = needs_search_picture();
    ASSERT_EQ(exact::grade(puzzle_from_picture(g)).difficulty, Difficulty::search);
    MakeUniqueOptions o;
    o.goal = FixGoal::unique;
    const MakeUniqueResult already = exact::make_unique(g, black_and_white_palette(), o);
    EXPECT_TRUE(already.goal_met);
    EXPECT_EQ(already.grade, Difficulty::search);
    EXPECT_TRUE(already.suggestions.empty());

    o.goal = FixGoal::logic;
    o.max_changes = 1;
    o.timeout_seconds = 0;
    const MakeUniqueResult r = exact::make_unique(g, black_and_white_palette(), o);
    EXPECT_EQ(r.status, Status::unique);
    EXPECT_FALSE(r.goal_met);
    EXPECT_GT(r.seed_cells, 0);  // the cells logic leaves open
    ASSERT_FALSE(r.suggestions.empty());
    check_suggestions(g, black_and_white_palette(), r, o);
    for (const auto& s : r.suggestions)
        EXPECT_TRUE(s.grade == Difficulty::line || s.grade == Difficulty::probing);
}

TEST(MakeUniqueGoal, LineGoalSuggestionsGradeLine) {
    // Seeded random 8x8 pictures whose puzzles are unique but need probing.
    std::mt19937 rng(808);
    int probing = 0, fixed = 0;
    for (int t = 0; t < 400 && probing < 3; ++t) {
        Grid g(8, 8, kEmpty);
        for (Cell& c : g.cells()) c = static_cast<Cell>(rng() % 100 < 60);
        if (exact::grade(puzzle_from_picture(g)).difficulty != Difficulty::probing) continue;
        ++probing;
        MakeUniqueOptions o;
        o.goal = FixGoal::line;
        o.timeout_seconds = 0;
        const MakeUniqueResult r = exact::make_unique(g, black_and_white_palette(), o);
        EXPECT_EQ(r.grade, Difficulty::probing);
        EXPECT_FALSE(r.goal_met);
        check_suggestions(g, black_and_white_palette(), r, o);
        fixed += !r.suggestions.empty();
    }
    EXPECT_EQ(probing, 3);
    EXPECT_GT(fixed, 0);
}

TEST(MakeUniqueGoal, AGoalAlreadyMetNeedsNothing) {
    Grid g(3, 3, kEmpty);
    g.set(1, 1, kFilled);
    for (FixGoal goal : {FixGoal::unique, FixGoal::logic, FixGoal::line}) {
        MakeUniqueOptions o;
        o.goal = goal;
        const MakeUniqueResult r = exact::make_unique(g, black_and_white_palette(), o);
        EXPECT_TRUE(r.goal_met);
        EXPECT_EQ(r.grade, Difficulty::line);
        EXPECT_TRUE(r.suggestions.empty());
        EXPECT_TRUE(r.complete);
    }
}

// A 5x5 picture with 15 cells locked where no one or two changes of the
// other 10 make the puzzle unique, but two sets of three do (found by a
// seeded search over random pictures and locks; the brute force below
// checks such "none within k" answers in general).
Grid three_change_picture(std::vector<exact::CellPos>& locked) {
    locked = {{0, 2}, {1, 2}, {1, 4}, {2, 0}, {2, 2}, {2, 3}, {2, 4}, {3, 0},
              {3, 1}, {3, 2}, {3, 3}, {3, 4}, {4, 0}, {4, 1}, {4, 2}};
    return picture_of({".#..#", ".#.##", ".#.#.", "#....", ".##.#"});
}

TEST(MakeUniqueGoal, ThreeChangesWhereTwoCannot) {
    MakeUniqueOptions o;
    const Grid g = three_change_picture(o.locked);
    o.timeout_seconds = 0;
    o.max_changes = 2;
    const MakeUniqueResult two = exact::make_unique(g, black_and_white_palette(), o);
    EXPECT_EQ(two.status, Status::multiple);
    EXPECT_TRUE(two.complete);
    EXPECT_TRUE(two.suggestions.empty());
    EXPECT_EQ(two.candidates, 10);
    EXPECT_EQ(two.total, 10 + 45);

    o.max_changes = 3;
    const MakeUniqueResult three = exact::make_unique(g, black_and_white_palette(), o);
    EXPECT_EQ(three.suggestions.size(), 2u);
    check_suggestions(g, black_and_white_palette(), three, o);
    for (const auto& s : three.suggestions) EXPECT_EQ(s.changes.size(), 3u);
    EXPECT_TRUE(three.complete);
    EXPECT_EQ(three.total, 10 + 45 + 120);
}

TEST(MakeUniqueGoal, LockedCellsAreNeverChanged) {
    // Two 2x2 checkerboards side by side: lock the whole left block and the
    // right block's top row; the fixes must come from the unlocked cells.
    const Grid g = picture_of({"#..#..", ".#..#.", "......", "......"});
    for (FixGoal goal : {FixGoal::unique, FixGoal::logic}) {
        MakeUniqueOptions o;
        o.goal = goal;
        o.max_suggestions = 20;
        o.timeout_seconds = 0;
        o.locked = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 3}, {0, 4}};
        const MakeUniqueResult r = exact::make_unique(g, black_and_white_palette(), o);
        ASSERT_FALSE(r.suggestions.empty()) << to_string(goal);
        check_suggestions(g, black_and_white_palette(), r, o);
    }
}

TEST(MakeUniqueGoal, ColourChangesMayUseAnyPaletteValue) {
    const Palette pal = {Colour{"white", '.', 0xFFFFFF}, Colour{"red", 'r', 0xFF0000},
                         Colour{"blue", 'b', 0x0000FF}};
    Grid g(4, 4, kEmpty);
    g.set(1, 1, 1);
    g.set(2, 2, 1);
    MakeUniqueOptions o;
    o.goal = FixGoal::logic;
    o.max_suggestions = 50;
    o.timeout_seconds = 0;
    const MakeUniqueResult r = exact::make_unique(g, pal, o);
    EXPECT_EQ(r.candidates, 16 * 2);  // every cell, to either other colour
    check_suggestions(g, pal, r, o);
    bool blue = false;
    for (const auto& s : r.suggestions)
        for (const auto& c : s.changes) blue |= c.value == 2;
    EXPECT_TRUE(blue);  // a colour the picture does not use
}

TEST(MakeUniqueGoal, ProgressCountsEverySetAndCancelStops) {
    MakeUniqueOptions o;
    const Grid g = three_change_picture(o.locked);
    o.timeout_seconds = 0;
    o.max_changes = 2;
    long last_done = 0, last_total = 0, calls = 0;
    const MakeUniqueResult r =
        exact::make_unique(g, black_and_white_palette(), o, nullptr, [&](long done, long total) {
            EXPECT_EQ(done, last_done + 1);
            last_done = done;
            last_total = total;
            ++calls;
        });
    ASSERT_TRUE(r.suggestions.empty());  // no two changes fix it
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(last_done, r.total);
    EXPECT_EQ(last_total, r.total);
    EXPECT_EQ(calls, r.total);

    std::atomic<bool> cancel{false};
    long seen = 0;
    o.max_changes = 3;
    const MakeUniqueResult c =
        exact::make_unique(g, black_and_white_palette(), o, &cancel, [&](long done, long) {
            seen = done;
            if (done == 5) cancel = true;
        });
    EXPECT_FALSE(c.complete);
    EXPECT_LE(seen, 6);
}

TEST(MakeUniqueGoal, SameInputSameOutput) {
    std::mt19937 rng(3232);
    Grid g(7, 7, kEmpty);
    for (Cell& c : g.cells()) c = static_cast<Cell>(rng() % 2);
    MakeUniqueOptions o;
    o.goal = FixGoal::logic;
    o.timeout_seconds = 0;
    const MakeUniqueResult a = exact::make_unique(g, black_and_white_palette(), o);
    const MakeUniqueResult b = exact::make_unique(g, black_and_white_palette(), o);
    ASSERT_EQ(a.suggestions.size(), b.suggestions.size());
    for (std::size_t i = 0; i < a.suggestions.size(); ++i)
        EXPECT_EQ(a.suggestions[i].changes, b.suggestions[i].changes);
    EXPECT_EQ(a.checked, b.checked);
}

// The clues of a complete 4x4 picture as text, for counting.
std::string clue_key(const Grid& g) {
    std::string k;
    for (int r = 0; r < 4; ++r) {
        for (const Run& run : row_clue_of(g, r)) k += std::to_string(run.length);
        k += '|';
    }
    for (int c = 0; c < 4; ++c) {
        for (const Run& run : column_clue_of(g, c)) k += std::to_string(run.length);
        k += '|';
    }
    return k;
}

Grid board_of(int bits) {
    Grid g(4, 4, kEmpty);
    for (int i = 0; i < 16; ++i) g.cells()[i] = static_cast<Cell>((bits >> i) & 1);
    return g;
}

TEST(MakeUniqueGoal, BruteForceOn4x4Boards) {
    std::map<std::string, int> pictures_with;  // clues -> pictures showing them
    for (int b = 0; b < 1 << 16; ++b) ++pictures_with[clue_key(board_of(b))];
    auto unique = [&](int bits) { return pictures_with[clue_key(board_of(bits))] == 1; };

    std::mt19937 rng(444);
    int tried = 0, fixed = 0, none = 0;
    for (int t = 0; t < 400; ++t) {
        const int bits = static_cast<int>(rng() & 0xFFFF);
        if (unique(bits)) continue;
        ++tried;
        MakeUniqueOptions o;
        o.max_changes = 2;
        o.max_suggestions = 100;
        o.timeout_seconds = 0;
        int lockmask = 0;
        for (int i = 0; i < 16; ++i)
            if (rng() % 4 < (t % 2 ? 1u : 3u)) {  // a quarter or three quarters locked
                lockmask |= 1 << i;
                o.locked.push_back({i / 4, i % 4});
            }
        const Grid g = board_of(bits);
        const MakeUniqueResult r = exact::make_unique(g, black_and_white_palette(), o);
        SCOPED_TRACE("board " + std::to_string(bits) + " locks " + std::to_string(lockmask));
        ASSERT_EQ(r.status, Status::multiple);
        check_suggestions(g, black_and_white_palette(), r, o);
        // Every minimal fix among the unlocked cells: unique singles, then
        // unique pairs containing no unique single.
        std::vector<int> want;
        for (int i = 0; i < 16; ++i)
            if (!(lockmask >> i & 1) && unique(bits ^ 1 << i)) want.push_back(1 << i);
        for (int i = 0; i < 16; ++i)
            for (int j = i + 1; j < 16; ++j) {
                if ((lockmask >> i & 1) || (lockmask >> j & 1)) continue;
                if (unique(bits ^ 1 << i) || unique(bits ^ 1 << j)) continue;
                if (unique(bits ^ 1 << i ^ 1 << j)) want.push_back(1 << i | 1 << j);
            }
        if (want.size() >= 100) continue;  // the search stops at max_suggestions
        EXPECT_TRUE(r.complete);
        std::vector<int> got;
        for (const auto& s : r.suggestions) {
            int m = 0;
            for (const auto& c : s.changes) m |= 1 << (c.row * 4 + c.col);
            got.push_back(m);
        }
        std::sort(want.begin(), want.end());
        std::sort(got.begin(), got.end());
        EXPECT_EQ(got, want);
        (want.empty() ? none : fixed) += 1;
    }
    EXPECT_GT(tried, 40);
    EXPECT_GT(fixed, 0);
    EXPECT_GT(none, 0);  // some boards have no fix within two unlocked changes
}

}  // namespace
}  // namespace nonolab

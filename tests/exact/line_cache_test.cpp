// The one line cache of both cell domains (exact/line_cache.hpp): its rule
// (decided lines checked, not solved; a repeated question answered from the
// table; failures remembered) and its sizing in memory.
#include "exact/line_cache.hpp"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "exact/binary_domain.hpp"
#include "exact/colour_domain.hpp"

namespace nonolab::exact {
namespace {

using BinaryCache = LineCache<BinaryCodec>;
using ColourCache = LineCache<ColourCodec>;

// One run of 2 in a line: what a real solver would narrow "? ? ?" to.
std::pair<int, int> run_of_two(int) {
    return {2, kFilled};
}

TEST(LineCache, SizesBothDomainsInTheSameMemory) {
    EXPECT_EQ(BinaryCache::entry_bytes(), 24u);
    BinaryCache binary(true);
    binary.enable(10);
    EXPECT_EQ(binary.entries(), 1024u);
    ColourCache colour(true);
    colour.enable(10);
    // 1024 black-and-white entries' worth: the largest power of two of the
    // larger colour entries that fits in 24 KB.
    EXPECT_LE(colour.entries() * ColourCache::entry_bytes(), 1024u * 24u);
    EXPECT_GT(2 * colour.entries() * ColourCache::entry_bytes(), 1024u * 24u);
}

TEST(LineCache, GrowsButNeverShrinksAndStaysOffWhenUnusable) {
    BinaryCache cache(true);
    EXPECT_EQ(cache.entries(), 0u);
    cache.enable(12);
    cache.enable(10);
    EXPECT_EQ(cache.entries(), 4096u);
    BinaryCache unusable(false);
    unusable.enable(12);
    EXPECT_EQ(unusable.entries(), 0u);
}

TEST(LineCache, ChecksADecidedLineWithoutSolvingIt) {
    BinaryCache cache(true);
    cache.enable(10);
    int solves = 0;
    const auto solve = [&](std::span<Cell>) { return ++solves, true; };
    std::vector<Cell> right{kEmpty, kFilled, kFilled};
    std::vector<Cell> wrong{kFilled, kEmpty, kFilled};
    std::vector<Cell> too_many{kFilled, kFilled, kEmpty, kFilled, kFilled};
    EXPECT_TRUE(cache.solve(0, std::span<Cell>(right), 1, run_of_two, solve));
    EXPECT_FALSE(cache.solve(0, std::span<Cell>(wrong), 1, run_of_two, solve));
    EXPECT_FALSE(cache.solve(0, std::span<Cell>(too_many), 1, run_of_two, solve));
    EXPECT_EQ(solves, 0);
}

TEST(LineCache, AnswersARepeatedQuestionFromTheTable) {
    BinaryCache cache(true);
    cache.enable(10);
    int solves = 0;
    // A stand-in solver that decides the middle cell, as a run of 2 in 3 does.
    const auto solve = [&](std::span<Cell> cells) {
        ++solves;
        cells[1] = kFilled;
        return true;
    };
    for (int round = 0; round < 3; ++round) {
        std::vector<Cell> cells(3, kUnknown);
        ASSERT_TRUE(cache.solve(4, std::span<Cell>(cells), 1, run_of_two, solve));
        EXPECT_EQ(cells, (std::vector<Cell>{kUnknown, kFilled, kUnknown}));
    }
    EXPECT_EQ(solves, 1);
    EXPECT_EQ(cache.hits(), 2u);
    // The same cells on another line are another question.
    std::vector<Cell> cells(3, kUnknown);
    cache.solve(5, std::span<Cell>(cells), 1, run_of_two, solve);
    EXPECT_EQ(solves, 2);
}

TEST(LineCache, RemembersThatNoArrangementFits) {
    ColourCache cache(true);
    cache.enable(10);
    int solves = 0;
    const auto fail = [&](std::span<std::uint64_t>) { return ++solves, false; };
    const auto runs = [](int) { return std::pair<int, int>(3, 1); };
    for (int round = 0; round < 2; ++round) {
        std::vector<std::uint64_t> cells(4, 0b11);
        EXPECT_FALSE(cache.solve(0, std::span<std::uint64_t>(cells), 1, runs, fail));
    }
    EXPECT_EQ(solves, 1);
}

TEST(LineCache, LongLinesAndAnOffTableGoStraightToTheSolver) {
    int solves = 0;
    const auto solve = [&](std::span<Cell>) { return ++solves, true; };
    BinaryCache off(true);
    std::vector<Cell> short_line(3, kUnknown);
    off.solve(0, std::span<Cell>(short_line), 1, run_of_two, solve);
    off.solve(0, std::span<Cell>(short_line), 1, run_of_two, solve);
    BinaryCache on(true);
    on.enable(10);
    std::vector<Cell> long_line(BinaryCache::kCells + 1, kUnknown);
    on.solve(0, std::span<Cell>(long_line), 1, run_of_two, solve);
    on.solve(0, std::span<Cell>(long_line), 1, run_of_two, solve);
    EXPECT_EQ(solves, 4);
    EXPECT_EQ(on.hits(), 0u);
}

}  // namespace
}  // namespace nonolab::exact

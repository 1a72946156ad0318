#include "gen/shards.hpp"

#include <gtest/gtest.h>

#include <map>

#include "core/picture.hpp"
#include "core/verify.hpp"
#include "gen/exhaustive.hpp"
#include "gen/noise.hpp"
#include "io/clue_encoding.hpp"

namespace nonolab {
namespace {

std::vector<Grid> run(const gen::BoardSource& src, const gen::ShardOptions& so, std::uint64_t k,
                      gen::ShardStats* stats = nullptr) {
    std::vector<Grid> out;
    const auto s = gen::run_shard(src, so, k, [&](const Grid& g, const gen::BoardInfo&) {
        out.push_back(g);
        return true;
    });
    if (stats) *stats = s;
    return out;
}

TEST(Shards, EachShardAloneEqualsTheShardsTogether) {
    gen::NoiseOptions no;
    no.width = no.height = 6;
    const gen::BoardSource src = gen::noise_source(no, 25);
    gen::ShardOptions so;
    so.shard_size = 10;
    so.seed = 42;
    ASSERT_EQ(gen::shard_count(src, so), 3u);
    EXPECT_EQ(gen::shard_range(src, so, 3), std::make_pair(std::uint64_t{20}, std::uint64_t{25}));
    // Shards 1..3 in one go, in reverse order, and each twice: always the same boards.
    std::vector<std::vector<Grid>> together;
    for (std::uint64_t k = 1; k <= 3; ++k) together.push_back(run(src, so, k));
    for (std::uint64_t k = 3; k >= 1; --k) EXPECT_EQ(run(src, so, k), together[k - 1]) << k;
    EXPECT_EQ(together[0].size(), 10u);
    EXPECT_EQ(together[2].size(), 5u);
    EXPECT_NE(together[0], together[1]);  // each shard has its own seed
    // Shard k of seed s is the noise stream seeded with derive_seed(s, k).
    std::vector<Grid> direct;
    gen::noise_boards(no, nonolab::derive_seed(42, 2), 10,
                      [&](const Grid& g) { return direct.push_back(g), true; });
    EXPECT_EQ(direct, together[1]);
    // Another master seed, other boards.
    so.seed = 43;
    EXPECT_NE(run(src, so, 1), together[0]);
    EXPECT_THROW(run(src, so, 4), std::invalid_argument);
    EXPECT_THROW(run(src, so, 0), std::invalid_argument);
}

TEST(Shards, ReflectionsGiveEightBoardsWithTheReflectedClues) {
    const gen::BoardSource src = gen::exhaustive_source(2, 3);
    gen::ShardOptions so;
    so.shard_size = 16;
    so.reflections = true;
    std::vector<std::pair<Grid, gen::BoardInfo>> got;
    gen::run_shard(src, so, 2, [&](const Grid& g, const gen::BoardInfo& i) {
        got.emplace_back(g, i);
        return true;
    });
    ASSERT_EQ(got.size(), 16u * 8);
    for (size_t i = 0; i < got.size(); ++i) {
        const auto& [g, info] = got[i];
        EXPECT_EQ(info.item, 16 + i / 8);
        EXPECT_EQ(info.reflection, nn::kReflections[i % 8]);
        const Grid source = gen::exhaustive_board(2, 3, info.item);
        EXPECT_EQ(g, nn::reflect(source, info.reflection));
        EXPECT_TRUE(puzzle_from_picture(g).same_clues(
            nn::reflect(puzzle_from_picture(source), info.reflection)));
    }
}

TEST(Shards, UniqueOnlyKeepsExactlyTheUniquePuzzles) {
    // All 3x3 boards: the paper's Table 1 counts 445 distinct clue sets of
    // 512 boards; a board is unique exactly when no other board shares its clues.
    const gen::BoardSource src = gen::exhaustive_source(3, 3);
    gen::ShardOptions so;
    so.shard_size = 512;
    so.unique_only = true;
    gen::ShardStats stats;
    const auto kept = run(src, so, 1, &stats);
    std::map<std::vector<std::uint8_t>, int> clue_sets;
    for (std::uint64_t k = 0; k < 512; ++k) {
        // The clue vector (section 2.1) identifies the clues.
        const auto key = io::encode_clues(puzzle_from_picture(gen::exhaustive_board(3, 3, k)));
        ++clue_sets[key];
    }
    EXPECT_EQ(clue_sets.size(), 445u);  // Table 1, |Psi_3|
    std::uint64_t singles = 0;
    for (const auto& [key, n] : clue_sets) singles += n == 1;
    EXPECT_EQ(kept.size(), singles);
    EXPECT_EQ(stats.unique, singles);
    EXPECT_EQ(stats.multiple, 512 - singles);
    EXPECT_EQ(stats.timeouts, 0u);
    for (const Grid& g : kept) EXPECT_TRUE(verify(puzzle_from_picture(g), g));
}

TEST(Shards, OptionsAreChecked) {
    gen::ShardOptions so;
    so.shard_size = 0;
    EXPECT_THROW(so.validate(), std::invalid_argument);
    so.shard_size = 200000;
    so.reflections = true;  // 1.6 million rows per file: more than read_npz takes
    EXPECT_THROW(so.validate(), std::invalid_argument);
    so.reflections = false;
    EXPECT_NO_THROW(so.validate());
}

}  // namespace
}  // namespace nonolab

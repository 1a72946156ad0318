#include "gen/npz_shards.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "gen/noise.hpp"
#include "io/formats.hpp"

namespace nonolab {
namespace {

namespace fs = std::filesystem;

TEST(NpzShards, WritesTheShardsBoardsAndNothingWhenCancelledOrEmpty) {
    const fs::path dir = fs::temp_directory_path() / ("npz_shards_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string out = (dir / "d.npz").string();
    gen::NoiseOptions no;
    no.width = no.height = 5;
    const gen::BoardSource src = gen::noise_source(no, 30);
    gen::ShardOptions so;
    so.shard_size = 12;
    so.seed = 5;
    int calls = 0;
    const auto r = gen::write_npz_shard(src, so, 3, 5, out, nullptr, [&] { ++calls; });
    EXPECT_EQ(calls, 6);
    EXPECT_EQ(r.rows, 6u);
    EXPECT_EQ(r.y_path, (dir / "y_d-00003.npz").string());
    std::vector<Grid> expect;
    gen::run_shard(src, so, 3,
                   [&](const Grid& g, const gen::BoardInfo&) { return expect.push_back(g), true; });
    const auto boards = io::read_puzzles(r.y_path);
    ASSERT_EQ(boards.size(), expect.size());
    for (size_t i = 0; i < boards.size(); ++i) EXPECT_EQ(*boards[i].info().goal, expect[i]) << i;
    EXPECT_EQ(io::read_puzzles(r.x_path).size(), 6u);

    // Cancelled: nothing written.
    std::atomic<bool> cancel{true};
    const auto c = gen::write_npz_shard(src, so, 1, 5, out, &cancel);
    EXPECT_TRUE(c.stats.stopped);
    EXPECT_FALSE(fs::exists(c.x_path));

    // A shard that keeps nothing removes what an earlier run left there.
    gen::BoardSource nothing = src;
    nothing.produce = [](std::uint64_t, std::uint64_t, std::uint64_t, const gen::BoardSink&) {
        return true;
    };
    const auto e = gen::write_npz_shard(nothing, so, 3, 5, out);
    EXPECT_EQ(e.rows, 0u);
    EXPECT_FALSE(fs::exists(r.x_path));
    EXPECT_FALSE(fs::exists(r.y_path));
    EXPECT_THROW(gen::write_npz_shard(src, so, 1, 5, (dir / "d.txt").string()),
                 std::invalid_argument);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace nonolab

// The seeded random benchmark sets (batch/random_sets.hpp): a name gives
// the same boards every time, the boards `generate --random` makes for the
// same options (the same stream: board_source and the default shards), and
// a malformed name is refused with what was expected.
#include "batch/random_sets.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "batch/board_sources.hpp"
#include "core/picture.hpp"
#include "gen/shards.hpp"

namespace nonolab::batch {
namespace {

TEST(RandomSets, TheSameNameGivesTheSameBoardsAndTheSeedChangesThem) {
    const auto a = random_set("random:12x9:3:20:5");
    const auto b = random_set("random:12x9:3:20:5");
    const auto c = random_set("random:12x9:3:20:6");
    ASSERT_TRUE(a && b && c);
    ASSERT_EQ(a->size(), 20u);
    EXPECT_EQ(a->front().puzzle->width(), 12);
    EXPECT_EQ(a->front().puzzle->height(), 9);
    EXPECT_EQ(a->front().puzzle->palette().size(), 4u);  // background + 3
    for (std::size_t i = 0; i < a->size(); ++i) {
        EXPECT_EQ((*a)[i].puzzle->rows(), (*b)[i].puzzle->rows());
        EXPECT_EQ((*a)[i].puzzle->columns(), (*b)[i].puzzle->columns());
    }
    int differ = 0;
    for (std::size_t i = 0; i < a->size(); ++i)
        differ += (*a)[i].puzzle->rows() != (*c)[i].puzzle->rows();
    EXPECT_GT(differ, 15);
}

TEST(RandomSets, MatchesTheBoardsOfGenerate) {
    BoardSourceOptions o;
    o.kind = "random";
    o.count = 30;
    o.width = 7;
    o.height = 6;
    o.colours = 2;
    o.density = 0.6;
    const gen::BoardSource src = board_source(o);
    gen::ShardOptions so;
    so.seed = 29;
    std::vector<Puzzle> want;
    for (std::uint64_t k = 1; k <= gen::shard_count(src, so); ++k)
        gen::run_shard(src, so, k, [&](const Grid& g, const gen::BoardInfo&) {
            want.push_back(puzzle_from_picture(g, src.palette));
            return true;
        });
    const auto got = random_set("random:7x6:2:30");  // seed 29 by default
    ASSERT_TRUE(got);
    ASSERT_EQ(got->size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ((*got)[i].puzzle->rows(), want[i].rows()) << i;
        EXPECT_EQ((*got)[i].puzzle->columns(), want[i].columns()) << i;
        EXPECT_EQ((*got)[i].index, static_cast<int>(i) + 1);
    }
}

TEST(RandomSets, ColourSearchHoldsEverySizeAndPalette) {
    const auto set = random_set("colour-search");
    ASSERT_TRUE(set);
    ASSERT_EQ(set->size(), 400u);
    std::set<std::pair<int, std::size_t>> kinds;
    for (const PuzzleRef& r : *set) kinds.insert({r.puzzle->width(), r.puzzle->palette().size()});
    EXPECT_EQ(kinds.size(), 4u * 5u);  // 15..30 x 2..6 colours
    EXPECT_EQ(set->back().index, 400);
}

TEST(RandomSets, OtherNamesAreNotOursAndBadOnesAreRefused) {
    EXPECT_FALSE(random_set("taai2011"));
    EXPECT_FALSE(random_set("randomness.non"));
    for (const char* bad :
         {"random:", "random:30x30", "random:0x5:2", "random:5x5:x", "random:5x5:0",
          "random:5x5:65", "random:5x5:2:0", "random:5x5:2:3:-1", "random:5x5:2:3:4:5"}) {
        try {
            random_set(bad);
            ADD_FAILURE() << bad << " was accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
        }
    }
}

}  // namespace
}  // namespace nonolab::batch

#include "gen/ndom.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "exact/exact_solver.hpp"
#include "io/formats.hpp"

namespace nonolab {
namespace {

TEST(NDom, NineDomIsWebpbn8098) {
    const std::string path = NONOLAB_SHARED_DIR "/benchmarks/survey/simpson_non/webpbn-08098.non";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "needs " << path;
    EXPECT_TRUE(gen::ndom(9).same_clues(io::read_puzzles(path).at(0)));
    EXPECT_FALSE(gen::ndom(8).same_clues(io::read_puzzles(path).at(0)));
}

TEST(NDom, EveryMemberIsUniqueAndSquare) {
    for (int n = 1; n <= 7; ++n) {
        const Puzzle p = gen::ndom(n);
        EXPECT_EQ(p.width(), 2 * n + 1);
        EXPECT_EQ(p.height(), 2 * n + 1);
        EXPECT_EQ(exact::solve_exact(p).status, Status::unique) << n << "-Dom";
    }
}

TEST(NDom, RejectsBadSize) {
    EXPECT_THROW(gen::ndom(0), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

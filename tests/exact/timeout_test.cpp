// The budget is honoured: on a puzzle no engine finishes quickly (Knotty,
// from Wolter's survey), a timeout of T seconds must end the run within
// T + 10%, with status timeout and no claimed proof. This is a contract
// test, not a speed measurement: it checks when the solver stops.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "exact/exact_solver.hpp"
#include "io/formats.hpp"

namespace nonolab {
namespace {

TEST(Timeout, HonouredWithinTenPercentByEveryEngine) {
    const std::string path = NONOLAB_SHARED_DIR "/benchmarks/survey/simpson_non/knotty.non";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "needs " << path;
    const Puzzle p = io::read_puzzles(path).at(0);
    for (exact::Engine e : {exact::Engine::automatic, exact::Engine::search, exact::Engine::sat}) {
        exact::ExactOptions o;
        o.engine = e;
        o.timeout_seconds = 1.5;
        const auto t0 = std::chrono::steady_clock::now();
        const auto r = exact::solve_exact(p, o);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        EXPECT_LE(s, 1.5 * 1.1) << "engine " << static_cast<int>(e);
        EXPECT_GE(s, 1.5 * 0.9) << "engine " << static_cast<int>(e);
        EXPECT_FALSE(r.exhausted);
        EXPECT_TRUE(r.status == Status::timeout || r.status == Status::solved)
            << to_string(r.status);
    }
}

}  // namespace
}  // namespace nonolab

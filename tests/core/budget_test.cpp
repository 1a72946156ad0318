// Budget (src/core/budget.hpp): the deadline and cancellation flag. Times are
// chosen with wide margins (a deadline an hour away, one of a millisecond
// checked after sleeping 20 ms) so a loaded machine cannot flip a result.
#include "core/budget.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace nonolab {
namespace {

using namespace std::chrono_literals;

TEST(Budget, DefaultHasNoLimit) {
    const Budget b;
    EXPECT_FALSE(b.expired());
    EXPECT_EQ(b.remaining(), 0.0);
    EXPECT_EQ(b.cancel_flag(), nullptr);
    EXPECT_GE(b.elapsed(), 0.0);
}

TEST(Budget, ZeroOrNegativeSecondsMeanNoLimit) {
    for (double s : {0.0, -1.0}) {
        const Budget b(s);
        std::this_thread::sleep_for(2ms);
        EXPECT_FALSE(b.expired()) << s;
        EXPECT_EQ(b.remaining(), 0.0) << s;
    }
}

TEST(Budget, ExpiresAfterItsDeadline) {
    const Budget b(0.001);
    std::this_thread::sleep_for(20ms);
    EXPECT_TRUE(b.expired());
    EXPECT_GE(b.elapsed(), 0.019);
    // Past the deadline, remaining stays positive so passing it on keeps the
    // next run limited (0 would mean "no limit").
    EXPECT_GT(b.remaining(), 0.0);
    EXPECT_LE(b.remaining(), 1e-6);
}

TEST(Budget, NotExpiredLongBeforeItsDeadline) {
    const Budget b(3600);
    EXPECT_FALSE(b.expired());
    EXPECT_GT(b.remaining(), 3500.0);
    EXPECT_LE(b.remaining(), 3600.0);
}

TEST(Budget, CancellationEndsItAtOnceEvenWithoutALimit) {
    std::atomic<bool> cancel{false};
    const Budget unlimited(0, &cancel);
    const Budget limited(3600, &cancel);
    EXPECT_EQ(unlimited.cancel_flag(), &cancel);
    EXPECT_FALSE(unlimited.expired());
    EXPECT_FALSE(limited.expired());
    cancel = true;
    EXPECT_TRUE(unlimited.expired());
    EXPECT_TRUE(limited.expired());
    cancel = false;
    EXPECT_FALSE(unlimited.expired());
}

}  // namespace
}  // namespace nonolab

#include "nn/lr_schedule.hpp"

#include <gtest/gtest.h>

#include "nn/train_options.hpp"

namespace nonolab::nn {
namespace {

TEST(LrSchedule, ConstantIsThePapersRateAtEveryStep) {
    LrSchedule s;
    s.peak = 1e-4;
    s.warmup_steps = 50;  // ignored: the paper's schedule has no warm-up
    for (std::int64_t t : {0, 1, 49, 1000, 1000000}) EXPECT_DOUBLE_EQ(s.at(t), 1e-4);
}

TEST(LrSchedule, CosineWarmsUpThenFallsToItsEnd) {
    LrSchedule s;
    s.kind = "cosine";
    s.peak = 1e-3;
    s.warmup_steps = 10;
    s.total_steps = 110;
    s.end_ratio = 0.1;
    EXPECT_DOUBLE_EQ(s.at(0), 1e-4);  // never 0: the first step moves
    EXPECT_DOUBLE_EQ(s.at(4), 5e-4);
    EXPECT_DOUBLE_EQ(s.at(9), 1e-3);
    EXPECT_DOUBLE_EQ(s.at(10), 1e-3);
    EXPECT_NEAR(s.at(60), 0.5 * (1e-3 + 1e-4), 1e-12);  // half way down the half cosine
    EXPECT_NEAR(s.at(110), 1e-4, 1e-15);
    EXPECT_NEAR(s.at(5000), 1e-4, 1e-15);  // past the end it stays there
    for (std::int64_t t = 11; t <= 110; ++t) EXPECT_LE(s.at(t), s.at(t - 1));
}

TEST(LrSchedule, OptionsInEpochsBecomeSteps) {
    TrainOptions o = train_option_table().parse(
        {{"schedule", "cosine"}, {"warmup", "0.5"}, {"epochs", "30"}, {"lr_end", "0.05"}});
    const LrSchedule s = lr_schedule(o, 1000, 2e-3);
    EXPECT_EQ(s.kind, "cosine");
    EXPECT_EQ(s.warmup_steps, 500);
    EXPECT_EQ(s.total_steps, 30000);
    EXPECT_DOUBLE_EQ(s.peak, 2e-3);
    EXPECT_DOUBLE_EQ(s.end_ratio, 0.05);
    EXPECT_THROW(train_option_table().parse({{"schedule", "linear"}}), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab::nn

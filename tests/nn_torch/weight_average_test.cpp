// --average (nn/torch/weight_average.hpp): the recurrence itself, and that
// training keeps its course while the model it hands back is the average.
#include <gtest/gtest.h>

#include <stdexcept>

#include "nn/torch/trainer.hpp"
#include "nn/torch/weight_average.hpp"
#include "nn_torch/torch_test_util.hpp"

namespace nonolab::nn::torch_backend {
namespace {

NetShape small_shape() {
    NetShape s;
    s.n = 5;
    s.layers = {8};
    return s;
}

void fill(NetworkImpl& m, float value) {
    torch::NoGradGuard no_grad;
    for (auto& p : m.parameters()) p.fill_(value);
}

TEST(WeightAverage, FollowsTheRecurrenceFromTheStartingWeights) {
    Network model = make_network(small_shape());
    fill(*model, 1.0f);
    WeightAverage average(*model, 0.75);
    EXPECT_EQ(params(average.network()), params(model));  // starts at the weights
    fill(*model, 5.0f);
    average.update(*model);  // 0.75 * 1 + 0.25 * 5 = 2
    for (float v : params(average.network())) EXPECT_FLOAT_EQ(v, 2.0f);
    fill(*model, -2.0f);
    average.update(*model);  // 0.75 * 2 + 0.25 * -2 = 1
    for (float v : params(average.network())) EXPECT_FLOAT_EQ(v, 1.0f);
    for (float v : params(model)) EXPECT_FLOAT_EQ(v, -2.0f);  // the weights untouched
    EXPECT_THROW(WeightAverage(*model, 0.0), std::invalid_argument);
    EXPECT_THROW(WeightAverage(*model, 1.0), std::invalid_argument);
}

TEST(WeightAverage, TrainingKeepsItsCourseAndHandsBackTheAverage) {
    const io::Dataset d = tiny_set(300, 2);
    TrainOptions o = tiny_options();
    o.epochs = 2;
    o.state = (temp_dir() / "plain.json").string();
    const TrainResult plain = train(d, o);
    TrainOptions avg = o;
    avg.average = 0.9;
    avg.state = (temp_dir() / "avg.json").string();
    const TrainResult averaged = train(d, avg);
    // The same steps: the same losses, the same weights in the state.
    EXPECT_EQ(plain.epoch_loss, averaged.epoch_loss);
    EXPECT_EQ(params(load_training_weights(o.state, plain.model->shape())),
              params(load_training_weights(avg.state, plain.model->shape())));
    // The model handed back is not the last weights but lies near them.
    const auto last = params(plain.model), mean = params(averaged.model);
    ASSERT_EQ(last.size(), mean.size());
    EXPECT_NE(last, mean);
    double gap = 0, scale = 0;
    for (std::size_t i = 0; i < last.size(); ++i)
        gap += (last[i] - mean[i]) * (last[i] - mean[i]), scale += last[i] * last[i];
    EXPECT_LT(gap, 0.05 * scale);
    EXPECT_EQ(averaged.metadata.at("average"), 0.9);
    EXPECT_FALSE(plain.metadata.contains("average"));
}

}  // namespace
}  // namespace nonolab::nn::torch_backend

// The pieces that make a training step cheaper: the
// one-pass Adam, our dropout masks and the bfloat16 products. Each must
// compute what it replaces, up to rounding; speed is measured in
// docs/results/training.md, never here.
#include <gtest/gtest.h>

#include <ATen/autocast_mode.h>

#include "nn/torch/adam.hpp"
#include "nn/torch/bf16_products.hpp"
#include "nn/torch/dropout_mask.hpp"
#include "nn/torch/trainer.hpp"
#include "nn_torch/torch_test_util.hpp"

namespace nonolab::nn::torch_backend {
namespace {

// Both optimisers over the same weights and gradients, with a rate that
// changes, is 0 for a while (the trainer's priming) and decays.
TEST(FusedAdam, FollowsTorchAdam) {
    torch::manual_seed(3);
    std::vector<torch::Tensor> ours, theirs, first;
    for (const auto& shape : std::vector<std::vector<long>>{{97, 13}, {13}, {5, 7, 3}}) {
        auto w = torch::randn(shape);
        first.push_back(w.clone());
        ours.push_back(w.clone().set_requires_grad(true));
        theirs.push_back(w.clone().set_requires_grad(true));
    }
    FusedAdam a(ours, 1e-3);
    torch::optim::Adam b(theirs, torch::optim::AdamOptions(1e-3));
    for (int step = 0; step < 40; ++step) {
        const double lr = step < 10 ? 0.0 : 2e-3 / (1 + step / 10);
        a.set_lr(lr);
        for (auto& group : b.param_groups())
            static_cast<torch::optim::AdamOptions&>(group.options()).lr(lr);
        a.zero_grad();
        b.zero_grad();
        for (std::size_t i = 0; i < ours.size(); ++i) {
            // Gradients of very different sizes, and some exactly zero.
            const auto g = torch::randn(ours[i].sizes()) * std::pow(10.0, step % 5 - 2) *
                           (torch::rand(ours[i].sizes()) > 0.1).to(torch::kFloat32);
            ours[i].mutable_grad() = g.clone();
            theirs[i].mutable_grad() = g.clone();
        }
        a.step();
        b.step();
        if (step == 9)  // ten steps at rate 0: nothing moved yet
            for (std::size_t i = 0; i < ours.size(); ++i)
                EXPECT_TRUE(torch::equal(ours[i], theirs[i]));
    }
    EXPECT_EQ(a.steps(), 40);
    for (std::size_t i = 0; i < ours.size(); ++i) {
        const double moved = (theirs[i] - ours[i].detach()).abs().max().item<double>();
        EXPECT_LT(moved, 1e-6) << "parameter " << i;
        // Not vacuous: the weights did move, by far more than that.
        EXPECT_GT((ours[i].detach() - first[i]).abs().max().item<double>(), 1e-3);
    }
}

TEST(FusedAdam, RefusesParametersItCannotUpdate) {
    EXPECT_THROW(FusedAdam({torch::zeros({3}, torch::kFloat64)}, 1e-3), std::invalid_argument);
    EXPECT_THROW(FusedAdam({torch::zeros({4, 4}).t()}, 1e-3), std::invalid_argument);
}

TEST(FastDropout, DropsTheShareAskedAndScalesTheRest) {
    torch::manual_seed(11);
    const auto x = torch::ones({1000, 1000});
    const auto y = fast_dropout(x, 0.05, true);
    const double dropped = (y == 0).to(torch::kFloat64).mean().item<double>();
    EXPECT_NEAR(dropped, 0.05, 0.0015);  // binomial sd 0.00022: about 7 sd
    const auto kept = y.masked_select(y != 0);
    EXPECT_NEAR(kept.min().item<double>(), 1 / 0.95, 1e-6);
    EXPECT_NEAR(kept.max().item<double>(), 1 / 0.95, 1e-6);
    // Rows and columns alike: no lane or position is favoured.
    const auto per_column = (y == 0).to(torch::kFloat64).mean(0);
    EXPECT_LT((per_column - 0.05).abs().max().item<double>(), 0.035);
    EXPECT_NEAR((y.index({torch::indexing::Slice(), torch::indexing::Slice(0, 2)}) == 0)
                    .to(torch::kFloat64)
                    .mean()
                    .item<double>(),
                0.05, 0.02);
}

TEST(FastDropout, TorchsSeedDecidesTheMask) {
    const auto x = torch::ones({64, 129});
    torch::manual_seed(5);
    const auto a = fast_dropout(x, 0.3, true);
    torch::manual_seed(5);
    const auto b = fast_dropout(x, 0.3, true);
    torch::manual_seed(6);
    const auto c = fast_dropout(x, 0.3, true);
    EXPECT_TRUE(torch::equal(a, b));
    EXPECT_FALSE(torch::equal(a, c));
    // The next draw without reseeding is another mask.
    EXPECT_FALSE(torch::equal(c, fast_dropout(x, 0.3, true)));
}

TEST(FastDropout, IdentityOutsideTrainingAndGradientsFollowTheMask) {
    const auto x = torch::randn({8, 9});
    EXPECT_TRUE(fast_dropout(x, 0.5, false).is_same(x));
    EXPECT_TRUE(fast_dropout(x, 0.0, true).is_same(x));
    torch::manual_seed(2);
    auto w = torch::ones({8, 9}, torch::requires_grad());
    const auto y = fast_dropout(w * 1.0, 0.5, true);
    y.sum().backward();
    EXPECT_TRUE(torch::equal(w.grad(), y.detach()));  // y = mask, d(sum)/dw = mask
    // bfloat16 in, bfloat16 out, the same law.
    torch::manual_seed(2);
    const auto h = fast_dropout(torch::ones({8, 9}, torch::kBFloat16), 0.5, true);
    EXPECT_EQ(h.scalar_type(), torch::kBFloat16);
    EXPECT_TRUE(torch::equal(h.to(torch::kFloat32) == 0, y.detach() == 0));
}

TEST(Bf16Products, ProductsRunInBfloat16OnlyWhileTheGuardLives) {
    const auto x = torch::randn({4, 6}), w = torch::randn({3, 6});
    {
        const Bf16Products on(true);
        EXPECT_EQ(torch::linear(x, w).scalar_type(), torch::kBFloat16);
        EXPECT_EQ(torch::relu(x).scalar_type(), torch::kFloat32);  // only products
    }
    EXPECT_FALSE(at::autocast::is_cpu_enabled());
    EXPECT_EQ(torch::linear(x, w).scalar_type(), torch::kFloat32);
    {
        const Bf16Products off(false);
        EXPECT_EQ(torch::linear(x, w).scalar_type(), torch::kFloat32);
    }
}

// The same tiny training in both precisions: the same seed gives the same
// bfloat16 model twice, its weights stay float32, and it learns about as
// well as the float32 one.
TEST(Bf16Products, TrainsDeterministicallyAndAsWellAsFloat32) {
    const io::Dataset d = tiny_set(600, 1);
    TrainOptions o = tiny_options();
    const TrainResult f32 = train(d, o);
    o.precision = "bf16";
    const TrainResult a = train(d, o), b = train(d, o);
    EXPECT_EQ(params(a.model), params(b.model));
    for (const auto& p : a.model->parameters()) EXPECT_EQ(p.scalar_type(), torch::kFloat32);
    EXPECT_NE(params(a.model), params(f32.model));
    EXPECT_LT(a.epoch_loss.back(), a.epoch_loss.front() * 0.9);
    EXPECT_NEAR(a.epoch_loss.back(), f32.epoch_loss.back(), 0.02 * f32.epoch_loss.back());
    EXPECT_EQ(a.metadata.at("train_precision"), "bf16");
    EXPECT_EQ(a.state.curve.back().at("precision"), "bf16");
    EXPECT_FALSE(f32.state.curve.back().contains("precision"));
}

}  // namespace
}  // namespace nonolab::nn::torch_backend

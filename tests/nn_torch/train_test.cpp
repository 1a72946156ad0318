#include <gtest/gtest.h>

#include <torch/script.h>

#include <filesystem>

#include "io/clue_encoding.hpp"
#include "io/nonodataset.hpp"
#include "nn/accuracy.hpp"
#include "nn/predictor.hpp"
#include "nn/torch/model_file.hpp"
#include "nn/torch/trainer.hpp"
#include "nn_torch/torch_test_util.hpp"

namespace nonolab::nn::torch_backend {
namespace {

namespace fs = std::filesystem;

TEST(Train, LossDecreasesOnATinySet) {
    const io::Dataset d = tiny_set(600, 1);
    const TrainResult r = train(d, tiny_options());
    ASSERT_EQ(r.epoch_loss.size(), 6u);
    EXPECT_LT(r.epoch_loss.back(), r.epoch_loss.front() * 0.9);
    EXPECT_EQ(r.epochs_done, 6);
}

TEST(Train, SameSeedSameModel) {
    const io::Dataset d = tiny_set(300, 2);
    TrainOptions o = tiny_options();
    o.epochs = 2;
    TrainResult a = train(d, o), b = train(d, o);
    EXPECT_EQ(params(a.model), params(b.model));
    o.seed = 6;
    TrainResult c = train(d, o);
    EXPECT_NE(params(a.model), params(c.model));
}

// `nonolab train` hands its options to the plugin as text; parsed with the
// table they are the struct the library tests build, and train the same model.
TEST(Train, OptionsGivenAsTextTrainTheSameModel) {
    const io::Dataset d = tiny_set(300, 2);
    TrainOptions o = tiny_options();
    o.epochs = 2;
    const TrainOptions text = train_option_table().parse({{"layers", "64,32"},
                                                          {"epochs", "2"},
                                                          {"batch", "32"},
                                                          {"lr", "0.003"},
                                                          {"threads", "1"},
                                                          {"seed", "5"}});
    EXPECT_EQ(train_option_table().values(text), train_option_table().values(o));
    TrainResult a = train(d, o), b = train(d, text);
    EXPECT_EQ(params(a.model), params(b.model));
}

TEST(Train, OptionsOutOfTheTablesRangesAreRefused) {
    const io::Dataset d = tiny_set(20, 2);
    TrainOptions o = tiny_options();
    o.batch = 0;
    EXPECT_THROW(train(d, o), std::invalid_argument);
    o = tiny_options();
    o.validation = 0.6;
    EXPECT_THROW(train(d, o), std::invalid_argument);
}

TEST(Train, ResumeGivesTheUninterruptedModel) {
    const fs::path dir = temp_dir();
    const io::Dataset d = tiny_set(300, 3);
    TrainOptions o = tiny_options();
    o.epochs = 4;
    TrainResult full = train(d, o);
    o.epochs = 2;
    o.checkpoint = (dir / "half.ckpt").string();
    train(d, o);
    o.epochs = 4;
    o.resume = o.checkpoint;
    o.checkpoint.clear();
    TrainResult resumed = train(d, o);
    EXPECT_EQ(resumed.epochs_done, 4);
    EXPECT_EQ(params(full.model), params(resumed.model));
    fs::remove_all(dir);
}

TEST(Train, ReflectionsTrainOnEightViews) {
    const io::Dataset d = tiny_set(100, 4);
    // Every reflected example is a consistent (clues, board) pair.
    std::vector<float> x(io::clue_vector_size(5)), y(25);
    std::vector<std::uint8_t> yb(25), xb(io::clue_vector_size(5));
    for (int r = 0; r < 8; ++r) {
        reflected_example(d, 7, r, x.data(), y.data());
        for (int i = 0; i < 25; ++i) yb[i] = static_cast<std::uint8_t>(y[i]);
        io::encode_board_clues(yb.data(), 5, xb.data());
        for (std::size_t i = 0; i < xb.size(); ++i) EXPECT_EQ(xb[i], x[i]) << r;
    }
    TrainOptions o = tiny_options();
    o.epochs = 1;
    o.reflections = true;
    o.validation = 0;
    const TrainResult res = train(d, o);
    EXPECT_EQ(res.metadata["train_boards"].get<std::size_t>(), 100u);
}

TEST(ModelFile, SaveLoadRoundTripPredictsTheSame) {
    const fs::path dir = temp_dir();
    const io::Dataset d = tiny_set(200, 5);
    TrainOptions o = tiny_options();
    o.epochs = 2;
    TrainResult r = train(d, o);
    const std::string path = (dir / "m.pt").string();
    save_model(*r.model, {{"data", "tiny"}, {"reflections", false}}, path);
    EXPECT_TRUE(fs::exists(path + ".json"));
    const auto loaded = load_torch_predictor(path);
    EXPECT_EQ(loaded->board_size(), 5);
    EXPECT_FALSE(loaded->trained_on_reflections());
    TorchPredictor direct(LoadedModel{r.model, {{"reflections", false}}}, "memory");
    const int count = 20, xs = io::clue_vector_size(5);
    std::vector<float> in(static_cast<std::size_t>(count) * xs), a(count * 25), b(count * 25);
    for (int i = 0; i < count * xs; ++i) in[i] = d.x[i];
    loaded->predict(in.data(), count, a.data());
    direct.predict(in.data(), count, b.data());
    EXPECT_EQ(a, b);
    for (float p : a) EXPECT_TRUE(p >= 0 && p <= 1);
    // The file is genuine TorchScript: its own forward() gives the same probabilities.
    torch::jit::Module script = torch::jit::load(path);
    const auto in_t = torch::from_blob(in.data(), {count, xs}, torch::kFloat32);
    const auto out_t = script.forward({in_t}).toTensor().contiguous();
    ASSERT_EQ(out_t.numel(), count * 25);
    for (int i = 0; i < count * 25; ++i) EXPECT_NEAR(out_t.data_ptr<float>()[i], a[i], 1e-5);
    // The accuracy report counts every board once.
    const AccuracyReport rep = evaluate_accuracy(*loaded, d);
    EXPECT_EQ(rep.boards, 200);
    std::int64_t total = 0;
    for (auto h : rep.histogram) total += h;
    EXPECT_EQ(total, 200);
    EXPECT_GE(rep.correct_reflections, rep.correct);
    EXPECT_THROW(load_torch_predictor((dir / "missing.pt").string()), std::runtime_error);
    fs::remove_all(dir);
}

TEST(ModelFile, ShippedModelsLoadAndPredict) {
    bool any = false;
    for (auto [n, refl] : {std::pair{10, false}, std::pair{10, true}, std::pair{15, false}}) {
        const std::string path = default_model_path(n, refl);
        if (!fs::exists(path)) continue;
        any = true;
        const auto p = load_torch_predictor(path);
        EXPECT_EQ(p->board_size(), n) << path;
        EXPECT_EQ(p->trained_on_reflections(), refl) << path;
        std::vector<float> in(io::clue_vector_size(n), 1.0f), out(n * n, -1);
        p->predict(in.data(), 1, out.data());
        for (float v : out) EXPECT_TRUE(v >= 0 && v <= 1) << path;
    }
    if (!any) GTEST_SKIP() << "no shipped model under models/";
}

}  // namespace
}  // namespace nonolab::nn::torch_backend

#include <gtest/gtest.h>

#include <torch/script.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

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

// Train 2 epochs and a bit, stop, resume from the state file, finish: the
// resumed run sees exactly the batches (samples, order, dropout masks) and
// learning rates of an uninterrupted run, its curve continues the first
// stretch's, and its loss stays close to the uninterrupted run's (Adam's
// moments are rebuilt and the weights rounded to float16, so not equal).
TEST(TrainingState, ResumeContinuesTheUninterruptedSchedule) {
    const fs::path dir = temp_dir();
    const io::Dataset d = tiny_set(300, 3);
    TrainOptions o = tiny_options();
    o.epochs = 4;
    o.schedule = "cosine";
    o.warmup = 0.5;
    std::vector<std::pair<std::uint64_t, double>> full_batches, resumed_batches;
    const auto record = [](auto& into) {
        return [&into](const TrainProgress& p) {
            if (!p.epoch_end) into.emplace_back(p.batch_digest, p.lr);
        };
    };
    const TrainResult full = train(d, o, record(full_batches));
    ASSERT_EQ(full.epochs_done, 4);

    o.state = (dir / "run.json").string();
    long calls = 0;
    const long stop_after = 2 * 10 + 4;  // 300 boards, 2% held out: 10 batches of 32 per epoch
    const TrainResult first =
        train(d, o, record(resumed_batches), [&] { return calls++ == stop_after; },
              {{"options", {{"note", "test"}}}});
    EXPECT_TRUE(first.interrupted);
    EXPECT_EQ(first.epochs_done, 2);
    EXPECT_EQ(first.state.step, stop_after);
    ASSERT_TRUE(fs::exists(dir / "run.json"));
    ASSERT_TRUE(fs::exists(dir / "run.pt"));
    const TrainingState saved = read_training_state(o.state);
    EXPECT_EQ(saved.epoch, 3);
    EXPECT_EQ(saved.batch, 4);
    EXPECT_EQ(saved.step, stop_after);
    EXPECT_EQ(saved.epochs.size(), 2u);
    EXPECT_EQ(saved.run["options"]["note"], "test");

    TrainOptions r = o;
    r.resume = o.state;
    const TrainResult resumed = train(d, r, record(resumed_batches));
    EXPECT_EQ(resumed.epochs_done, 4);
    EXPECT_TRUE(resumed.state.finished);
    EXPECT_EQ(resumed.state.stretches, 2);
    EXPECT_EQ(resumed.state.run["options"]["note"], "test");  // the state's run, kept
    EXPECT_EQ(resumed_batches, full_batches);  // same samples, masks and rates, batch by batch
    // The curve goes on: the first stretch's points, then steps that only grow.
    ASSERT_GT(resumed.state.curve.size(), saved.curve.size());
    for (std::size_t i = 0; i < saved.curve.size(); ++i)
        EXPECT_EQ(resumed.state.curve[i], saved.curve[i]);
    for (std::size_t i = 1; i < resumed.state.curve.size(); ++i) {
        EXPECT_GT(resumed.state.curve[i]["step"], resumed.state.curve[i - 1]["step"]);
        // CPU time (core-seconds) carries over the stretches too.
        EXPECT_GE(resumed.state.curve[i]["cpu_seconds"], resumed.state.curve[i - 1]["cpu_seconds"]);
    }
    EXPECT_GT(saved.cpu_seconds, 0.0);
    EXPECT_GT(resumed.state.cpu_seconds, saved.cpu_seconds);
    EXPECT_GT(resumed.state.curve.back()["cpu_seconds"], saved.cpu_seconds);
    ASSERT_EQ(resumed.state.epochs.size(), 4u);
    EXPECT_GT(resumed.state.epochs.back()["cpu_seconds"], saved.epochs.back()["cpu_seconds"]);
    const double full_loss = full.epoch_loss.back(), resumed_loss = resumed.epoch_loss.back();
    EXPECT_NEAR(resumed_loss, full_loss, 0.1 * full_loss);
    fs::remove_all(dir);
}

TEST(TrainingState, CorruptOrMismatchedStatesAreRefusedWithTheirName) {
    const fs::path dir = temp_dir();
    const io::Dataset d = tiny_set(300, 3);
    TrainOptions o = tiny_options();
    o.epochs = 1;
    o.state = (dir / "run.json").string();
    train(d, o);
    const std::string json = io_text(o.state), weights = io_text((dir / "run.pt").string());
    const auto refused = [&](const TrainOptions& t, const std::string& says) {
        try {
            train(d, t);
            ADD_FAILURE() << "resumed from a bad state; expected: " << says;
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
        }
    };
    TrainOptions r = o;
    r.resume = o.state;
    r.epochs = 2;
    write_text(o.state, json.substr(0, json.size() / 2));  // truncated JSON
    refused(r, "run.json: not a readable training state");
    write_text(o.state, "{\"format\": \"nonolab-training-1\"}");
    refused(r, "run.json: not a complete training state");
    write_text(o.state, json);
    write_text((dir / "run.pt").string(), weights.substr(0, weights.size() - 100));
    refused(r, "run.pt: not the weights");
    write_text((dir / "run.pt").string(), weights);
    TrainOptions other = r;
    other.layers = {64, 16};
    refused(other, "the weights are a 64-32 network");
    TrainOptions batch = r;
    batch.batch = 64;
    refused(batch, "batches per epoch");
    r.resume = (dir / "missing.json").string();
    refused(r, "missing.json: no such training state");
    r.resume = o.state;
    EXPECT_EQ(train(d, r).epochs_done, 2);  // the intact pair still resumes
    fs::remove_all(dir);
}

// --init: a new run (its own epochs, schedule and curve) from another run's
// weights, read from its state or from a model file; another shape is
// refused naming the file.
TEST(TrainingState, InitStartsANewRunFromTrainedWeights) {
    const fs::path dir = temp_dir();
    const io::Dataset d = tiny_set(300, 3);
    TrainOptions o = tiny_options();
    o.epochs = 4;
    o.state = (dir / "first.json").string();
    const TrainResult first = train(d, o);
    save_model(*first.model, first.metadata, (dir / "first_model.pt").string(), Precision::float16,
               false);
    const NetShape shape = first.model->shape();
    const auto from_state = params(load_initial_weights(o.state, shape));
    EXPECT_EQ(from_state, params(load_training_weights(o.state, shape)));
    EXPECT_EQ(params(load_initial_weights((dir / "first_model.pt").string(), shape)), from_state);

    TrainOptions next = tiny_options();
    next.epochs = 1;
    next.schedule = "cosine";
    const TrainResult fresh = train(d, next);
    next.init = o.state;
    const TrainResult a = train(d, next), b = train(d, next);
    EXPECT_EQ(params(a.model), params(b.model));  // seeded, as any run
    EXPECT_EQ(a.state.step, 10);                  // its own count, from 0 (priming takes no step)
    EXPECT_EQ(a.state.stretches, 1);
    EXPECT_EQ(a.metadata.at("init"), o.state);
    // The first epoch starts where the first run ended, far below a random start.
    EXPECT_LT(a.epoch_loss.front(), 0.9 * fresh.epoch_loss.front());
    EXPECT_LT(a.epoch_loss.front(), 1.1 * first.epoch_loss.back());

    next.layers = {64, 16};
    try {
        train(d, next);
        ADD_FAILURE() << "--init took weights of another shape";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(
                      "first.pt: the weights are a 64-32 network, this run's options ask for"),
                  std::string::npos)
            << e.what();
    }
    next.layers = {64, 32};
    next.init = (dir / "missing.pt").string();
    EXPECT_THROW(train(d, next), std::runtime_error);
    next.init = o.state;
    next.state = (dir / "sub" / ".." / "first.json").string();  // the same file, spelled apart
    EXPECT_THROW(train(d, next), std::invalid_argument);
    next.init = (dir / "first_model.pt").string();
    next.state = (dir / "first_model.json").string();  // its weights would be first_model.pt
    EXPECT_THROW(train(d, next), std::invalid_argument);
    next.state.clear();
    next.init = (dir / "not_a_state.json").string();
    write_text(next.init, "{");
    try {
        train(d, next);
        ADD_FAILURE() << "--init read a JSON that is not a training state";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("not_a_state.json: not a readable training state"),
                  std::string::npos)
            << e.what();
    }
    fs::remove_all(dir);
}

// The in-memory batch order is pinned: runs in progress resume from their
// states, so a change of the split, the shuffle or the dropout seeds must
// fail here, not quietly move their batches. The digests were taken when
// the in-memory code moved behind BatchSource, after that build and the
// one before it trained to the same losses bit for bit.
TEST(Train, InMemoryBatchOrderIsPinned) {
    const io::Dataset d = tiny_set(300, 3);
    TrainOptions o = tiny_options();
    o.epochs = 2;
    o.reflections = true;
    std::vector<std::uint64_t> digests;
    train(d, o, [&](const TrainProgress& p) {
        if (!p.epoch_end && (p.batch == 1 || p.batch == 74)) digests.push_back(p.batch_digest);
    });
    EXPECT_EQ(digests,
              (std::vector<std::uint64_t>{5149945054327346058ull, 6707711276474300920ull,
                                          17489706602580346049ull, 3572283671506263241ull}));
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
    AccuracyOptions identity_only;
    identity_only.reflections = false;
    const AccuracyReport listed = evaluate_accuracy(*loaded, d, identity_only);
    EXPECT_EQ(listed.correct, rep.correct);
    // Reflections not predicted are reported as not measured, not as a number.
    EXPECT_TRUE(rep.measured_reflections);
    EXPECT_FALSE(listed.measured_reflections);
    EXPECT_TRUE(to_json(listed)["accuracy_with_reflections"].is_null());
    EXPECT_NE(format_report(listed).find("with reflections not measured"), std::string::npos);
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

// Every model shipped in models/ (training states are kept outside the
// repository) loads, predicts probabilities for its board size, and
// its people-readable sidecar MODEL.json is the metadata inside the file:
// a renamed or re-saved model whose sidecar was left behind fails here.
TEST(ModelFile, EveryShippedModelMatchesItsSidecar) {
    int checked = 0;
    for (const auto& e : fs::directory_iterator(NONOLAB_SOURCE_DIR "/models")) {
        if (!e.is_regular_file() || e.path().extension() != ".pt") continue;
        const std::string path = e.path().string();
        SCOPED_TRACE(path);
        std::ifstream in(path + ".json");
        ASSERT_TRUE(in) << "no sidecar " << path << ".json";
        const nlohmann::json sidecar = nlohmann::json::parse(in);
        const auto p = load_torch_predictor(path);
        const auto& inside = dynamic_cast<const TorchPredictor&>(*p).metadata();
        EXPECT_TRUE(inside == sidecar)
            << "sidecar differs: " << nlohmann::json::diff(inside, sidecar);
        const int n = sidecar.at("n").get<int>();
        EXPECT_EQ(p->board_size(), n);
        EXPECT_EQ(p->trained_on_reflections(), sidecar.at("reflections").get<bool>());
        std::vector<float> x(io::clue_vector_size(n), 0.5f), out(n * n, -1);
        p->predict(x.data(), 1, out.data());
        for (float v : out) EXPECT_TRUE(v >= 0 && v <= 1);
        ++checked;
    }
    if (checked == 0) GTEST_SKIP() << "no shipped model under models/";
}

// Each shipped model's last training stage is a recipe (docs/network.md
// gives the command of each): the recipe's values for the model's board
// size are the ones its metadata records.
TEST(ModelFile, EveryShippedModelsLastStageIsARecipe) {
    const std::map<std::string, std::string> recipe_of = {
        {"nonodataset-10x10.pt", "small"},
        {"nonodataset-15x15.pt", "small"},
        {"nonodataset-10x10-reflections.pt", "small-ne8"},
        {"paper-5x5.pt", "paper-tune-5x5"},
        {"paper-10x10.pt", "paper-tune"},
        {"paper-15x15.pt", "paper-tune-ne8"},
        {"lines-10x10.pt", "lines"}};
    int checked = 0;
    for (const auto& e : fs::directory_iterator(NONOLAB_SOURCE_DIR "/models")) {
        if (!e.is_regular_file() || e.path().extension() != ".pt") continue;
        const std::string name = e.path().filename().string();
        SCOPED_TRACE(name);
        ASSERT_TRUE(recipe_of.count(name)) << "a shipped model without its recipe here";
        std::ifstream in(e.path().string() + ".json");
        const nlohmann::json md = nlohmann::json::parse(in);
        TrainOptions o;
        o.recipe = recipe_of.at(name);
        apply_recipe(o, md.at("n").get<int>());
        const NetShape shape = shape_of(o, md.at("n").get<int>());
        EXPECT_EQ(md.value("arch", "mlp"), shape.arch);
        if (shape.arch == "mlp") {
            EXPECT_EQ(md.at("layers").get<std::vector<int>>(), shape.layers);
            EXPECT_EQ(md.at("dropout").get<double>(), o.dropout);
        } else {
            EXPECT_EQ(md.at("width").get<int>(), o.width);
            EXPECT_EQ(md.at("head").get<int>(), o.head);
            EXPECT_EQ(md.at("steps").get<int>(), o.steps);
        }
        EXPECT_EQ(md.at("lr").get<double>(), o.lr);
        EXPECT_EQ(md.value("schedule", "constant"), o.schedule);
        if (o.schedule == "cosine") {
            EXPECT_EQ(md.at("warmup_epochs").get<double>(), o.warmup);
            EXPECT_EQ(md.at("lr_end").get<double>(), o.lr_end);
        }
        EXPECT_EQ(md.at("batch").get<int>(), o.batch);
        EXPECT_EQ(md.at("reflections").get<bool>(), o.reflections);
        EXPECT_EQ(md.value("train_precision", "f32"), o.precision);
        EXPECT_EQ(md.value("precision", "float32"), o.half ? "float16" : "float32");
        // The held-out share, as the split's sizes show it.
        const double boards =
            md.at("train_boards").get<double>() + md.at("validation_boards").get<double>();
        EXPECT_NEAR(md.at("validation_boards").get<double>() / boards, o.validation, 1e-3);
        ++checked;
    }
    if (checked == 0) GTEST_SKIP() << "no shipped model under models/";
    EXPECT_EQ(checked, static_cast<int>(recipe_of.size()));
}

}  // namespace
}  // namespace nonolab::nn::torch_backend

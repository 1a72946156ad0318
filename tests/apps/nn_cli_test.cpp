// `nonolab solve --method nn-*` end to end, in the text and JSON outputs.
// nn-h needs no network, so it runs in every build; the network variants
// need the shipped models and LibTorch, and are checked when both exist.
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"
#include "nn/openblas_core.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

TEST_F(Cli, HeuristicHSolvesInTextAndJson) {
    RunResult r = run({"solve", "--method", "h", "--quiet", example("cat.taai")});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_NE(r.out.find(": solved in"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("iterations)"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("error"), std::string::npos) << r.out;
    r = run({"solve", "--method", "nn-h", "--json", example("cat.taai")});
    EXPECT_EXIT_CODE(r, 0);
    const nlohmann::json j = first_json(r);
    EXPECT_EQ(j["status"], "solved");
    EXPECT_GE(j["stats"]["iterations"].get<double>(), 1);
}

TEST_F(Cli, NetworkVariantSolvesADatasetBoardWithTheShippedModel) {
    const std::string model = NONOLAB_SOURCE_DIR "/models/nonodataset-10x10-reflections.pt";
    const std::string data = NONOLAB_SHARED_DIR "/benchmarks/dataset/nonodataset/10x10";
    if (!fs::exists(model) || !fs::exists(data))
        GTEST_SKIP() << "needs " << model << " and " << data;
    RunResult r = run({"solve", "--method", "ne8hpfi", "--json", "nonodataset:10x10/test@1-3"});
    if (r.out.find("without LibTorch") != std::string::npos)
        GTEST_SKIP() << "built without LibTorch";
    EXPECT_EXIT_CODE(r, 0);
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 3u) << r.out;
    for (const auto& line : lines) {
        const nlohmann::json j = nlohmann::json::parse(line);
        EXPECT_EQ(j["status"], "solved") << line;
        EXPECT_EQ(j["method"], "nn-ne8hpfi") << line;
    }
}

// `train` runs inside the LibTorch plugin: a tiny training run writes the
// model, its metadata and its training state, and --evaluate measures the shipped
// model. Both need the shared NonoDataset files.
TEST_F(Cli, TrainAndEvaluateRunThroughThePlugin) {
    const std::string model = NONOLAB_SOURCE_DIR "/models/nonodataset-10x10.pt";
    const std::string data = NONOLAB_SHARED_DIR "/benchmarks/dataset/nonodataset/10x10";
    if (!fs::exists(model) || !fs::exists(data))
        GTEST_SKIP() << "needs " << model << " and " << data;
    const std::string out = tmp("m.pt").string();
    RunResult r = run({"train", "--data", "nonodataset:10x10/test@1-50", "--epochs", "1",
                       "--layers", "32", "--out", out, "--json"});
    if (r.err.find("without LibTorch") != std::string::npos)
        GTEST_SKIP() << "built without LibTorch";
    EXPECT_EXIT_CODE(r, 0);
    const nlohmann::json md = first_json(r);
    EXPECT_EQ(md["epochs"], 1);
    EXPECT_EQ(md["layers"], nlohmann::json::array({32}));
    // The kernels it ran on are recorded, and they are the ones chosen for
    // this CPU, not OpenBLAS's 3x slower fallback (nn/openblas_core.hpp).
    if (const char* core = nn::openblas_core_for_this_cpu();
        core && !std::getenv("OPENBLAS_CORETYPE"))
        EXPECT_EQ(md["blas_core"], core);
    // And OpenMP's threads sleep while OpenBLAS's work (nn/openmp_wait_policy.hpp).
    if (!std::getenv("OMP_WAIT_POLICY")) EXPECT_EQ(md["omp_wait_policy"], "PASSIVE");
    EXPECT_TRUE(fs::exists(out));
    EXPECT_TRUE(fs::exists(out + ".json"));
    // The training state (float16 weights and the JSON that resumes the run).
    EXPECT_TRUE(fs::exists(tmp("m.pt.state.json")));
    EXPECT_TRUE(fs::exists(tmp("m.pt.state.pt")));
    const nlohmann::json state = nlohmann::json::parse(slurp(tmp("m.pt.state.json")));
    EXPECT_EQ(state["finished"], true);
    EXPECT_EQ(state["run"]["options"]["layers"], "32");
    // A finished run is not resumed (the library tests resume unfinished ones).
    r = run({"train", "--resume", tmp("m.pt.state.json").string()});
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_NE(r.err.find("has finished all its epochs"), std::string::npos) << r.err;

    r = run({"train", "--evaluate", model, "--test", "nonodataset:10x10/test@1-20",
             "--no-reflections", "--json"});
    EXPECT_EXIT_CODE(r, 0);
    const nlohmann::json acc = first_json(r);
    EXPECT_EQ(acc["boards"], 20);
    EXPECT_GE(acc["accuracy"].get<double>(), 0.0);
    EXPECT_LE(acc["accuracy"].get<double>(), 1.0);
}

// --evaluate --wrong-out: the boards the model gets wrong, as a data set
// that reads back with every board wrong again.
TEST_F(Cli, EvaluateWritesTheBoardsItGetsWrong) {
    const std::string model = NONOLAB_SOURCE_DIR "/models/nonodataset-10x10.pt";
    const std::string data = NONOLAB_SHARED_DIR "/benchmarks/dataset/nonodataset/10x10";
    if (!fs::exists(model) || !fs::exists(data))
        GTEST_SKIP() << "needs " << model << " and " << data;
    const std::string out = tmp("wrong/w.npz").string();
    RunResult r = run({"train", "--evaluate", model, "--test", "nonodataset:10x10/test@1-200",
                       "--no-reflections", "--wrong-out", out, "--json"});
    if (r.err.find("without LibTorch") != std::string::npos)
        GTEST_SKIP() << "built without LibTorch";
    EXPECT_EXIT_CODE(r, 0);
    const nlohmann::json all = first_json(r);
    EXPECT_TRUE(all["accuracy_with_reflections"].is_null()) << all;  // --no-reflections
    const long wrong = 200 - all["correct"].get<long>();
    ASSERT_GT(wrong, 0) << "the small shipped model gets about 13% of test boards right";
    EXPECT_NE(r.err.find("wrong boards: " + std::to_string(wrong)), std::string::npos) << r.err;
    const std::string spec = "pair:" + tmp("wrong/x_w-00001.npz").string() + "," +
                             tmp("wrong/y_w-00001.npz").string();
    r = run({"train", "--evaluate", model, "--test", spec, "--no-reflections", "--json"});
    EXPECT_EXIT_CODE(r, 0);
    const nlohmann::json again = first_json(r);
    EXPECT_EQ(again["boards"], wrong);
    EXPECT_EQ(again["correct"], 0);
    // --wrong-out belongs to --evaluate.
    r = run({"train", "--data", "nonodataset:10x10/test@1-20", "--wrong-out", out});
    EXPECT_EXIT_CODE(r, 2);
}

// Between two stretches of a run only how it computes may change: a resume
// with --precision bf16 goes on in bfloat16 products (its curve points say
// so) and may save its weights' average, one with another --batch is
// refused naming what may change.
TEST_F(Cli, TrainResumeMayChangeThePrecisionButNotTheRecipe) {
    const std::string data = NONOLAB_SHARED_DIR "/benchmarks/dataset/nonodataset/10x10";
    if (!fs::exists(data)) GTEST_SKIP() << "needs " << data;
    const std::string out = tmp("p.pt").string(), state = tmp("p.pt.state.json").string();
    // --timeout stops it before its first batch: an unfinished state.
    RunResult r =
        run({"train", "--data", "nonodataset:10x10/test@1-200", "--epochs", "2", "--layers", "32",
             "--batch", "32", "--curve-every", "1", "--timeout", "1e-9", "--out", out});
    if (r.err.find("without LibTorch") != std::string::npos)
        GTEST_SKIP() << "built without LibTorch";
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_EQ(nlohmann::json::parse(slurp(state))["finished"], false);
    r = run({"train", "--resume", state, "--batch", "64"});
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_NE(r.err.find("--precision and --average may change between stretches"),
              std::string::npos)
        << r.err;
    r = run({"train", "--resume", state, "--precision", "bf16", "--average", "0.9", "--json"});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_EQ(first_json(r)["train_precision"], "bf16");
    EXPECT_EQ(first_json(r)["average"], 0.9);  // the model saved is the weights' average
    EXPECT_EQ(first_json(r)["precision"], "float32");  // how its weights are stored
    const nlohmann::json st = nlohmann::json::parse(slurp(state));
    EXPECT_EQ(st["finished"], true);
    ASSERT_FALSE(st["curve"].empty());
    for (const auto& point : st["curve"]) EXPECT_EQ(point["precision"], "bf16") << point;
    // The run's own options still say f32: the next stretch would be f32.
    EXPECT_EQ(st["run"]["options"]["precision"], "f32");
}

// --stream: the shards of `generate --all 3 --shard-size 100` trained on as
// they are read, the state remembering it (so --resume streams too), and
// a shard gone missing named in the error.
TEST_F(Cli, TrainStreamReadsShardsAndItsStateRemembersIt) {
    RunResult r =
        run({"generate", "--all", "3", "--shard-size", "100", "-o", tmp("all3.npz").string()});
    EXPECT_EXIT_CODE(r, 0);
    const std::string data =
        "pair:" + tmp("x_all3-*.npz").string() + "," + tmp("y_all3-*.npz").string() + "%7!=0";
    const std::string out = tmp("m.pt").string();
    r = run({"train", "--stream", "--data", data, "--epochs", "2", "--layers", "16", "--batch",
             "64", "--out", out, "--json"});
    if (r.err.find("without LibTorch") != std::string::npos)
        GTEST_SKIP() << "built without LibTorch";
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_NE(r.err.find("streamed shard by shard"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("window 1/3 of 6 shards"), std::string::npos) << r.err;  // 512 boards
    EXPECT_EQ(first_json(r)["stream"], true);
    const nlohmann::json state = nlohmann::json::parse(slurp(tmp("m.pt.state.json")));
    EXPECT_EQ(state["run"]["options"]["stream"], "true");
    EXPECT_EQ(state["finished"], true);
    fs::remove(tmp("x_all3-00003.npz"));
    r = run({"train", "--stream", "--data",
             "pair:" + tmp("x_all3-00003.npz").string() + "," + tmp("y_all3-00003.npz").string(),
             "--out", out});
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_NE(r.err.find("x_all3-00003.npz"), std::string::npos) << r.err;
}

// train's training flags are generated from nn::train_option_table(): every
// flag the command had keeps its name and default, and a bad value is refused
// while the command line is read, in every build (no plugin needed).
TEST_F(Cli, TrainHelpListsEveryFlagWithTheTablesDefaults) {
    const RunResult r = run({"train", "--help"});
    EXPECT_EXIT_CODE(r, 0);
    for (const char* flag :
         {"--data", "--test", "--layers", "--dropout", "--lr", "--epochs", "--batch", "--seed",
          "--reflections", "--validation", "-o,--out", "--resume", "--timeout", "--threads",
          "--evaluate", "--no-reflections", "--json", "--shared"})
        EXPECT_NE(r.out.find(std::string(flag) + " "), std::string::npos) << flag << "\n" << r.out;
    for (const char* shown : {"--dropout TEXT=0.05", "--epochs TEXT=10", "--batch TEXT=256",
                              "--seed TEXT=1", "--validation TEXT=0.02", "--threads TEXT=1"})
        EXPECT_NE(r.out.find(shown), std::string::npos) << shown << "\n" << r.out;
    EXPECT_EQ(r.out.find("--checkpoint"), std::string::npos) << "derived from --out";
    const RunResult bad = run({"train", "--epochs", "0"});
    EXPECT_EXIT_CODE(bad, 2);
    EXPECT_NE(bad.err.find("expected an integer in [1, 100000], got '0'"), std::string::npos)
        << bad.err;
}

// LibTorch is a plugin the executable loads on first use (apps/torch_plugin.hpp).
// When it cannot be loaded, a network method fails per puzzle with the path and
// the reason, and commands that need no network do not notice.
TEST_F(Cli, MissingTorchPluginIsAClearErrorAndOnlyForNetworks) {
    const std::string missing = tmp("missing-plugin.so").string();
    ::setenv("NONOLAB_TORCH_PLUGIN", missing.c_str(), 1);
    const RunResult net = run({"solve", "--method", "nehpfi", "--json", example("cat.taai")});
    const RunResult plain = run({"check", "--json", example("cat.taai")});
    ::unsetenv("NONOLAB_TORCH_PLUGIN");
    EXPECT_EQ(first_json(plain)["status"], "unique");
    if (net.out.find("without LibTorch") != std::string::npos)
        GTEST_SKIP() << "built without LibTorch";
    EXPECT_EXIT_CODE(net, 4);
    const nlohmann::json j = first_json(net);
    EXPECT_EQ(j["status"], "error");
    const std::string error = j.value("error", "");
    EXPECT_NE(error.find("cannot load the LibTorch plugin " + missing), std::string::npos) << error;
}

}  // namespace
}  // namespace nonolab

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
    RunResult r = run({"train", "--recipe", "small", "--data", "nonodataset:10x10/test@1-50",
                       "--epochs", "1", "--out", out, "--json"});
    if (r.err.find("without LibTorch") != std::string::npos)
        GTEST_SKIP() << "built without LibTorch";
    EXPECT_EXIT_CODE(r, 0);
    const nlohmann::json md = first_json(r);
    EXPECT_EQ(md["epochs"], 1);
    EXPECT_EQ(md["recipe"], "small");
    EXPECT_EQ(md["layers"], nlohmann::json::array({1024, 512, 512}));  // the recipe's for 10x10
    // The kernels it ran on are recorded, and they are the ones chosen for
    // this CPU, not OpenBLAS's fallback (nn/openblas_core.hpp).
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
    EXPECT_EQ(state["run"]["options"]["layers"], "1024,512,512");
    EXPECT_EQ(state["run"]["options"]["recipe"], "small");
    // A finished run is not resumed (the library tests resume unfinished ones).
    r = run({"train", "--resume", tmp("m.pt.state.json").string()});
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_NE(r.err.find("has finished all its epochs"), std::string::npos) << r.err;

    r = run({"train", "--evaluate", model, "--test", "nonodataset:10x10/test@1-20", "--json"});
    EXPECT_EXIT_CODE(r, 0);
    const nlohmann::json acc = first_json(r);
    EXPECT_EQ(acc["boards"], 20);
    EXPECT_GE(acc["accuracy"].get<double>(), 0.0);
    EXPECT_LE(acc["accuracy_with_reflections"].get<double>(), 1.0);
    EXPECT_GE(acc["accuracy_with_reflections"].get<double>(), acc["accuracy"].get<double>());
}

// Between two stretches of a run only --timeout and --threads may change
// (nn::resumed_options): another --epochs is refused naming them, and the
// run goes on with its state's recipe and options.
TEST_F(Cli, TrainResumeTakesOnlyTimeoutAndThreadsAnew) {
    const std::string data = NONOLAB_SHARED_DIR "/benchmarks/dataset/nonodataset/10x10";
    if (!fs::exists(data)) GTEST_SKIP() << "needs " << data;
    const std::string out = tmp("p.pt").string(), state = tmp("p.pt.state.json").string();
    // --timeout stops it before its first batch: an unfinished state.
    RunResult r = run({"train", "--recipe", "small", "--data", "nonodataset:10x10/test@1-200",
                       "--epochs", "2", "--timeout", "1e-9", "--out", out});
    if (r.err.find("without LibTorch") != std::string::npos)
        GTEST_SKIP() << "built without LibTorch";
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_EQ(nlohmann::json::parse(slurp(state))["finished"], false);
    r = run({"train", "--resume", state, "--epochs", "3"});
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_NE(r.err.find("started with epochs=2, not 3 (only --timeout and --threads may change"),
              std::string::npos)
        << r.err;
    r = run({"train", "--resume", state, "--threads", "1", "--recipe", "small", "--json"});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_EQ(first_json(r)["recipe"], "small");
    EXPECT_EQ(first_json(r)["epochs"], 2);
    const nlohmann::json st = nlohmann::json::parse(slurp(state));
    EXPECT_EQ(st["finished"], true);
    EXPECT_EQ(st["stretches"], 2);
}

// train's flags: the user's keys of nn::train_option_table() (the recipe
// sets the rest) and the command's own, 15 with -h; the
// defaults are the table's, and a bad value is refused while the command
// line is read, in every build (no plugin needed).
TEST_F(Cli, TrainHelpListsFifteenFlagsWithTheTablesDefaults) {
    const RunResult r = run({"train", "--help"});
    EXPECT_EXIT_CODE(r, 0);
    const std::vector<std::string> flags = {"-h,--help",  "--data",   "--test",    "--recipe",
                                            "--epochs",   "--seed",   "--threads", "--timeout",
                                            "--state",    "--resume", "--init",    "-o,--out",
                                            "--evaluate", "--json",   "--shared"};
    for (const std::string& flag : flags)
        EXPECT_NE(r.out.find(flag + " "), std::string::npos) << flag << "\n" << r.out;
    int listed = 0;
    for (const std::string& line : lines_of(r.out))  // CLI11 indents each option by 2
        listed += line.starts_with("  -");
    EXPECT_EQ(listed, static_cast<int>(flags.size())) << r.out;
    for (const char* shown :
         {"--recipe TEXT=small", "--epochs INT=10", "--seed INT=1", "--threads INT=1"})
        EXPECT_NE(r.out.find(shown), std::string::npos) << shown << "\n" << r.out;
    // Every recipe is listed with what it trained.
    for (const char* recipe : {"small:", "small-ne8:", "paper:", "paper-tune:", "paper-tune-ne8:",
                               "paper-tune-5x5:", "lines:"})
        EXPECT_NE(r.out.find(recipe), std::string::npos) << recipe << "\n" << r.out;
    const RunResult bad = run({"train", "--epochs", "0"});
    EXPECT_EXIT_CODE(bad, 2);
    EXPECT_NE(bad.err.find("expected an integer in [1, 100000], got '0'"), std::string::npos)
        << bad.err;
    const RunResult gone = run({"train", "--layers", "32"});
    EXPECT_EXIT_CODE(gone, 2);  // a recipe's value, not a flag
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

// `nonolab solve --method nn-*` end to end, in the text and JSON outputs.
// nn-h needs no network, so it runs in every build; the network variants
// need the shipped models and LibTorch, and are checked when both exist.
#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"

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

}  // namespace
}  // namespace nonolab

// nonolab explain: numbered steps with reasons, --json with the same steps
// the library gives, the verdict in the exit status.
#include "cli_fixture.hpp"
#include "exact/explain.hpp"
#include "io/formats.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

TEST_F(Cli, ExplainPrintsNumberedStepsAndTheVerdict) {
    const RunResult r = run({"explain", example("heart.non")});
    EXPECT_EXIT_CODE(r, 0);
    const auto lines = lines_of(r.out);
    ASSERT_GE(lines.size(), 3u);
    EXPECT_NE(lines[0].find("heart.non #1 \"Heart\" (9x8)"), std::string::npos) << lines[0];
    EXPECT_EQ(lines[1].rfind("1. row ", 0), 0u) << lines[1];
    EXPECT_EQ(lines.back().rfind("unique: logic alone solves it", 0), 0u) << lines.back();
}

TEST_F(Cli, ExplainJsonHasTheLibrarysSteps) {
    const RunResult r = run({"explain", "--json", example("cat.taai")});
    EXPECT_EXIT_CODE(r, 0);
    const nlohmann::json j = nlohmann::json::parse(lines_of(r.out).at(0));
    const Puzzle p = io::read_puzzles(example("cat.taai")).at(0);
    const exact::Explanation e = exact::explain(p);
    ASSERT_EQ(j["steps"].size(), e.steps.size());
    for (std::size_t i = 0; i < e.steps.size(); ++i) {
        EXPECT_EQ(j["steps"][i]["reason"], e.steps[i].reason);
        EXPECT_EQ(j["steps"][i]["cells"].size(), e.steps[i].cells.size());
    }
    EXPECT_EQ(j["status"], "unique");
    EXPECT_EQ(j["grid"].size(), 15u);
}

TEST_F(Cli, ExplainFlagsComeFromTheOptionTable) {
    const RunResult stalled = run({"explain", "--no-probing", "--json", example("cat.taai")});
    EXPECT_EXIT_CODE(stalled, 0);
    EXPECT_EQ(nlohmann::json::parse(lines_of(stalled.out).at(0))["status"], "unsolved");
    const RunResult cut = run({"explain", "--max-steps", "1", example("heart.non")});
    EXPECT_EXIT_CODE(cut, 3);
    EXPECT_EXIT_CODE(run({"explain", example("impossible.nin")}), 1);
    EXPECT_EXIT_CODE(run({"explain", "--max-steps", "-1", example("heart.non")}), 2);
}

}  // namespace
}  // namespace nonolab

// solve --split through the real binary: the verdicts, solution counts,
// unique grids and exit status of an unsplit run, and clear usage errors.
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_fixture.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

// (status, number of solutions, the grid when unique) per JSON line.
std::vector<std::string> verdicts(const RunResult& r) {
    std::vector<std::string> out;
    std::istringstream lines(r.out);
    std::string line;
    while (std::getline(lines, line)) {
        const nlohmann::json j = nlohmann::json::parse(line);
        std::string v = j["source"].get<std::string>() + " " + j["status"].get<std::string>() +
                        " " + std::to_string(j["solutions"].size());
        if (j["status"] == "unique") v += " " + j["solutions"].dump();
        out.push_back(v);
    }
    return out;
}

TEST_F(Cli, SplitGivesTheVerdictsOfOneProcess) {
    const std::vector<std::string> files = {example("heart.non"), example("cat.taai"),
                                            example("impossible.nin"), example("twins.clues"),
                                            example("sailboat.xml")};
    std::vector<std::string> plain = {"solve", "--json", "--threads", "2"};
    plain.insert(plain.end(), files.begin(), files.end());
    const RunResult one = run(plain);
    EXPECT_EXIT_CODE(one, 1);  // impossible.nin: contradiction
    const std::vector<std::string> want = verdicts(one);
    ASSERT_EQ(want.size(), files.size());
    for (const char* depth : {"1", "3", "6"})
        for (const char* threads : {"1", "2"}) {
            std::vector<std::string> args = {"solve", "--json",    "--split",
                                             depth,   "--threads", threads};
            args.insert(args.end(), files.begin(), files.end());
            const RunResult split = run(args);
            EXPECT_EXIT_CODE(split, 1);
            EXPECT_EQ(verdicts(split), want) << "--split " << depth << " --threads " << threads;
            EXPECT_EQ(split.err.find("interrupted"), std::string::npos) << split.err;
            std::istringstream lines(split.out);
            std::string line;
            while (std::getline(lines, line))
                EXPECT_EQ(nlohmann::json::parse(line)["stats"]["split_depth"], std::stoi(depth));
        }
}

TEST_F(Cli, SplitRefusesWhatItCannotDo) {
    EXPECT_EXIT_CODE(run({"solve", "--split", "3", "--logic-only", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({"solve", "--split", "3", "--method", "hs-c", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({"check", "--split", "3", "--grade", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({"solve", "--split", "21", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({"solve", "--split", "x", example("heart.non")}), 2);
    // A colour puzzle: an error record that says why, not a crash.
    const RunResult r = run({"solve", "--json", "--split", "2", example("flower_pot.non")});
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_EQ(first_json(r)["status"], "error");
    EXPECT_NE(r.out.find("black-and-white"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace nonolab

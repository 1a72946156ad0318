// `nonolab solve --method hs-*` end to end: the real binary (NONOLAB_BINARY)
// through the shell, its JSON line checked against interface.md.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "core/grid.hpp"
#include "core/verify.hpp"
#include "io/formats.hpp"

namespace nonolab {
namespace {

namespace fs = std::filesystem;

struct CliRun {
    int code = -1;
    std::string out, err;
};

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Arguments here never contain quotes or spaces, so plain single quotes do.
CliRun nonolab(const std::string& args) {
    const fs::path out =
        fs::temp_directory_path() / ("nonolab_hs_cli_" + std::to_string(::getpid()) + ".out");
    const fs::path err = fs::path(out.string() + ".err");
    const std::string cmd = std::string("'") + NONOLAB_BINARY + "' " + args + " >'" + out.string() +
                            "' 2>'" + err.string() + "'";
    const int status = std::system(cmd.c_str());
    CliRun r;
    if (status != -1 && WIFEXITED(status)) r.code = WEXITSTATUS(status);
    r.out = slurp(out);
    r.err = slurp(err);
    fs::remove(out);
    fs::remove(err);
    return r;
}

const std::string kHeart = NONOLAB_SOURCE_DIR "/examples/heart.non";  // 9 x 8

TEST(HarmonySearchCli, SolveReportsStatusAndEvaluations) {
    const CliRun r = nonolab("solve --method hs-c --seed 3 --json '" + kHeart + "'");
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["method"], "hs-c");
    const std::string status = j["status"];
    ASSERT_TRUE(status == "solved" || status == "unsolved") << r.out;
    ASSERT_TRUE(j["stats"]["evaluations"].is_number_integer()) << r.out;
    EXPECT_GE(j["stats"]["evaluations"].get<long long>(), 1);
    EXPECT_EQ(j["seed"], 3);  // --seed is the run's seed, not a derived one
    if (status == "solved") {
        EXPECT_EQ(r.code, 0);
        EXPECT_EQ(j["stats"]["best_error"], 0);
        // The printed solution passes verify.
        const Puzzle p = io::read_puzzles(kHeart)[0];
        const auto rows = j["solutions"][0];
        Grid g(p.width(), p.height(), kEmpty);
        for (int r2 = 0; r2 < p.height(); ++r2)
            for (int c = 0; c < p.width(); ++c)
                if (rows[r2].get<std::string>()[c] == '#') g.set(r2, c, kFilled);
        EXPECT_TRUE(verify(p, g));
    } else {
        EXPECT_EQ(r.code, 3);
        EXPECT_GT(j["stats"]["best_error"].get<long long>(), 0);
    }
}

TEST(HarmonySearchCli, SameSeedSameOutput) {
    for (const char* method : {"hs-a", "hs-b", "hs-c", "hs-c+"}) {
        const std::string args = std::string("solve --method ") + method +
                                 " --seed 11 --max-evaluations 3000 --json '" + kHeart + "'";
        auto a = nlohmann::json::parse(nonolab(args).out);
        auto b = nlohmann::json::parse(nonolab(args).out);
        a.erase("seconds");
        b.erase("seconds");
        EXPECT_EQ(a, b) << method;
        EXPECT_LE(a["stats"]["evaluations"].get<long long>(), 3000) << method;
    }
}

TEST(HarmonySearchCli, VersionBReportsFixedCells) {
    const auto j = nlohmann::json::parse(
        nonolab("solve --method hs-b --seed 1 --max-evaluations 10 --json '" + kHeart + "'").out);
    ASSERT_TRUE(j["stats"].contains("fixed_cells"));
    EXPECT_GT(j["stats"]["fixed_cells"].get<double>(), 0);
}

TEST(HarmonySearchCli, BadParamIsAnErrorNamingTheKey) {
    // A bad parameter is a usage error, found before any puzzle runs.
    const CliRun r = nonolab("solve --method hs-a --param hms=0 --json '" + kHeart + "'");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find("'hms'"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace nonolab

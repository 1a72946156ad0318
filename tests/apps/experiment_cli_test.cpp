// `nonolab experiment` end to end through the real binary: usage errors and
// their exit codes, and (when a paper method is registered) the
// JSON lines, their independence of --threads, --resume and --plot, on a
// registered method (hs-c when there is one). The harness itself is tested
// without any real method in tests/batch.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const std::string kBinary = NONOLAB_BINARY;
const fs::path kSource = NONOLAB_SOURCE_DIR;

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

struct Ran {
    int code = -1;
    std::string out, err, command;
};

class ExperimentCli : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("nonolab_exp_cli_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    Ran run(const std::vector<std::string>& args) const {
        auto quote = [](const std::string& s) {
            std::string q = "'";
            for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
            return q + "'";
        };
        Ran r;
        r.command = quote(kBinary);
        for (const auto& a : args) r.command += " " + quote(a);
        const fs::path o = dir_ / "stdout", e = dir_ / "stderr";
        const int st = std::system((r.command + " >" + quote(o) + " 2>" + quote(e)).c_str());
        r.code = st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        r.out = read_text(o);
        r.err = read_text(e);
        return r;
    }

    // A registered paper method to run: hs-c, else any hs-*, else the GA
    // baseline of the same paper, else any meta method; "" when none is.
    std::string a_method() const {
        const Ran r = run({"solve", "--list-methods"});
        std::vector<std::string> names;
        for (const std::string& l : lines(r.out))
            if (!l.empty() && l[0] != ' ' && l.rfind("exact\t", 0) != 0)
                names.push_back(l.substr(0, l.find('\t')));
        for (const char* want : {"hs-c", "hs-", "ga-hs-baseline", ""})
            for (const std::string& n : names)
                if (n.rfind(want, 0) == 0) return n;
        return "";
    }

    fs::path dir_;
};

#define EXPECT_CODE(ran, expected)                                    \
    EXPECT_EQ((ran).code, expected) << (ran).command << "\nstdout:\n" \
                                    << (ran).out << "\nstderr:\n"     \
                                    << (ran).err

TEST_F(ExperimentCli, HelpTeachesWithExamples) {
    const Ran r = run({"experiment", "--help"});
    EXPECT_CODE(r, 0);
    for (const char* s : {"Examples:", "--methods", "--trials", "--seed", "--threads", "--resume",
                          "--curve", "--plot", "--param", "success x/T"})
        EXPECT_NE(r.out.find(s), std::string::npos) << s;
}

TEST_F(ExperimentCli, UsageErrorsExitTwoAndLeaveTheOutputAlone) {
    const std::string puzzle = (kSource / "bench/hs-suite/mine.non").string();
    const fs::path out = dir_ / "keep.jsonl";
    std::ofstream(out) << "precious\n";
    Ran r = run({"experiment", puzzle, "--methods", "no-such-method", "--out", out.string()});
    EXPECT_CODE(r, 2);
    EXPECT_NE(r.err.find("unknown method 'no-such-method'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--list-methods"), std::string::npos) << r.err;
    EXPECT_EQ(read_text(out), "precious\n");

    r = run({"experiment", puzzle, "--methods", "x", "--curve", "10", "--plot",
             (dir_ / "c.png").string()});
    EXPECT_CODE(r, 2);
    EXPECT_NE(r.err.find("PNG output is not available yet"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("c.svg"), std::string::npos) << r.err;

    r = run({"experiment", puzzle, "--methods", "x", "--plot", (dir_ / "c.svg").string()});
    EXPECT_CODE(r, 2);
    EXPECT_NE(r.err.find("--curve"), std::string::npos) << r.err;

    EXPECT_CODE(run({"experiment", puzzle, "--methods", "a,b", "--param", "c:k=1"}), 2);
    EXPECT_CODE(run({"experiment", puzzle, "--methods", "a", "--param", "novalue"}), 2);
    EXPECT_CODE(run({"experiment", puzzle, "--methods", "a,,b"}), 2);
    EXPECT_CODE(run({"experiment", puzzle, "--methods", "a,a"}), 2);
    EXPECT_CODE(run({"experiment", puzzle}), 2);  // --methods is required
    EXPECT_CODE(run({"experiment", (dir_ / "absent.non").string(), "--methods", "a"}), 2);
    // The numbers are the experiment table's (batch/experiment.hpp), refused as it words it.
    r = run({"experiment", puzzle, "--methods", "a", "--trials", "0"});
    EXPECT_CODE(r, 2);
    EXPECT_NE(r.err.find("--trials: expected an integer in [1, 1000000000], got '0'"),
              std::string::npos)
        << r.err;
    EXPECT_CODE(run({"experiment", puzzle, "--methods", "a", "-j", "-1"}), 2);
    EXPECT_CODE(run({"experiment", puzzle, "--methods", "a", "--table", "html"}), 2);
}

TEST_F(ExperimentCli, UnreadableInputsExitFour) {
    const fs::path junk = dir_ / "junk.txt";
    std::ofstream(junk) << "this is not a puzzle\n";
    Ran r = run({"experiment", junk.string(), "--methods", "hs-c"});
    EXPECT_CODE(r, 4);
    EXPECT_NE(r.err.find("junk.txt"), std::string::npos) << r.err;

    const fs::path manifest = dir_ / "suite.txt";
    std::ofstream(manifest) << "nonolab-suite 1\nmissing.non\n";
    r = run({"experiment", dir_.string(), "--methods", "hs-c"});
    EXPECT_CODE(r, 4);
    EXPECT_NE(r.err.find("suite.txt:2"), std::string::npos) << r.err;
}

TEST_F(ExperimentCli, RunsRecordsResumesAndPlots) {
    const std::string method = a_method();
    if (method.empty()) GTEST_SKIP() << "no meta-heuristic method is registered yet";
    const fs::path manifest = dir_ / "small.txt";
    std::ofstream(manifest) << "nonolab-suite 1\ngroup small\n"
                            << (kSource / "bench/hs-suite/mine.non").string() << "\n"
                            << (kSource / "bench/hs-suite/heart.non").string() << "\n";
    const fs::path one = dir_ / "one.jsonl", two = dir_ / "two.jsonl";
    const std::vector<std::string> common = {
        "experiment", manifest.string(),   "--methods", method,    "-t", "3", "--seed",
        "5",          "--max-evaluations", "20000",     "--curve", "500"};  // -t: --trials
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> a = common;
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    };
    Ran r1 =
        run(with({"--threads", "1", "--out", one.string(), "--plot", (dir_ / "c.svg").string()}));
    EXPECT_CODE(r1, 0);
    Ran r2 = run(with({"-j", "2", "--out", two.string()}));  // -j: --threads
    EXPECT_CODE(r2, 0);
    // The summary: one row per puzzle, x/3 per method.
    EXPECT_NE(r1.out.find("/3"), std::string::npos) << r1.out;
    EXPECT_EQ(lines(r1.out).size(), 4u) << r1.out;  // two header lines, two puzzles
    EXPECT_TRUE(fs::exists(dir_ / "c.svg"));
    EXPECT_NE(read_text(dir_ / "c.svg").find("<polyline"), std::string::npos);

    // Same records whatever the thread count, "seconds" aside.
    auto strip = [](const std::string& text) {
        std::vector<nlohmann::json> out;
        for (const std::string& l : lines(text)) {
            auto j = nlohmann::json::parse(l);
            j.erase("seconds");
            out.push_back(j);
        }
        return out;
    };
    const auto a = strip(read_text(one)), b = strip(read_text(two));
    ASSERT_EQ(a.size(), 6u);
    EXPECT_EQ(a, b);
    std::set<std::uint64_t> seeds;
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i]["unit"].get<std::size_t>(), i);
        EXPECT_EQ(a[i]["method"], method);
        EXPECT_EQ(a[i]["group"], "small");
        EXPECT_TRUE(a[i].contains("curve"));
        EXPECT_EQ(a[i]["solutions"].size(), a[i]["status"] == "solved" ? 1u : 0u);
        EXPECT_LE(a[i]["stats"]["evaluations"].get<std::int64_t>(), 20000);
        seeds.insert(a[i]["seed"].get<std::uint64_t>());
    }
    EXPECT_EQ(seeds.size(), 6u);

    // Resume: drop the last two lines and leave half of a third; only the
    // missing units run again, and the file ends up as before.
    const auto all = lines(read_text(one));
    {
        std::ofstream cut(one, std::ios::binary | std::ios::trunc);
        for (std::size_t i = 0; i + 3 < all.size(); ++i) cut << all[i] << "\n";
        cut << all[all.size() - 3].substr(0, 20);
    }
    Ran r3 = run(with({"--resume", one.string()}));
    EXPECT_CODE(r3, 0);
    EXPECT_NE(r3.err.find("incomplete"), std::string::npos) << r3.err;
    EXPECT_EQ(strip(read_text(one)), a);
    EXPECT_EQ(r3.out, r1.out);
    // Nothing left to do: the file stays as it is.
    const std::string before = read_text(one);
    EXPECT_CODE(run(with({"--resume", one.string()})), 0);
    EXPECT_EQ(read_text(one), before);
}

}  // namespace

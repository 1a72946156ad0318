// One puzzle per process: a plain run does only the work its
// command needs. The binary counts every build of option documentation
// (OptionTable::docs and entries, core/options.hpp) and, with
// NONOLAB_REPORT_DOCS=1, prints the count at exit; `check` and `solve` on a
// small puzzle must build none, while --help and --list-methods, which show
// that documentation, must build some (so the counter is seen to count).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "cli_fixture.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

class Startup : public Cli {
  protected:
    void SetUp() override {
        Cli::SetUp();
        ::setenv("NONOLAB_REPORT_DOCS", "1", 1);
    }
    void TearDown() override {
        ::unsetenv("NONOLAB_REPORT_DOCS");
        Cli::TearDown();
    }

    // The count the run reported on stderr, or -1 when it reported none.
    static long docs_built(const RunResult& r) {
        const std::string tag = "option docs built: ";
        const auto at = r.err.rfind(tag);
        if (at == std::string::npos) return -1;
        return std::stol(r.err.substr(at + tag.size()));
    }

    fs::path one_by_one() const {
        const fs::path path = tmp("one.non");
        spit(path, "width 1\nheight 1\n\nrows\n1\n\ncolumns\n1\n");
        return path;
    }
};

TEST_F(Startup, CheckOfASmallPuzzleBuildsNoOptionDocs) {
    const RunResult r = run({"check", "--threads", "1", one_by_one().string()});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_NE(r.out.find("unique"), std::string::npos) << r.out;
    EXPECT_EQ(docs_built(r), 0) << r.err;
}

TEST_F(Startup, SolveAndJsonCheckBuildNoOptionDocs) {
    // A 5x5 picture: a frame with a bar across the middle.
    const fs::path path = tmp("five.non");
    spit(path,
         "width 5\nheight 5\n\nrows\n5\n1 1\n3\n1 1\n5\n\ncolumns\n2 2\n1 1 1\n1 1 1\n"
         "1 1 1\n2 2\n");
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"solve", "--threads", "1", path.string()},
          std::vector<std::string>{"check", "--json", "--no-probing", path.string()},
          std::vector<std::string>{"check", "--unprobed-nodes=3", "--engine", "SEARCH",
                                   path.string()},
          std::vector<std::string>{"solve", "--method", "logic", path.string()}}) {
        const RunResult r = run(args);
        EXPECT_EXIT_CODE(r, 0);
        EXPECT_EQ(docs_built(r), 0) << r.command << "\n" << r.err;
    }
}

// A run adds only the table flags its command line names (option_flags.hpp):
// the others are still known, and a word that is none of them is still an
// error that names it.
TEST_F(Startup, FlagsNotNamedAreStillCheckedAndUnknownOnesRejected) {
    const fs::path path = one_by_one();
    const RunResult bad_value = run({"check", "--node-limit", "-3", path.string()});
    EXPECT_EXIT_CODE(bad_value, 2);
    EXPECT_NE(bad_value.err.find("--node-limit"), std::string::npos) << bad_value.err;
    const RunResult unknown = run({"check", "--node-limits", path.string()});
    EXPECT_EXIT_CODE(unknown, 2);
    EXPECT_NE(unknown.err.find("--node-limits"), std::string::npos) << unknown.err;
    const RunResult wrong_sense = run({"check", "--probing", path.string()});
    EXPECT_EXIT_CODE(wrong_sense, 2);
}

TEST_F(Startup, VersionBuildsNoOptionDocs) {
    const RunResult r = run({"--version"});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_EQ(docs_built(r), 0) << r.err;
    // `--version` alone answers before CLI11 is set up (nonolab.cpp); with
    // other words CLI11 answers. Both say the same.
    EXPECT_EQ(r.out, "nonolab 0.1.0\n");
    const RunResult through_cli11 = run({"--version", "check"});
    EXPECT_EXIT_CODE(through_cli11, 0);
    EXPECT_EQ(through_cli11.out, r.out);
}

TEST_F(Startup, HelpAndListMethodsBuildThem) {
    const RunResult help = run({"check", "--help"});
    EXPECT_EXIT_CODE(help, 0);
    EXPECT_GT(docs_built(help), 0) << help.err;
    // The flags' descriptions, written only for help, are there: a range, a
    // default, and the wording of a flag that is on by default.
    EXPECT_NE(help.out.find("--node-limit"), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("an integer in [0, "), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("(on unless this flag is given)"), std::string::npos) << help.out;

    const RunResult list = run({"solve", "--list-methods"});
    EXPECT_EXIT_CODE(list, 0);
    EXPECT_GT(docs_built(list), 0) << list.err;
}

TEST_F(Startup, WithoutTheVariableNothingIsReported) {
    ::unsetenv("NONOLAB_REPORT_DOCS");
    const RunResult r = run({"check", one_by_one().string()});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_EQ(docs_built(r), -1) << r.err;
}

}  // namespace
}  // namespace nonolab

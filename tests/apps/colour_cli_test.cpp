// Colour puzzle files through the real binary: PNG solution pictures (decoded
// by the OpenCV image plugin, loaded on first use) and the nonograms.org
// text files, checked and converted.
#include <map>

#include "cli_fixture.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

const std::string kPng = NONOLAB_SHARED_DIR "/benchmarks/colour/number_loom_png";
const std::string kLoomXml = NONOLAB_SHARED_DIR "/benchmarks/misc/number_loom_puzzles/puzzles";
const std::string kOrg = NONOLAB_SHARED_DIR "/benchmarks/colour/nonograms_org_will_iam_wang";

TEST_F(Cli, CheckGivesAVerdictForEveryPngPuzzle) {
#ifndef NONOLAB_HAVE_OPENCV
    GTEST_SKIP() << "built without OpenCV";
#endif
    if (!fs::exists(kPng)) GTEST_SKIP() << "no pictures at " << kPng;
    std::vector<std::string> args{"check", "--timeout", "20"};
    for (const auto& e : fs::directory_iterator(kPng)) args.push_back(e.path().string());
    ASSERT_EQ(args.size(), 3u + 8u);
    const RunResult r = run(args);
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 8u) << r.out << r.err;
    // Each picture was read (the line names its size) and proven by the
    // exact solver over colour sets (exact/colour_domain.hpp).
    for (const std::string& line : lines) {
        bool verdict = false;
        for (const char* v : {": unique", ": multiple", ": contradiction"})
            verdict |= line.find(v) != std::string::npos;
        EXPECT_TRUE(verdict) << line << "\n" << r.err;
    }
    EXPECT_LE(r.code, 1) << r.err;  // 0 = all unique, 1 = some puzzle is not
}

TEST_F(Cli, HeadphonesPngHasTheCluesOfItsXmlPuzzle) {
#ifndef NONOLAB_HAVE_OPENCV
    GTEST_SKIP() << "built without OpenCV";
#endif
    if (!fs::exists(kPng) || !fs::exists(kLoomXml)) GTEST_SKIP() << "no number-loom files";
    const fs::path out = tmp("headphones.xml");
    const RunResult r = run({"convert", kPng + "/headphones.png", out.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    const Puzzle converted = io::read_puzzles(out.string()).at(0);
    const Puzzle xml = io::read_puzzles(kLoomXml + "/listen_left_and_right.xml").at(0);
    EXPECT_TRUE(converted.same_clues(xml)) << slurp(out);
    ASSERT_EQ(converted.palette().size(), xml.palette().size());
    for (size_t k = 0; k < xml.palette().size(); ++k)
        EXPECT_EQ(converted.palette()[k].rgb, xml.palette()[k].rgb) << k;
    EXPECT_TRUE(converted.info().goal.has_value());  // the picture travels as the goal
}

TEST_F(Cli, MissingImagePluginMakesPngPuzzlesAClearError) {
    if (!fs::exists(kPng)) GTEST_SKIP() << "no pictures at " << kPng;
    const std::string missing = tmp("no-such-plugin.so").string();
    ::setenv("NONOLAB_IMAGE_PLUGIN", missing.c_str(), 1);
    const RunResult r = run({"check", kPng + "/headphones.png"});
    ::unsetenv("NONOLAB_IMAGE_PLUGIN");
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_NE((r.out + r.err).find("reading PNG puzzles needs the OpenCV image plugin"),
              std::string::npos)
        << r.out << r.err;
}

TEST_F(Cli, NonogramsOrgTextIsDetectedAndConverted) {
    if (!fs::exists(kOrg)) GTEST_SKIP() << "no nonograms.org files at " << kOrg;
    const fs::path out = tmp("4374.txt");
    const RunResult r = run({"convert", kOrg + "/4374.txt", out.string(), "--to", "nonograms-org"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(slurp(out), slurp(kOrg + "/4374.txt"));  // the newer variant, unchanged
    const RunResult formats = run({"formats"});
    EXPECT_NE(formats.out.find("\nnonograms-org "), std::string::npos) << formats.out;
    EXPECT_NE(formats.out.find("\npng "), std::string::npos) << formats.out;
}

// Colours on a terminal only: a pipe gets plain characters, CLICOLOR_FORCE
// forces 24-bit colours into one, and NO_COLOR wins over both.
TEST_F(Cli, TerminalColoursFollowNoColorAndClicolorForce) {
    const std::string flower = example("flower_pot.non");
    ::unsetenv("NO_COLOR");
    ::unsetenv("CLICOLOR_FORCE");
    const RunResult piped = run({"render", flower, "--solve"});
    EXPECT_EXIT_CODE(piped, 0);
    EXPECT_EQ(piped.out.find('\x1b'), std::string::npos) << piped.out;
    ::setenv("CLICOLOR_FORCE", "1", 1);
    const RunResult forced = run({"render", flower, "--solve"});
    const RunResult solved = run({"solve", flower});
    ::setenv("NO_COLOR", "1", 1);
    const RunResult refused = run({"render", flower, "--solve"});
    ::unsetenv("NO_COLOR");
    ::unsetenv("CLICOLOR_FORCE");
    EXPECT_NE(forced.out.find("\x1b[48;2;"), std::string::npos) << forced.out;
    EXPECT_NE(solved.out.find("\x1b[48;2;"), std::string::npos) << solved.out;
    EXPECT_EQ(refused.out, piped.out);
}

}  // namespace
}  // namespace nonolab

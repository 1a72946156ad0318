// nonolab generate: datasets (.npz shards), puzzle files, the puzzle maker's
// uniqueness report, and the errors for bad inputs.
#include <gtest/gtest.h>

#include "cli_fixture.hpp"
#include "core/verify.hpp"
#include "io/formats.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

// Whether this build makes the OpenCV plugin (tests/CMakeLists.txt).
bool has_opencv() {
#ifdef NONOLAB_HAVE_OPENCV
    return true;
#else
    return false;
#endif
}

TEST_F(Cli, GenerateNoiseShardsAreDeterministicAndIndependent) {
    const fs::path all = tmp("all"), solo = tmp("solo");
    fs::create_directories(all);
    fs::create_directories(solo);
    const std::vector<std::string> base = {"generate",     "--noise", "25",     "--size", "6",
                                           "--shard-size", "10",      "--seed", "9"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> v = base;
        v.insert(v.end(), extra.begin(), extra.end());
        return v;
    };
    EXPECT_EXIT_CODE(run(with({"-o", (all / "n.npz").string()})), 0);
    for (int k = 1; k <= 3; ++k)
        EXPECT_EXIT_CODE(
            run(with({"-o", (solo / "n.npz").string(), "--shards", std::to_string(k)})), 0);
    for (const char* f : {"x_n-00001.npz", "y_n-00001.npz", "x_n-00002.npz", "y_n-00003.npz"}) {
        ASSERT_TRUE(fs::exists(all / f)) << f;
        EXPECT_EQ(slurp(all / f), slurp(solo / f)) << f;
    }
    EXPECT_FALSE(fs::exists(all / "x_n-00004.npz"));
    EXPECT_EQ(io::read_puzzles((all / "y_n-00003.npz").string()).size(), 5u);
    // Same seed, byte-identical; another seed, other boards.
    EXPECT_EXIT_CODE(run(with({"-o", (all / "again.npz").string()})), 0);
    EXPECT_EQ(slurp(all / "x_again-00002.npz"), slurp(all / "x_n-00002.npz"));
    std::vector<std::string> other = with({"-o", (all / "other.npz").string()});
    other[8] = "10";
    EXPECT_EXIT_CODE(run(other), 0);
    EXPECT_NE(slurp(all / "y_other-00001.npz"), slurp(all / "y_n-00001.npz"));
    // Clues and boards agree row for row.
    const auto x = io::read_puzzles((all / "x_n-00002.npz").string());
    const auto y = io::read_puzzles((all / "y_n-00002.npz").string());
    ASSERT_EQ(x.size(), 10u);
    for (size_t i = 0; i < x.size(); ++i) EXPECT_TRUE(verify(x[i], *y[i].info().goal)) << i;
    // No temporary files left behind.
    for (const auto& e : fs::directory_iterator(all))
        EXPECT_EQ(e.path().filename().string().find("tmp-nonolab"), std::string::npos) << e.path();
}

TEST_F(Cli, GenerateAllWithReflectionsAndUniqueOnly) {
    EXPECT_EXIT_CODE(run({"generate", "--all", "2", "-o", tmp("a.npz").string()}), 0);
    EXPECT_EQ(io::read_puzzles(tmp("y_a-00001.npz").string()).size(), 16u);
    EXPECT_EXIT_CODE(run({"generate", "--all", "2", "--reflections", "-o", tmp("r.npz").string()}),
                     0);
    EXPECT_EQ(io::read_puzzles(tmp("x_r-00001.npz").string()).size(), 128u);
    // 2x2: 15 clue sets for 16 boards (Table 1); only the diagonal pair is ambiguous.
    RunResult r = run({"generate", "--all", "2", "--unique-only", "-o", tmp("u.non").string()});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_EQ(io::read_puzzles(tmp("u.non").string()).size(), 14u);
    EXPECT_NE(r.err.find("unique 14, multiple 2"), std::string::npos) << r.err;
}

TEST_F(Cli, GenerateFromImageReportsUniqueness) {
    if (!has_opencv()) GTEST_SKIP() << "nonolab built without OpenCV";
    const fs::path out = tmp("cat.non");
    RunResult r = run(
        {"generate", "--from-image", example("cat.png"), "--size", "20x20", "-o", out.string()});
    EXPECT_EXIT_CODE(r, 0);
    const auto puzzles = io::read_puzzles(out.string());
    ASSERT_EQ(puzzles.size(), 1u);
    EXPECT_EQ(puzzles[0].width(), 20);
    // The report names the verdict and how it was proven, and agrees with check.
    RunResult c = run({"check", "--json", out.string()});
    const std::string status =
        c.out.find("\"unique\"") != std::string::npos ? "unique" : "multiple";
    EXPECT_NE(r.err.find("cat.png otsu-inv (20x20): " + status + " (proven: "), std::string::npos)
        << r.err << c.out;
    // All four methods, four puzzles, four reports.
    r = run({"generate", "--from-image", example("cat.png"), "--method", "all", "--size", "12",
             "-o", tmp("four.non").string()});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_EQ(io::read_puzzles(tmp("four.non").string()).size(), 4u);
    for (const char* m : {"canny", "threshold", "otsu (", "otsu-inv"})
        EXPECT_NE(r.err.find(m), std::string::npos) << m << "\n" << r.err;
    // The same image twice: the copy is dropped as a duplicate.
    fs::copy_file(example("cat.png"), tmp("copy.png"));
    r = run({"generate", "--from-image", example("cat.png"), tmp("copy.png").string(), "-o",
             tmp("two.non").string()});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_NE(r.err.find("near-duplicate"), std::string::npos) << r.err;
    EXPECT_EQ(io::read_puzzles(tmp("two.non").string()).size(), 1u);
}

TEST_F(Cli, GenerateFiguresAndRenderPng) {
    if (!has_opencv()) GTEST_SKIP() << "nonolab built without OpenCV";
    EXPECT_EXIT_CODE(run({"generate", "--figures", "30", "--size", "10", "-o",
                          tmp("f.npz").string(), "--seed", "4"}),
                     0);
    EXPECT_EQ(io::read_puzzles(tmp("x_f-00001.npz").string()).size(), 30u);
    EXPECT_EXIT_CODE(
        run({"render", example("heart.non"), "--solve", "--png", tmp("heart.png").string()}), 0);
    const std::string png = slurp(tmp("heart.png"));
    ASSERT_GT(png.size(), 8u);
    EXPECT_EQ(png.substr(1, 3), "PNG");
}

TEST_F(Cli, GenerateBadInputsGiveClearErrors) {
    auto expect = [&](std::vector<std::string> args, int code, const std::string& fragment) {
        RunResult r = run(args);
        EXPECT_EXIT_CODE(r, code);
        EXPECT_NE(r.err.find(fragment), std::string::npos) << r.command << "\n" << r.err;
    };
    expect({"generate"}, 2, "say what to generate");
    expect({"generate", "--noise", "5", "--size", "0"}, 2, "--size");
    expect({"generate", "--noise", "5", "--size", "3x"}, 2, "--size");
    expect({"generate", "--noise", "2000000000", "-o", tmp("n.npz").string()}, 2,
           "count too large");
    expect({"generate", "--noise", "200000", "-o", tmp("n.non").string()}, 2, "count too large");
    expect({"generate", "--noise", "5", "--figures", "5"}, 2, "one of");
    expect({"generate", "--noise", "5", "--size", "4x5", "-o", tmp("n.npz").string()}, 2, "square");
    expect({"generate", "--noise", "5", "--shard-size", "0", "-o", tmp("n.npz").string()}, 2,
           "shard size");
    expect({"generate", "--noise", "5", "--shards", "3", "-o", tmp("n.npz").string()}, 2,
           "1 shard");
    expect({"generate", "--noise", "5", "-o", tmp("n.xyz").string()}, 2, "cannot write");
    if (!has_opencv()) {
        expect({"generate", "--figures", "5"}, 2, "OpenCV");
        return;
    }
    expect({"generate", "--from-image", tmp("missing.png").string()}, 4, "no such file");
    spit(tmp("junk.png"), "not a picture");
    expect({"generate", "--from-image", tmp("junk.png").string()}, 4, "cannot decode");
    expect({"generate", "--from-image", example("cat.png"), "--method", "sobel"}, 2, "sobel");
}

}  // namespace
}  // namespace nonolab

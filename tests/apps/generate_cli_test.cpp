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
    // The sparse setting (and a figure count of one's own) draws other boards.
    EXPECT_EXIT_CODE(run({"generate", "--figures", "30", "--size", "10", "-o",
                          tmp("s.npz").string(), "--seed", "4", "--figure-setting", "sparse"}),
                     0);
    EXPECT_NE(slurp(tmp("y_s-00001.npz")), slurp(tmp("y_f-00001.npz")));
    EXPECT_EXIT_CODE(run({"generate", "--figures", "30", "--size", "10", "-o",
                          tmp("k.npz").string(), "--seed", "4", "--figures-per-board", "3"}),
                     0);
    EXPECT_NE(slurp(tmp("y_k-00001.npz")), slurp(tmp("y_f-00001.npz")));
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
    expect({"generate", "--noise", "5", "--figure-setting", "sparse"}, 2, "go with --figures");
    expect({"generate", "--noise", "5", "--figures-per-board", "3"}, 2, "go with --figures");
    expect({"generate", "--figures", "5", "--figure-setting", "dense"}, 2, "dense");
    if (!has_opencv()) {
        expect({"generate", "--figures", "5"}, 2, "OpenCV");
        return;
    }
    expect({"generate", "--from-image", tmp("missing.png").string()}, 4, "no such file");
    spit(tmp("junk.png"), "not a picture");
    expect({"generate", "--from-image", tmp("junk.png").string()}, 4, "cannot decode");
    expect({"generate", "--from-image", example("cat.png"), "--method", "sobel"}, 2, "sobel");
}

TEST_F(Cli, GenerateRandomColourBoardsSeededAndUniqueOnly) {
    const std::vector<std::string> base = {"generate",  "--random", "12x10",   "--colours", "3",
                                           "--density", "0.7",      "--count", "20"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    EXPECT_EXIT_CODE(run(with({"--seed", "4", "-o", tmp("a.non").string()})), 0);
    EXPECT_EXIT_CODE(run(with({"--seed", "4", "-o", tmp("b.non").string()})), 0);
    EXPECT_EXIT_CODE(run(with({"--seed", "5", "-o", tmp("c.non").string()})), 0);
    EXPECT_EQ(slurp(tmp("a.non")), slurp(tmp("b.non")));
    EXPECT_NE(slurp(tmp("a.non")), slurp(tmp("c.non")));
    const auto all = io::read_puzzles(tmp("a.non").string());
    ASSERT_EQ(all.size(), 20u);
    EXPECT_EQ(all[0].palette().size(), 4u);  // background + 3
    // --unique-only keeps exactly the boards that check calls unique.
    const RunResult r = run(with({"--seed", "4", "--unique-only", "-o", tmp("u.non").string()}));
    EXPECT_EXIT_CODE(r, 0);
    const RunResult c = run({"check", "--json", tmp("a.non").string()});
    std::size_t unique = 0;
    for (const std::string& line : lines_of(c.out))
        unique += nlohmann::json::parse(line).at("status") == "unique";
    ASSERT_GT(unique, 0u) << "no unique board among 20: pick a denser setting";
    EXPECT_EQ(io::read_puzzles(tmp("u.non").string()).size(), unique) << r.err;
    const RunResult cu = run({"check", "--json", tmp("u.non").string()});
    for (const std::string& line : lines_of(cu.out))
        EXPECT_EQ(nlohmann::json::parse(line).at("status"), "unique") << line;
    // Colour boards do not fit the black-and-white dataset files.
    const RunResult npz = run(with({"-o", tmp("d.npz").string()}));
    EXPECT_EXIT_CODE(npz, 2);
    EXPECT_NE(npz.err.find("black-and-white"), std::string::npos) << npz.err;
    EXPECT_FALSE(fs::exists(tmp("x_d-00001.npz")));
}

TEST_F(Cli, GenerateColourPuzzleFromPicture) {
    if (!has_opencv()) GTEST_SKIP() << "nonolab built without OpenCV";
    // A colour picture: the flower pot's solution drawn without clues.
    const fs::path png = tmp("flower.png");
    EXPECT_EXIT_CODE(run({"render", example("flower_pot.non"), "--solve", "--no-clues", "--png",
                          png.string(), "--cell", "10"}),
                     0);
    const fs::path out = tmp("flower.non");
    const RunResult r = run({"generate", "--from-image", png.string(), "--colours", "4", "--size",
                             "10x11", "-o", out.string()});
    EXPECT_EXIT_CODE(r, 0);
    const auto puzzles = io::read_puzzles(out.string());
    ASSERT_EQ(puzzles.size(), 1u);
    EXPECT_EQ(puzzles[0].palette().size(), 5u);
    const RunResult c = run({"check", "--json", out.string()});
    const std::string status = first_json(c).at("status");
    EXPECT_NE(r.err.find("(10x11, 4 colour(s)): " + status + " (proven: "), std::string::npos)
        << r.err << c.out;
    // A palette of the maker's: exactly those colours.
    const RunResult p = run({"generate", "--from-image", png.string(), "--palette",
                             "white,d62828,2a9d4b", "--size", "10x11", "-o", "-"});
    EXPECT_EXIT_CODE(p, 0);
    EXPECT_NE(p.out.find("d62828"), std::string::npos) << p.out;
    // Bad palettes and flags are usage errors.
    EXPECT_EXIT_CODE(run({"generate", "--from-image", png.string(), "--palette", "white,nope"}), 2);
    EXPECT_EXIT_CODE(
        run({"generate", "--from-image", png.string(), "--colours", "2", "--reflections"}), 2);
}

}  // namespace
}  // namespace nonolab

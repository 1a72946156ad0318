// Suite manifests (parsing, loading, optional entries) and the harmony
// search suite itself: every puzzle loads, and every one has exactly one
// solution (the exact solver proves it), except the GA paper's 4x4, whose
// published clues allow two.
#include "batch/suite.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "core/error.hpp"
#include "core/verify.hpp"
#include "exact/exact_solver.hpp"

namespace nonolab::batch {
namespace {

namespace fs = std::filesystem;

const fs::path kSuite = fs::path(NONOLAB_SOURCE_DIR) / "bench" / "hs-suite";
const fs::path kDataset =
    fs::path(NONOLAB_SHARED_DIR) / "benchmarks/dataset/taai_style/10x10_test_first300-question.txt";

class Manifest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("nonolab_suite_test_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "sub");
        write("sub/a.non", "title \"A\"\nwidth 2\nheight 1\nrows\n1\ncolumns\n1\n0\n");
        write("b.taai", "$1\n1\n1\n1\n1\n$2\n1\n1\n0\n2\n");
    }
    void TearDown() override { fs::remove_all(dir_); }
    void write(const std::string& name, const std::string& text) {
        std::ofstream(dir_ / name, std::ios::binary) << text;
    }
    fs::path dir_;
};

TEST_F(Manifest, ParsesGroupsIndicesOptionalAndComments) {
    const std::string text =
        "nonolab-suite 1\r\n"
        "# a comment\n"
        "name My  suite \n"
        "sub/a.non   # trailing comment\n"
        "group Hard ones\n"
        "b.taai 2 1\n"
        "optional ../elsewhere/c.non 3\n"
        "sub/a.non = The  A puzzle  # named\n";
    const Suite s = parse_suite(text, (dir_ / "suite.txt").string());
    EXPECT_EQ(s.name, "My  suite");
    ASSERT_EQ(s.entries.size(), 4u);
    EXPECT_EQ(s.entries[3].name, "The  A puzzle");
    EXPECT_EQ(s.entries[0].name, "");
    EXPECT_EQ(s.entries[0].path, (dir_ / "sub/a.non").string());
    EXPECT_EQ(s.entries[0].group, "");
    EXPECT_TRUE(s.entries[0].indices.empty());
    EXPECT_EQ(s.entries[1].group, "Hard ones");
    EXPECT_EQ(s.entries[1].indices, (std::vector<int>{2, 1}));
    EXPECT_EQ(s.entries[1].line, 6);
    EXPECT_TRUE(s.entries[2].optional);
    EXPECT_EQ(s.entries[2].path, (dir_.parent_path() / "elsewhere/c.non").string());
}

TEST_F(Manifest, MalformedLinesNameTheLine) {
    const auto bad = [&](const std::string& text, int line) {
        try {
            parse_suite(text, "s.txt");
            ADD_FAILURE() << "accepted: " << text;
        } catch (const ParseError& e) {
            EXPECT_EQ(e.line(), line) << e.what();
        }
    };
    bad("nonolab-suite 2\n", 1);
    bad("a.non\n", 1);
    bad("nonolab-suite 1\na.non 0\n", 2);
    bad("nonolab-suite 1\n\na.non x\n", 3);
    bad("nonolab-suite 1\ngroup\n", 2);
    bad("nonolab-suite 1\noptional\n", 2);
    bad("nonolab-suite 1\na.non 1 =\n", 2);
    EXPECT_TRUE(is_suite("\xEF\xBB\xBFnonolab-suite 1\n"));
    EXPECT_FALSE(is_suite("nonolab-suites 1\n"));
}

TEST_F(Manifest, LoadsFilesManifestsAndFolders) {
    write("suite.txt",
          "nonolab-suite 1\ngroup G\nsub/a.non = Renamed\nb.taai 2\noptional missing.non\n"
          "b.taai = Pair\n");
    std::vector<std::string> warnings;
    const auto warn = [&](const std::string& w) { warnings.push_back(w); };
    auto refs = load_inputs({dir_.string(), (dir_ / "b.taai").string()}, warn);
    ASSERT_EQ(refs.size(), 6u);
    EXPECT_EQ(refs[0].name, "Renamed");
    EXPECT_EQ(refs[2].name, "Pair #1");  // a name for several puzzles gets their numbers
    EXPECT_EQ(refs[3].name, "Pair #2");
    refs.erase(refs.begin() + 2, refs.begin() + 4);
    EXPECT_EQ(refs[0].group, "G");
    EXPECT_EQ(refs[1].source, (dir_ / "b.taai").string());
    EXPECT_EQ(refs[1].index, 2);
    EXPECT_EQ(refs[1].puzzle->width(), 2);
    EXPECT_EQ(refs[1].puzzle->row(0).size(), 0u);  // puzzle 2 has an empty first row
    EXPECT_EQ(refs[2].index, 1);
    EXPECT_EQ(refs[2].group, "");
    EXPECT_EQ(refs[3].index, 2);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("missing.non"), std::string::npos);
    EXPECT_NE(warnings[0].find("suite.txt:5"), std::string::npos) << warnings[0];
}

TEST_F(Manifest, MissingFilesAndBadIndicesAreErrorsWithContext) {
    write("s1.txt", "nonolab-suite 1\nnothere.non\n");
    write("s2.txt", "nonolab-suite 1\nb.taai 3\n");
    const auto message = [&](const std::string& input) {
        try {
            load_inputs({(dir_ / input).string()}, nullptr);
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(message("s1.txt").find("s1.txt:2"), std::string::npos) << message("s1.txt");
    EXPECT_NE(message("s2.txt").find("no puzzle 3"), std::string::npos) << message("s2.txt");
    EXPECT_NE(message("s2.txt").find("s2.txt:2"), std::string::npos) << message("s2.txt");
    EXPECT_THROW(load_inputs({(dir_ / "sub").string()}, nullptr), ParseError);  // no suite.txt
}

// ---- the harmony search suite ----------------------------------------------

TEST(HsSuite, EveryPuzzleLoadsAndHasTheExpectedNumberOfSolutions) {
    std::vector<std::string> warnings;
    const auto refs =
        load_inputs({kSuite.string()}, [&](const std::string& w) { warnings.push_back(w); });
    const bool shared = fs::exists(kDataset);
    EXPECT_EQ(warnings.size(), shared ? 0u : 2u);
    // Our drawings at the paper's sizes, as width x height.
    const std::map<std::string, std::pair<int, int>> sizes = {
        {"mine", {5, 5}},    {"crane", {6, 6}},      {"heart", {7, 6}},    {"horse", {8, 8}},
        {"note1", {10, 10}}, {"note2", {10, 10}},    {"flower", {10, 10}}, {"leaf", {10, 10}},
        {"dog", {10, 10}},   {"mushroom", {10, 10}}, {"tea", {10, 10}},    {"tv", {10, 10}},
        {"snail", {10, 10}}, {"scorpion", {10, 10}}};
    std::map<std::string, int> groups;
    int drawn = 0;
    for (const PuzzleRef& r : refs) {
        ++groups[r.group];
        const std::string stem = fs::path(r.source).stem().string();
        const Puzzle& p = *r.puzzle;
        exact::ExactOptions opt;
        opt.max_solutions = 3;
        const auto result = exact::solve_exact(p, opt);
        const bool two_by_design = stem == "bobko-4x4";
        EXPECT_EQ(result.status, two_by_design ? Status::multiple : Status::unique)
            << r.source << " #" << r.index;
        EXPECT_EQ(result.solutions.size(), two_by_design ? 2u : 1u) << r.source;
        if (auto it = sizes.find(stem); it != sizes.end()) {
            ++drawn;
            EXPECT_EQ(p.width(), it->second.first) << stem;
            EXPECT_EQ(p.height(), it->second.second) << stem;
            // Our drawings carry their picture; it must be the solution.
            ASSERT_TRUE(p.info().goal.has_value()) << stem;
            EXPECT_TRUE(verify(p, *p.info().goal)) << stem;
            EXPECT_EQ(p.info().license, "CC0-1.0") << stem;
            EXPECT_FALSE(r.name.empty()) << stem;
        }
    }
    EXPECT_EQ(drawn, 14);
    EXPECT_EQ(groups["Group I"], 4);
    EXPECT_EQ(groups["Group II"], 10);
    EXPECT_EQ(groups["GA paper"], 3);
    EXPECT_EQ(groups["NonoDataset"], shared ? 10 : 0);
    EXPECT_EQ(groups["NonoDataset, beyond line solving"], shared ? 11 : 0);
}

TEST(HsSuite, GaPaperCluesAreThePublishedOnes) {
    // Bobko & Grzywacz 2016 section III, with one of the three "0 8" rows
    // of the 10x10 dropped (see bench/hs-suite/README.md).
    const auto refs = load_inputs({kSuite.string()}, nullptr);
    const auto it = std::find_if(refs.begin(), refs.end(),
                                 [](const PuzzleRef& r) { return r.name == "GA paper 10x10"; });
    ASSERT_NE(it, refs.end());
    EXPECT_EQ(it->group, "GA paper");
    const Puzzle& p = *it->puzzle;
    const std::vector<std::vector<int>> rows = {{2}, {1, 1}, {4}, {2, 1}, {3, 1},
                                                {8}, {8},    {7}, {5},    {3}};
    const std::vector<std::vector<int>> cols = {{1}, {2}, {1, 6}, {9}, {6},
                                                {5}, {5}, {4},    {3}, {4}};
    for (int r = 0; r < 10; ++r) EXPECT_EQ(p.row(r), bw_clue(rows[r])) << "row " << r;
    for (int c = 0; c < 10; ++c) EXPECT_EQ(p.column(c), bw_clue(cols[c])) << "column " << c;
}

TEST(HsSuite, DatasetSamplesFollowTheirRules) {
    if (!fs::exists(kDataset)) GTEST_SKIP() << "shared benchmarks absent: " << kDataset;
    const auto refs = load_inputs({kSuite.string()}, nullptr);
    std::vector<int> sample, beyond;
    for (const PuzzleRef& r : refs) {
        if (r.group == "NonoDataset") sample.push_back(r.index);
        if (r.group == "NonoDataset, beyond line solving") beyond.push_back(r.index);
    }
    const auto all = load_inputs({kDataset.string()}, nullptr);
    ASSERT_EQ(all.size(), 300u);
    std::vector<bool> unique(all.size() + 1, false);
    std::vector<int> expected_beyond;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto r = exact::solve_exact(*all[i].puzzle, {});
        unique[i + 1] = r.status == Status::unique;
        if (unique[i + 1] && r.stats.root_unknown > 0)
            expected_beyond.push_back(static_cast<int>(i + 1));
    }
    // For k = 0..9, the first unique puzzle at or after 1 + 30k.
    std::vector<int> expected_sample;
    for (int k = 0; k < 10; ++k) {
        int i = 1 + 30 * k;
        while (!unique[static_cast<std::size_t>(i)]) ++i;
        expected_sample.push_back(i);
    }
    EXPECT_EQ(sample, expected_sample);
    // Every unique puzzle that line solving alone leaves unfinished.
    EXPECT_EQ(beyond, expected_beyond);
}

}  // namespace
}  // namespace nonolab::batch

#include "io/nonogen.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "core/error.hpp"
#include "io/formats.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

using test_util::expect_error;

// Picture (3 wide, 3 high):  ##.  /  ...  /  #.#
const char* kSample =
    "2\n"
    "\n"  // empty row as a blank line
    "1 1\n"
    "-\n"
    "1 1\n"
    "1\n"
    "1\n";

TEST(Nonogen, ReadsInlineSample) {
    auto ps = read_nonogen(kSample, "s.txt");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    EXPECT_EQ(p.width(), 3);
    EXPECT_EQ(p.height(), 3);
    EXPECT_TRUE(p.row(1).empty());
    EXPECT_EQ(p.row(2), bw_clue({1, 1}));
    EXPECT_EQ(p.column(0), bw_clue({1, 1}));
}

TEST(Nonogen, ZeroCrlfBomAndTrailingBlankLines) {
    const Puzzle a = read_nonogen(kSample, "a")[0];
    const Puzzle b = read_nonogen(
        "\xEF\xBB\xBF"
        "2\r\n0\r\n1 1\r\n-\r\n1 1\r\n1\r\n1\r\n\r\n\r\n",
        "b")[0];
    const Puzzle c = read_nonogen("2\n0\n1 1\n-\n1 1\n1\n1", "c")[0];  // no final newline
    EXPECT_TRUE(a.same_clues(b));
    EXPECT_TRUE(a.same_clues(c));
}

TEST(Nonogen, RejectsMalformedInput) {
    expect_error([] { read_nonogen("2\n1 x\n-\n1\n", "t"); }, 2,
                 "expected a run length (a non-negative integer), got 'x'");
    expect_error([] { read_nonogen("1\n1\n", "t"); }, 2, "expected a line '-'");
    expect_error([] { read_nonogen("1\n-\n1\n-\n", "t"); }, 4,
                 "a second one (the first is at line 2)");
    expect_error([] { read_nonogen("-\n1\n", "t"); }, 1, "expected row clues before");
    expect_error([] { read_nonogen("1\n-\n", "t"); }, 2, "expected column clues after");
    expect_error([] { read_nonogen("1 0 1\n-\n1\n", "t"); }, 1, "a 0 may only stand alone");
    EXPECT_IMPOSSIBLE(read_nonogen("3\n-\n1\n", "t"), "needs 3 cells");
    expect_error([] { read_nonogen("", "t"); }, 0, "empty file");
}

TEST(Nonogen, Sniff) {
    EXPECT_EQ(sniff_nonogen(kSample), 60);
    EXPECT_EQ(sniff_nonogen("2\n-\n1\n"), 30);        // totals differ
    EXPECT_EQ(sniff_nonogen("2 1\n3\n\n1\n2\n"), 0);  // Keen style: no '-' line
    EXPECT_EQ(sniff_nonogen("width 5\n-\n"), 0);
}

TEST(Nonogen, ReadsNonogenBenchmarks) {
    const fs::path dir =
        fs::path(NONOLAB_SHARED_DIR) / "benchmarks/misc/misc_small_sets/nonogen_nonograms_org";
    if (!fs::is_directory(dir)) GTEST_SKIP() << "benchmark folder absent: " << dir;
    // width x height; i20902 has a blank line for an empty column, i21303
    // ends with a blank line.
    const std::map<std::string, std::pair<int, int>> sizes = {
        {"i1118.txt", {40, 30}},  {"i20902.txt", {13, 14}}, {"i20941.txt", {15, 15}},
        {"i21021.txt", {10, 10}}, {"i21128.txt", {11, 8}},  {"i21303.txt", {30, 35}},
    };
    int files = 0;
    for (const auto& [name, size] : sizes) {
        const fs::path file = dir / name;
        if (!fs::exists(file)) continue;
        ++files;
        const auto ps = read_puzzles(file.string());  // .txt: detected by content
        ASSERT_EQ(ps.size(), 1u) << name;
        EXPECT_EQ(ps[0].width(), size.first) << name;
        EXPECT_EQ(ps[0].height(), size.second) << name;
    }
    EXPECT_EQ(files, 6);
    const auto p = read_puzzles((dir / "i20902.txt").string(), "nonogen")[0];
    EXPECT_TRUE(p.column(7).empty());
}

}  // namespace
}  // namespace nonolab::io

#include "io/rosetta.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/error.hpp"
#include "io/formats.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

using test_util::expect_error;

// Two small puzzles of our own: "##." / "#.#" and a 2x2 with an empty row.
const char* kTwo =
    "B AA\n"
    "B A A\n"
    "\n"
    "B 0\n"
    "A A\n";

TEST(Rosetta, ReadsInlineSamples) {
    auto ps = read_rosetta(kTwo, "two.txt");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_EQ(ps[0].width(), 3);
    EXPECT_EQ(ps[0].height(), 2);
    EXPECT_EQ(ps[0].row(1), bw_clue({1, 1}));
    EXPECT_EQ(ps[0].column(0), bw_clue({2}));
    EXPECT_EQ(ps[1].width(), 2);
    EXPECT_TRUE(ps[1].row(1).empty());
}

TEST(Rosetta, LettersUpToZAndLineEndings) {
    // One row "Z" (26) over 26 columns "A": BOM, CRLF, no final newline.
    std::string cols;
    for (int i = 0; i < 26; ++i) cols += i ? " A" : "A";
    const Puzzle p = read_rosetta("\xEF\xBB\xBFZ\r\n" + cols, "z")[0];
    EXPECT_EQ(p.width(), 26);
    EXPECT_EQ(p.height(), 1);
    EXPECT_EQ(p.row(0), bw_clue({26}));
}

TEST(Rosetta, RejectsMalformedInput) {
    expect_error([] { read_rosetta("B AA\nB a A\n", "t"); }, 2,
                 "expected a clue word of letters A-Z (A=1, B=2, ...), got 'a'");
    expect_error([] { read_rosetta("B AA\nB A A\nA\n", "t"); }, 3, "expected exactly 2 lines");
    expect_error([] { read_rosetta("B AA\n\nB A A\n", "t"); }, 1, "expected exactly 2 lines");
    // Puzzle 2's row asks for 3 cells in a line of 1: read, and proven impossible.
    EXPECT_EQ(clue_contradiction(read_rosetta("B AA\nB A A\n\nC\nA\n", "t").at(1)),
              "row 1 clue \"3\" needs 3 cells but the puzzle is only 1 wide");
    expect_error([] { read_rosetta("\n\n", "t"); }, 0, "empty file");
}

TEST(Rosetta, Sniff) {
    EXPECT_EQ(sniff_rosetta(kTwo), 60);
    EXPECT_EQ(sniff_rosetta("B AA\nC A A\n"), 30);  // sums differ
    EXPECT_EQ(sniff_rosetta("GRID x\nROWS\n"), 0);
    EXPECT_EQ(sniff_rosetta("2 1\n3\n"), 0);
}

TEST(Rosetta, ReadsRosettaCodeProblems) {
    const fs::path file = fs::path(NONOLAB_SHARED_DIR) /
                          "benchmarks/misc/misc_small_sets/rosetta_code/nonogram_problems.txt";
    if (!fs::exists(file)) GTEST_SKIP() << "benchmark file absent: " << file;
    const auto ps = read_puzzles(file.string());  // .txt: found by content
    ASSERT_EQ(ps.size(), 4u);
    const int sizes[4][2] = {{8, 9}, {20, 10}, {20, 25}, {25, 20}};
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(ps[i].width(), sizes[i][0]) << i;
        EXPECT_EQ(ps[i].height(), sizes[i][1]) << i;
    }
    EXPECT_EQ(ps[0].row(1), bw_clue({2, 1}));  // "BA"
}

}  // namespace
}  // namespace nonolab::io

#include "io/pbm.hpp"

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

// Picture (3x3):  ##.  /  ...  /  #.#
const char* kPlain = "P1\n# a comment\n3 3\n1 1 0\n0 0 0\n1 0 1\n";

std::string raw_sample() {
    // Rows padded to one byte, most significant bit first.
    std::string s = "P4\n3 3\n";
    s += static_cast<char>(0xC0);
    s += static_cast<char>(0x00);
    s += static_cast<char>(0xA0);
    return s;
}

TEST(Pbm, ReadsPlainBitmap) {
    auto ps = read_pbm(kPlain, "p.pbm");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    EXPECT_EQ(p.width(), 3);
    EXPECT_EQ(p.height(), 3);
    EXPECT_EQ(p.row(0), bw_clue({2}));
    EXPECT_TRUE(p.row(1).empty());
    EXPECT_EQ(p.column(0), bw_clue({1, 1}));
    ASSERT_TRUE(p.info().goal.has_value());
    EXPECT_EQ(p.info().goal->at(0, 1), kFilled);
    // Digits need no separators; CRLF and no final newline are fine.
    EXPECT_TRUE(p.same_clues(read_pbm("P1\r\n3 3\r\n110000101", "q")[0]));
}

TEST(Pbm, ReadsRawBitmapAndSeveralImages) {
    const Puzzle plain = read_pbm(kPlain, "p")[0];
    const auto raw = read_pbm(raw_sample(), "r.pbm");
    ASSERT_EQ(raw.size(), 1u);
    EXPECT_TRUE(raw[0].same_clues(plain));
    const auto two = read_pbm(std::string(kPlain) + raw_sample() + "\n", "two");
    ASSERT_EQ(two.size(), 2u);
    EXPECT_TRUE(two[1].same_clues(plain));
    // A 9-pixel-wide row spans two bytes.
    std::string wide = "P4 9 1\n";
    wide += static_cast<char>(0xFF);
    wide += static_cast<char>(0x80);
    EXPECT_EQ(read_pbm(wide, "w")[0].row(0), bw_clue({9}));
}

TEST(Pbm, RejectsMalformedInput) {
    expect_error([] { read_pbm("P1\n2 2\n1 0\n0 2\n", "t"); }, 4,
                 "expected pixel 4 of 4 (0 or 1), got '2'");
    expect_error([] { read_pbm("P1\n2 2\n1 0\n", "t"); }, 3,
                 "expected pixel 3 of 4 (0 or 1), got the end of the file");
    expect_error([] { read_pbm("P1\n3 3\n1\n", "t"); }, 2, "the file is too short");
    expect_error([] { read_pbm("P1\nx 2\n", "t"); }, 2, "expected the width (a number), got 'x'");
    expect_error([] { read_pbm("P1\n0 2\n", "t"); }, 2, "between 1 and 10000");
    expect_error([] { read_pbm("P1\n2 99999\n", "t"); }, 2, "between 1 and 10000");
    expect_error([] { read_pbm(std::string("P4\n16 2\n") + "\xFF\xFF\xFF", "t"); }, 3,
                 "expected 4 bytes of bitmap data for a 16x2 image, got 3");
    expect_error([] { read_pbm("P1\n1 1\n1\nhello", "t"); }, 4, "expected a PBM magic number");
    expect_error([] { read_pbm("P9\n", "t"); }, 1, "got 'P9'");
    expect_error([] { read_pbm("P1x", "t"); }, 1, "expected white space after the magic number");
    expect_error<UnsupportedError>([] { read_pbm("P5\n2 2\n255\n", "t"); }, 1,
                                   "greymap (PGM) (P5)");
    expect_error<UnsupportedError>([] { read_pbm("P3\n1 1\n255\n0 0 0\n", "t"); }, 1, "pixmap");
    expect_error([] { read_pbm("  \n", "t"); }, 0, "empty file");
}

TEST(Pbm, Sniff) {
    EXPECT_EQ(sniff_pbm(kPlain), 100);
    EXPECT_EQ(sniff_pbm(raw_sample()), 100);
    EXPECT_EQ(sniff_pbm("P6\n1 1\n255\n"), 60);
    EXPECT_EQ(sniff_pbm("Pattern"), 0);
    EXPECT_EQ(sniff_pbm("5 10\n"), 0);
}

TEST(Pbm, ReadsPicrossSolverBitmaps) {
    const fs::path dir =
        fs::path(NONOLAB_SHARED_DIR) / "benchmarks/misc/picross_solver_testset/inputs/raw";
    if (!fs::is_directory(dir)) GTEST_SKIP() << "benchmark folder absent: " << dir;
    const std::map<std::string, int> sizes = {{"moss-60x60-bw-1.pbm", 60},
                                              {"moss-60x60-bw-2.pbm", 60},
                                              {"moss-60x60-bw-3.pbm", 60},
                                              {"test.pbm", 9}};
    int files = 0;
    for (const auto& [name, side] : sizes) {
        const fs::path file = dir / name;
        if (!fs::exists(file)) continue;
        ++files;
        const auto ps = read_puzzles(file.string());
        ASSERT_EQ(ps.size(), 1u) << name;
        EXPECT_EQ(ps[0].width(), side) << name;
        EXPECT_EQ(ps[0].height(), side) << name;
    }
    EXPECT_EQ(files, 4);
    // test.pbm: a 9x9 frame; its first and last rows are full.
    const Puzzle p = read_puzzles((dir / "test.pbm").string())[0];
    EXPECT_EQ(p.row(0), bw_clue({9}));
    EXPECT_EQ(p.row(8), bw_clue({9}));
}

}  // namespace
}  // namespace nonolab::io

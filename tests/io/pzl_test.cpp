#include "io/pzl.hpp"

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

// 2 rows x 3 columns:   K O .   /   K . W     (K black, O orange, W a white run)
const char* kSample =
    "3\n"
    "#000000\n"
    "#ff9900\n"
    "#ffffff\n"
    "\n"
    "2 3\n"
    "\n"
    "2 1 0 0 0 1 255 153 0 \n"
    "2 1 0 0 0 1 255 255 255\n"
    "1 2 0 0 0\n"
    "1 1 255 153 0\n"
    "1 1 255 255 255\n";

TEST(Pzl, ReadsInlineSample) {
    auto ps = read_pzl(kSample, "s.pzl");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    EXPECT_EQ(p.width(), 3);
    EXPECT_EQ(p.height(), 2);
    const Palette& pal = p.palette();
    ASSERT_EQ(pal.size(), 4u);
    EXPECT_EQ(pal[0].name, "white");  // the implicit background
    EXPECT_EQ(pal[0].symbol, '.');
    EXPECT_EQ(pal[1].name, "black");
    EXPECT_EQ(pal[1].symbol, '#');
    EXPECT_EQ(pal[2].name, "ff9900");
    EXPECT_EQ(pal[2].rgb, 0xFF9900u);
    EXPECT_EQ(pal[3].name, "white-2");  // a white run colour, distinct from the background
    EXPECT_EQ(pal[3].rgb, 0xFFFFFFu);
    for (size_t i = 0; i < pal.size(); ++i)
        for (size_t j = i + 1; j < pal.size(); ++j) EXPECT_NE(pal[i].symbol, pal[j].symbol);
    EXPECT_EQ(p.row(0), (Clue{{1, 1}, {1, 2}}));
    EXPECT_EQ(p.row(1), (Clue{{1, 1}, {1, 3}}));
    EXPECT_EQ(p.column(0), (Clue{{2, 1}}));
}

TEST(Pzl, LineEndingsAndEmptyLines) {
    std::string crlf;
    for (char c : std::string(kSample)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    crlf.pop_back(), crlf.pop_back();  // no final newline
    EXPECT_TRUE(read_pzl("\xEF\xBB\xBF" + crlf, "c")[0].same_clues(read_pzl(kSample, "s")[0]));
    const Puzzle p = read_pzl("1\n#000000\n\n2 1\n\n0\n1 1 0 0 0\n1 1 0 0 0\n", "e")[0];
    EXPECT_TRUE(p.row(0).empty());
    EXPECT_TRUE(p.black_and_white());
}

TEST(Pzl, RejectsMalformedInput) {
    expect_error([] { read_pzl("2\n#000000\nff9900\n", "t"); }, 3,
                 "expected a colour #rrggbb (2 of 2), got 'ff9900'");
    expect_error([] { read_pzl("1\n#000000\n\n1 1\n\n1 1 1 2 3\n1 1 0 0 0\n", "t"); }, 6,
                 "expected a run colour from the colour table in row 1, got #010203");
    expect_error([] { read_pzl("1\n#000000\n\n1 1\n\n1 1 0 0 256\n", "t"); }, 6,
                 "between 0 and 255");
    expect_error([] { read_pzl("1\n#000000\n\n1 1\n\n1 x 0 0 0\n", "t"); }, 6,
                 "expected a run length in row 1, got 'x'");
    expect_error([] { read_pzl("1\n#000000\n\n1 1\n\n1 1 0 0 0\n", "t"); }, 6,
                 "expected the number of runs of column 1, got the end of the file");
    expect_error([] { read_pzl("1\n#000000\n\n1 1\n\n1 1 0 0 0\n1 1 0 0 0\n7\n", "t"); }, 8,
                 "expected the end of the file");
    EXPECT_IMPOSSIBLE(
        read_pzl("1\n#000000\n\n1 2\n\n2 1 0 0 0 1 0 0 0\n1 1 0 0 0\n1 1 0 0 0\n", "t"),
        "needs 3 cells");
    expect_error([] { read_pzl("0\n", "t"); }, 1, "between 1 and 249");
    expect_error([] { read_pzl("1\n#000000\n\n0 5\n", "t"); }, 4, "number of rows");
    expect_error([] { read_pzl("", "t"); }, 0, "empty file");
}

TEST(Pzl, TooManyColoursForSymbolsIsUnsupported) {
    std::string text = "120\n";
    for (int i = 0; i < 120; ++i) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "#%06x\n", i * 997);
        text += buf;
    }
    text += "1 1\n0\n0\n";
    expect_error<UnsupportedError>([&] { read_pzl(text, "t"); }, 1, "distinct symbols");
}

TEST(Pzl, Sniff) {
    EXPECT_EQ(sniff_pzl(kSample), 100);
    EXPECT_EQ(sniff_pzl("3\n1 2\n3\n"), 0);
    EXPECT_EQ(sniff_pzl("$1\n1\t2\n"), 0);
}

TEST(Pzl, ReadsIzaronPuzzles) {
    const fs::path dir =
        fs::path(NONOLAB_SHARED_DIR) / "benchmarks/misc/misc_small_sets/izaron_color_pzl";
    if (!fs::is_directory(dir)) GTEST_SKIP() << "benchmark folder absent: " << dir;
    // width x height (the files give rows first), colours besides the background.
    const std::map<std::string, std::tuple<int, int, int>> expected = {
        {"emoji.pzl", {32, 32, 7}},      {"kolobok.pzl", {50, 50, 7}},
        {"rosenrot.pzl", {384, 216, 8}}, {"sparkle.pzl", {73, 73, 15}},
        {"taiga.pzl", {200, 200, 16}},   {"wikipe-tan.pzl", {48, 96, 28}},
    };
    int files = 0;
    for (const auto& [name, want] : expected) {
        const fs::path file = dir / name;
        if (!fs::exists(file)) continue;
        ++files;
        const auto ps = read_puzzles(file.string());
        ASSERT_EQ(ps.size(), 1u) << name;
        const auto [w, h, colours] = want;
        EXPECT_EQ(ps[0].width(), w) << name;
        EXPECT_EQ(ps[0].height(), h) << name;
        EXPECT_EQ(static_cast<int>(ps[0].palette().size()) - 1, colours) << name;
    }
    EXPECT_EQ(files, 6);
}

}  // namespace
}  // namespace nonolab::io

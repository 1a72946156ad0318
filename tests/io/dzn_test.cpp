#include "io/dzn.hpp"

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

// A 3-wide, 2-high picture:  ##.  /  #.#
const char* kSmall =
    "% a tiny test puzzle\n"
    "rows = 2;\n"
    "row_rule_len = 2;\n"
    "row_rules = array2d(1..rows, 1..row_rule_len,\n"
    "  [0, 2,   % left padded\n"
    "   1, 1]);\n"
    "cols = 3; col_rule_len = 1;\n"
    "col_rules = array2d(1..cols, 1..col_rule_len, [2, 1, 1,]);\n";

TEST(Dzn, ReadsInlineSample) {
    auto ps = read_dzn(kSmall, "small.dzn");
    ASSERT_EQ(ps.size(), 1u);
    const Puzzle& p = ps[0];
    EXPECT_EQ(p.width(), 3);
    EXPECT_EQ(p.height(), 2);
    EXPECT_EQ(p.row(0), bw_clue({2}));
    EXPECT_EQ(p.row(1), bw_clue({1, 1}));
    EXPECT_EQ(p.column(0), bw_clue({2}));
    EXPECT_EQ(p.column(2), bw_clue({1}));
    EXPECT_TRUE(p.black_and_white());
}

TEST(Dzn, AcceptsCrlfBomBlockCommentsAndOtherArrayForms) {
    const std::string text =
        "\xEF\xBB\xBF/* block\r\ncomment */ rows = 2;\r\nrow_rule_len = 2;\r\n"
        "row_rules = [| 0, 2 | 1, 1 |];\r\n"
        "cols = 3;\r\ncol_rule_len = 1;\r\ncol_rules = [2, 1, 1]";  // no final ';' or newline
    // MiniZinc allows the last item to omit its ';'.
    const Puzzle small = read_dzn(kSmall, "small.dzn")[0];
    EXPECT_TRUE(read_dzn(text, "x.dzn")[0].same_clues(small));
    EXPECT_TRUE(read_dzn(text + ";\r\n", "x.dzn")[0].same_clues(small));
    // An unclosed bracket is refused with the line of the assignment.
    expect_error([&] { read_dzn(text.substr(0, text.size() - 1), "x.dzn"); }, 7,
                 "expected a closing bracket");
}

TEST(Dzn, RightPaddingAndEmptyRules) {
    auto p = read_dzn(
        "rows = 2; row_rule_len = 2; row_rules = array2d(1..2, 1..2, [1,0, 0,0]);\n"
        "cols = 2; col_rule_len = 1; col_rules = array2d(1..2, 1..1, [1, 0]);\n",
        "pad.dzn")[0];
    EXPECT_EQ(p.row(0), bw_clue({1}));
    EXPECT_TRUE(p.row(1).empty());
    EXPECT_TRUE(p.column(1).empty());
}

TEST(Dzn, RejectsMalformedInput) {
    expect_error(
        [] {
            read_dzn(
                "rows = 1; row_rule_len = 3;\nrow_rules = array2d(1..1, 1..3,\n [1, 0, 1]);\n"
                "cols = 3; col_rule_len = 1; col_rules = array2d(1..3, 1..1, [1,0,1]);",
                "t");
        },
        3, "a 0 between two runs");
    expect_error(
        [] {
            read_dzn("rows = 1; row_rule_len = 1;\nrow_rules = array2d(1..1, 1..1,\n [x]);\n", "t");
        },
        3, "expected a run length (a non-negative integer), got 'x'");
    expect_error(
        [] {
            read_dzn(
                "rows = 2; row_rule_len = 1;\nrow_rules = array2d(1..rows, 1..1, [1]);\n"
                "cols = 1; col_rule_len = 1; col_rules = array2d(1..1, 1..1, [1]);",
                "t");
        },
        2, "declared with 2 rules but holds 1");
    expect_error([] { read_dzn("rows = 1;\nrows = 2;", "t"); }, 2, "assigned twice");
    expect_error([] { read_dzn("rows 1;", "t"); }, 1, "expected '=' after 'rows'");
    expect_error([] { read_dzn("rows = 1; $", "t"); }, 1, "got the character '$'");
    EXPECT_IMPOSSIBLE(read_dzn("rows = 1; row_rule_len = 1; row_rules = array2d(1..1, 1..1, [5]);\n"
                               "cols = 1; col_rule_len = 1; col_rules = array2d(1..1, 1..1, [1]);",
                               "t"),
                      "needs 5 cells");
    expect_error<UnsupportedError>(
        [] { read_dzn("% automaton form\nn = 3;\nrow_states = [1, 2];\n", "t"); }, 2,
        "found neither (variables: n, row_states)");
    expect_error(
        [] {
            read_dzn("rows = 1; row_rule_len = 1;\nrow_rules = array2d(1..1, 1..1, [1]);\n", "t");
        },
        2, "expected an assignment to col_rules (the column rules) as well");
    expect_error([] { read_dzn("% only a comment\n", "t"); }, 0, "got no assignments");
}

TEST(Dzn, NeverCrashesOnTruncations) {
    const std::string text = kSmall;
    for (size_t n = 0; n < text.size(); ++n) {
        try {
            read_dzn(text.substr(0, n), "cut");
        } catch (const ParseError&) {
        }
    }
}

TEST(Dzn, Sniff) {
    EXPECT_EQ(sniff_dzn(kSmall), 100);
    EXPECT_EQ(sniff_dzn("Mentions row_rules and col_rules in prose."), 0);
    EXPECT_EQ(sniff_dzn("3 1\n2\n"), 0);
}

TEST(Dzn, ReadsHakankBenchmarks) {
    const fs::path dir = fs::path(NONOLAB_SHARED_DIR) / "benchmarks/misc/hakank_cp_classics";
    if (!fs::is_directory(dir)) GTEST_SKIP() << "benchmark folder absent: " << dir;
    const std::map<std::string, std::pair<int, int>> sizes = {
        {"nonogram_bear.dzn", {13, 8}},
        {"nonogram_castle.dzn", {60, 35}},
        {"nonogram_nonunique.dzn", {11, 15}},
        {"nonogram_p200.dzn", {25, 25}},
        {"nonogram_stack_overflow.dzn", {50, 40}},
        {"nonogram_t2.dzn", {14, 6}},
        {"nonogram_simple.dzn", {4, 5}},
    };
    int files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".dzn") continue;
        ++files;
        const auto ps = read_puzzles(entry.path().string());
        ASSERT_EQ(ps.size(), 1u) << entry.path();
        const auto it = sizes.find(entry.path().filename().string());
        if (it != sizes.end()) {
            EXPECT_EQ(ps[0].width(), it->second.first) << entry.path();
            EXPECT_EQ(ps[0].height(), it->second.second) << entry.path();
        }
    }
    EXPECT_EQ(files, 29);
}

}  // namespace
}  // namespace nonolab::io

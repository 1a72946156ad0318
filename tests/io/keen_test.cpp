#include "io/keen.hpp"

#include <gtest/gtest.h>

#include "io/line_formats_util.hpp"

using namespace nonolab;
using namespace nonolab::test;

namespace {
// ##.
// .##
const Puzzle kSmall = puzzle_of({"##.", ".##"});
const char* kSmallKeen = "2\n2\n\n1\n2\n1\n";

/// The goal picture of a Simpson .non file ("goal" line), for cross-checks.
std::optional<Grid> non_goal(const std::string& text) {
    int width = 0;
    std::string goal;
    for (const auto& l : io::split_lines(text)) {
        const auto t = io::trim(l.text);
        if (t.substr(0, 6) == "width ") width = io::parse_int(io::trim(t.substr(6))).value_or(0);
        if (t.substr(0, 5) == "goal ") {
            for (char c : t.substr(5))
                if (c == '0' || c == '1') goal += c;
        }
    }
    if (width == 0 || goal.empty() || goal.size() % width != 0) return std::nullopt;
    Grid g(width, static_cast<int>(goal.size()) / width, kEmpty);
    for (size_t i = 0; i < goal.size(); ++i)
        if (goal[i] == '1') g.cells()[i] = kFilled;
    return g;
}
}  // namespace

TEST(Keen, ReadsRowsBlankColumns) {
    const auto ps = io::read_keen(kSmallKeen, "k.txt");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_TRUE(ps[0].same_clues(kSmall));
}

TEST(Keen, ZeroClueCrlfBomTrailingBlanks) {
    const auto want = puzzle_of({"#.", ".."});
    EXPECT_TRUE(io::read_keen("\xEF\xBB\xBF"
                              "1\r\n0\r\n\r\n1\r\n0\r\n\r\n\r\n",
                              "k")[0]
                    .same_clues(want));
    EXPECT_TRUE(io::read_keen("\n1\n0\n\n1\n0", "k")[0].same_clues(want));
}

TEST(Keen, MalformedInputNamesTheLine) {
    EXPECT_PARSE_ERROR(io::read_keen("1\n0\n1\n0\n", "m"), 4,
                       "expected a blank line between the row clues and the column clues");
    EXPECT_PARSE_ERROR(io::read_keen("1\n\n0\n\n1\n", "m"), 4,
                       "expected a single blank line (between the row and the column clues)");
    EXPECT_PARSE_ERROR(io::read_keen("1\n0\n\n1\nz\n", "m"), 5,
                       "expected a run length (a non-negative integer), got 'z'");
    EXPECT_IMPOSSIBLE(io::read_keen("3\n0\n\n1\n0\n", "m"),
                      "row 1 clue \"3\" needs 3 cells but the puzzle is only 2 wide");
    EXPECT_IMPOSSIBLE(io::read_keen("1\n0\n\n1\n1\n", "m"), "rows fill 1 cells, columns fill 2");
    EXPECT_PARSE_ERROR(io::read_keen("\n\n", "m"), 0, "the file is empty");
}

TEST(Keen, SniffsWeaklyAndOnlyWhenTheStructureFits) {
    EXPECT_EQ(io::sniff_keen(kSmallKeen), 35);
    EXPECT_EQ(io::sniff_keen("2\n2\n\n1\n2\n2\n"), 0);   // totals differ
    EXPECT_EQ(io::sniff_keen("2\n2\n1\n2\n1\n"), 0);     // no blank line
    EXPECT_EQ(io::sniff_keen("2\n\n2\n\n1\n"), 0);       // two blank lines
    EXPECT_EQ(io::sniff_keen("2\n2\n-\n1\n2\n1\n"), 0);  // nonogen
    EXPECT_EQ(io::sniff_keen("BB AA\n\nAB BA\n"), 0);    // letters
}

TEST(KeenBenchmarks, GramcrackerSurveyFiles) {
    const auto dir = bench_path("survey/keen_txt_gramcracker");
    NONOLAB_SKIP_IF_ABSENT(dir);
    const auto files = files_in(dir, ".txt");
    ASSERT_EQ(files.size(), 9u);
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string text = slurp(f);
        ASSERT_EQ(io::read_keen(text, f.string()).size(), 1u);
        EXPECT_EQ(io::sniff_keen(text), 35);
    }
    // Sizes (width x height) from the survey's list, and the goal images of the
    // same puzzles in Simpson form reproduce the clues.
    const struct {
        const char* keen;
        const char* non;
        int width, height;
    } known[] = {{"cat6.txt", "webpbn-00006.non", 20, 20},
                 {"edge23.txt", "webpbn-00023.non", 10, 11},
                 {"knot16.txt", "webpbn-00016.non", 34, 34},
                 {"swing529.txt", "webpbn-00529.non", 45, 45},
                 {"sierp12548.txt", "webpbn-12548.non", 47, 40},
                 {"signed.txt", "webpbn-03541.non", 60, 50},
                 {"gettys.txt", "webpbn-22336.non", 99, 59},
                 {"thing.txt", "webpbn-18297.non", 36, 42}};
    for (const auto& k : known) {
        SCOPED_TRACE(k.keen);
        const auto p = io::read_keen(slurp(dir / k.keen), k.keen)[0];
        EXPECT_EQ(p.width(), k.width);
        EXPECT_EQ(p.height(), k.height);
        const auto non = bench_path("survey/simpson_non") / k.non;
        if (!std::filesystem::exists(non)) continue;
        const auto goal = non_goal(slurp(non));
        ASSERT_TRUE(goal.has_value());
        EXPECT_TRUE(puzzle_from_picture(*goal).same_clues(p));
    }
}

#include "io/taai.hpp"

#include <gtest/gtest.h>

#include "core/picture.hpp"
#include "io/line_formats_util.hpp"

using namespace nonolab;
using namespace nonolab::test;

namespace {

// Two small puzzles of our own:
//   #.#      #.
//   ###      ..
//   ..#
const char* kTwo =
    "$1\n2\n1\n3\n1\t1\n3\n1\n"
    "$2\n1\n0\n1\n0\n";

/// Checks each puzzle of a question file against the grid of its solution file.
void check_against_solutions(const std::filesystem::path& q, const std::filesystem::path& s,
                             size_t count, int n) {
    SCOPED_TRACE(q.string());
    const auto puzzles = io::read_taai(slurp(q), q.string());
    const auto grids = io::read_taai_solutions(slurp(s), s.string());
    ASSERT_EQ(puzzles.size(), count);
    ASSERT_EQ(grids.size(), count);
    for (size_t i = 0; i < count; ++i) {
        ASSERT_EQ(puzzles[i].width(), n);
        ASSERT_EQ(puzzles[i].height(), n);
        ASSERT_TRUE(puzzle_from_picture(grids[i]).same_clues(puzzles[i])) << "puzzle " << i + 1;
    }
}

}  // namespace

TEST(Taai, ReadsColumnsFirstThenRows) {
    const auto ps = io::read_taai(kTwo, "two.txt");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_EQ(ps[0].width(), 3);
    EXPECT_EQ(ps[0].columns(), bw_clues({{2}, {1}, {3}}));
    EXPECT_EQ(ps[0].rows(), bw_clues({{1, 1}, {3}, {1}}));
    EXPECT_EQ(ps[0].info().id, "$1");
    EXPECT_EQ(ps[1].columns(), bw_clues({{1}, {}}));
    EXPECT_EQ(ps[1].rows(), bw_clues({{1}, {}}));
}

TEST(Taai, AcceptsCrlfBomSpacesAndNoFinalNewline) {
    const std::string text =
        "\xEF\xBB\xBF$1\r\n2\r\n1\r\n3\r\n1 1\r\n3\r\n1\r\n\r\n$2\r\n1\r\n0\r\n1\r\n0";
    const auto ps = io::read_taai(text, "crlf.txt");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_TRUE(ps[0].same_clues(io::read_taai(kTwo, "x")[0]));
    EXPECT_TRUE(ps[1].same_clues(io::read_taai(kTwo, "x")[1]));
}

TEST(Taai, BlankLinesAreEmptyCluesWhenNeeded) {
    // Empty column written as a blank line inside the block.
    auto ps = io::read_taai("$1\n1\n\n1\n0\n$2\n1\n0\n1\n0\n", "b.txt");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_EQ(ps[0].columns(), bw_clues({{1}, {}}));
    // The last row empty, written as a blank line at the end of the file.
    ps = io::read_taai("$1\n1\n0\n1\n\n", "b.txt");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].rows(), bw_clues({{1}, {}}));
    // Trailing blank lines that are not needed are ignored.
    ps = io::read_taai("$1\n1\n0\n1\n0\n\n\n\n", "b.txt");
    EXPECT_EQ(ps[0].width(), 2);
    // Two empty last rows written blank: 3x3 with its top row filled (a 2x2
    // reading would need a run of 3 in a line of 2).
    ps = io::read_taai("$1\n1\n1\n1\n3\n\n\n", "b.txt");
    EXPECT_EQ(ps[0].width(), 3);
    EXPECT_EQ(ps[0].rows(), bw_clues({{3}, {}, {}}));
}

TEST(Taai, HeaderlessFileIsOnePuzzle) {
    const auto ps = io::read_taai("2\n1\n3\n1\t1\n3\n1\n", "nohead.txt");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].rows(), bw_clues({{1, 1}, {3}, {1}}));
    EXPECT_TRUE(ps[0].info().id.empty());
}

TEST(Taai, SolutionFileIsRefusedButReadableAsSolutions) {
    const char* sol = "$1\n1\t0\t1\n1\t1\t1\n0\t0\t1\n$2\n1 0\n0 0\n";
    try {
        io::read_taai(sol, "sol.txt");
        FAIL() << "expected UnsupportedError";
    } catch (const UnsupportedError& e) {
        EXPECT_EQ(e.line(), 1);
        EXPECT_TRUE(contains(e.message(), "this is a TAAI solution file")) << e.what();
    }
    const auto grids = io::read_taai_solutions(sol, "sol.txt");
    ASSERT_EQ(grids.size(), 2u);
    const auto ps = io::read_taai(kTwo, "two.txt");
    EXPECT_TRUE(puzzle_from_picture(grids[0]).same_clues(ps[0]));
    EXPECT_TRUE(puzzle_from_picture(grids[1]).same_clues(ps[1]));
}

TEST(Taai, MalformedInputNamesTheLine) {
    EXPECT_PARSE_ERROR(io::read_taai("$1\n2\n1\tx\n3\n1\t1\n3\n1\n", "m"), 3,
                       "expected a run length (a non-negative integer), got 'x'");
    EXPECT_PARSE_ERROR(io::read_taai("$one\n1\n1\n", "m"), 1,
                       "expected a puzzle header like '$1', got '$one'");
    EXPECT_PARSE_ERROR(io::read_taai("hello\n$1\n1\n1\n", "m"), 1,
                       "expected a '$1' puzzle header before the clues, got 'hello'");
    EXPECT_PARSE_ERROR(io::read_taai("$1\n1\n1\n1\n", "m"), 4,
                       "expected an even number of clue lines after '$1'");
    EXPECT_IMPOSSIBLE(io::read_taai("$1\n3\n0\n0\n0\n", "m"),
                      "column 1 clue \"3\" needs 3 cells but the puzzle is only 2 high");
    EXPECT_IMPOSSIBLE(io::read_taai("$1\n1\n1\n0\n0\n", "m"), "rows fill 0 cells, columns fill 2");
    EXPECT_PARSE_ERROR(io::read_taai("$1\n$2\n1\n1\n", "m"), 1, "expected 2N clue lines after");
    EXPECT_PARSE_ERROR(io::read_taai("$1\n1 0\n1\n", "m"), 2, "a 0 may only stand alone");
    EXPECT_PARSE_ERROR(io::read_taai("", "m"), 0, "empty");
    EXPECT_PARSE_ERROR(io::read_taai_solutions("$1\n1 0\n1\n", "m"), 3,
                       "expected 2 cells (0 or 1) on this solution line, got 1");
    EXPECT_PARSE_ERROR(io::read_taai_solutions("$1\n1 2\n1 0\n", "m"), 2,
                       "expected a cell value 0 or 1, got '2'");
}

TEST(Taai, GarbageNeverCrashes) {
    const char* inputs[] = {"$",
                            "$1",
                            "$1\n\n\n",
                            "\n\n$1\n0\n0",
                            "$1\n99999999",
                            "0\n0",
                            "$1\n0\n0\n$1\n0",
                            "$1\n10001\n1\n",
                            "\t\t\n$2\n \n"};
    for (const char* in : inputs) {
        try {
            io::read_taai(in, "g");
        } catch (const ParseError&) {
        }
        (void)io::sniff_taai(in);
    }
}

TEST(Taai, WriterRoundTripsAndRefusesWhatItCannotHold) {
    const auto ps = io::read_taai(kTwo, "two.txt");
    const std::string out = io::write_taai(ps);
    EXPECT_EQ(out.substr(0, 9), "$1\n2\n1\n3\n");
    EXPECT_TRUE(contains(out, "1\t1\n"));
    const auto back = io::read_taai(out, "out.txt");
    ASSERT_EQ(back.size(), ps.size());
    for (size_t i = 0; i < ps.size(); ++i) EXPECT_TRUE(back[i].same_clues(ps[i]));

    const Puzzle wide(2, 1, bw_clues({{2}}), bw_clues({{1}, {1}}));
    EXPECT_THROW(io::write_taai({wide}), WriteError);
    Palette colours = black_and_white_palette();
    colours.push_back(Colour{"red", 'r', 0xFF0000});
    const Puzzle red(1, 1, {Clue{nonolab::Run{1, 2}}}, {Clue{nonolab::Run{1, 2}}}, colours);
    try {
        io::write_taai({red});
        FAIL() << "expected WriteError";
    } catch (const WriteError& e) {
        EXPECT_TRUE(contains(e.what(), "black-and-white")) << e.what();
    }
}

TEST(Taai, Sniffs) {
    EXPECT_EQ(io::sniff_taai(kTwo), 100);
    EXPECT_EQ(io::sniff_taai("\n$12\n"), 100);
    EXPECT_EQ(io::sniff_taai("2\n1\n3\n1\t1\n3\n1\n"), 40);
    EXPECT_EQ(io::sniff_taai("2 2\n1\n1\n1\n1\n"), 0);      // R C file
    EXPECT_EQ(io::sniff_taai("1\n1\n\n1\n1\n"), 0);         // keen file
    EXPECT_EQ(io::sniff_taai("GRID x\nROWS\n[ 1 ]\n"), 0);  // picross
    EXPECT_EQ(io::sniff_taai("$x\n"), 0);
    EXPECT_EQ(io::sniff_taai(""), 0);
}

TEST(TaaiBenchmarks, TournamentQuestionsMatchTheirSolutions) {
    const auto dir = bench_path("tournament/question");
    NONOLAB_SKIP_IF_ABSENT(dir);
    const auto files = files_in(dir, ".txt");
    ASSERT_EQ(files.size(), 5u);
    for (const auto& q : files) {
        const auto s = bench_path("tournament/solution") / q.filename();
        check_against_solutions(q, s, 1000, 25);
        EXPECT_EQ(io::sniff_taai(slurp(q)), 100);
        EXPECT_THROW(io::read_taai(slurp(s), s.string()), UnsupportedError);
    }
}

TEST(TaaiBenchmarks, ExtraSets) {
    const auto dir = bench_path("tournament");
    NONOLAB_SKIP_IF_ABSENT(dir / "extra_gitqwerty777");
    check_against_solutions(dir / "extra_gitqwerty777/question.txt",
                            dir / "extra_gitqwerty777/solution.txt", 1000, 25);
    // Eleven puzzles of this file write empty clues as empty lines.
    check_against_solutions(dir / "extra_gitqwerty777/15question.txt",
                            dir / "extra_gitqwerty777/15solution.txt", 1000, 15);
    check_against_solutions(dir / "extra_maeglin89273/tcga2016-question.txt",
                            dir / "extra_maeglin89273/tcga2016-solution.txt", 100, 15);
    // No '$' line at all: one 25x25 puzzle.
    const auto hard = dir / "extra_cgilab/PuzzleCannotSolve.txt";
    const auto ps = io::read_taai(slurp(hard), hard.string());
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].width(), 25);
    EXPECT_EQ(io::sniff_taai(slurp(hard)), 40);
}

TEST(TaaiBenchmarks, NonoDatasetSamples) {
    const auto dir = bench_path("dataset/taai_style");
    NONOLAB_SKIP_IF_ABSENT(dir);
    const struct {
        const char* stem;
        size_t count;
        int n;
    } sets[] = {{"10x10_noise_first300", 300, 10},    {"10x10_test_first300", 300, 10},
                {"10x10_train_backtracking", 63, 10}, {"15x15_icons_first300", 300, 15},
                {"15x15_test_backtracking", 302, 15}, {"15x15_test_ok_first300", 300, 15}};
    for (const auto& s : sets)
        check_against_solutions(dir / (std::string(s.stem) + "-question.txt"),
                                dir / (std::string(s.stem) + "-solution.txt"), s.count, s.n);
}

// build_puzzle (src/io/text.hpp): the one place where readers turn the
// Puzzle constructor's PuzzleError into a ParseError with the file name and
// the line, so a bad clue is reported as "file:line: puzzle N: row 2 ...".
// Also checked through a real reader, end to end.
#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "io/formats.hpp"
#include "io/text.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

using test_util::error_of;

TEST(BuildPuzzle, RelocatesAPuzzleErrorToTheFileAndLine) {
    const ParseError e = error_of([] {
        build_puzzle("cat.taai", 7, 0, 4, 1, {bw_clue({3, 0})}, std::vector<Clue>(4));
    });
    EXPECT_EQ(e.source(), "cat.taai");
    EXPECT_EQ(e.line(), 7);
    EXPECT_EQ(e.message(), "row 1: run length 0 (expected a positive length)");
    EXPECT_EQ(std::string(e.what()),
              "cat.taai:7: row 1: run length 0 (expected a positive length)");
}

TEST(BuildPuzzle, NamesThePuzzleOfAManyPuzzleFile) {
    const ParseError e = error_of([] {
        build_puzzle("set.nin", 40, 3, 2, 2, {bw_clue({1}), bw_clue({1})}, {bw_clue({1})});
    });
    EXPECT_EQ(std::string(e.what()), "set.nin:40: puzzle 3: expected 2 column clues, got 1");
}

TEST(BuildPuzzle, KeepsCluesThatOnlyAdmitNoGrid) {
    // Totals that differ and a clue longer than its line are contradictions, not errors.
    const Puzzle p = build_puzzle("set.nin", 40, 3, 2, 2, {bw_clue({1}), bw_clue({3})},
                                  {bw_clue({1}), {}});
    EXPECT_EQ(clue_contradiction(p), "row 2 clue \"3\" needs 3 cells but the puzzle is only 2 wide");
}

TEST(BuildPuzzle, PassesAGoodPuzzleThrough) {
    const Puzzle p = build_puzzle("ok.non", 1, 0, 2, 1, {bw_clue({1})}, {bw_clue({1}), {}});
    EXPECT_EQ(p.width(), 2);
    EXPECT_EQ(p.row(0), bw_clue({1}));
}

TEST(BuildPuzzle, ThroughARealReaderAnImpossibleClueIsAPuzzle) {
    // A .non file whose only row asks for 3 cells in a line of 2: read, and proven impossible.
    const std::string text = "width 2\nheight 1\n\nrows\n3\n\ncolumns\n1\n1\n";
    EXPECT_IMPOSSIBLE(read_puzzles_text(text, "bad.non", "non"),
                      "row 1 clue \"3\" needs 3 cells but the puzzle is only 2 wide");
}

}  // namespace
}  // namespace nonolab::io

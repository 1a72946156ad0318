#include "io/chargrid.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/error.hpp"
#include "io/formats.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

using test_util::expect_error;

TEST(Chargrid, ReadsDotHashPicture) {
    const Puzzle p = read_chargrid("##.\n...\n#.#\n", "p.txt")[0];
    EXPECT_EQ(p.width(), 3);
    EXPECT_EQ(p.height(), 3);
    EXPECT_TRUE(p.black_and_white());
    EXPECT_EQ(p.row(0), bw_clue({2}));
    EXPECT_TRUE(p.row(1).empty());
    EXPECT_EQ(p.column(0), bw_clue({1, 1}));
    ASSERT_TRUE(p.info().goal.has_value());
    EXPECT_EQ(p.info().goal->at(2, 2), kFilled);
    EXPECT_EQ(p.info().goal->at(1, 1), kEmpty);
}

TEST(Chargrid, OtherAlphabetsAndLineEndings) {
    const Puzzle a = read_chargrid("##.\n...\n#.#\n", "a")[0];
    EXPECT_TRUE(a.same_clues(read_chargrid("110\n000\n101", "b")[0]));  // no final newline
    EXPECT_TRUE(a.same_clues(read_chargrid("\xEF\xBB\xBFXX_\r\n___\r\nX_X\r\n\r\n", "c")[0]));
    // Spaces as background: short lines are padded, an inner blank line is an empty row.
    EXPECT_TRUE(a.same_clues(read_chargrid("\n##\n\n# #\n", "d")[0]));
    // Unicode blocks.
    EXPECT_TRUE(a.same_clues(read_chargrid("██ \n   \n█ █\n", "e")[0]));
}

TEST(Chargrid, ColourPictures) {
    // Emoji squares: ⬜ background, 🟥 red, 🟦 blue; variation selectors ignored.
    const Puzzle p = read_chargrid("🟥🟦⬜\n🟥\xEF\xB8\x8F⬜🟦\n", "e")[0];
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[1].name, "red");
    EXPECT_EQ(p.palette()[1].symbol, 'r');
    EXPECT_EQ(p.palette()[2].name, "blue");
    EXPECT_EQ(p.row(0), (Clue{{1, 1}, {1, 2}}));
    EXPECT_EQ(p.column(0), (Clue{{2, 1}}));
    // ASCII letters stand for themselves.
    const Puzzle q = read_chargrid("ab.\n.ab\n", "q")[0];
    ASSERT_EQ(q.palette().size(), 3u);
    EXPECT_EQ(q.palette()[1].symbol, 'a');
    EXPECT_EQ(q.palette()[2].symbol, 'b');
    EXPECT_EQ(q.row(1), (Clue{{1, 1}, {1, 2}}));
}

TEST(Chargrid, RejectsMalformedInput) {
    expect_error([] { read_chargrid("##.\n#.\n#..\n", "t"); }, 2,
                 "expected 3 cells like the first picture row (line 1), got 2");
    expect_error([] { read_chargrid("##.\n\n#..\n", "t"); }, 2, "a blank line inside the picture");
    expect_error([] { read_chargrid("#\t.\n", "t"); }, 1, "TAB");
    expect_error([] { read_chargrid("#.\n\xFF.\n", "t"); }, 2, "invalid byte sequence at column 1");
    expect_error([] { read_chargrid("#.\n\xE2\x97\n", "t"); }, 2, "invalid byte sequence");
    expect_error<UnsupportedError>([] { read_chargrid(" ◼\n◢◼\n", "t"); }, 2,
                                   "triangle half-cell (U+25E2) at column 1");
    expect_error([] { read_chargrid("\n  \n", "t"); }, 0, "empty file");
}

TEST(Chargrid, Sniff) {
    EXPECT_EQ(sniff_chargrid("##.\n...\n#.#\n"), 40);
    EXPECT_EQ(sniff_chargrid("110\n000\n101\n"), 40);
    EXPECT_EQ(sniff_chargrid("🟥🟦⬜\n🟥⬜🟦\n"), 30);
    EXPECT_EQ(sniff_chargrid("1 2\n3 4\n"), 0);  // numbers with spaces: clues
    EXPECT_EQ(sniff_chargrid("12\n34\n"), 0);    // digits other than 0/1
    EXPECT_EQ(sniff_chargrid("##.\n#.\n"), 0);   // ragged
    EXPECT_EQ(sniff_chargrid("$1\n1\t0\n"), 0);  // TAAI solution
    EXPECT_EQ(sniff_chargrid("##\n##\n"), 0);    // no background at all
    EXPECT_EQ(sniff_chargrid("#\n.\n"), 0);      // one column: too thin to tell
}

TEST(Chargrid, ReadsPicturesFromBenchmarks) {
    const fs::path base = fs::path(NONOLAB_SHARED_DIR) / "benchmarks/misc";
    const fs::path raw = base / "picross_solver_testset/inputs/raw";
    const fs::path loom = base / "number_loom_puzzles/examples/char-grid";
    if (!fs::is_directory(raw) || !fs::is_directory(loom))
        GTEST_SKIP() << "benchmark folders absent under " << base;
    // picross-solver raw solutions: '.#' and 0/1 text, found by content.
    const auto note = read_puzzles((raw / "note.txt").string());
    ASSERT_EQ(note.size(), 1u);
    EXPECT_EQ(note[0].width(), 6);
    EXPECT_EQ(note[0].height(), 6);
    EXPECT_EQ(note[0].row(0), bw_clue({3}));
    const auto rand11 = read_puzzles((raw / "rand11.txt").string());
    EXPECT_EQ(rand11[0].width(), 30);
    EXPECT_EQ(rand11[0].height(), 30);
    // number-loom char-grid: the emoji picture loads; the triangle ones are refused.
    const auto colours = read_puzzles((loom / "unicode_colors.txt").string());
    EXPECT_EQ(colours[0].width(), 5);
    EXPECT_EQ(colours[0].height(), 8);
    EXPECT_EQ(colours[0].palette().size(), 6u);  // background + 5 colours
    for (const char* name : {"ladle.txt", "usb_type_a_no_emblem.txt"})
        EXPECT_THROW(read_puzzles((loom / name).string()), UnsupportedError) << name;
}

}  // namespace
}  // namespace nonolab::io

// One entry per puzzle, always: in every format that
// marks where each puzzle starts, a puzzle that cannot be read is an entry
// of its own, with its index and the reader's message, and the puzzles
// around it are read all the same.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "fuzz/puzzle_boundaries.hpp"
#include "io/formats.hpp"
#include "io/npz.hpp"
#include "io/npz_writer.hpp"
#include "io/puzzle_sets_util.hpp"
#include "io/spoj.hpp"
#include "io/taai.hpp"

namespace nonolab {
namespace {

using test_util::broken_patterns;
using test_util::PuzzleSet;
using test_util::set_formats;
using test_util::SetFormat;

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

// Entry k holds puzzle k of the set (its size says which), or the error of
// the broken puzzle at that place, naming the file and the line.
void expect_entries(const std::vector<io::Entry>& entries, const std::vector<bool>& broken,
                    const PuzzleSet& set, const std::string& file, const std::string& expected) {
    ASSERT_EQ(entries.size(), broken.size());
    size_t bad = 0;
    for (size_t i = 0; i < broken.size(); ++i) {
        SCOPED_TRACE("puzzle " + std::to_string(i + 1));
        if (!broken[i]) {
            ASSERT_TRUE(entries[i].puzzle.has_value()) << entries[i].error;
            EXPECT_EQ(entries[i].puzzle->width(), static_cast<int>(i) + 2);
            EXPECT_TRUE(entries[i].error.empty());
            continue;
        }
        EXPECT_FALSE(entries[i].puzzle.has_value());
        ASSERT_LT(bad, set.bad_lines.size());
        const std::string where = file + ":" + std::to_string(set.bad_lines[bad++]) + ":";
        EXPECT_EQ(entries[i].error.rfind(where, 0), 0u) << entries[i].error << " / " << where;
        EXPECT_TRUE(contains(entries[i].error, expected)) << entries[i].error;
    }
}

TEST(PuzzleSets, EveryFormatGivesOneEntryPerPuzzleWhateverIsBroken) {
    for (const SetFormat& f : set_formats()) {
        for (const std::vector<bool>& broken : broken_patterns()) {
            SCOPED_TRACE(std::string(f.name) + ", " + std::to_string(broken.size()) + " puzzles");
            const PuzzleSet set = f.make(broken);
            expect_entries(io::read_entries_text(set.text, f.file, f.name), broken, set, f.file,
                           f.expected);
        }
    }
}

// The fuzz target's independent count (tests/fuzz/puzzle_boundaries.hpp)
// agrees with the readers here, and notices an entry too few or too many.
TEST(PuzzleSets, TheFuzzTargetsBoundaryCountAgreesWithTheReaders) {
    for (const SetFormat& f : set_formats()) {
        for (const std::vector<bool>& broken : broken_patterns()) {
            SCOPED_TRACE(f.name);
            const PuzzleSet set = f.make(broken);
            auto entries = io::read_entries_text(set.text, f.file, f.name);
            const auto ok = fuzz::boundary_mismatch(f.name, set.text, entries);
            EXPECT_FALSE(ok) << *ok;
            entries.pop_back();
            EXPECT_TRUE(fuzz::boundary_mismatch(f.name, set.text, entries));
            entries.push_back(entries.front());
            entries.push_back(entries.front());
            EXPECT_TRUE(fuzz::boundary_mismatch(f.name, set.text, entries));
        }
    }
}

// The fuzz target's check, on random mutations of every set (a few
// characters replaced, a prefix cut), so that it runs in every build and
// not only under libFuzzer: whatever the reader makes of the text, it is
// one entry per puzzle the text marks, or a refusal of the whole file.
TEST(PuzzleSets, MutatedSetsStillGiveOneEntryPerMarkedPuzzle) {
    std::mt19937 rng(27);
    const std::string alphabet = "$x01 \n\t<>/=\"[]{},:#-Apuzle";
    for (const SetFormat& f : set_formats()) {
        const std::string base = f.make({false, true, false, false}).text;
        for (int round = 0; round < 400; ++round) {
            std::string text = base.substr(0, 1 + rng() % base.size());
            for (int k = 0; k < 3; ++k)
                text[rng() % text.size()] = alphabet[rng() % alphabet.size()];
            std::vector<io::Entry> entries;
            try {
                entries = io::read_entries_text(text, f.file, f.name);
            } catch (const ParseError&) {
                continue;
            }
            const auto why = fuzz::boundary_mismatch(f.name, text, entries);
            EXPECT_FALSE(why) << *why << "\n" << text;
        }
    }
}

TEST(PuzzleSets, TheAllOrNothingReadStopsAtTheFirstBrokenPuzzle) {
    for (const SetFormat& f : set_formats()) {
        SCOPED_TRACE(f.name);
        const PuzzleSet good = f.make({false, false, false});
        EXPECT_EQ(io::read_puzzles_text(good.text, f.file, f.name).size(), 3u);
        const PuzzleSet set = f.make({false, true, true});
        try {
            io::read_puzzles_text(set.text, f.file, f.name);
            ADD_FAILURE() << "no error";
        } catch (const ParseError& e) {
            EXPECT_EQ(e.line(), set.bad_lines.at(0)) << e.what();
        }
    }
}

TEST(PuzzleSets, ExtensionsAndContentStillChooseTheFormat) {
    for (const SetFormat& f : set_formats()) {
        SCOPED_TRACE(f.name);
        // The Rosetta sniffer wants every block well formed; such a file
        // needs --format rosetta.
        if (std::string(f.name) == "rosetta") continue;
        const PuzzleSet set = f.make({false, true, false});
        const auto entries = io::read_entries_text(set.text, f.file);
        ASSERT_EQ(entries.size(), 3u);
        EXPECT_FALSE(entries[1].puzzle);
    }
}

TEST(PuzzleSets, TaaiHeadersMarkPuzzlesEvenWhenOneIsBroken) {
    const std::string text = "$1\n1\n1\n$two\n1\n1\n$3\n1\n1\n";
    const auto entries = io::read_entries_text(text, "h.taai");
    ASSERT_EQ(entries.size(), 3u);
    EXPECT_TRUE(entries[0].puzzle && entries[2].puzzle);
    EXPECT_EQ(entries[1].error, "h.taai:4: expected a puzzle header like '$1', got '$two'");
    EXPECT_EQ(entries[2].puzzle->info().id, "$3");

    // Text before the first header is the first puzzle's problem, so the
    // others keep their numbers.
    const auto junk = io::read_entries_text("junk\n$1\n1\n1\n$2\n1\n1\n", "j.taai");
    ASSERT_EQ(junk.size(), 2u);
    EXPECT_TRUE(contains(junk[0].error, "j.taai:1: expected a '$1' puzzle header"));
    EXPECT_TRUE(junk[1].puzzle);

    // A file of solutions is refused whole, as before.
    EXPECT_THROW(io::read_entries_text("$1\n1 0\n0 1\n$2\n0 1\n1 0\n", "s.taai"), UnsupportedError);
}

TEST(PuzzleSets, SpojFindsTheNextPuzzleAfterABrokenHeaderOrAShortBlock) {
    // Puzzle 2's header is not 'height width'; puzzle 3 is found by its shape.
    const std::string bad_header = "3\n1 1\n1 0\n1 0\n1 x\n1 0\n1 0\n1 1\n1 0\n1 0\n";
    auto entries = io::read_entries_text(bad_header, "h.txt", "spoj");
    ASSERT_EQ(entries.size(), 3u);
    EXPECT_TRUE(entries[0].puzzle && entries[2].puzzle);
    EXPECT_TRUE(contains(entries[1].error, "h.txt:5: expected a width")) << entries[1].error;

    // Puzzle 1 announces 3 rows but has 2: its block stops at puzzle 2's header.
    const std::string short_block = "2\n3 1\n1 0\n1 0\n1 0\n1 1\n1 0\n1 0\n";
    entries = io::read_entries_text(short_block, "s.txt", "spoj");
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_TRUE(
        contains(entries[0].error, "s.txt:6: puzzle 1: expected 1 column clue lines, got 0"))
        << entries[0].error;
    EXPECT_TRUE(entries[1].puzzle);

    // Fewer puzzles than announced: one entry per missing puzzle.
    const std::string two = "2 2\n1 0\n1 0\n1 0\n1 0\n";
    entries = io::read_entries_text("3\n" + two + two, "m.txt", "spoj");
    ASSERT_EQ(entries.size(), 3u);
    EXPECT_TRUE(entries[0].puzzle && entries[1].puzzle);
    EXPECT_TRUE(contains(entries[2].error, "expected 3 puzzles, but the file ends after 2"));
    // Text after the announced puzzles is an entry of its own.
    entries = io::read_entries_text("1\n1 1\n1 0\n1 0\nextra\n", "t.txt", "spoj");
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_TRUE(contains(entries[1].error, "t.txt:5: expected the end of the file"));
    // A count the file cannot hold is a broken file, not a million missing puzzles.
    EXPECT_THROW(io::read_entries_text("1000000\n1 1\n1 0\n1 0\n", "c.txt", "spoj"), ParseError);
}

TEST(PuzzleSets, ABrokenPuzzleKeepsTheTitleReadBeforeTheError) {
    const std::string xml =
        "<puzzleset>\n<puzzle><title>Ald\xe8ge</title><clues type=\"rows\"><line><count>x"
        "</count></line></clues></puzzle>\n</puzzleset>\n";
    auto entries = io::read_entries_text(xml, "t.xml");
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].name, "Ald\u00e8ge");  // decoded like every title
    EXPECT_EQ(entries[0].line, 2);
    entries =
        io::read_entries_text("title \"First\"\nwidth 1\nheight 1\nrows\nx\ncolumns\n1\n", "t.non");
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].name, "First");
    EXPECT_FALSE(entries[0].puzzle);
}

TEST(PuzzleSets, AFileThatCannotBeSplitIsOneError) {
    EXPECT_THROW(io::read_entries_text("<puzzleset><puzzle>", "b.xml"), ParseError);
    EXPECT_THROW(io::read_entries_text("[{\"rows\": [[1]],", "b.json"), ParseError);
    EXPECT_THROW(io::read_entries_text("\n\n", "b.taai"), ParseError);
    EXPECT_THROW(io::read_entries_text("x\n", "b.txt", "spoj"), ParseError);
}

TEST(PuzzleSets, NpzRowsAreReadOneByOne) {
    // Boards of 2x2 cells; row 2 holds a 2, which is not a cell value.
    const std::string cells =
        std::string("\1\0\0\0", 4) + std::string("\1\2\0\0", 4) + std::string("\0\0\0\1", 4);
    const std::string npz = io::npz_uint8(cells, 3, 4);
    const auto entries = io::read_entries_text(npz, "y_boards.npz");
    ASSERT_EQ(entries.size(), 3u);
    EXPECT_TRUE(entries[0].puzzle && entries[2].puzzle);
    EXPECT_TRUE(contains(entries[1].error, "puzzle 2: expected board cells 0 or 1, got 2"))
        << entries[1].error;
    EXPECT_THROW(io::read_npz(npz, "y_boards.npz"), ParseError);

    // Clue vectors of 3x3 puzzles: 6 lines of 2 slots, runs right-aligned.
    std::string x(24, '\0');
    x[0] = 1;              // puzzle 1, row 1: slots "1 0", a 0 after a run
    x[13] = 1, x[19] = 1;  // puzzle 2: row 1 = [1], column 1 = [1]
    const auto clues = io::read_entries_text(io::npz_uint8(x, 2, 12), "x_clues.npz");
    ASSERT_EQ(clues.size(), 2u);
    EXPECT_TRUE(contains(clues[0].error, "puzzle 1: expected row 1 right-aligned"))
        << clues[0].error;
    ASSERT_TRUE(clues[1].puzzle);
    EXPECT_EQ(clues[1].puzzle->width(), 3);
}

}  // namespace
}  // namespace nonolab

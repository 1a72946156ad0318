#include "io/picross.hpp"

#include <gtest/gtest.h>

#include <map>

#include "io/line_formats_util.hpp"

using namespace nonolab;
using namespace nonolab::test;

namespace {
// Two grids of our own; the second lists COLUMNS first and has no name.
//   ##.     #.
//   .##     ..
const char* kTwo =
    "# two small grids\n"
    "GRID Steps\n"
    "ROWS\n"
    "[ 2 ]\n"
    "[ 2 ]\n"
    "\n"
    "COLUMNS\n"
    "[ 1 ]\n"
    "[ 2 ]\n"
    "[ 1 ]\n"
    "\n"
    "GRID\n"
    "COLUMNS\n"
    "[ 1 ]\n"
    "[ ]\n"
    "ROWS\n"
    "[1]\n"
    "[  ]\n";

const io::PicrossGrid* find_grid(const std::vector<io::PicrossGrid>& gs, const std::string& name) {
    for (const auto& g : gs)
        if (g.name == name) return &g;
    return nullptr;
}

const ParseError* error_of(const io::PicrossGrid* g) {
    return g ? std::get_if<ParseError>(&g->result) : nullptr;
}
}  // namespace

TEST(Picross, ReadsSeveralGridsEitherOrder) {
    const auto ps = io::read_picross(kTwo, "two.txt");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_EQ(ps[0].info().title, "Steps");
    EXPECT_TRUE(ps[0].same_clues(puzzle_of({"##.", ".##"})));
    EXPECT_EQ(ps[1].info().title, "");
    EXPECT_TRUE(ps[1].same_clues(puzzle_of({"#.", ".."})));
}

TEST(Picross, CrlfBomNoFinalNewline) {
    const auto ps = io::read_picross(
        "\xEF\xBB\xBFGRID a\r\nROWS\r\n[ 1 ]\r\n[ 0 ]\r\nCOLUMNS\r\n[ 1 ]\r\n[ ]", "c");
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_TRUE(ps[0].same_clues(puzzle_of({"#.", ".."})));
}

TEST(Picross, MalformedInputNamesTheLine) {
    EXPECT_PARSE_ERROR(io::read_picross("ROWS\n[ 1 ]\n", "m"), 1,
                       "expected 'GRID name' before ROWS");
    EXPECT_PARSE_ERROR(io::read_picross("GRID g\n[ 1 ]\n", "m"), 2,
                       "grid 'g': expected ROWS or COLUMNS before the first clue");
    EXPECT_PARSE_ERROR(io::read_picross("GRID g\nROWS\n[ 1 x ]\n", "m"), 3,
                       "grid 'g': expected a run length (a non-negative integer), got 'x'");
    EXPECT_PARSE_ERROR(io::read_picross("GRID g\nROWS\n[ 1 \n", "m"), 3,
                       "expected a clue like '[ 2 1 ]' ending in ']', got '[ 1'");
    EXPECT_PARSE_ERROR(io::read_picross("GRID g\nROWS\n[ 1 ]\nROWS\n", "m"), 4,
                       "expected one ROWS section, got a second one");
    EXPECT_PARSE_ERROR(io::read_picross("GRID g\nROWS\n[ 1 ]\n", "m"), 1,
                       "grid 'g': expected a COLUMNS section with at least one clue, found none");
    EXPECT_PARSE_ERROR(
        io::read_picross("GRID g\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\nfoo\n", "m"), 6,
        "expected GRID, ROWS, COLUMNS, a '[ ... ]' clue or a '#' comment, got 'foo'");
    EXPECT_PARSE_ERROR(io::read_picross("# nothing\n", "m"), 0, "expected at least one 'GRID'");
}

TEST(Picross, EachGridCarriesItsOwnResult) {
    const char* text =
        "GRID bad\nROWS\n[ 1 x ]\nCOLUMNS\n[ 1 ]\n[ 1 ]\n"
        "GRID good\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n"
        "oops\n"
        "GRID after\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n";
    const auto gs = io::read_picross_each(text, "e");
    ASSERT_EQ(gs.size(), 4u);
    ASSERT_NE(error_of(&gs[0]), nullptr);
    EXPECT_EQ(error_of(&gs[0])->line(), 3);
    EXPECT_TRUE(std::holds_alternative<Puzzle>(gs[1].result));
    EXPECT_EQ(gs[2].name, "");
    EXPECT_EQ(gs[2].line, 12);
    EXPECT_TRUE(std::holds_alternative<Puzzle>(gs[3].result));
}

TEST(Picross, Sniffs) {
    EXPECT_EQ(io::sniff_picross(kTwo), 100);
    EXPECT_EQ(io::sniff_picross("\n\nGRID\n"), 100);
    EXPECT_EQ(io::sniff_picross("GRIDS\n"), 0);
    EXPECT_EQ(io::sniff_picross("$1\n1\n"), 0);
    EXPECT_EQ(io::sniff_picross("ROWS\n[ 1 ]\n"), 0);
}

TEST(PicrossBenchmarks, ValidInputsMatchValidationCsv) {
    const auto dir = bench_path("misc/picross_solver_testset");
    NONOLAB_SKIP_IF_ABSENT(dir);
    // "File,Grid,Size (WxH),..." for every grid the original solver read.
    std::map<std::pair<std::string, std::string>, std::string> sizes;
    const std::string csv = slurp(dir / "outputs/validation.csv");
    for (const auto& l : io::split_lines(csv)) {
        const auto fields = io::split_any(l.text, ",");
        if (fields.size() > 3 && fields[2].find('x') != std::string_view::npos)
            sizes[{std::string(fields[0]), std::string(fields[1])}] = std::string(fields[2]);
    }
    std::vector<std::filesystem::path> files = files_in(dir / "inputs", ".txt");
    for (const auto& f : files_in(dir / "inputs/picross_ds", ".txt")) files.push_back(f);
    size_t total = 0, checked = 0;
    for (const auto& f : files) {
        if (f.filename() == "invalid_input.txt") continue;
        SCOPED_TRACE(f.string());
        const std::string text = slurp(f);
        EXPECT_EQ(io::sniff_picross(text), 100);
        const auto ps = io::read_picross(text, f.string());
        total += ps.size();
        for (const auto& p : ps) {
            const auto it = sizes.find({f.filename().string(), p.info().title});
            if (it == sizes.end()) continue;
            EXPECT_EQ(it->second, std::to_string(p.width()) + "x" + std::to_string(p.height()))
                << p.info().title;
            ++checked;
        }
    }
    EXPECT_EQ(total, 32u);  // 7 domino, 2 example, 15 test patterns, 8 Picross DS
    EXPECT_EQ(checked, 24u);
}

TEST(PicrossBenchmarks, InvalidInputReportsEachProblem) {
    const auto path = bench_path("misc/picross_solver_testset/inputs/invalid_input.txt");
    NONOLAB_SKIP_IF_ABSENT(path);
    const std::string text = slurp(path);
    // The whole-file reader stops at the first broken grid.
    EXPECT_PARSE_ERROR(io::read_picross(text, path.string()), 49, "expected a ROWS section");
    const auto gs = io::read_picross_each(text, path.string());
    ASSERT_EQ(gs.size(), 7u);
    // Clues that admit no grid are puzzles, with a proven contradiction.
    const auto impossible = [&](const char* name, const std::string& why) {
        const io::PicrossGrid* g = find_grid(gs, name);
        ASSERT_NE(g, nullptr) << name;
        ASSERT_TRUE(std::holds_alternative<Puzzle>(g->result)) << name;
        EXPECT_EQ(clue_contradiction(std::get<Puzzle>(g->result)), why) << name;
    };
    impossible("Fishy", "rows fill 153 cells, columns fill 154");
    impossible("Ill-formed", "column 1 clue \"4\" needs 4 cells but the puzzle is only 3 high");
    impossible("Wrong constraint", "row 1 clue \"1 1\" needs 3 cells but the puzzle is only 2 wide");
    const ParseError* e = error_of(find_grid(gs, "False note"));
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->line(), 49);
    EXPECT_TRUE(contains(e->message(), "expected a ROWS section")) << e->what();
    for (const char* name : {"Impossible", "Zero"}) {
        const io::PicrossGrid* g = find_grid(gs, name);
        ASSERT_NE(g, nullptr) << name;
        ASSERT_TRUE(std::holds_alternative<Puzzle>(g->result)) << name;
        EXPECT_EQ(std::get<Puzzle>(g->result).width(), 3);
    }
    EXPECT_EQ(gs.back().name, "");
    e = error_of(&gs.back());
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->line(), 105);
    EXPECT_TRUE(contains(e->message(), "got 'GRILL Beaf'")) << e->what();
}

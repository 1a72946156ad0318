// Clues that admit no grid (a clue longer than its line, totals that differ,
// per colour in colour puzzles) are a proven `contradiction` with a reason,
// in every front end of the CLI, and the rest of the file is still solved.
#include "cli_fixture.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

// $1 is fine (unique), $2's rows fill 2 cells and its columns 1, and $3's
// first column asks for 3 cells in a puzzle 2 high.
const char* kSet = "$1\n2\n0\n1\n1\n$2\n1\n0\n1\n1\n$3\n3\n0\n1\n1\n";

TEST_F(Cli, ImpossibleCluesAreAContradictionWithItsReasonInEveryRecord) {
    spit(tmp("set.taai"), kSet);
    const RunResult r = run({"solve", "--json", tmp("set.taai").string()});
    EXPECT_EXIT_CODE(r, 1);
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 3u) << r.out;
    const auto rec = [&](int i) { return nlohmann::json::parse(lines[static_cast<std::size_t>(i)]); };
    EXPECT_EQ(rec(0)["status"], "unique");
    EXPECT_FALSE(rec(0).contains("reason"));
    EXPECT_EQ(rec(1)["index"], 2);
    EXPECT_EQ(rec(1)["status"], "contradiction");
    EXPECT_EQ(rec(1)["reason"], "rows fill 2 cells, columns fill 1");
    EXPECT_FALSE(rec(1).contains("error"));
    EXPECT_EQ(rec(2)["status"], "contradiction");
    EXPECT_EQ(rec(2)["reason"], "column 1 clue \"3\" needs 3 cells but the puzzle is only 2 high");
    // The same verdicts from a paper method, and in check's words.
    const RunResult hs = run({"solve", "--json", "--method", "hs-a", tmp("set.taai").string()});
    EXPECT_EQ(nlohmann::json::parse(lines_of(hs.out).at(1))["status"], "contradiction");
    const RunResult check = run({"check", tmp("set.taai").string()});
    EXPECT_EXIT_CODE(check, 1);
    EXPECT_NE(check.out.find("#2 (2x2): contradiction: rows fill 2 cells, columns fill 1"),
              std::string::npos)
        << check.out;
}

TEST_F(Cli, ExplainGivesTheReasonAsItsOneStep) {
    spit(tmp("set.taai"), kSet);
    const RunResult r = run({"explain", tmp("set.taai").string()});
    EXPECT_EXIT_CODE(r, 1);
    EXPECT_NE(r.out.find("1. rows fill 2 cells, columns fill 1, so no grid fits the clues"),
              std::string::npos)
        << r.out;
}

TEST_F(Cli, ColourTotalsAreComparedPerColour) {
    spit(tmp("c.xml"),
         "<?xml version=\"1.0\"?>\n<puzzleset><puzzle type=\"grid\" defaultcolor=\"red\" "
         "backgroundcolor=\"white\">\n"
         "<color name=\"white\" char=\".\">FFFFFF</color>\n"
         "<color name=\"red\" char=\"r\">FF0000</color>\n"
         "<color name=\"blue\" char=\"b\">0000FF</color>\n"
         "<clues type=\"columns\"><line><count color=\"red\">1</count></line>"
         "<line><count color=\"blue\">1</count></line></clues>\n"
         "<clues type=\"rows\"><line><count color=\"red\">2</count></line></clues>\n"
         "</puzzle></puzzleset>\n");
    const RunResult r = run({"check", "--json", tmp("c.xml").string()});
    EXPECT_EXIT_CODE(r, 1);
    const nlohmann::json j = first_json(r);
    EXPECT_EQ(j["status"], "contradiction");
    EXPECT_EQ(j["reason"], "rows fill 2 cells of red, columns fill 1");
}

TEST_F(Cli, SyntaxStaysAnError) {
    spit(tmp("bad.taai"), "$1\n2\nx\n1\n1\n");
    const RunResult r = run({"solve", "--json", tmp("bad.taai").string()});
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_EQ(first_json(r)["status"], "error");
}

}  // namespace
}  // namespace nonolab

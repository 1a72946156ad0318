// The printed forms of an explanation (batch/explain_output.hpp): the JSON
// object the CLI, the server, the page and Python all print, and the text.
#include "batch/explain_output.hpp"

#include <gtest/gtest.h>

#include "core/picture.hpp"
#include "exact/explain.hpp"

namespace nonolab {
namespace {

// A 2x2 with the top row filled: two line steps decide everything.
Puzzle top_row() {
    Grid g(2, 2, kEmpty);
    g.set(0, 0, kFilled);
    g.set(0, 1, kFilled);
    return puzzle_from_picture(g);
}

// Every row and column "1" on 2x2: logic decides nothing.
Puzzle two_ways() {
    Grid g(2, 2, kEmpty);
    g.set(0, 0, kFilled);
    g.set(1, 1, kFilled);
    return puzzle_from_picture(g);
}

TEST(ExplainOutput, JsonNamesEveryStepWithZeroBasedCells) {
    const Puzzle p = top_row();
    const exact::Explanation e = exact::explain(p);
    const nlohmann::json j = batch::explain_json(e, p, "top.non", 1);
    EXPECT_EQ(j["source"], "top.non");
    EXPECT_EQ(j["index"], 1);
    EXPECT_EQ(j["width"], 2);
    EXPECT_EQ(j["status"], "unique");
    EXPECT_EQ(j["grid"], (nlohmann::json{"##", ".."}));
    ASSERT_FALSE(j["steps"].empty());
    const nlohmann::json& first = j["steps"][0];
    EXPECT_EQ(first["kind"], "line");
    EXPECT_EQ(first["line"], "row");
    EXPECT_EQ(first["index"], 0);
    EXPECT_EQ(first["cells"][0], (nlohmann::json{{"row", 0}, {"col", 0}, {"value", "#"}}));
    EXPECT_NE(first["reason"].get<std::string>().find("row 1"), std::string::npos);
}

TEST(ExplainOutput, WhereLogicStopsTheGridHasQuestionMarks) {
    const Puzzle p = two_ways();
    const exact::Explanation e = exact::explain(p);
    const nlohmann::json j = batch::explain_json(e, p, "x.non", 2);
    EXPECT_EQ(j["status"], "unsolved");
    EXPECT_EQ(j["grid"], (nlohmann::json{"??", "??"}));
    const std::string text = batch::explain_text(e, p, "x.non", 2);
    EXPECT_EQ(text.rfind("x.non #2 (2x2)\n", 0), 0u);
    EXPECT_NE(text.find("unsolved: logic stops here"), std::string::npos);
}

}  // namespace
}  // namespace nonolab

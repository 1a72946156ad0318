// The printed forms of a make-unique answer and the lock lists both front
// ends read (batch/make_unique_output.hpp).
#include "batch/make_unique_output.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "core/picture.hpp"

namespace nonolab {
namespace {

TEST(MakeUniqueOutput, JsonOfAnAmbiguousPictureNamesWhereTheSolutionsDiffer) {
    Grid g(2, 2, kEmpty);  // the diagonal: its clues have two solutions
    g.set(0, 0, kFilled);
    g.set(1, 1, kFilled);
    exact::MakeUniqueOptions o;
    o.max_changes = 1;
    o.timeout_seconds = 0;
    const exact::MakeUniqueResult m = exact::make_unique(g, black_and_white_palette(), o);
    const Puzzle p = puzzle_from_picture(g);
    const nlohmann::json j = batch::make_unique_json(m, p, o.goal);
    EXPECT_EQ(j["status"], "multiple");
    EXPECT_EQ(j["grade"], nullptr);  // a word only for a unique puzzle
    EXPECT_EQ(j["goal_met"], false);
    EXPECT_EQ(j["solutions"].size(), 2u);
    EXPECT_EQ(j["differ"].size(), 4u);  // every cell of the 2x2
    EXPECT_EQ(j["differ"][1], (nlohmann::json{0, 1}));
    for (const auto& s : j["suggestions"]) {
        EXPECT_EQ(s["changes"].size(), 1u);
        EXPECT_TRUE(s["grade"].is_string());
    }
    const std::string text = batch::make_unique_text(m, p, o.goal, "d.non", 1);
    EXPECT_EQ(text.rfind("d.non #1: 2x2, multiple; goal unique\n", 0), 0u);
}

TEST(MakeUniqueOutput, LockListIsZeroBasedAndStrict) {
    const auto cells = batch::parse_lock_list("0:1,,3:4");
    ASSERT_EQ(cells.size(), 2u);
    EXPECT_EQ(cells[1].row, 3);
    EXPECT_EQ(cells[1].col, 4);
    for (const char* bad : {"1", "1:", ":2", "1:2x", "-1:2", "a:b"})
        EXPECT_THROW(batch::parse_lock_list(bad), std::invalid_argument) << bad;
}

TEST(MakeUniqueOutput, LockFileIsOneBasedAndNamesTheBadLine) {
    const std::string path = ::testing::TempDir() + "make_unique_output_test.lock";
    {
        std::ofstream out(path);
        out << "# cells to keep\n1 2\n\n3,4  # a comma works too\n0 5\n";
    }
    try {
        batch::read_lock_file(path);
        FAIL() << "row 0 was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find(path + ":5: expected 'row col'"), std::string::npos)
            << e.what();
    }
    {
        std::ofstream out(path);
        out << "1 2\n3,4\n";
    }
    const auto cells = batch::read_lock_file(path);
    ASSERT_EQ(cells.size(), 2u);
    EXPECT_EQ(cells[0].row, 0);
    EXPECT_EQ(cells[0].col, 1);
    EXPECT_EQ(cells[1].row, 2);
    std::remove(path.c_str());
    EXPECT_THROW(batch::read_lock_file(path), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab

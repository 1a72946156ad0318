// nonolab make-unique: suggestions as text (1-based cells) and --json (the
// server's object, 0-based), the flags from the option table, --lock FILE
// honoured and its mistakes named by file:line, and the exit status.
#include "cli_fixture.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

// hakank's nonogram_difficult (15x15) as a picture: unique, needs search.
const char* const kNeedsSearch =
    "..........###..\n..........#..#.\n.........#....#\n.........#....#\n.........#...##\n"
    "........#####..\n........#......\n.......##......\n.......#.......\n.......#.......\n"
    "#.....##.......\n#....##........\n##...#.........\n.##.##.........\n..###..........\n";

TEST_F(Cli, MakeUniqueReachesTheLogicGoalAroundALockFile) {
    const fs::path picture = tmp("difficult.txt");
    spit(picture, kNeedsSearch);
    const RunResult met = run({"make-unique", picture.string()});
    EXPECT_EXIT_CODE(met, 0);
    EXPECT_NE(met.out.find("unique (search); goal unique"), std::string::npos) << met.out;
    EXPECT_NE(met.out.find("already met"), std::string::npos) << met.out;

    const fs::path lock = tmp("lock.txt");
    spit(lock, "# the best two single fixes, 1-based\n2 14\n\n14,4   # row 14, column 4\n");
    const RunResult r = run({"make-unique", "--goal", "logic", "--max-changes", "1",
                             "--suggestions", "2", "--lock", lock.string(), "--json",
                             picture.string()});
    EXPECT_EXIT_CODE(r, 0);
    const nlohmann::json j = first_json(r);
    EXPECT_EQ(j["goal"], "logic");
    EXPECT_EQ(j["grade"], "search");
    ASSERT_EQ(j["suggestions"].size(), 2u);
    for (const auto& s : j["suggestions"]) {
        EXPECT_TRUE(s["grade"] == "line" || s["grade"] == "probing");
        const int row = s["changes"][0]["row"], col = s["changes"][0]["col"];
        EXPECT_FALSE((row == 1 && col == 13) || (row == 13 && col == 3)) << row << "," << col;
    }
    EXPECT_EQ(j["candidates"], 225 - 2);

    const RunResult text = run({"make-unique", "--goal", "logic", "--max-changes", "1",
                                "--suggestions", "1", picture.string()});
    EXPECT_EXIT_CODE(text, 0);
    EXPECT_NE(text.out.find("1. 1 change: row "), std::string::npos) << text.out;
}

TEST_F(Cli, MakeUniqueRefusesBadLocksFlagsAndPictureless) {
    const fs::path picture = tmp("difficult.txt");
    spit(picture, kNeedsSearch);
    const fs::path lock = tmp("lock.txt");
    spit(lock, "1 1\n3 x\n");
    const RunResult bad = run({"make-unique", "--lock", lock.string(), picture.string()});
    EXPECT_EXIT_CODE(bad, 2);
    EXPECT_NE(bad.err.find("lock.txt:2:"), std::string::npos) << bad.err;
    spit(lock, "16 1\n");  // off the 15x15 board
    EXPECT_EXIT_CODE(run({"make-unique", "--lock", lock.string(), picture.string()}), 2);
    EXPECT_EXIT_CODE(run({"make-unique", "--goal", "pretty", picture.string()}), 2);
    EXPECT_EXIT_CODE(run({"make-unique", "--max-changes", "4", picture.string()}), 2);
    EXPECT_EXIT_CODE(run({"make-unique", example("cat.taai")}), 4);  // clues, no picture
    // Out of time before any suggestion: 3, and the JSON says incomplete.
    const RunResult cut = run({"make-unique", "--goal", "logic", "--timeout", "1e-6", "--json",
                               picture.string()});
    EXPECT_EXIT_CODE(cut, 3);
    EXPECT_EQ(first_json(cut)["complete"], false);
}

}  // namespace
}  // namespace nonolab

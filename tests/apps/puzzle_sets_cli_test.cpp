// One record per puzzle, always, through the binary: a
// set with broken puzzles first, in the middle and last, in every format
// that marks puzzles, gives one record per puzzle in file order from solve,
// check, experiment and explain; bench counts and names them; render
// refuses only the broken puzzle it is asked for; convert writes nothing
// (or, with --skip-unreadable, the others) and never a partial file.
#include "cli_fixture.hpp"
#include "io/puzzle_sets_util.hpp"

namespace nonolab {
namespace {

using namespace cli_test;
using test_util::broken_patterns;
using test_util::PuzzleSet;
using test_util::set_formats;
using test_util::SetFormat;

class PuzzleSetsCli : public Cli {
  protected:
    // Writes the set and returns its path.
    std::string write(const SetFormat& f, const PuzzleSet& set) {
        const fs::path path = tmp(f.file);
        spit(path, set.text);
        return path.string();
    }
};

// The records of `out` (JSON Lines) are puzzles 1..N in order; the broken
// ones are status error with the file and line of their error.
void expect_records(const std::vector<nlohmann::json>& records, const std::vector<bool>& broken,
                    const PuzzleSet& set, const std::string& path) {
    ASSERT_EQ(records.size(), broken.size());
    size_t bad = 0;
    for (size_t i = 0; i < broken.size(); ++i) {
        const nlohmann::json& j = records[i];
        SCOPED_TRACE(j.dump());
        EXPECT_EQ(j["index"], i + 1);
        EXPECT_EQ(j["source"], path);
        if (!broken[i]) {
            EXPECT_NE(j["status"], "error");
            EXPECT_EQ(j["width"], i + 2);
            continue;
        }
        EXPECT_EQ(j["status"], "error");
        const std::string where = path + ":" + std::to_string(set.bad_lines.at(bad++)) + ":";
        EXPECT_EQ(j.value("error", "").rfind(where, 0), 0u);
    }
}

std::vector<nlohmann::json> json_lines(const std::string& text) {
    std::vector<nlohmann::json> out;
    for (const std::string& l : lines_of(text))
        if (!l.empty()) out.push_back(nlohmann::json::parse(l));
    return out;
}

TEST_F(PuzzleSetsCli, SolveAndCheckGiveOneRecordPerPuzzleInEveryFormat) {
    for (const SetFormat& f : set_formats()) {
        for (const std::vector<bool>& broken : broken_patterns()) {
            SCOPED_TRACE(std::string(f.name) + ", " + std::to_string(broken.size()) + " puzzles");
            const PuzzleSet set = f.make(broken);
            const std::string path = write(f, set);
            for (const char* command : {"check", "solve"}) {
                SCOPED_TRACE(command);
                const RunResult r = run({command, "--json", "--format", f.name, path});
                EXPECT_EXIT_CODE(r, 4);
                expect_records(json_lines(r.out), broken, set, path);
            }
        }
    }
}

TEST_F(PuzzleSetsCli, TextOutputNamesEachUnreadablePuzzleInItsPlace) {
    const SetFormat f = set_formats().at(0);  // taai
    const PuzzleSet set = f.make({false, true, false});
    const std::string path = write(f, set);
    const RunResult r = run({"check", path});
    EXPECT_EXIT_CODE(r, 4);
    const std::string all = r.out + r.err;
    const size_t one = all.find(path + " #1"), two = all.find(path + " #2"),
                 three = all.find(path + " #3");
    ASSERT_NE(two, std::string::npos) << all;
    EXPECT_LT(one, two);
    EXPECT_LT(two, three);
    EXPECT_NE(all.find(path + ":" + std::to_string(set.bad_lines[0]) + ": expected a run length"),
              std::string::npos)
        << all;
}

TEST_F(PuzzleSetsCli, ExperimentRecordsEveryPuzzleOfASetWithBrokenOnes) {
    for (const SetFormat& f : set_formats()) {
        // experiment has no --format: the formats named by their extension.
        if (std::string(f.file).find(".txt") != std::string::npos) continue;
        for (const std::vector<bool>& broken : broken_patterns()) {
            SCOPED_TRACE(std::string(f.name) + ", " + std::to_string(broken.size()) + " puzzles");
            const PuzzleSet set = f.make(broken);
            const std::string path = write(f, set);
            const fs::path out = tmp("runs.jsonl");
            fs::remove(out);
            const RunResult r =
                run({"experiment", path, "-m", "exact", "--trials", "1", "-o", out.string()});
            EXPECT_EXIT_CODE(r, 4);
            EXPECT_NE(r.err.find("cannot be read"), std::string::npos) << r.err;
            expect_records(json_lines(slurp(out)), broken, set, path);
        }
    }
}

TEST_F(PuzzleSetsCli, ExplainAnswersEveryPuzzleAndRenderPicksAroundBrokenOnes) {
    const SetFormat f = set_formats().at(3);  // clues
    const std::vector<bool> broken = {false, true, false};
    const PuzzleSet set = f.make(broken);
    const std::string path = write(f, set);
    RunResult r = run({"explain", "--json", path});
    EXPECT_EXIT_CODE(r, 4);
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 3u) << r.out;
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(lines[i]["index"], i + 1);
        EXPECT_EQ(lines[i]["status"] == "error", broken[i]) << lines[i].dump();
    }
    EXPECT_NE(r.err.find(path + " #2: " + path + ":" + std::to_string(set.bad_lines[0]) + ":"),
              std::string::npos)
        << r.err;
    EXPECT_EXIT_CODE(run({"render", path, "--index", "3"}), 0);
    r = run({"render", path, "--index", "2"});
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_NE(r.err.find(path + " #2: "), std::string::npos) << r.err;
}

TEST_F(PuzzleSetsCli, BenchCountsUnreadablePuzzlesAndNamesThem) {
    const SetFormat f = set_formats().at(1);  // xml
    const PuzzleSet set = f.make({true, false, false, true});
    const std::string path = write(f, set);
    const RunResult r = run({"bench", path});
    EXPECT_EXIT_CODE(r, 4);
    // The set's row: 2 solved of 4 puzzles.
    bool row = false;
    for (const std::string& l : lines_of(r.out)) {
        std::istringstream in(l);
        std::string set, solver;
        int solved = -1, puzzles = -1;
        if (in >> set >> solver >> solved >> puzzles && solver == "nonolab") {
            row = true;
            EXPECT_EQ(solved, 2) << l;
            EXPECT_EQ(puzzles, 4) << l;
        }
    }
    EXPECT_TRUE(row) << r.out;
    EXPECT_NE(r.err.find(path + " #1 cannot be read: " + path + ":"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(path + " #4 cannot be read: "), std::string::npos) << r.err;
}

TEST_F(PuzzleSetsCli, ConvertWritesNothingUnlessToldToSkip) {
    for (const SetFormat& f : set_formats()) {
        for (const std::vector<bool>& broken : broken_patterns()) {
            SCOPED_TRACE(std::string(f.name) + ", " + std::to_string(broken.size()) + " puzzles");
            const PuzzleSet set = f.make(broken);
            const std::string path = write(f, set);
            const fs::path out = tmp("out.non");
            fs::remove(out);
            RunResult r = run({"convert", "--from", f.name, path, out.string()});
            EXPECT_EXIT_CODE(r, 4);
            EXPECT_FALSE(fs::exists(out));
            // Every unreadable puzzle is named by its index in the file.
            size_t bad = 0;
            for (size_t i = 0; i < broken.size(); ++i) {
                const std::string named = "#" + std::to_string(i + 1) + ": " + path + ":";
                if (!broken[i]) {
                    EXPECT_EQ(r.err.find(named), std::string::npos) << r.err;
                    continue;
                }
                EXPECT_NE(r.err.find(named + std::to_string(set.bad_lines.at(bad++)) + ":"),
                          std::string::npos)
                    << r.err;
            }
            const size_t good = std::count(broken.begin(), broken.end(), false);
            r = run({"convert", "--skip-unreadable", "--from", f.name, path, out.string()});
            EXPECT_EXIT_CODE(r, 0);
            EXPECT_NE(r.err.find("left out"), std::string::npos) << r.err;
            const auto back = io::read_puzzles(out.string());
            ASSERT_EQ(back.size(), good);
            // The readable ones, in file order.
            size_t k = 0;
            for (size_t i = 0; i < broken.size(); ++i)
                if (!broken[i]) EXPECT_EQ(back[k++].width(), static_cast<int>(i) + 2);
            // --index picks around the broken puzzles.
            const size_t first_good =
                std::find(broken.begin(), broken.end(), false) - broken.begin();
            r = run({"convert", "--from", f.name, "--index", std::to_string(first_good + 1), path,
                     tmp("one.non").string()});
            EXPECT_EXIT_CODE(r, 0);
        }
    }
}

TEST_F(PuzzleSetsCli, ConvertRefusesWhenEveryPuzzleIsBrokenEvenWithSkip) {
    const SetFormat f = set_formats().at(0);
    const std::string path = write(f, f.make({true, true}));
    const RunResult r = run({"convert", "--skip-unreadable", path, tmp("none.non").string()});
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_FALSE(fs::exists(tmp("none.non")));
}

}  // namespace
}  // namespace nonolab

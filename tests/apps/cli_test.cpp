// The nonolab command line, end to end: each test runs the real binary
// (NONOLAB_BINARY) through the shell with stdout and stderr captured to temp
// files, and checks exit codes, the JSON Lines format of docs/interface.md,
// the verdicts, conversions (read back with the library) and rendering.
//
// Documented behaviour these tests pin down:
//   - a FILE that does not exist is refused by CLI11's ExistingFile check
//     before any reading, so it is a usage error (exit 2), not exit 4;
//   - an unreadable input (garbage, empty file) reports status "error" with
//     index 0 and makes the exit status 4;
//   - convert failures (several puzzles into a one-puzzle format, an output
//     path that cannot be written) exit non-zero and leave no output file.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_fixture.hpp"
#include "core/error.hpp"
#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "io/formats.hpp"
#include "methods/registry.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

nlohmann::json check_json_line(const std::string& line);

// ---------------------------------------------------------------- exit codes

TEST_F(Cli, ExitZeroWhenEverythingIsSolved) {
    const RunResult r = run({"solve", example("heart.non")});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_NE(r.out.find("unique"), std::string::npos) << r.out;
}

TEST_F(Cli, ExitOneOnContradiction) {
    const RunResult r = run({"solve", example("impossible.nin")});
    EXPECT_EXIT_CODE(r, 1);
    EXPECT_NE(r.out.find("contradiction"), std::string::npos) << r.out;
    EXPECT_EXIT_CODE(run({"check", example("impossible.nin")}), 1);
}

TEST_F(Cli, ExitTwoOnUsageErrors) {
    EXPECT_EXIT_CODE(run({"solve", "--no-such-option", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({"solve"}), 2);  // FILE missing
    EXPECT_EXIT_CODE(run({"check"}), 2);
    EXPECT_EXIT_CODE(run({"solve", "--solutions", "0", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({"solve", "--solutions", "two", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({"solve", "--timeout", "-1", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({"solve", "--method", "no-such-method", example("heart.non")}), 2);
    EXPECT_EXIT_CODE(run({}), 2);  // no subcommand
    EXPECT_EXIT_CODE(run({"no-such-subcommand"}), 2);
    const RunResult r = run({"solve", "--no-such-option", example("heart.non")});
    EXPECT_TRUE(r.out.empty()) << "usage errors go to stderr, stdout stays clean: " << r.out;
    EXPECT_FALSE(r.err.empty());
}

TEST_F(Cli, NonexistentFileIsAUsageError) {
    // CLI11's ExistingFile check refuses the name before anything is read, so
    // this is exit 2 (usage), not 4 (unreadable input). Either would satisfy
    // the interface; 2 is what the program does.
    const RunResult r = run({"solve", tmp("does-not-exist.non").string()});
    EXPECT_EXIT_CODE(r, 2);
    EXPECT_NE(r.err.find("does-not-exist.non"), std::string::npos) << r.err;
    EXPECT_EXIT_CODE(run({"check", tmp("does-not-exist.non").string()}), 2);
}

TEST_F(Cli, ExitFourOnUnreadableInput) {
    spit(tmp("garbage.txt"), "this is not a puzzle\n@@@ ### ???\n");
    spit(tmp("empty.txt"), "");
    spit(tmp("broken.non"), "width 5\nheight 5\nrows\n1\n");
    for (const char* name : {"garbage.txt", "empty.txt", "broken.non"}) {
        const RunResult r = run({"solve", tmp(name).string()});
        EXPECT_EXIT_CODE(r, 4);
        EXPECT_NE(r.out.find("error"), std::string::npos) << name << ": " << r.out;
    }
}

TEST_F(Cli, ExitThreeWhenAPuzzleCannotFinish) {
    const fs::path hard = hard_taai();
    ASSERT_FALSE(hard.empty());
    for (const std::vector<std::string>& limit :
         {std::vector<std::string>{"--node-limit", "1"},
          std::vector<std::string>{"--timeout", "0.000001"}}) {
        std::vector<std::string> args = {"solve", "--json", hard.string()};
        args.insert(args.end(), limit.begin(), limit.end());
        const RunResult r = run(args);
        EXPECT_EXIT_CODE(r, 3);
        const auto lines = lines_of(r.out);
        ASSERT_EQ(lines.size(), 1u) << r.out;
        const nlohmann::json j = check_json_line(lines[0]);
        EXPECT_EQ(j["status"], "timeout") << "never a guess such as unique: " << lines[0];
        EXPECT_TRUE(j["solutions"].empty());
        EXPECT_EQ(j["width"], 25);
        EXPECT_EQ(j["height"], 25);
    }
    // check uses the same exit codes.
    EXPECT_EXIT_CODE(run({"check", "--node-limit", "1", hard.string()}), 3);
}

TEST_F(Cli, HighestExitCodeWins) {
    spit(tmp("garbage.txt"), "this is not a puzzle\n");
    const std::string garbage = tmp("garbage.txt").string();
    const fs::path hard = hard_taai();
    ASSERT_FALSE(hard.empty());
    const std::string heart = example("heart.non"), impossible = example("impossible.nin");
    const std::string twins = example("twins.clues");
    EXPECT_EXIT_CODE(run({"solve", "-q", heart, twins}), 0);
    EXPECT_EXIT_CODE(run({"solve", "-q", heart, impossible}), 1);
    EXPECT_EXIT_CODE(run({"solve", "-q", impossible, heart}), 1);
    EXPECT_EXIT_CODE(run({"solve", "-q", impossible, garbage}), 4);
    EXPECT_EXIT_CODE(run({"solve", "-q", garbage, impossible}), 4);
    EXPECT_EXIT_CODE(run({"solve", "-q", "--node-limit", "1", heart, hard.string()}), 3);
    EXPECT_EXIT_CODE(run({"solve", "-q", "--node-limit", "1", hard.string(), impossible}), 3);
    EXPECT_EXIT_CODE(run({"solve", "-q", "--node-limit", "1", hard.string(), garbage}), 4);
    EXPECT_EXIT_CODE(
        run({"solve", "-q", "--node-limit", "1", garbage, impossible, hard.string(), heart}), 4);
    EXPECT_EXIT_CODE(run({"check", heart, impossible, garbage}), 4);
}

// ---------------------------------------------------------------- --json

const std::set<std::string> kInterfaceKeys = {"source", "index",  "name",    "width",     "height",
                                              "method", "status", "seconds", "solutions", "stats"};
const std::set<std::string> kStatuses = {"unique",  "multiple", "solved", "contradiction",
                                         "timeout", "unsolved", "error"};

// Checks one JSON line against interface.md; returns the parsed object.
nlohmann::json check_json_line(const std::string& line) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(line);
    } catch (const std::exception& e) {
        ADD_FAILURE() << "not JSON: " << line << " (" << e.what() << ")";
        return {};
    }
    EXPECT_TRUE(j.is_object()) << line;
    std::set<std::string> keys;
    for (const auto& [k, v] : j.items()) keys.insert(k);
    // Every field of the interface, "error" exactly on errors, and beyond
    // them only what identifies the run (batch/run_record.hpp).
    std::set<std::string> want = kInterfaceKeys;
    if (j.value("status", "") == "error") want.insert("error");
    for (const std::string& k : want) EXPECT_TRUE(keys.count(k)) << k << " missing: " << line;
    const std::set<std::string> extras = {"unit",    "group",       "params",
                                          "trial",   "seed",        "max_evaluations",
                                          "timeout", "curve_every", "curve"};
    for (const std::string& k : keys)
        EXPECT_TRUE(want.count(k) || extras.count(k)) << "unexpected " << k << ": " << line;
    EXPECT_TRUE(j["source"].is_string()) << line;
    EXPECT_TRUE(j["index"].is_number_integer()) << line;
    EXPECT_TRUE(j["name"].is_string()) << line;
    EXPECT_TRUE(j["width"].is_number_integer()) << line;
    EXPECT_TRUE(j["height"].is_number_integer()) << line;
    EXPECT_EQ(j["method"], "exact") << line;
    EXPECT_TRUE(j["status"].is_string() && kStatuses.count(j["status"].get<std::string>())) << line;
    EXPECT_TRUE(j["seconds"].is_number() && j["seconds"].get<double>() >= 0) << line;
    EXPECT_TRUE(j["solutions"].is_array()) << line;
    EXPECT_TRUE(j["stats"].is_object()) << line;
    if (j.contains("error")) EXPECT_TRUE(j["error"].is_string() && !j["error"].empty()) << line;
    return j;
}

TEST_F(Cli, JsonLinesFollowTheInterface) {
    spit(tmp("garbage.txt"), "this is not a puzzle\n");
    const std::vector<std::string> files = {example("heart.non"),       example("sailboat.xml"),
                                            example("cat.taai"),        example("duck.json"),
                                            example("twins.clues"),     example("impossible.nin"),
                                            tmp("garbage.txt").string()};
    std::vector<std::string> args = {"solve", "--json"};
    args.insert(args.end(), files.begin(), files.end());
    const RunResult r = run(args);
    EXPECT_EXIT_CODE(r, 4);
    ASSERT_FALSE(r.out.empty());
    EXPECT_EQ(r.out.back(), '\n');
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), files.size()) << "one line per puzzle, nothing else:\n" << r.out;

    std::map<std::string, std::string> verdicts;
    for (size_t i = 0; i < lines.size(); ++i) {
        SCOPED_TRACE(lines[i]);
        const nlohmann::json j = check_json_line(lines[i]);
        ASSERT_TRUE(j.is_object());
        EXPECT_EQ(j["source"], files[i]);  // in command-line order, source as given
        const std::string status = j["status"];
        verdicts[fs::path(files[i]).filename().string()] = status;
        if (status == "error") {
            EXPECT_TRUE(j["solutions"].empty());
            continue;
        }
        EXPECT_EQ(j["index"], 1);
        const std::vector<Puzzle> puzzles = io::read_puzzles(files[i]);
        ASSERT_EQ(puzzles.size(), 1u);
        const Puzzle& p = puzzles[0];
        EXPECT_EQ(j["width"], p.width());
        EXPECT_EQ(j["height"], p.height());
        EXPECT_EQ(j["name"], p.info().title);
        std::set<std::vector<std::string>> distinct;
        for (const auto& sol : j["solutions"]) {
            ASSERT_TRUE(sol.is_array());
            ASSERT_EQ(sol.size(), static_cast<size_t>(p.height()));
            Grid g(p.width(), p.height(), kUnknown);
            std::vector<std::string> rows;
            for (int r = 0; r < p.height(); ++r) {
                ASSERT_TRUE(sol[r].is_string());
                const std::string row = sol[r];
                rows.push_back(row);
                ASSERT_EQ(row.size(), static_cast<size_t>(p.width())) << row;
                for (int c = 0; c < p.width(); ++c) {
                    ASSERT_TRUE(row[c] == '#' || row[c] == '.') << "bad cell in " << row;
                    g.set(r, c, row[c] == '#' ? kFilled : kEmpty);
                }
            }
            const VerifyResult v = verify(p, g);
            EXPECT_TRUE(v.ok) << v.reason;
            EXPECT_TRUE(distinct.insert(rows).second) << "solution printed twice";
        }
        const size_t n = j["solutions"].size();
        if (status == "unique") EXPECT_EQ(n, 1u);
        if (status == "multiple") EXPECT_EQ(n, 2u);  // the default --solutions 2
        if (status == "contradiction") EXPECT_EQ(n, 0u);
    }
    EXPECT_EQ(verdicts["heart.non"], "unique");
    EXPECT_EQ(verdicts["sailboat.xml"], "unique");
    EXPECT_EQ(verdicts["cat.taai"], "unique");
    EXPECT_EQ(verdicts["duck.json"], "unique");
    EXPECT_EQ(verdicts["twins.clues"], "multiple");
    EXPECT_EQ(verdicts["impossible.nin"], "contradiction");
    EXPECT_EQ(verdicts["garbage.txt"], "error");
}

TEST_F(Cli, JsonSolutionsLimitAndStatus) {
    // --solutions 1 on a puzzle with several solutions: one found, not proven -> solved.
    RunResult r = run({"solve", "--json", "--solutions", "1", example("twins.clues")});
    EXPECT_EXIT_CODE(r, 0);
    nlohmann::json j = check_json_line(lines_of(r.out).at(0));
    EXPECT_EQ(j["status"], "solved");
    EXPECT_EQ(j["solutions"].size(), 1u);
    // A generous limit finds them all: twins.clues has 10 solutions (checked by
    // brute force over all row placements: 5^4 * 6^2 candidate grids).
    r = run({"solve", "--json", "--solutions", "50", example("twins.clues")});
    EXPECT_EXIT_CODE(r, 0);
    j = check_json_line(lines_of(r.out).at(0));
    EXPECT_EQ(j["status"], "multiple");
    EXPECT_EQ(j["solutions"].size(), 10u);
    std::set<std::string> distinct;
    for (const auto& sol : j["solutions"]) EXPECT_TRUE(distinct.insert(sol.dump()).second);
}

TEST_F(Cli, SameSeedSameOutput) {
    const std::vector<std::string> args = {"solve",
                                           "--seed",
                                           "7",
                                           "--json",
                                           example("twins.clues"),
                                           example("heart.non"),
                                           example("cat.taai"),
                                           example("impossible.nin")};
    const RunResult a = run(args), b = run(args);
    EXPECT_EXIT_CODE(a, 1);
    EXPECT_EXIT_CODE(b, 1);
    const auto la = lines_of(a.out), lb = lines_of(b.out);
    ASSERT_EQ(la.size(), 4u);
    ASSERT_EQ(la.size(), lb.size());
    for (size_t i = 0; i < la.size(); ++i) {
        const auto ja = nlohmann::json::parse(la[i]), jb = nlohmann::json::parse(lb[i]);
        EXPECT_EQ(ja["status"], jb["status"]);
        EXPECT_EQ(ja["solutions"], jb["solutions"]);
        EXPECT_EQ(ja["stats"]["nodes"], jb["stats"]["nodes"]);  // deterministic search
    }
}

// ---------------------------------------------------------------- check

TEST_F(Cli, CheckPrintsVerdicts) {
    const RunResult r =
        run({"check", example("heart.non"), example("sailboat.xml"), example("cat.taai"),
             example("duck.json"), example("twins.clues"), example("impossible.nin")});
    EXPECT_EXIT_CODE(r, 1);
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 6u) << "one verdict line per puzzle, no pictures:\n" << r.out;
    const std::vector<std::pair<std::string, std::string>> want = {
        {"heart.non", "unique"}, {"sailboat.xml", "unique"},  {"cat.taai", "unique"},
        {"duck.json", "unique"}, {"twins.clues", "multiple"}, {"impossible.nin", "contradiction"}};
    for (size_t i = 0; i < want.size(); ++i) {
        EXPECT_NE(lines[i].find(want[i].first), std::string::npos) << lines[i];
        EXPECT_NE(lines[i].find(": " + want[i].second), std::string::npos) << lines[i];
    }
}

// ---------------------------------------------------------------- help

TEST_F(Cli, HelpForEverySubcommand) {
    for (const std::string sub : {"", "solve", "check", "convert", "render", "formats"}) {
        std::vector<std::string> args;
        if (!sub.empty()) args.push_back(sub);
        args.push_back("--help");
        const RunResult r = run(args);
        EXPECT_EXIT_CODE(r, 0);
        EXPECT_NE(r.out.find("Usage"), std::string::npos) << sub << ":\n" << r.out;
        EXPECT_GT(r.out.size(), 100u) << sub;
    }
    const RunResult top = run({"--help"});
    for (const char* sub : {"solve", "check", "convert", "render", "formats"})
        EXPECT_NE(top.out.find(sub), std::string::npos) << "top-level help lacks " << sub;
    const RunResult solve = run({"solve", "--help"});
    for (const char* opt :
         {"--solutions", "--timeout", "--method", "--list-methods", "--seed", "--json"})
        EXPECT_NE(solve.out.find(opt), std::string::npos) << "solve --help lacks " << opt;
}

TEST_F(Cli, ListMethods) {
    const RunResult r = run({"solve", "--list-methods"});
    EXPECT_EXIT_CODE(r, 0);
    bool exact = false;
    for (const std::string& line : lines_of(r.out)) exact |= line.rfind("exact", 0) == 0;
    EXPECT_TRUE(exact) << r.out;
    // Every parameter line is the registered method's documentation, which
    // tests/methods/registry_test.cpp checks against each option table.
    std::string want;
    for (const MethodInfo& m : methods()) {
        want += m.name + "\t" + m.description + " [" + m.paper + "]\n";
        for (const ParamDoc& p : m.params())
            want += "    --param " + p.key + "=" + p.default_value + "\t" + p.help + "\n";
    }
    EXPECT_EQ(r.out, want);
}

TEST_F(Cli, FormatsListsTheWritableFormats) {
    const RunResult r = run({"formats"});
    EXPECT_EXIT_CODE(r, 0);
    for (const char* name : {"non", "xml", "json", "clues", "taai", "nin"})
        EXPECT_NE(r.out.find(std::string("\n") + name + " "), std::string::npos) << name;
}

// ---------------------------------------------------------------- convert

// Checks a finished conversion to `out` and reads the result back with the library.
void expect_round_trip(const RunResult& r, const Puzzle& original, const fs::path& out) {
    ASSERT_EQ(r.code, 0) << r.command << "\n" << r.err;
    ASSERT_TRUE(fs::exists(out)) << out;
    EXPECT_FALSE(fs::exists(out.string() + ".tmp-nonolab"));
    std::vector<Puzzle> back;
    try {
        back = io::read_puzzles(out.string());
    } catch (const std::exception& e) {
        FAIL() << out << " cannot be read back: " << e.what();
    }
    ASSERT_EQ(back.size(), 1u) << out;
    EXPECT_TRUE(back[0].same_clues(original)) << out << "\n" << slurp(out);
}

TEST_F(Cli, ConvertRoundTrips) {
    const Puzzle heart = io::read_puzzles(example("heart.non")).at(0);
    for (const char* ext : {"xml", "json", "clues", "nin", "non", "mk", "cwd", "tatham"}) {
        SCOPED_TRACE(ext);
        const fs::path out = tmp(std::string("heart.") + ext);
        expect_round_trip(run({"convert", example("heart.non"), out.string()}), heart, out);
    }
    // The goal and the title survive the formats that carry them.
    for (const char* ext : {"xml", "json", "clues"}) {
        const Puzzle back = io::read_puzzles(tmp(std::string("heart.") + ext).string()).at(0);
        EXPECT_EQ(back.info().title, "Heart") << ext;
        ASSERT_TRUE(back.info().goal.has_value()) << ext;
        EXPECT_EQ(*back.info().goal, *heart.info().goal) << ext;
    }
    // TAAI holds square puzzles only: cat.taai -> .non -> .taai.
    const Puzzle cat = io::read_puzzles(example("cat.taai")).at(0);
    expect_round_trip(run({"convert", example("cat.taai"), tmp("cat.non").string()}), cat,
                      tmp("cat.non"));
    expect_round_trip(run({"convert", tmp("cat.non").string(), tmp("cat2.taai").string()}), cat,
                      tmp("cat2.taai"));
    // --to overrides the extension; '-' writes to stdout.
    const RunResult r = run({"convert", example("heart.non"), "-", "--to", "nin"});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_TRUE(io::read_puzzles_text(r.out, "stdout", "nin").at(0).same_clues(heart));
    // A square-only format refuses a non-square puzzle, leaving no file.
    const RunResult bad = run({"convert", example("heart.non"), tmp("heart.taai").string()});
    EXPECT_NE(bad.code, 0);
    EXPECT_FALSE(fs::exists(tmp("heart.taai")));
}

TEST_F(Cli, ConvertSeveralPuzzlesToAOnePuzzleFormatNeedsIndex) {
    const Puzzle heart = io::read_puzzles(example("heart.non")).at(0);
    const Puzzle duck = io::read_puzzles(example("duck.json")).at(0);
    spit(tmp("two.json"), io::write_puzzles({heart, duck}, "json"));
    for (const char* ext : {"nin", "mk", "cwd", "tatham"}) {
        SCOPED_TRACE(ext);
        const fs::path out = tmp(std::string("out.") + ext);
        const RunResult r = run({"convert", tmp("two.json").string(), out.string()});
        EXPECT_NE(r.code, 0) << r.err;
        EXPECT_NE(r.err.find("--index"), std::string::npos) << "unclear message: " << r.err;
        EXPECT_FALSE(fs::exists(out)) << "a failed conversion created " << out;
        EXPECT_FALSE(fs::exists(out.string() + ".tmp-nonolab"));
    }
    // With --index it works, and picks the right puzzle.
    const RunResult r =
        run({"convert", tmp("two.json").string(), tmp("duck.nin").string(), "--index", "2"});
    expect_round_trip(r, duck, tmp("duck.nin"));
    // An index past the end is refused.
    const RunResult past =
        run({"convert", tmp("two.json").string(), tmp("x.nin").string(), "--index", "3"});
    EXPECT_NE(past.code, 0);
    EXPECT_FALSE(fs::exists(tmp("x.nin")));
}

TEST_F(Cli, ConvertFailuresLeaveNoPartialFile) {
    // Into a folder that does not exist.
    const fs::path missing = tmp("no-such-dir") / "sub" / "heart.xml";
    RunResult r = run({"convert", example("heart.non"), missing.string()});
    EXPECT_NE(r.code, 0);
    EXPECT_FALSE(r.err.empty());
    EXPECT_FALSE(fs::exists(tmp("no-such-dir")));
    // Onto an existing folder: the rename fails; the temporary file must go too.
    fs::create_directories(tmp("taken.xml") / "inside");
    r = run({"convert", example("heart.non"), tmp("taken.xml").string()});
    EXPECT_NE(r.code, 0);
    EXPECT_TRUE(fs::is_directory(tmp("taken.xml")));
    EXPECT_FALSE(fs::exists(tmp("taken.xml.tmp-nonolab")));
    // An unknown output extension is a usage error and writes nothing.
    r = run({"convert", example("heart.non"), tmp("heart.weird").string()});
    EXPECT_EXIT_CODE(r, 2);
    EXPECT_FALSE(fs::exists(tmp("heart.weird")));
    // The scratch folder holds only the captured output and what we made.
    for (const auto& entry : fs::directory_iterator(dir_)) {
        const std::string name = entry.path().filename().string();
        EXPECT_TRUE(name == "stdout.txt" || name == "stderr.txt" || name == "taken.xml")
            << "left behind: " << name;
    }
}

// ---------------------------------------------------------------- render

TEST_F(Cli, RenderShowsThePicture) {
    const Puzzle heart = io::read_puzzles(example("heart.non")).at(0);
    ASSERT_TRUE(heart.info().goal.has_value());
    const Grid& goal = *heart.info().goal;
    // Clues only: the clue numbers appear, exit 0.
    RunResult r = run({"render", example("heart.non")});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_NE(r.out.find("Heart"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("2 2"), std::string::npos) << r.out;
    // Solved, in ASCII: every row of the picture appears, '##' per filled cell.
    for (const char* mode : {"--solve", "--goal"}) {
        r = run({"render", mode, "--ascii", example("heart.non")});
        EXPECT_EXIT_CODE(r, 0);
        for (int row = 0; row < goal.height(); ++row) {
            std::string want;
            for (int c = 0; c < goal.width(); ++c) want += goal.at(row, c) == kFilled ? "##" : " .";
            EXPECT_NE(r.out.find(want), std::string::npos)
                << mode << ": row " << row << " '" << want << "' missing from\n"
                << r.out;
        }
    }
    // No solution to draw: the verdict's exit code.
    EXPECT_EXIT_CODE(run({"render", "--solve", example("impossible.nin")}), 1);
}

TEST_F(Cli, RenderSvg) {
    const fs::path svg = tmp("heart.svg");
    const RunResult r = run({"render", "--solve", "--svg", svg.string(), example("heart.non")});
    EXPECT_EXIT_CODE(r, 0);
    ASSERT_TRUE(fs::exists(svg));
    const std::string text = slurp(svg);
    EXPECT_EQ(text.rfind("<?xml", 0), 0u) << text.substr(0, 80);
    EXPECT_NE(text.find("<svg"), std::string::npos);
    EXPECT_NE(text.find("</svg>"), std::string::npos);
}

}  // namespace
}  // namespace nonolab

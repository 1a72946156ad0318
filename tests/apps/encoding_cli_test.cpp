// "No result is ever lost", end to end through the real
// binary: a puzzle whose title is Latin-1 (as in the public webpbn export)
// gives a full JSON record with the title as UTF-8; a file name that is not
// UTF-8 still gives records that --resume recognises; a record that cannot
// be written (a full disk: /dev/full) still reaches the user, on stderr,
// with the puzzle's source and index.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_fixture.hpp"

namespace nonolab {
namespace {

using namespace cli_test;

const std::string kTitle = "Aldège's Desert Bloomers";
// 2x2, unique: "##" / "#.". The title is Latin-1 bytes, as webpbn exports it.
const std::string kLatin1Non =
    "title \"Ald\xE8ge's Desert Bloomers\"\nwidth 2\nheight 2\nrows\n2\n1\ncolumns\n2\n1\n";

class EncodingCli : public Cli {
  protected:
    /// Runs nonolab with stdout going to `stdout_target` (a shell word such
    /// as /dev/full) and stderr captured.
    RunResult run_to(const std::vector<std::string>& args, const std::string& stdout_target) const {
        RunResult r;
        r.command = shell_quote(kBinary);
        for (const std::string& a : args) r.command += " " + shell_quote(a);
        const fs::path err = dir_ / "stderr.txt";
        const int status = std::system(
            (r.command + " >" + stdout_target + " 2>" + shell_quote(err.string())).c_str());
        if (status != -1 && WIFEXITED(status)) r.code = WEXITSTATUS(status);
        r.err = slurp(err);
        return r;
    }

    /// The first line of `text` that parses as a JSON object.
    static nlohmann::json json_line_in(const std::string& text) {
        for (const std::string& line : lines_of(text)) {
            const auto j = nlohmann::json::parse(line, nullptr, false);
            if (j.is_object()) return j;
        }
        ADD_FAILURE() << "no JSON record in:\n" << text;
        return nlohmann::json::object();
    }
};

void expect_full_record(const nlohmann::json& j, const std::string& source) {
    EXPECT_EQ(j.value("source", ""), source) << j.dump();
    EXPECT_EQ(j.value("index", 0), 1) << j.dump();
    EXPECT_EQ(j.value("name", ""), kTitle) << j.dump();
    EXPECT_EQ(j.value("status", ""), "unique") << j.dump();
    EXPECT_EQ(j.value("width", 0), 2);
    EXPECT_EQ(j.value("solutions", nlohmann::json()), nlohmann::json::parse(R"([["##", "#."]])"))
        << j.dump();
}

TEST_F(EncodingCli, Latin1TitleGivesAFullJsonRecord) {
    const fs::path file = tmp("aldege.non");
    spit(file, kLatin1Non);
    const RunResult r = run({"solve", "--json", file.string()});
    EXPECT_EXIT_CODE(r, 0);
    ASSERT_EQ(lines_of(r.out).size(), 1u) << r.out;
    expect_full_record(first_json(r), file.string());

    const fs::path out = tmp("r.jsonl");
    EXPECT_EXIT_CODE(run({"solve", "--out", out.string(), file.string()}), 0);
    expect_full_record(nlohmann::json::parse(lines_of(slurp(out)).at(0)), file.string());
}

TEST_F(EncodingCli, Latin1TitlePrintsAsUtf8WithoutJson) {
    const fs::path file = tmp("aldege.non");
    spit(file, kLatin1Non);
    const RunResult r = run({"solve", file.string()});
    EXPECT_EXIT_CODE(r, 0);
    EXPECT_NE(r.out.find(" #1 \"" + kTitle + "\" (2x2): unique"), std::string::npos) << r.out;
}

TEST_F(EncodingCli, AFileNameThatIsNotUtf8StillGivesRecordsThatResumeKnows) {
    const fs::path file = tmp("Ald\xE8ge.non");  // a Latin-1 file name
    spit(file, kLatin1Non);
    const std::string shown = tmp("Ald\xEF\xBF\xBDge.non").string();  // U+FFFD in JSON
    const RunResult r = run({"solve", "--json", file.string()});
    EXPECT_EXIT_CODE(r, 0);
    expect_full_record(first_json(r), shown);

    const fs::path out = tmp("r.jsonl");
    EXPECT_EXIT_CODE(run({"solve", "--out", out.string(), file.string()}), 0);
    EXPECT_EXIT_CODE(run({"solve", "--resume", out.string(), file.string()}), 0);
    EXPECT_EQ(lines_of(slurp(out)).size(), 1u) << "resume solved the puzzle again:\n" << slurp(out);
}

TEST_F(EncodingCli, AnUnreadableFileQuotingLatin1BytesGivesAValidRecord) {
    const fs::path file = tmp("bad.non");
    spit(file, "title \"Ald\xE8ge\"\nwidth 2\nheight 2\nrows\n2\n\xE8\ncolumns\n2\n1\n");
    const RunResult r = run({"solve", "--json", file.string()});
    EXPECT_EXIT_CODE(r, 4);
    const nlohmann::json j = first_json(r);
    EXPECT_EQ(j.value("source", ""), file.string()) << r.out;
    // The file holds one puzzle, and it is that puzzle that cannot be read
    // (index 0 is kept for files that cannot be split into puzzles at all).
    EXPECT_EQ(j.value("index", -1), 1) << r.out;
    EXPECT_EQ(j.value("name", ""), "Ald\u00e8ge") << r.out;
    EXPECT_EQ(j.value("status", ""), "error") << r.out;
    EXPECT_NE(j.value("error", "").find(file.string() + ":6:"), std::string::npos) << r.out;
}

TEST_F(EncodingCli, ARecordThatCannotBeWrittenGoesToStderrWithItsPuzzle) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full to fill";
    const fs::path file = tmp("aldege.non");
    spit(file, kLatin1Non);

    // stdout on a full disk: before, the record vanished and the exit was 0.
    RunResult r = run_to({"solve", "--json", file.string()}, "/dev/full");
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_NE(r.err.find("could not write the result of puzzle 1 of " + file.string() +
                         " to standard output: "),
              std::string::npos)
        << r.err;
    expect_full_record(json_line_in(r.err), file.string());

    // --out on a full disk: the record, and how to finish the run.
    r = run_to({"solve", "--out", "/dev/full", file.string()}, "/dev/null");
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_NE(r.err.find("could not write the result of puzzle 1 of " + file.string() +
                         " to /dev/full: "),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("--resume /dev/full"), std::string::npos) << r.err;
    expect_full_record(json_line_in(r.err), file.string());

    // The text form is kept the same way.
    r = run_to({"solve", file.string()}, "/dev/full");
    EXPECT_EXIT_CODE(r, 4);
    EXPECT_NE(r.err.find("#1 \"" + kTitle + "\" (2x2): unique"), std::string::npos) << r.err;
}

TEST_F(EncodingCli, ExperimentRecordsAndResumesALatin1Puzzle) {
    // A meta-heuristic method to run, if one is registered.
    std::string method;
    for (const std::string& line : lines_of(run({"solve", "--list-methods"}).out))
        if (!line.empty() && line[0] != ' ' && line.rfind("exact\t", 0) != 0) {
            method = line.substr(0, line.find('\t'));
            break;
        }
    if (method.empty()) GTEST_SKIP() << "no meta-heuristic method is registered";
    const fs::path file = tmp("Ald\xE8ge.non");
    spit(file, kLatin1Non);
    const fs::path out = tmp("runs.jsonl");
    const std::vector<std::string> args = {
        "experiment", file.string(), "--methods",         method,
        "--trials",   "2",           "--max-evaluations", "2000"};
    auto with = [&](const std::string& flag) {
        std::vector<std::string> a = args;
        a.insert(a.end(), {flag, out.string()});
        return a;
    };
    EXPECT_EXIT_CODE(run(with("--out")), 0);
    const std::vector<std::string> recorded = lines_of(slurp(out));
    ASSERT_EQ(recorded.size(), 2u) << slurp(out);
    const nlohmann::json j = nlohmann::json::parse(recorded[0]);
    EXPECT_EQ(j.value("source", ""), tmp("Ald\xEF\xBF\xBDge.non").string());
    EXPECT_EQ(j.value("index", 0), 1);
    EXPECT_EQ(j.value("name", ""), kTitle);
    EXPECT_NE(j.value("status", "error"), "error") << recorded[0];
    // Resume finds both runs recorded and runs nothing again.
    EXPECT_EXIT_CODE(run(with("--resume")), 0);
    EXPECT_EQ(lines_of(slurp(out)), recorded);
}

}  // namespace
}  // namespace nonolab

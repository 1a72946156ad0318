// The run record's JSON line never loses a result: text that is not UTF-8
// (a title in Latin-1 that slipped past the readers, a path, a parameter)
// is replaced, and the verdict, puzzle identity and solutions survive.
#include "batch/run_record.hpp"

#include <gtest/gtest.h>

namespace nonolab::batch {
namespace {

RunRecord solved_record() {
    RunRecord r;
    r.unit = 3;
    r.source = "webpbn/export.xml";
    r.index = 27;
    r.name = "Ald\xe8ge's Desert Bloomers";  // Latin-1 bytes: not UTF-8
    r.width = 2;
    r.height = 1;
    r.method = "exact";
    r.params = {{"solutions", "2"}};
    r.status = Status::unique;
    r.solutions = {{"#."}};
    r.iterations = 0;
    r.best_error = 0;
    r.stats["nodes"] = 0;
    return r;
}

TEST(RunRecord, TextThatIsNotUtf8StillGivesTheWholeRecord) {
    RunRecord r = solved_record();
    r.source = "d\xe9j\xe0/vu.non";
    r.params["note"] = "caf\xe9";
    r.stats["grade"] = "l\xefne";
    const std::string line = to_json_line(r);
    const auto j = nlohmann::json::parse(line);  // valid JSON, valid UTF-8
    EXPECT_EQ(j["status"], "unique");
    EXPECT_EQ(j["index"], 27);
    EXPECT_EQ(j["method"], "exact");
    EXPECT_EQ(j["solutions"], nlohmann::json::parse(R"([["#."]])"));
    EXPECT_FALSE(j.contains("error")) << line;
    // The bad byte becomes U+FFFD; the readable rest of the title stays.
    const std::string name = j["name"];
    EXPECT_NE(name.find("Ald\xef\xbf\xbdge"), std::string::npos) << name;
    EXPECT_NE(j["source"].get<std::string>().find("vu.non"), std::string::npos);
}

TEST(RunRecord, ValidUtf8PassesUnchanged) {
    RunRecord r = solved_record();
    r.name = "Ald\xc3\xa8ge's Desert Bloomers";  // the same title, in UTF-8
    const auto j = nlohmann::json::parse(to_json_line(r));
    EXPECT_EQ(j["name"], r.name);
    const RunRecord back = parse_json_line(to_json_line(r));
    EXPECT_EQ(back.name, r.name);
    EXPECT_EQ(back.solutions, r.solutions);
    EXPECT_EQ(back.status, Status::unique);
}

TEST(RunRecord, ErrorRecordsKeepTheirIdentityAndMessage) {
    RunRecord r;
    r.source = "broken.non";
    r.index = 0;
    r.method = "exact";
    r.error = "broken.non:3: expected a run length, got 'x'";
    const auto j = nlohmann::json::parse(to_json_line(r));
    EXPECT_EQ(j["status"], "error");
    EXPECT_EQ(j["source"], "broken.non");
    EXPECT_EQ(j["index"], 0);
    EXPECT_EQ(j["error"], r.error);
    EXPECT_FALSE(j["stats"].contains("evaluations"));  // nothing ran
}

}  // namespace
}  // namespace nonolab::batch

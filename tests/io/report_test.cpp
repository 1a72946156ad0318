// The JSON record of one puzzle (io/report.hpp): a result is never lost.
// Whatever a record holds, writing it gives a line with its source and
// index; when writing fails, the stand-in record says which puzzle and why.
#include "io/report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

namespace nonolab::io {
namespace {

const std::string kReplacement = "\xEF\xBF\xBD";  // U+FFFD

Report solved_report() {
    Report r;
    r.source = "puzzles/x.non";
    r.index = 3;
    r.name = "Aldège";
    r.width = 2;
    r.height = 1;
    r.method = "exact";
    r.status = Status::unique;
    r.seconds = 0.5;
    r.solutions = {{"##"}};
    r.stats = {{"nodes", 1}};
    return r;
}

TEST(Report, JsonLineCarriesBytesThatAreNotUtf8) {
    Report r = solved_report();
    r.source = "puzzles/Ald\xE8ge.non";  // a file name in Latin-1
    r.status = Status::error;
    r.error = "puzzles/Ald\xE8ge.non:4: expected a run length, got '\xE8'";
    r.stats = {{"label", "caf\xE9"}};  // free-form: the replace handler's job
    const nlohmann::json j = nlohmann::json::parse(to_json_line(r));
    EXPECT_EQ(j["source"], "puzzles/Ald" + kReplacement + "ge.non");
    EXPECT_EQ(j["index"], 3);
    EXPECT_EQ(j["name"], "Aldège");
    EXPECT_EQ(j["status"], "error");
    EXPECT_EQ(j["error"], "puzzles/Ald" + kReplacement + "ge.non:4: expected a run length, got '" +
                              kReplacement + "'");
    EXPECT_EQ(j["stats"]["label"], "caf" + kReplacement);
}

TEST(Report, AFailedWriteLeavesARecordThatNamesThePuzzle) {
    // The serialiser solve used before: strict UTF-8, so a stats string that
    // is not UTF-8 makes it throw (nlohmann type_error 316).
    const auto strict = [](const Report& r) { return to_json(r).dump(); };
    Report r = solved_report();
    r.stats["label"] = "caf\xE9";
    bool stood_in = false;
    const std::string line = render_record(r, strict, &stood_in);
    EXPECT_TRUE(stood_in);
    const nlohmann::json j = nlohmann::json::parse(line);
    EXPECT_EQ(j["source"], "puzzles/x.non");
    EXPECT_EQ(j["index"], 3);
    EXPECT_EQ(j["name"], "Aldège");
    EXPECT_EQ(j["width"], 2);
    EXPECT_EQ(j["method"], "exact");
    EXPECT_EQ(j["status"], "error");
    const std::string error = j["error"];
    EXPECT_EQ(error.rfind("could not write the result of puzzle 3 of puzzles/x.non (unique): ", 0),
              0u)
        << error;
    EXPECT_NE(error.find("type_error.316"), std::string::npos) << error;  // nlohmann's reason
    EXPECT_NE(error.find("--index 3"), std::string::npos) << error;
    EXPECT_TRUE(j["solutions"].empty());
}

TEST(Report, WhenTheStandInFailsTooItsJsonLineIsTheRecord) {
    const auto broken = [](const Report&) -> std::string { throw std::runtime_error("no ink"); };
    bool stood_in = false;
    const nlohmann::json j =
        nlohmann::json::parse(render_record(solved_report(), broken, &stood_in));
    EXPECT_TRUE(stood_in);
    EXPECT_EQ(j["source"], "puzzles/x.non");
    EXPECT_EQ(j["index"], 3);
    EXPECT_NE(j["error"].get<std::string>().find("no ink"), std::string::npos);
}

TEST(Report, ARecordThatCanBeWrittenIsWrittenAsItIs) {
    bool stood_in = true;
    const Report r = solved_report();
    EXPECT_EQ(render_record(r, to_json_line, &stood_in), to_json_line(r));
    EXPECT_FALSE(stood_in);
    const nlohmann::json j = nlohmann::json::parse(to_json_line(r));
    EXPECT_EQ(j["status"], "unique");
    EXPECT_EQ(j["solutions"], nlohmann::json::parse(R"([["##"]])"));
    EXPECT_FALSE(j.contains("error"));
}

}  // namespace
}  // namespace nonolab::io

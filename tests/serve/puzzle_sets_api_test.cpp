// One result per puzzle, always, through the API: a set
// with broken puzzles answers 200 with one result per puzzle in file order,
// an error result in each broken puzzle's place; 400 only when nothing at
// all can be read. Convert writes the whole set or refuses, naming every
// unreadable puzzle, unless skip_unreadable=true.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "io/formats.hpp"
#include "io/puzzle_sets_util.hpp"
#include "serve/api.hpp"

namespace nonolab {
namespace {

using cli::Api;
using cli::HttpRequest;
using nlohmann::json;
using test_util::broken_patterns;
using test_util::PuzzleSet;
using test_util::set_formats;
using test_util::SetFormat;

HttpRequest post(const std::string& path, const SetFormat& f, const std::string& body,
                 std::map<std::string, std::string> q = {}) {
    HttpRequest r;
    r.method = "POST";
    r.path = path;
    r.body = body;
    r.query = std::move(q);
    r.query["format"] = f.name;
    r.query["filename"] = f.file;
    return r;
}

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

void expect_results(const json& results, const std::vector<bool>& broken, const PuzzleSet& set,
                    const std::string& file) {
    ASSERT_EQ(results.size(), broken.size()) << results.dump();
    size_t bad = 0;
    for (size_t i = 0; i < broken.size(); ++i) {
        const json& j = results[i];
        SCOPED_TRACE(j.dump());
        EXPECT_EQ(j["index"], i + 1);
        if (!broken[i]) {
            EXPECT_NE(j["status"], "error");
            EXPECT_EQ(j["width"], i + 2);
            continue;
        }
        EXPECT_EQ(j["status"], "error");
        const std::string where = file + ":" + std::to_string(set.bad_lines.at(bad++)) + ":";
        EXPECT_EQ(j.value("error", "").rfind(where, 0), 0u);
    }
}

TEST(PuzzleSetsApi, CheckSolveAndExplainAnswerOneResultPerPuzzle) {
    Api api({});
    for (const SetFormat& f : set_formats()) {
        for (const std::vector<bool>& broken : broken_patterns()) {
            SCOPED_TRACE(std::string(f.name) + ", " + std::to_string(broken.size()) + " puzzles");
            const PuzzleSet set = f.make(broken);
            for (const char* route : {"/api/check", "/api/solve"}) {
                const auto r = api.handle(post(route, f, set.text));
                ASSERT_EQ(r.status, 200) << route << ": " << r.body;
                expect_results(json::parse(r.body)["results"], broken, set, f.file);
            }
            const auto r = api.handle(post("/api/explain", f, set.text));
            ASSERT_EQ(r.status, 200) << r.body;
            const json results = json::parse(r.body)["results"];
            ASSERT_EQ(results.size(), broken.size());
            for (size_t i = 0; i < broken.size(); ++i) {
                EXPECT_EQ(results[i]["index"], i + 1);
                EXPECT_EQ(results[i]["status"] == "error", broken[i]) << results[i].dump();
            }
        }
    }
}

TEST(PuzzleSetsApi, NothingReadableIs400) {
    Api api({});
    const SetFormat f = set_formats().at(0);  // taai
    const PuzzleSet all_bad = f.make({true, true});
    auto r = api.handle(post("/api/check", f, all_bad.text));
    EXPECT_EQ(r.status, 400);
    // Each puzzle's problem is in the message.
    const std::string error = json::parse(r.body)["error"];
    EXPECT_TRUE(contains(error, "set.taai:" + std::to_string(all_bad.bad_lines[0]) + ":"))
        << error;
    EXPECT_TRUE(contains(error, "set.taai:" + std::to_string(all_bad.bad_lines[1]) + ":"))
        << error;
    const SetFormat xml = set_formats().at(1);
    r = api.handle(post("/api/check", xml, "<puzzleset><puzzle>"));
    EXPECT_EQ(r.status, 400);
}

TEST(PuzzleSetsApi, ConvertRefusesASetWithHolesUnlessToldToSkip) {
    Api api({});
    for (const SetFormat& f : set_formats()) {
        SCOPED_TRACE(f.name);
        const std::vector<bool> broken = {false, true, false, true};
        const PuzzleSet set = f.make(broken);
        auto r = api.handle(post("/api/convert", f, set.text, {{"to", "non"}}));
        ASSERT_EQ(r.status, 400) << r.body;
        const std::string error = json::parse(r.body)["error"];
        EXPECT_TRUE(contains(error, "2 of 4 puzzles"));
        EXPECT_TRUE(contains(error, "#2: " + std::string(f.file) + ":")) << error;
        EXPECT_TRUE(contains(error, "#4: " + std::string(f.file) + ":")) << error;
        r = api.handle(
            post("/api/convert", f, set.text, {{"to", "non"}, {"skip_unreadable", "true"}}));
        ASSERT_EQ(r.status, 200) << r.body;
        const auto back = io::read_puzzles_text(r.body, "back.non");
        ASSERT_EQ(back.size(), 2u);
        EXPECT_EQ(back[0].width(), 2);
        EXPECT_EQ(back[1].width(), 4);
    }
}

TEST(PuzzleSetsApi, RenderAndMakeUniquePickAroundBrokenPuzzles) {
    Api api({});
    const SetFormat f = set_formats().at(0);
    const PuzzleSet set = f.make({true, false});
    auto r = api.handle(post("/api/render", f, set.text, {{"index", "2"}}));
    EXPECT_EQ(r.status, 200) << r.body;
    r = api.handle(post("/api/render", f, set.text, {{"index", "1"}}));
    EXPECT_EQ(r.status, 400);
    EXPECT_TRUE(contains(json::parse(r.body)["error"], "set.taai #1: set.taai:")) << r.body;
}

}  // namespace
}  // namespace nonolab

// The routes without HTTP: Api::handle on requests built in the test, as
// the transport would pass them.
#include "serve/api.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "io/formats.hpp"
#include "io/render.hpp"
#include "serve/routes.hpp"
#include "server_process.hpp"

namespace nonolab {
namespace {

using cli::Api;
using cli::HttpRequest;
using nlohmann::json;

HttpRequest post(std::string path, std::string body, std::map<std::string, std::string> q = {}) {
    HttpRequest r;
    r.method = "POST";
    r.path = std::move(path);
    r.body = std::move(body);
    r.query = std::move(q);
    return r;
}

TEST(Api, RoutesAnswerWithoutHttp) {
    Api api({});
    const auto check = api.handle(post("/api/check", serve_test::example_text("heart.non")));
    EXPECT_EQ(check.status, 200);
    EXPECT_EQ(json::parse(check.body)["results"][0]["status"], "unique");
    const auto explain = api.handle(post("/api/explain", serve_test::example_text("cat.taai")));
    EXPECT_EQ(explain.status, 200);
    EXPECT_EQ(json::parse(explain.body)["results"][0]["status"], "unique");
    EXPECT_EQ(api.handle(post("/api/nothing", "x")).status, 404);
    EXPECT_EQ(api.handle(post("/api/check", "")).status, 400);
}

TEST(Api, BodyOverTheLimitIs413EvenWithoutTheTransport) {
    cli::ApiOptions o;
    o.max_body = 10;
    Api api(o);
    const auto r = api.handle(post("/api/check", std::string(11, '#')));
    EXPECT_EQ(r.status, 413);
    EXPECT_NE(json::parse(r.body)["error"].get<std::string>().find("limit"), std::string::npos);
}

TEST(Api, CancelledSolvesAnswerTimeout) {
    Api api({});
    api.cancel_all();
    const auto r =
        api.handle(post("/api/solve", serve_test::example_text("cat.taai"), {{"method", "hs-c"}}));
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(json::parse(r.body)["results"][0]["status"], "timeout");
}

// render?solve=true draws a solution only after verify accepts it, like
// every record of check and solve (README: "every printed solution is first
// checked by verify"). A grid that fails is a 500 naming the mismatch, in
// run_verified's words, never a picture.
TEST(Api, RenderDrawsOnlyAVerifiedSolution) {
    const std::string heart = serve_test::example_text("heart.non");
    const Puzzle p = io::read_puzzles_text(heart, "heart.non").at(0);
    const exact::ExactResult x = exact::solve_exact(p);
    ASSERT_EQ(x.solutions.size(), 1u);  // heart is unique
    const Grid& solution = x.solutions[0];
    ASSERT_TRUE(verify(p, solution));
    EXPECT_EQ(cli::serve::verified_for_drawing(p, solution).cells(), solution.cells());

    Grid wrong = solution;
    wrong.set(0, 0, wrong.at(0, 0) == kEmpty ? kFilled : kEmpty);
    try {
        cli::serve::verified_for_drawing(p, wrong);
        ADD_FAILURE() << "a grid that fails verify was let through to be drawn";
    } catch (const cli::serve::ApiError& e) {
        EXPECT_EQ(e.status, 500);
        EXPECT_NE(std::string(e.what()).find("fails verify: "), std::string::npos) << e.what();
    }

    // Through the route: the picture is the verified solution's.
    Api api({});
    const auto r = api.handle(post("/api/render", heart, {{"solve", "true"}}));
    EXPECT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.content_type, "image/svg+xml");
    EXPECT_EQ(r.body, io::render_svg(p, &solution, io::SvgRenderOptions{}));
}

}  // namespace
}  // namespace nonolab

namespace nonolab {
namespace {

// hakank's nonogram_difficult (15x15): unique, but logic stalls and the
// grade needs search; one changed cell makes it solvable by logic.
const char* const kNeedsSearch =
    "..........###..\n..........#..#.\n.........#....#\n.........#....#\n.........#...##\n"
    "........#####..\n........#......\n.......##......\n.......#.......\n.......#.......\n"
    "#.....##.......\n#....##........\n##...#.........\n.##.##.........\n..###..........\n";

TEST(Api, MakeUniqueReachesTheLogicGoalAroundLockedCells) {
    Api api({});
    const auto unique = api.handle(
        post("/api/make-unique", kNeedsSearch, {{"format", "chargrid"}, {"goal", "unique"}}));
    ASSERT_EQ(unique.status, 200);
    const json u = json::parse(unique.body);
    EXPECT_EQ(u["status"], "unique");
    EXPECT_EQ(u["grade"], "search");
    EXPECT_EQ(u["goal_met"], true);
    EXPECT_TRUE(u["suggestions"].empty());

    const auto r = api.handle(post("/api/make-unique", kNeedsSearch,
                                   {{"format", "chargrid"},
                                    {"goal", "logic"},
                                    {"max_changes", "1"},
                                    {"suggestions", "5"},
                                    {"lock", "1:13,13:3"}}));
    ASSERT_EQ(r.status, 200) << r.body;
    const json m = json::parse(r.body);
    EXPECT_EQ(m["goal"], "logic");
    EXPECT_EQ(m["grade"], "search");
    EXPECT_EQ(m["goal_met"], false);
    for (const char* key : {"status", "width", "height", "solutions", "differ", "suggestions",
                            "candidates", "checked", "complete"})
        EXPECT_EQ(m.count(key), 1u) << key;  // every field of before stays
    ASSERT_FALSE(m["suggestions"].empty());
    for (const json& s : m["suggestions"]) {
        EXPECT_TRUE(s["grade"] == "line" || s["grade"] == "probing") << s.dump();
        ASSERT_EQ(s["changes"].size(), 1u);
        const int row = s["changes"][0]["row"], col = s["changes"][0]["col"];
        EXPECT_FALSE((row == 1 && col == 13) || (row == 13 && col == 3));  // locked
        std::string text;
        for (const auto& line : s["picture"]) text += line.get<std::string>() + "\n";
        const auto check =
            api.handle(post("/api/check", text, {{"format", "chargrid"}, {"grade", "true"}}));
        EXPECT_EQ(json::parse(check.body)["results"][0]["status"], "unique");
    }

    for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
             {"goal", "pretty"}, {"lock", "1-13"}, {"lock", "99:0"}, {"max_changes", "4"}}) {
        const auto bad = api.handle(
            post("/api/make-unique", kNeedsSearch, {{"format", "chargrid"}, {key, value}}));
        EXPECT_EQ(bad.status, 400) << key << "=" << value;
        EXPECT_EQ(json::parse(bad.body).count("error"), 1u);
    }
}

TEST(Api, MakeUniqueReportsItsProgressInStatus) {
    // Three changes of the 15x15 picture under the line goal: about two
    // million candidate sets, far more than this test waits for.
    Api api({});
    json seen;
    std::thread request([&] {
        api.handle(post("/api/make-unique", kNeedsSearch,
                        {{"format", "chargrid"},
                         {"goal", "line"},
                         {"max_changes", "3"},
                         {"timeout", "30"},
                         {"id", "mu"}}));
    });
    for (int i = 0; i < 1000 && seen.is_null(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        HttpRequest get;
        get.method = "GET";
        get.path = "/api/status";
        get.query = {{"id", "mu"}};
        const auto status = api.handle(get);
        if (status.status != 200) continue;
        const json j = json::parse(status.body);
        if (j.contains("progress") && j["progress"]["done"] > 1000) seen = j["progress"];
    }
    api.handle(post("/api/cancel", "", {{"id", "mu"}}));
    request.join();
    ASSERT_FALSE(seen.is_null()) << "no progress reported";
    EXPECT_LE(seen["done"].get<long>(), seen["total"].get<long>());
    EXPECT_GT(seen["total"].get<long>(), 1000000);
}

}  // namespace
}  // namespace nonolab

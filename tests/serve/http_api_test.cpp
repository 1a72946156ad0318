// The HTTP API end to end: a real `nonolab serve` on a free loopback port,
// driven by cpp-httplib's client. Every endpoint, every error path, the
// body limit, the time limit, a bounded burst, bodies mangled like the
// reader fuzzer's, and a clean stop.
#include <atomic>
#include <nlohmann/json.hpp>
#include <random>

#include "io/formats.hpp"
#include "server_process.hpp"

namespace nonolab {
namespace {

using nlohmann::json;
using serve_test::example_text;
using serve_test::ServerProcess;

class Http : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        server_ = new ServerProcess(
            {"--max-body", "100000", "--max-solves", "4", "--solve-timeout", "2"});
    }
    static void TearDownTestSuite() {
        EXPECT_EQ(server_->stop(), 0) << server_->stderr_text();  // a clean stop
        delete server_;
    }
    httplib::Result post(const std::string& path, const std::string& body,
                         const std::string& type = "text/plain") {
        auto c = server_->client();
        return c.Post(path.c_str(), body, type.c_str());
    }
    json post_json(const std::string& path, const std::string& body, int expect = 200) {
        auto r = post(path, body);
        EXPECT_TRUE(r) << path;
        if (!r) return json();
        EXPECT_EQ(r->status, expect) << path << ": " << r->body;
        return json::parse(r->body);
    }
    static ServerProcess* server_;
};
ServerProcess* Http::server_ = nullptr;

TEST(Serve, LoadsTheServePluginAndCpphttplib) {
    // The loader's own account (LD_DEBUG=files, as tests/apps/loaded_libraries_test.cpp reads
    // it): `serve` opens the plugin and, through it, cpp-httplib; plain commands open neither.
    ServerProcess s({}, {"LD_DEBUG=files"});
    EXPECT_NE(s.stderr_text().find("libnonolab_serve_plugin.so"), std::string::npos);
    EXPECT_NE(s.stderr_text().find("libcpp-httplib"), std::string::npos);
    EXPECT_EQ(s.stop(), 0);
}

TEST_F(Http, ServesThePageAndItsFiles) {
    auto c = server_->client();
    auto page = c.Get("/");
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
    EXPECT_NE(page->get_header_value("Content-Type").find("text/html"), std::string::npos);
    EXPECT_NE(page->body.find("app.js"), std::string::npos);
    for (const char* f : {"/app.js", "/app.css", "/examples/heart.non"}) {
        auto r = c.Get(f);
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 200) << f;
        EXPECT_FALSE(r->body.empty()) << f;
    }
    EXPECT_EQ(c.Get("/examples/heart.non")->body, example_text("heart.non"));
    EXPECT_EQ(c.Get("/no-such-file")->status, 404);
    EXPECT_EQ(c.Get("/api/check")->status, 405);  // POST only
    const json formats = json::parse(c.Get("/api/formats")->body);
    EXPECT_GT(formats["formats"].size(), 10u);
    const json examples = json::parse(c.Get("/api/examples")->body);
    EXPECT_NE(std::find(examples["examples"].begin(), examples["examples"].end(), "heart.non"),
              examples["examples"].end());
}

TEST_F(Http, CheckGivesTheJsonLineOfTheCli) {
    const json r = post_json("/api/check?filename=heart.non", example_text("heart.non"));
    ASSERT_EQ(r["results"].size(), 1u);
    const json& line = r["results"][0];
    EXPECT_EQ(line["status"], "unique");
    EXPECT_EQ(line["source"], "heart.non");
    EXPECT_EQ(line["index"], 1);
    EXPECT_EQ(line["width"], 9);
    EXPECT_EQ(line["method"], "exact");
    ASSERT_EQ(line["solutions"].size(), 1u);
    EXPECT_EQ(line["solutions"][0][0], ".##...##.");
    for (const char* key : {"name", "height", "seconds", "stats"}) EXPECT_TRUE(line.contains(key));
    const json twins = post_json("/api/check?grade=true", example_text("twins.clues"));
    EXPECT_EQ(twins["results"][0]["status"], "multiple");
    EXPECT_EQ(twins["results"][0]["solutions"].size(), 2u);
    EXPECT_EQ(twins["results"][0]["stats"]["grade"], "search");
    const json none = post_json("/api/check", example_text("impossible.nin"));
    EXPECT_EQ(none["results"][0]["status"], "contradiction");
}

TEST_F(Http, SolveHonoursSolutionsAndMethod) {
    EXPECT_EQ(post_json("/api/solve?solutions=1", example_text("cat.taai"))["results"][0]["status"],
              "solved");
    const json five = post_json("/api/solve?solutions=5", example_text("twins.clues"));
    EXPECT_EQ(five["results"][0]["status"], "multiple");
    EXPECT_GE(five["results"][0]["solutions"].size(), 2u);
    EXPECT_EQ(post_json("/api/solve?solutions=0", example_text("cat.taai"), 400).count("error"),
              1u);
    EXPECT_EQ(post_json("/api/solve?method=nope", example_text("cat.taai"), 400).count("error"),
              1u);
}

TEST_F(Http, SolveOverItsBudgetAnswersTimeout) {
    // Harmony search (hs-a) on a random 30x30 picture runs far past a few
    // seconds; the server caps any request at its --solve-timeout (2 s)
    // even when asked for more.
    std::mt19937 rng(30);
    std::string picture;
    for (int r = 0; r < 30; ++r) {
        for (int c = 0; c < 30; ++c) picture += rng() % 2 ? '#' : '.';
        picture += '\n';
    }
    for (const char* q : {"/api/solve?format=chargrid&method=hs-a&timeout=0.3",
                          "/api/solve?format=chargrid&method=hs-a&timeout=500"}) {
        const auto start = std::chrono::steady_clock::now();
        const json r = post_json(q, picture);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_EQ(r["results"][0]["status"], "timeout") << q;
        EXPECT_LT(s, 30) << q;  // generous: never a hung request
    }
}

TEST_F(Http, ExplainListsTheSteps) {
    const json r = post_json("/api/explain", example_text("heart.non"));
    const json& e = r["results"][0];
    EXPECT_EQ(e["status"], "unique");
    ASSERT_GT(e["steps"].size(), 0u);
    EXPECT_EQ(e["steps"][0]["kind"], "line");
    EXPECT_FALSE(e["steps"][0]["reason"].get<std::string>().empty());
    EXPECT_GT(e["steps"][0]["cells"].size(), 0u);
    const json stalled = post_json("/api/explain?probing=false", example_text("twins.clues"));
    EXPECT_EQ(stalled["results"][0]["steps"].back()["kind"], "stalled");
}

TEST_F(Http, ConvertRoundTrips) {
    auto r = post("/api/convert?to=xml", example_text("heart.non"));
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    const auto back = io::read_puzzles_text(r->body, "x.xml");
    const auto orig = io::read_puzzles_text(example_text("heart.non"), "heart.non");
    EXPECT_TRUE(back.at(0).same_clues(orig.at(0)));
    EXPECT_EQ(post_json("/api/convert?to=nope", example_text("heart.non"), 400).count("error"), 1u);
    EXPECT_EQ(post_json("/api/convert?to=xml", "???", 400).count("error"), 1u);
}

TEST_F(Http, RendersSvgAndPng) {
    auto svg = post("/api/render?as=svg&solve=true", example_text("heart.non"));
    ASSERT_TRUE(svg);
    EXPECT_EQ(svg->status, 200);
    EXPECT_NE(svg->body.find("<svg"), std::string::npos);
    auto png = post("/api/render?as=png", example_text("heart.non"));
    ASSERT_TRUE(png);
#ifdef NONOLAB_HAVE_OPENCV
    EXPECT_EQ(png->status, 200) << png->body;
    EXPECT_EQ(png->body.substr(1, 3), "PNG");
#else
    EXPECT_EQ(png->status, 501) << png->body;
#endif
    EXPECT_EQ(post_json("/api/render?as=gif", example_text("heart.non"), 400).count("error"), 1u);
}

TEST_F(Http, FromImageMakesAPuzzle) {
    auto r = post("/api/from-image?size=12x10",
                  serve_test::read_text(std::string(NONOLAB_SOURCE_DIR) + "/examples/cat.png"),
                  "image/png");
    ASSERT_TRUE(r);
#ifdef NONOLAB_HAVE_OPENCV
    ASSERT_EQ(r->status, 200) << r->body;
    const json j = json::parse(r->body);
    EXPECT_EQ(j["picture"].size(), 10u);
    EXPECT_EQ(j["picture"][0].get<std::string>().size(), 12u);
    const auto p = io::read_puzzles_text(j["puzzle"].get<std::string>(), "x.non");
    EXPECT_EQ(p.at(0).width(), 12);
    EXPECT_NE(j["status"], "error");
    EXPECT_EQ(j["image"].get<std::string>().rfind("data:image/png;base64,", 0), 0u);
    EXPECT_EQ(post_json("/api/from-image", "not a picture", 400).count("error"), 1u);
    // K colours besides the background, as generate --from-image --colours K.
    auto colour = post("/api/from-image?size=12x10&colours=3",
                       serve_test::read_text(std::string(NONOLAB_SOURCE_DIR) + "/examples/cat.png"),
                       "image/png");
    ASSERT_TRUE(colour);
    ASSERT_EQ(colour->status, 200) << colour->body;
    const json cj = json::parse(colour->body);
    EXPECT_GE(cj["colours"].get<int>(), 1);
    EXPECT_LE(cj["colours"].get<int>(), 3);
    EXPECT_EQ(io::read_puzzles_text(cj["puzzle"].get<std::string>(), "x.non").at(0).width(), 12);
#else
    EXPECT_EQ(r->status, 501);
#endif
    EXPECT_EQ(post_json("/api/from-image?size=0x3", "x", 400).count("error"), 1u);
    // A request has its own, smaller side limit (core/limits.hpp).
    const auto big = post_json("/api/from-image?size=201x10", "x", 400);
    EXPECT_NE(big.at("error").get<std::string>().find("1 to 200"), std::string::npos);
    EXPECT_EQ(post_json("/api/from-image?colours=40", "x", 400).count("error"), 1u);
}

TEST_F(Http, MakeUniqueSuggestsCheckedChanges) {
    // Two 2x2 diagonals side by side: each can flip, so the picture is ambiguous.
    const std::string picture = "#..#..\n.#..#.\n......\n";
    const json r = post_json("/api/make-unique?format=chargrid", picture);
    EXPECT_EQ(r["status"], "multiple");
    ASSERT_GE(r["solutions"].size(), 2u);
    EXPECT_GT(r["differ"].size(), 0u);
    ASSERT_GT(r["suggestions"].size(), 0u);
    for (const json& s : r["suggestions"]) {
        // Each suggested picture checks unique through the API itself.
        std::string text;
        for (const auto& row : s["picture"]) text += row.get<std::string>() + "\n";
        const json check = post_json("/api/check?format=chargrid", text);
        EXPECT_EQ(check["results"][0]["status"], "unique") << text;
    }
    // A puzzle without a picture cannot be made unique.
    EXPECT_EQ(post_json("/api/make-unique", example_text("cat.taai"), 400).count("error"), 1u);
}

TEST_F(Http, BadInputIsA400WithTheReadersMessage) {
    const json empty = post_json("/api/check", "", 400);
    EXPECT_NE(empty["error"].get<std::string>().find("empty"), std::string::npos);
    const json broken = post_json("/api/check?format=non", "width 3\nheight x\n", 400);
    EXPECT_NE(broken["error"].get<std::string>().find("upload"), std::string::npos);
    EXPECT_EQ(post_json("/api/check?format=nope", "x", 400).count("error"), 1u);
    EXPECT_EQ(post_json("/api/check?timeout=abc", example_text("heart.non"), 400).count("error"),
              1u);
    EXPECT_EQ(post_json("/api/nope", "x", 404).count("error"), 1u);
    auto c = server_->client();
    auto put = c.Put("/api/check", "x", "text/plain");
    ASSERT_TRUE(put);
    EXPECT_EQ(put->status, 405);
}

TEST_F(Http, BodyOverTheLimitIs413) {
    auto r = post("/api/check", std::string(100001, '#'));
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 413);
    EXPECT_NE(r->body.find("limit"), std::string::npos);
    auto ok = post("/api/check", example_text("heart.non"));
    ASSERT_TRUE(ok);
    EXPECT_EQ(ok->status, 200);  // and the server goes on
}

TEST_F(Http, BurstOfRequestsAllSucceedWithoutMemoryGrowth) {
    const std::string body = example_text("cat.taai");
    auto burst = [&](int total, int concurrent) {
        std::atomic<int> next{0}, failed{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < concurrent; ++t)
            threads.emplace_back([&] {
                auto c = server_->client();
                while (next.fetch_add(1) < total) {
                    auto r = c.Post("/api/check", body, "text/plain");
                    if (!r || r->status != 200 || r->body.find("\"unique\"") == std::string::npos) {
                        ++failed;
                        ADD_FAILURE() << (r ? std::to_string(r->status) + " " + r->body
                                            : httplib::to_string(r.error()));
                    }
                }
            });
        for (auto& t : threads) t.join();
        return failed.load();
    };
    // Warm up with a burst the size of the measured one: thread pools and
    // malloc's per-thread arenas grow to what 20 clients need (a smaller
    // warm-up left up to 23 MB of that growth to the measured burst when
    // the machine was loaded); a leak still grows with every request.
    EXPECT_EQ(burst(300, 20), 0);
    const long before = server_->rss_kib();
    EXPECT_EQ(burst(300, 20), 0);
    const long after = server_->rss_kib();
    ASSERT_GT(before, 0);
    EXPECT_LT(after - before, 20 * 1024) << before << " KiB -> " << after << " KiB";
}

TEST_F(Http, MangledBodiesNeverCrashTheServer) {
    // The reader fuzzer's seeds (scripts/test.sh: every example, behind a
    // format-selector byte) and seeded mutations of them: truncated,
    // bytes flipped, bytes inserted. Each gets 200 or 400, never a crash.
    std::vector<std::string> seeds;
    for (const char* f : {"heart.non", "sailboat.xml", "cat.taai", "duck.json", "twins.clues",
                          "impossible.nin", "flower_pot.non"})
        seeds.push_back(example_text(f));
    std::mt19937 rng(16);
    const char* formats[] = {"", "non", "xml", "taai", "json", "clues", "nin", "chargrid", "pbm"};
    int answered = 0;
    for (int i = 0; i < 300; ++i) {
        std::string body = seeds[i % seeds.size()];
        if (i % 4 == 1) body = static_cast<char>(i % 40) + body;
        const int edits = 1 + static_cast<int>(rng() % 8);
        for (int e = 0; e < edits && !body.empty(); ++e) {
            const std::size_t at = rng() % body.size();
            switch (rng() % 3) {
                case 0:
                    body.resize(at);
                    break;
                case 1:
                    body[at] = static_cast<char>(rng());
                    break;
                default:
                    body.insert(at, 1, static_cast<char>(rng()));
            }
        }
        const std::string path = std::string("/api/check?timeout=1&format=") + formats[i % 9];
        auto r = post(path, body);
        ASSERT_TRUE(r) << "no answer to mangled body " << i;
        EXPECT_TRUE(r->status == 200 || r->status == 400) << i << ": " << r->status << r->body;
        answered += r->status == 200 || r->status == 400;
    }
    EXPECT_EQ(answered, 300);
    EXPECT_TRUE(server_->alive());
}

}  // namespace
}  // namespace nonolab

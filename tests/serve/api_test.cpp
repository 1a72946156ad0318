// The routes without HTTP: Api::handle on requests built in the test, as
// the transport would pass them.
#include "serve/api.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

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

}  // namespace
}  // namespace nonolab

// The HTTP API of `nonolab serve` (../shared/docs/interface.md, "HTTP
// API"; README "nonolab serve"), as plain functions of a request: no
// sockets here, so every route is testable without HTTP. The transport
// (serve_transport.hpp, a plugin) hands requests to Api::handle.
//
//   GET  /                          the page (web/, embedded at build time)
//   GET  /examples/NAME             a bundled example puzzle
//   POST /api/check                 {"results":[one JSON line per puzzle]}
//   POST /api/solve?solutions=N&timeout=S&method=NAME
//   POST /api/explain               {"results":[explain_output.hpp's object]}
//   POST /api/convert?to=NAME       the puzzles in that format
//   POST /api/render?as=svg|png&solve=true&index=N
//   POST /api/from-image?size=WxH&colours=2&method=NAME   (a picture file)
//   POST /api/make-unique           {"status","solutions","suggestions":[...]}
//
// Bodies are puzzle files in any format nonolab reads (`?format=NAME`, or
// detected from the content and `?filename=NAME`'s extension). Errors are
// JSON {"error": "..."}: 400 for input that cannot be read (the reader's
// message) or a bad parameter, 404/405 for a wrong path or method, 413 for
// a body over the limit (the transport says it), 501 for what this build
// lacks (pictures without the image plugin), 503 when every solve slot
// stays busy for the whole solve timeout. A solve never outlives its time
// budget: it answers with the `timeout` status.
#pragma once

#include <atomic>
#include <cstddef>
#include <map>
#include <memory>
#include <string>

namespace nonolab::cli {

struct ApiOptions {
    std::size_t max_body = 2u << 20;  ///< bytes; larger bodies get 413
    int max_solves = 2;               ///< solves (check, solve, explain, ...) running at once
    double solve_timeout = 10;        ///< seconds: the most any one solve may take
};

struct HttpRequest {
    std::string method = "GET";
    std::string path = "/";
    std::map<std::string, std::string> query;  ///< decoded; a repeated key keeps the first
    std::string body;
    std::string content_type;
};

struct HttpResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
};

class Api {
  public:
    explicit Api(ApiOptions options);
    ~Api();

    /// Answers one request; never throws (a fault becomes a 500 with its message).
    HttpResponse handle(const HttpRequest& request) noexcept;

    /// Cuts every solve under way short (they answer `timeout`); for shutdown.
    void cancel_all() { cancel_ = true; }

    const ApiOptions& options() const { return options_; }

    struct Slots;  ///< the solve slots (api.cpp)

  private:
    ApiOptions options_;
    std::atomic<bool> cancel_{false};
    std::unique_ptr<Slots> slots_;
};

}  // namespace nonolab::cli

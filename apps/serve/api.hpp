// The HTTP API of `nonolab serve` (docs/interface.md, "The
// HTTP API"; README "nonolab serve"), as plain functions of a request: no
// sockets here, so every route is testable without HTTP. The transport
// (serve_transport.hpp, a plugin) hands requests to Api::handle.
//
//   GET  /                          the page (web/, embedded at build time)
//   GET  /examples/NAME             a bundled example puzzle
//   POST /api/check                 {"results":[one JSON line per puzzle]}
//   POST /api/solve?solutions=N&timeout=S&method=NAME
//   POST /api/explain               {"results":[batch/explain_output.hpp's object]}
//   POST /api/convert?to=NAME       the puzzles in that format
//   POST /api/render?as=svg|png&solve=true&index=N
//   POST /api/from-image?size=WxH&colours=2&method=NAME   (a picture file)
//   POST /api/make-unique?goal=unique|logic|line&max_changes=1..3&lock=R:C,...
//                                   {"status","grade","solutions","suggestions":[...]}
//   GET  /api/status?id=ID          where request ID stands (queued, running;
//                                   make-unique's "progress": {"done","total"})
//   POST /api/cancel?id=ID          cuts request ID short
//
// Scheduling (README, "Long solves"): each solving request first gets a
// short attempt (quick_timeout) on its own HTTP thread, which settles what
// line logic and probing settle; only the rest waits, in arrival order, for
// one of max_solves slots (serve/solve_queue.hpp), with at most max_queue
// waiting. A request named by `?id=ID` can be watched and cancelled.
//
// Bodies are puzzle files in any format nonolab reads (`?format=NAME`, or
// detected from the content and `?filename=NAME`'s extension). Errors are
// JSON {"error": "..."}: 400 for input that cannot be read (the reader's
// message) or a bad parameter, 404/405 for a wrong path or method, 413 for
// a body over the limit (the transport says it), 501 for what this build
// lacks (pictures without the image plugin), 503 when the queue is full or
// the server is stopping, 409 for a request cancelled before its solve
// began (or an id already in use). A solve never outlives its time budget:
// it answers with the `timeout` status, as does one cancelled while solving.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>

namespace nonolab::cli {

namespace serve {
class SolveQueue;
struct RouteContext;
}  // namespace serve

struct ApiOptions {
    std::size_t max_body = 2u << 20;  ///< bytes; larger bodies get 413
    int max_solves = 2;               ///< slow solves (check, solve, explain, ...) running at once
    int max_queue = 8;                ///< slow solves waiting for a slot; more get 503
    double solve_timeout = 10;        ///< seconds: the most any one request may solve
    double quick_timeout = 0.25;      ///< seconds of the first attempt, before any queue
    /// The page's files from this folder (the static site, build/web) instead
    /// of those embedded at build time; empty: the embedded ones.
    std::string web_dir;
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

    /// For shutdown: cuts every solve under way short (they answer
    /// `timeout`), answers the queued ones 503, and cancels later ones at once.
    void cancel_all();

    const ApiOptions& options() const { return options_; }

    /// HTTP threads enough that requests waiting for a slot never hold them
    /// all: the most that can wait (running + queued) plus room for quick
    /// requests and idle kept-alive connections.
    int http_threads() const;

  private:
    HttpResponse solve(const HttpRequest& request,
                       HttpResponse (*route)(const HttpRequest&, const serve::RouteContext&));
    HttpResponse status(const HttpRequest& request);
    HttpResponse cancel(const HttpRequest& request);

    ApiOptions options_;
    std::unique_ptr<serve::SolveQueue> queue_;
};

}  // namespace nonolab::cli

// What the route files of the API share (api.cpp, solve_routes.cpp,
// file_routes.cpp): reading the body and the query, answering JSON, and the
// solve slots. Internal to apps/serve.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "core/method.hpp"
#include "core/puzzle.hpp"
#include "io/formats.hpp"
#include "io/image_codec.hpp"
#include "serve/api.hpp"

namespace nonolab::cli::serve {

/// An answer other than 200, carried out of a route by exception.
struct ApiError : std::runtime_error {
    int status;
    ApiError(int status, const std::string& message)
        : std::runtime_error(message), status(status) {}
};

/// What a route gets besides the request.
struct RouteContext {
    const ApiOptions& options;
    const std::atomic<bool>* cancel;  ///< raised by POST /api/cancel and at shutdown
    /// When this attempt's solving must end: the short first attempt's, or
    /// the slot's (api.cpp). Routes solve for seconds_left(), never more.
    std::chrono::steady_clock::time_point deadline;
    /// Where a long route reports its progress for GET /api/status?id=ID
    /// (null for a request without a ticket).
    std::atomic<long>* progress_done = nullptr;
    std::atomic<long>* progress_total = nullptr;
    /// from-image's picture, already decoded (the WebAssembly engine: the
    /// browser decodes pictures); null: the route decodes the body itself.
    const io::RgbImage* picture = nullptr;

    /// Seconds until the deadline; at least a microsecond, as 0 means "no limit" to a solver.
    double seconds_left() const {
        const auto left =
            std::chrono::duration<double>(deadline - std::chrono::steady_clock::now());
        return std::max(1e-6, left.count());
    }
};

/// The body (?format, ?filename) as one entry per puzzle the file marks, in
/// file order; a puzzle that cannot be read is an entry with the reader's
/// message. 400 only when no puzzle at all can be read (unless ?each=true:
/// then every entry, as for a file with some puzzles readable).
std::vector<io::Entry> read_body_entries(const HttpRequest& request);
/// Every puzzle of the body; 400 naming each unreadable one by index,
/// unless ?skip_unreadable=true leaves them out (a converted set with a
/// hole would pass for the whole set).
std::vector<Puzzle> read_body(const HttpRequest& request);
/// Entry `index` (1-based) of `entries`: its puzzle, or 400 with its error.
const Puzzle& puzzle_at(const std::vector<io::Entry>& entries, int index,
                        const HttpRequest& request);
/// The name records and messages give the body: ?filename, else "upload".
std::string source_of(const HttpRequest& request);

/// Query values, checked: 400 naming the parameter when malformed or out of range.
double number_param(const HttpRequest& r, const std::string& key, double fallback, double lo,
                    double hi);
int integer_param(const HttpRequest& r, const std::string& key, int fallback, int lo, int hi);
/// ?key=I,J,...: integers in [lo, hi], in order; empty when the key is absent.
std::vector<int> integer_list_param(const HttpRequest& r, const std::string& key, int lo, int hi);
bool flag_param(const HttpRequest& r, const std::string& key, bool fallback);
std::string text_param(const HttpRequest& r, const std::string& key, const std::string& fallback);
/// The query values an option table reads, under the table's keys: each
/// {query key, table key} pair present in the query. The table's parse()
/// then applies its own defaults and ranges, as the CLI and Python do.
ParamMap table_params(const HttpRequest& r,
                      std::initializer_list<std::pair<const char*, const char*>> keys);

/// The solve timeout a request asks for (?timeout), capped by the server's;
/// 0 when neither limits it.
double solve_seconds(const HttpRequest& r, const ApiOptions& options);

HttpResponse json_response(const nlohmann::json& body, int status = 200);

/// What `work` answers, or the answer for what it throws: an ApiError's
/// status and message, 500 for anything else. Never throws: the server and
/// the WebAssembly engine answer every request.
HttpResponse answer_or_error(const std::function<HttpResponse()>& work) noexcept;

/// What render?solve=true draws: `solution`, once the independent verify
/// (core/verify.hpp) accepts it, as run_verified judges the records of
/// check and solve. A grid that fails verify is never drawn: ApiError 500
/// with run_verified's message.
Grid verified_for_drawing(const Puzzle& p, Grid solution);

/// A POST endpoint: its path, its route, and whether it may solve for long
/// (the server then schedules it: Api::solve).
struct Endpoint {
    const char* path;
    HttpResponse (*run)(const HttpRequest&, const RouteContext&);
    bool solves;
};

/// Every POST endpoint, for the server (api.cpp) and the WebAssembly
/// engine (apps/wasm) alike.
std::span<const Endpoint> endpoints();

/// GET /api/formats: every format, with what nonolab can do with it.
HttpResponse formats_response();

/// The routes, one per endpoint; each may throw ApiError.
HttpResponse check_route(const HttpRequest& r, const RouteContext& c);
HttpResponse solve_route(const HttpRequest& r, const RouteContext& c);
HttpResponse explain_route(const HttpRequest& r, const RouteContext& c);
HttpResponse make_unique_route(const HttpRequest& r, const RouteContext& c);
HttpResponse convert_route(const HttpRequest& r, const RouteContext& c);
HttpResponse render_route(const HttpRequest& r, const RouteContext& c);
HttpResponse from_image_route(const HttpRequest& r, const RouteContext& c);

}  // namespace nonolab::cli::serve

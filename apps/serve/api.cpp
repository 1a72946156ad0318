#include "serve/api.hpp"

#include <cctype>
#include <chrono>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>

#include "io/formats.hpp"
#include "serve/routes.hpp"
#include "serve/solve_queue.hpp"
#include "serve/web_assets.hpp"

namespace nonolab::cli {

namespace {

using serve::ApiError;
using serve::RouteContext;
using serve::SolveQueue;
using Clock = std::chrono::steady_clock;

Clock::time_point after(Clock::time_point t, double seconds) {
    return t + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// ?id=ID: a name the client picks for its request, to watch and cancel it.
std::string request_id(const HttpRequest& r) {
    const std::string id = serve::text_param(r, "id", "");
    bool ok = id.size() <= 64;
    for (const char ch : id)
        ok = ok &&
             (std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_' || ch == '.');
    if (!ok) throw ApiError(400, "parameter id: expected up to 64 letters, digits, '-', '_', '.'");
    return id;
}

std::string content_type_of(std::string_view path) {
    auto ends = [&](std::string_view s) {
        return path.size() >= s.size() && path.substr(path.size() - s.size()) == s;
    };
    if (ends(".html")) return "text/html; charset=utf-8";
    if (ends(".css")) return "text/css; charset=utf-8";
    if (ends(".js")) return "text/javascript; charset=utf-8";
    if (ends(".png")) return "image/png";
    if (ends(".svg")) return "image/svg+xml";
    if (ends(".mjs")) return "text/javascript; charset=utf-8";
    if (ends(".wasm")) return "application/wasm";
    if (ends(".json")) return "application/json";
    return "text/plain; charset=utf-8";
}

// A file of the page's folder: only plain names below it (no "..", no
// hidden files), so a request can never read beyond the folder.
std::optional<std::string> read_web_file(const std::string& dir, const std::string& path) {
    if (path.empty() || path[0] != '/') return std::nullopt;
    std::size_t start = 1;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string_view part(path.data() + start, end - start);
        if (part.empty() || part[0] == '.') return std::nullopt;
        start = end + 1;
    }
    std::ifstream in(dir + path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// GET: the page, the examples, and two lists the page reads.
HttpResponse get(const HttpRequest& r, const std::string& web_dir) {
    if (r.path == "/api/formats") return serve::formats_response();
    if (r.path == "/api/examples") {
        nlohmann::json list = nlohmann::json::array();
        for (const serve::EmbeddedFile* f = serve::embedded_files(); f->path; ++f)
            if (std::string_view(f->path).rfind("/examples/", 0) == 0)
                list.push_back(std::string(f->path).substr(10));
        return serve::json_response({{"examples", list}});
    }
    if (r.path.rfind("/api/", 0) == 0)
        throw ApiError(405, r.path + " takes POST with a puzzle file as the body");
    const std::string path = r.path == "/" ? "/index.html" : r.path;
    if (!web_dir.empty() && path.rfind("/examples/", 0) != 0) {
        std::optional<std::string> bytes = read_web_file(web_dir, path);
        if (!bytes) throw ApiError(404, "no such page: " + r.path);
        return {200, content_type_of(path), std::move(*bytes)};
    }
    const serve::EmbeddedFile* f = serve::find_embedded(path);
    if (!f) throw ApiError(404, "no such page: " + r.path);
    return {200, content_type_of(path),
            std::string(reinterpret_cast<const char*>(f->data), f->size)};
}

}  // namespace

Api::Api(ApiOptions options)
    : options_(std::move(options)),
      queue_(std::make_unique<SolveQueue>(options_.max_solves, options_.max_queue)) {}

Api::~Api() = default;

void Api::cancel_all() {
    queue_->stop();
}

int Api::http_threads() const {
    return std::max(1, options_.max_solves) + std::max(0, options_.max_queue) + 64;
}

// A solving request: a short attempt here on the HTTP thread, then, if that
// did not settle it, the rest of its budget on a slot (serve/solve_queue.hpp).
HttpResponse Api::solve(const HttpRequest& r,
                        HttpResponse (*route)(const HttpRequest&, const RouteContext&)) {
    const double asked = serve::solve_seconds(r, options_);  // a bad ?timeout: 400 before any work
    const double limit = asked > 0 ? asked : 1e9;
    const std::string id = request_id(r);
    const std::shared_ptr<SolveQueue::Ticket> ticket = queue_->enter(id);
    if (!ticket) throw ApiError(409, "a request with id '" + id + "' is already under way");
    struct Leave {
        SolveQueue& queue;
        const std::shared_ptr<SolveQueue::Ticket>& ticket;
        ~Leave() { queue.leave(ticket); }
    } leave{*queue_, ticket};

    const Clock::time_point start = Clock::now();
    const double quick = std::min(std::max(0.0, options_.quick_timeout), limit);
    RouteContext c{options_, &ticket->cancel, after(start, quick), &ticket->progress_done,
                   &ticket->progress_total};
    if (quick > 0) {
        HttpResponse out = route(r, c);
        // Settled when it ended before its deadline: a solver cut short by
        // time ends after it, since its own Budget starts later than `start`.
        // A cancelled attempt is answered as it stands (`timeout`).
        if (Clock::now() < c.deadline || quick >= limit || ticket->cancel) return out;
    }
    // The slot's attempt gets what the quick one left of the request's budget,
    // counted from when it starts: waiting in the queue costs no solve time.
    const double left = std::max(1e-3, limit - seconds_since(start));
    HttpResponse slow;
    std::exception_ptr failure;
    const std::function<void()> work = [&] {
        try {
            c.deadline = after(Clock::now(), left);
            slow = route(r, c);
        } catch (...) {
            failure = std::current_exception();
        }
    };
    switch (queue_->run(*ticket, work)) {
        case SolveQueue::Outcome::done:
            if (failure) std::rethrow_exception(failure);
            return slow;
        case SolveQueue::Outcome::full: {
            const SolveQueue::Load load = queue_->load();
            throw ApiError(503, "the server is busy: " + std::to_string(load.running) +
                                    " long solves are running and " + std::to_string(load.queued) +
                                    " waiting; try again later");
        }
        case SolveQueue::Outcome::cancelled:
            throw ApiError(409, "cancelled while waiting for a solve slot");
        case SolveQueue::Outcome::stopping:
            break;
    }
    throw ApiError(503, "the server is stopping");
}

// GET /api/status: the load; with ?id=ID, where that request stands.
HttpResponse Api::status(const HttpRequest& r) {
    const SolveQueue::Load load = queue_->load();
    nlohmann::json out = {{"running", load.running},
                          {"queued", load.queued},
                          {"requests", load.requests},
                          {"max_solves", options_.max_solves},
                          {"max_queue", options_.max_queue},
                          {"solve_timeout", options_.solve_timeout},
                          {"quick_timeout", options_.quick_timeout}};
    const std::string id = request_id(r);
    if (id.empty()) return serve::json_response(out);
    SolveQueue::View v;
    if (!queue_->view(id, v)) throw ApiError(404, "no request with id '" + id + "' is under way");
    out["id"] = id;
    out["state"] = std::string(serve::to_string(v.state));
    out["position"] = v.position;
    out["elapsed"] = v.elapsed;
    out["solving"] = v.running;
    if (v.total > 0) out["progress"] = {{"done", v.done}, {"total", v.total}};
    return serve::json_response(out);
}

// POST /api/cancel?id=ID: the request's solver stops at its next look at
// the flag (it answers `timeout`); one still queued answers 409.
HttpResponse Api::cancel(const HttpRequest& r) {
    const std::string id = request_id(r);
    if (id.empty()) throw ApiError(400, "POST /api/cancel needs ?id=ID, the id of the request");
    if (!queue_->cancel(id)) throw ApiError(404, "no request with id '" + id + "' is under way");
    return serve::json_response({{"id", id}, {"cancelled", true}});
}

HttpResponse Api::handle(const HttpRequest& r) noexcept {
    return serve::answer_or_error([&]() -> HttpResponse {
        if (r.path == "/api/status") {
            if (r.method != "GET" && r.method != "HEAD")
                throw ApiError(405, "/api/status takes GET, not " + r.method);
            return status(r);
        }
        if (r.path == "/api/cancel") {
            if (r.method != "POST") throw ApiError(405, "/api/cancel takes POST, not " + r.method);
            return cancel(r);
        }
        if (r.method == "GET" || r.method == "HEAD") return get(r, options_.web_dir);
        for (const serve::Endpoint& route : serve::endpoints()) {
            if (r.path != route.path) continue;
            if (r.method != "POST") throw ApiError(405, r.path + " takes POST, not " + r.method);
            if (r.body.size() > options_.max_body)  // the transport checks first
                throw ApiError(413, "the body has " + std::to_string(r.body.size()) +
                                        " bytes; the limit is " +
                                        std::to_string(options_.max_body));
            if (route.solves) return solve(r, route.run);
            return route.run(r, RouteContext{options_, nullptr, Clock::now()});
        }
        throw ApiError(404, "no such endpoint: " + r.method + " " + r.path);
    });
}

}  // namespace nonolab::cli

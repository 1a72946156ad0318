#include "serve/api.hpp"

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "io/formats.hpp"
#include "serve/routes.hpp"
#include "serve/web_assets.hpp"

namespace nonolab::cli {

// Counting semaphore with a timed wait: at most max_solves solves at once,
// so a burst of requests queues instead of starving the machine.
struct Api::Slots {
    std::mutex mutex;
    std::condition_variable freed;
    int free = 0;

    bool acquire(double seconds) {
        std::unique_lock<std::mutex> lock(mutex);
        const auto wait = std::chrono::duration<double>(seconds > 0 ? seconds : 3600);
        if (!freed.wait_for(lock, wait, [&] { return free > 0; })) return false;
        --free;
        return true;
    }
    void release() {
        {
            std::lock_guard<std::mutex> lock(mutex);
            ++free;
        }
        freed.notify_one();
    }
};

namespace {

using serve::ApiError;
using serve::RouteContext;

struct Route {
    const char* path;
    HttpResponse (*run)(const HttpRequest&, const RouteContext&);
    bool solves;  ///< takes a solve slot
};

constexpr Route kRoutes[] = {
    {"/api/check", serve::check_route, true},
    {"/api/solve", serve::solve_route, true},
    {"/api/explain", serve::explain_route, true},
    {"/api/make-unique", serve::make_unique_route, true},
    {"/api/convert", serve::convert_route, false},
    {"/api/render", serve::render_route, true},
    {"/api/from-image", serve::from_image_route, true},
};

std::string content_type_of(std::string_view path) {
    auto ends = [&](std::string_view s) {
        return path.size() >= s.size() && path.substr(path.size() - s.size()) == s;
    };
    if (ends(".html")) return "text/html; charset=utf-8";
    if (ends(".css")) return "text/css; charset=utf-8";
    if (ends(".js")) return "text/javascript; charset=utf-8";
    if (ends(".png")) return "image/png";
    if (ends(".svg")) return "image/svg+xml";
    return "text/plain; charset=utf-8";
}

// GET: the page, the examples, and two lists the page reads.
HttpResponse get(const HttpRequest& r) {
    if (r.path == "/api/formats") {
        nlohmann::json list = nlohmann::json::array();
        for (const io::Format& f : io::formats())
            list.push_back({{"name", f.name},
                            {"extensions", f.extensions},
                            {"description", f.description},
                            {"read", f.read != nullptr},
                            {"write", f.write != nullptr}});
        return serve::json_response({{"formats", list}});
    }
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
    const serve::EmbeddedFile* f = serve::find_embedded(path);
    if (!f) throw ApiError(404, "no such page: " + r.path);
    return {200, content_type_of(path),
            std::string(reinterpret_cast<const char*>(f->data), f->size)};
}

}  // namespace

Api::Api(ApiOptions options) : options_(std::move(options)), slots_(std::make_unique<Slots>()) {
    slots_->free = options_.max_solves > 0 ? options_.max_solves : 1;
}

Api::~Api() = default;

HttpResponse Api::handle(const HttpRequest& r) noexcept {
    try {
        try {
            if (r.method == "GET" || r.method == "HEAD") return get(r);
            for (const Route& route : kRoutes) {
                if (r.path != route.path) continue;
                if (r.method != "POST")
                    throw ApiError(405, r.path + " takes POST, not " + r.method);
                if (r.body.size() > options_.max_body)  // the transport checks first
                    throw ApiError(413, "the body has " + std::to_string(r.body.size()) +
                                            " bytes; the limit is " +
                                            std::to_string(options_.max_body));
                const RouteContext context{options_, &cancel_};
                if (!route.solves) return route.run(r, context);
                if (!slots_->acquire(options_.solve_timeout))
                    throw ApiError(503,
                                   "the server is busy: " + std::to_string(options_.max_solves) +
                                       " solves are running; try again");
                struct Release {
                    Slots& s;
                    ~Release() { s.release(); }
                } release{*slots_};
                return route.run(r, context);
            }
            throw ApiError(404, "no such endpoint: " + r.method + " " + r.path);
        } catch (const ApiError& e) {
            return serve::json_response({{"error", e.what()}}, e.status);
        } catch (const std::bad_alloc&) {
            return serve::json_response({{"error", "out of memory"}}, 500);
        } catch (const std::exception& e) {
            return serve::json_response({{"error", std::string("internal error: ") + e.what()}},
                                        500);
        }
    } catch (...) {  // even building the error failed
        return {500, "application/json", "{\"error\":\"internal error\"}"};
    }
}

}  // namespace nonolab::cli

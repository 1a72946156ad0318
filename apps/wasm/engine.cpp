// The WebAssembly engine of the static site: the page's API, the same routes as
// `nonolab serve` (apps/serve/routes.hpp), called in the browser's Web
// Worker or under Node with no server at all. One request at a time and no
// threads: the worker is the queue, and a request is cancelled by ending
// its worker (web/engine.js), so no route needs a cancel flag here.
//
// From JavaScript (embind):
//   handle(method, path, query, body, contentType, rgba, width, height)
//       -> {status, type, body (Uint8Array)}
//       query: the URL's query as JSON {"key": "value", ...}; body: bytes.
//       When the body is a picture (from-image's upload, a PNG puzzle),
//       the browser has decoded it: `rgba` holds width * height * 4 bytes,
//       transparency not yet resolved; otherwise rgba is empty.
//   version()  the engine's version, as `nonolab --version` prints it
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <chrono>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "io/image_codec.hpp"
#include "serve/api.hpp"
#include "serve/routes.hpp"

namespace nonolab::cli::wasm {

namespace {

using emscripten::val;
using serve::ApiError;

// The server's options (its queue aside: the worker is the queue).
const ApiOptions& options() {
    static const ApiOptions o;
    return o;
}

// A request solves for what it asks (?timeout=S; 0 is no limit: there is
// no server to protect here, and the Node entry passes the user's
// --timeout), else for the server's default limit, as the page expects.
double solve_budget(const HttpRequest& r) {
    const double asked = serve::number_param(r, "timeout", options().solve_timeout, 0, 1e9);
    return asked > 0 ? asked : 1e9;
}

val reply(const HttpResponse& out) {
    val r = val::object();
    r.set("status", out.status);
    r.set("type", out.content_type);
    // A copy: the view points into the module's memory, which may move.
    r.set("body", val(emscripten::typed_memory_view(
                          out.body.size(), reinterpret_cast<const std::uint8_t*>(out.body.data())))
                      .call<val>("slice"));
    return r;
}

HttpRequest request_of(const std::string& method, const std::string& path, const std::string& query,
                       std::string body, std::string content_type) {
    HttpRequest r;
    r.method = method;
    r.path = path;
    r.body = std::move(body);
    r.content_type = std::move(content_type);
    if (!query.empty()) {
        const nlohmann::json q = nlohmann::json::parse(query, nullptr, false);
        if (!q.is_object()) throw ApiError(400, "the query is not a JSON object of strings");
        for (const auto& [key, value] : q.items())
            r.query.emplace(key, value.is_string() ? value.get<std::string>() : value.dump());
    }
    return r;
}

// One request through the server's own routes; errors as the server answers them.
HttpResponse run(const HttpRequest& r, const io::RgbImage* picture) {
    return serve::answer_or_error([&]() -> HttpResponse {
        if (r.method == "GET" && r.path == "/api/formats") return serve::formats_response();
        for (const serve::Endpoint& e : serve::endpoints()) {
            if (r.path != e.path) continue;
            if (r.method != "POST") throw ApiError(405, r.path + " takes POST");
            const double seconds = solve_budget(r);
            serve::RouteContext c{options(), nullptr,
                                  std::chrono::steady_clock::now() +
                                      std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::duration<double>(seconds))};
            c.picture = picture;
            return e.run(r, c);
        }
        throw ApiError(404, "no such endpoint: " + r.method + " " + r.path);
    });
}

// Transparency over white, as the server's decoder and the paper's choice
// (gen/image/image_to_board.hpp: icons are drawn on transparency, paper is white).
io::RgbImage over_white(const std::string& rgba, int width, int height) {
    io::RgbImage image{width, height, std::vector<std::uint32_t>(rgba.size() / 4)};
    for (std::size_t i = 0; i < image.pixels.size(); ++i) {
        const auto* p = reinterpret_cast<const unsigned char*>(rgba.data()) + 4 * i;
        std::uint32_t rgb = 0;
        for (int c = 0; c < 3; ++c)
            rgb = rgb << 8 |
                  static_cast<std::uint32_t>((p[c] * p[3] + 255 * (255 - p[3]) + 127) / 255);
        image.pixels[i] = rgb;
    }
    return image;
}

// The picture of the request under way, for the readers' image decoder
// (io/image_codec.hpp: a PNG puzzle is read from its pixels): the browser
// decoded the body before the call, as the image plugin would have.
const io::RgbImage* g_picture = nullptr;

void install_decoder() {
    static const bool installed = [] {
        io::install_image_decoder([](std::string_view, const std::string& source) {
            if (!g_picture)
                throw UnsupportedError(source, 0,
                                       "this engine has no picture decoder (under Node it reads "
                                       "no pictures; in the browser the page decodes them)");
            return *g_picture;
        });
        return true;
    }();
    (void)installed;
}

val handle(std::string method, std::string path, std::string query, std::string body,
           std::string content_type, std::string rgba, int width, int height) {
    install_decoder();
    HttpRequest r;
    try {
        r = request_of(method, path, query, std::move(body), std::move(content_type));
    } catch (const ApiError& e) {
        return reply(serve::json_response({{"error", e.what()}}, e.status));
    }
    std::optional<io::RgbImage> picture;
    if (!rgba.empty()) {
        if (width <= 0 || height <= 0 ||
            rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4)
            return reply(
                serve::json_response({{"error", "the picture could not be decoded"}}, 400));
        picture = over_white(rgba, width, height);
    }
    g_picture = picture ? &*picture : nullptr;
    HttpResponse out = run(r, g_picture);
    g_picture = nullptr;
    return reply(out);
}

std::string version() {
    return NONOLAB_VERSION;
}

}  // namespace

EMSCRIPTEN_BINDINGS(nonolab_engine) {
    emscripten::function("handle", &handle);
    emscripten::function("version", &version);
}

}  // namespace nonolab::cli::wasm

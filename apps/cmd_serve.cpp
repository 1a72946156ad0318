// nonolab serve: the web app and its HTTP API (apps/serve/api.hpp) on the
// HTTP server plugin (serve_transport.hpp). Prints "listening on
// http://HOST:PORT" to stderr once it answers, and stops cleanly on Ctrl-C
// or SIGTERM: no new requests, solves under way cut short, queued ones 503.
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <thread>

#include "commands.hpp"
#include "serve/api.hpp"
#include "serve_transport.hpp"

namespace nonolab::cli {

namespace {

struct ServeArgs {
    std::string host = "127.0.0.1";
    int port = 8080;
    bool open = false;
    bool builtin_page = false;
    ApiOptions api;
};

// The static site (scripts/build_web.sh) when there is one: beside the build tree's
// executable (build/apps/nonolab -> build/web) or where the Debian package
// puts it (/usr/lib/nonolab/nonolab -> /usr/share/nonolab/web). Its page
// runs the engine in the browser and asks this server only for files.
std::string find_static_site() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::canonical("/proc/self/exe", ec);
    if (ec) return "";
    for (const char* relative : {"../web", "../../share/nonolab/web"}) {
        const std::filesystem::path dir = exe.parent_path() / relative;
        if (std::filesystem::exists(dir / "index.html", ec) &&
            std::filesystem::exists(dir / "nonolab-engine.wasm", ec))
            return std::filesystem::canonical(dir, ec).string();
    }
    return "";
}

// The transport's handler: a C request in, a C reply out.
void handle(void* user, const ServeRequest* in) {
    HttpRequest r;
    try {
        r.method = in->method;
        r.path = in->path;
        for (std::size_t i = 0; i < in->param_count; ++i)
            r.query.emplace(in->param_keys[i], in->param_values[i]);
        r.body.assign(in->body, in->body_size);
        r.content_type = in->content_type;
    } catch (...) {
        const char* oom = "{\"error\":\"out of memory\"}";
        in->reply(in->reply_context, 500, "application/json", oom, std::strlen(oom));
        return;
    }
    const HttpResponse out = static_cast<Api*>(user)->handle(r);
    in->reply(in->reply_context, out.status, out.content_type.c_str(), out.body.data(),
              out.body.size());
}

void on_term(int) {
    g_interrupted = true;
}

int run_serve(const ServeArgs& a) {
    const ServeTransport* transport = nullptr;
    try {
        transport = &serve_transport();
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    }
    ServeArgs args = a;
    if (args.api.web_dir.empty() && !args.builtin_page) args.api.web_dir = find_static_site();
    // Before the server answers: a SIGTERM right after "listening" stops it cleanly too.
    std::signal(SIGTERM, on_term);
    Api api(args.api);
    char error[512] = "";
    int port = 0;
    // Each open keep-alive connection holds a thread while it waits, and so
    // does each request waiting for a slow-solve slot: the pool is wider than
    // the most that can wait (Api::http_threads), so quick requests always find one.
    const int threads = api.http_threads();
    void* server = transport->start(a.host.c_str(), a.port, a.api.max_body, threads, &handle, &api,
                                    &port, error, sizeof error);
    if (!server) {
        std::cerr << "error: " << error << "\n";
        return kExitUsage;
    }
    const bool ipv6 = a.host.find(':') != std::string::npos;  // "::1" is written [::1] in a URL
    const std::string url =
        "http://" + (ipv6 ? "[" + a.host + "]" : a.host) + ":" + std::to_string(port);
    std::cerr << "listening on " << url << std::endl;
    std::cerr << "page: "
              << (args.api.web_dir.empty()
                      ? std::string("built in (it sends every request to this server)")
                      : args.api.web_dir + " (the engine runs in the browser)")
              << "\n";
    if (a.host != "127.0.0.1" && a.host != "localhost" && a.host != "::1")
        std::cerr << "note: serving beyond this machine (--host " << a.host << ")\n";
    if (a.open && std::system(("xdg-open '" + url + "' >/dev/null 2>&1 &").c_str()) != 0)
        std::cerr << "note: could not open a browser; visit " << url << "\n";
    while (!g_interrupted) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::cerr << "stopping\n";
    api.cancel_all();
    transport->stop(server);
    return kExitOk;
}

}  // namespace

void add_serve(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<ServeArgs>();
    CLI::App* sub = app.add_subcommand(
        "serve",
        "The web app (draw and check puzzles, play them with hints) and its HTTP API.\n"
        "Prints 'listening on http://HOST:PORT' to stderr; Ctrl-C stops it. The API:\n"
        "POST /api/check, /api/solve, /api/explain, /api/convert, /api/render,\n"
        "/api/from-image, /api/make-unique; GET /api/status, POST /api/cancel for long\n"
        "solves (README, 'nonolab serve').\n"
        "Example: nonolab serve --port 8080 --open");
    sub->add_option("--host", args->host,
                    "Address to listen on; the default serves this machine only")
        ->capture_default_str();
    sub->add_option("--port", args->port, "Port; 0 picks a free one")
        ->check(CLI::Range(0, 65535))
        ->capture_default_str();
    sub->add_flag("--open", args->open, "Open the page in the default browser");
    sub->add_option("--max-body", args->api.max_body, "Largest request body in bytes (413 above)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30))
        ->capture_default_str();
    sub->add_option("--max-solves", args->api.max_solves,
                    "Long solves running at once (a request that the quick attempt does not "
                    "settle takes one)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    sub->add_option("--max-queue", args->api.max_queue,
                    "Long solves waiting for a slot, in arrival order; more get 503")
        ->check(CLI::Range(0, 1024))
        ->capture_default_str();
    sub->add_option("--solve-timeout", args->api.solve_timeout,
                    "Seconds any one request may solve for (its answer is then 'timeout')")
        ->check(CLI::Range(0.001, 1e6))
        ->capture_default_str();
    sub->add_option("--quick-timeout", args->api.quick_timeout,
                    "Seconds of every request's first attempt, on its own thread, before it "
                    "queues for a slot; 0 queues every solve")
        ->check(CLI::Range(0.0, 1e6))
        ->capture_default_str();
    sub->add_option("--web", args->api.web_dir,
                    "Serve the page from this folder (the static site that `scripts/setup.sh "
                    "--with web` writes to build/web) instead of the page built into nonolab")
        ->check(CLI::ExistingDirectory);
    sub->add_flag("--builtin-page", args->builtin_page,
                  "Serve the page built into nonolab, which asks this server for every verdict, "
                  "even when the static site is there (by default, beside the executable or "
                  "installed, its page runs the engine in the browser)")
        ->excludes("--web");
    sub->callback([args, &exit_code] { exit_code = run_serve(*args); });
}

}  // namespace nonolab::cli

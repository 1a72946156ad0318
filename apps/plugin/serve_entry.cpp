// The HTTP server plugin's side (see ../serve_transport.hpp): cpp-httplib
// behind two C functions. Built into libnonolab_serve_plugin.so only.
#include <httplib.h>

#include <sys/socket.h>

#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "serve_transport.hpp"

namespace {

using nonolab::cli::ServeHandler;
using nonolab::cli::ServeRequest;

struct Server {
    httplib::Server http;
    std::thread loop;
    int listen_fd = -1;  ///< the listening socket, seen when httplib makes it
};

// Debian's cpp-httplib is built with a listen backlog of 5: a burst of a
// few dozen clients then overflows the accept queue and some connections
// are dropped. Listening again on the same socket raises the backlog.
constexpr int kBacklog = 256;

void reply(void* context, int status, const char* content_type, const char* body,
           std::size_t size) {
    auto* res = static_cast<httplib::Response*>(context);
    res->status = status;
    res->set_content(std::string(body, size), content_type);
}

// Hands one request to the executable's handler.
void forward(ServeHandler handler, void* user, const httplib::Request& req,
             httplib::Response& res) {
    std::vector<const char*> keys, values;
    for (const auto& [k, v] : req.params) {
        keys.push_back(k.c_str());
        values.push_back(v.c_str());
    }
    const std::string content_type = req.get_header_value("Content-Type");
    const ServeRequest r{
        req.method.c_str(), req.path.c_str(), keys.size(),          keys.data(), values.data(),
        req.body.data(),    req.body.size(),  content_type.c_str(), &res,        &reply};
    res.status = 500;  // unless the handler answers
    handler(user, &r);
}

void* start(const char* host, int port, std::size_t max_body, int threads, ServeHandler handler,
            void* user, int* bound_port, char* error, int error_size) {
    auto fail = [&](const std::string& why) -> void* {
        std::snprintf(error, static_cast<std::size_t>(error_size), "%s", why.c_str());
        return nullptr;
    };
    auto s = std::make_unique<Server>();
    const int pool = threads > 0 ? threads : 8;
    s->http.new_task_queue = [pool] { return new httplib::ThreadPool(pool); };
    s->http.set_payload_max_length(max_body);
    s->http.set_read_timeout(10, 0);  // a client that stops sending loses its thread after 10 s
    s->http.set_write_timeout(10, 0);
    s->http.set_keep_alive_timeout(2);  // an idle kept-alive connection frees its thread soon
    // httplib's own answers (413 over the body limit, 400 for a broken
    // request) carry no body; give them the API's JSON error form.
    s->http.set_error_handler([max_body](const httplib::Request&, httplib::Response& res) {
        if (!res.body.empty()) return;
        const std::string why = res.status == 413 ? "the body is over the limit of " +
                                                        std::to_string(max_body) + " bytes"
                                                  : "HTTP error " + std::to_string(res.status);
        res.set_content("{\"error\":\"" + why + "\"}", "application/json");
    });
    Server* raw_server = s.get();
    s->http.set_socket_options([raw_server](int fd) {
        int yes = 1;  // what httplib's default does
        ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        raw_server->listen_fd = fd;
    });
    auto route = [handler, user](const httplib::Request& req, httplib::Response& res) {
        forward(handler, user, req, res);
    };
    for (const char* pattern : {".*"}) {
        s->http.Get(pattern, route);
        s->http.Post(pattern, route);
        s->http.Put(pattern, route);
        s->http.Delete(pattern, route);
        s->http.Options(pattern, route);
    }
    int bound = port;
    if (port == 0)
        bound = s->http.bind_to_any_port(host);
    else if (!s->http.bind_to_port(host, port))
        bound = -1;
    if (bound <= 0)
        return fail(std::string("cannot listen on ") + host + ":" + std::to_string(port) + ": " +
                    std::strerror(errno));
    if (s->listen_fd >= 0) ::listen(s->listen_fd, kBacklog);
    *bound_port = bound;
    Server* raw = s.release();
    raw->loop = std::thread([raw] { raw->http.listen_after_bind(); });
    // stop() does nothing to a server whose loop has not started yet, so
    // return only once it has (it starts at once; the bound is for safety).
    for (int i = 0; i < 5000 && !raw->http.is_running(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return raw;
}

void stop(void* server) {
    auto* s = static_cast<Server*>(server);
    s->http.stop();
    if (s->loop.joinable()) s->loop.join();
    delete s;
}

}  // namespace

extern "C" const nonolab::cli::ServeTransport* nonolab_serve_plugin_api() {
    static const nonolab::cli::ServeTransport t = [] {
        nonolab::cli::ServeTransport table;
        table.start = &start;
        table.stop = &stop;
        return table;
    }();
    return &t;
}

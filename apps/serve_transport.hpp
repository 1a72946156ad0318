// The HTTP transport of `nonolab serve`, as a table of plain C functions.
// The table is filled by libnonolab_serve_plugin.so (apps/plugin/
// serve_entry.cpp), the only code linked against cpp-httplib, loaded on
// first use like the MPI plugin (core/plugin.hpp says why: Debian's
// cpp-httplib is a shared library that brings OpenSSL, brotli and the
// shared libstdc++ to every start of the program otherwise).
//
// The plugin only moves bytes: every request, whatever its method and path,
// goes to one handler in the executable (apps/serve/api.hpp holds the
// routes), which answers through the request's `reply`. Only C types cross:
// the executable links libstdc++ statically, the plugin the shared one.
#pragma once

#include <cstddef>

namespace nonolab::cli {

/// Bumped whenever the table or the structs below change.
inline constexpr int kServePluginAbi = 1;

/// One request, valid during the handler call only.
struct ServeRequest {
    const char* method;       ///< "GET", "POST", ...
    const char* path;         ///< "/api/check", without the query
    std::size_t param_count;  ///< query parameters (decoded), in order
    const char* const* param_keys;
    const char* const* param_values;
    const char* body;  ///< the whole body (at most the body limit)
    std::size_t body_size;
    const char* content_type;  ///< "" when none
    void* reply_context;       ///< pass to reply
    /// Sets the answer; the last call wins. Copies its arguments.
    void (*reply)(void* reply_context, int status, const char* content_type, const char* body,
                  std::size_t body_size);
};

/// The executable's handler; must not throw. Called on the server's threads.
using ServeHandler = void (*)(void* user, const ServeRequest* request);

struct ServeTransport {
    int abi = kServePluginAbi;
    /// Binds host:port (0 = a free port), starts answering on `threads`
    /// threads in the background, and returns the server, or null with the
    /// reason in `error` (NUL-terminated, at most error_size bytes). Bodies
    /// over max_body bytes are answered 413 without calling the handler.
    void* (*start)(const char* host, int port, std::size_t max_body, int threads,
                   ServeHandler handler, void* user, int* bound_port, char* error,
                   int error_size) = nullptr;
    /// Stops accepting, waits for the requests under way, frees the server.
    void (*stop)(void* server) = nullptr;
};

/// The plugin's table, loaded on the first call (thread-safe). Throws
/// std::runtime_error naming the plugin, where it was looked for and why
/// it did not load.
const ServeTransport& serve_transport();

}  // namespace nonolab::cli

/// Plugin side: the one symbol the loader looks up.
extern "C" const nonolab::cli::ServeTransport* nonolab_serve_plugin_api();

#include "serve_transport.hpp"

#include "core/plugin.hpp"

namespace nonolab::cli {

namespace {

const ServeTransport& load() {
    const PluginSpec spec = nonolab_plugin("serve", "the HTTP server plugin", "libcpp-httplib-dev");
    return load_plugin_table<ServeTransport>(
        spec, kServePluginAbi, [](const ServeTransport& t) { return t.start && t.stop; });
}

}  // namespace

const ServeTransport& serve_transport() {
    static const ServeTransport& t = load();  // thread-safe; retried if it threw
    return t;
}

}  // namespace nonolab::cli

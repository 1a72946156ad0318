#include "bench/mpi_transport.hpp"

#include <stdexcept>
#include <string>

#include "core/plugin.hpp"

namespace nonolab::bench {

namespace {

PluginSpec mpi_plugin_spec() {
    return {"libnonolab_mpi_plugin.so", "NONOLAB_MPI_PLUGIN", "nonolab_mpi_plugin_api",
            "the Open MPI plugin",
            "configuring with -DNONOLAB_MPI=ON after installing libopenmpi-dev and openmpi-bin "
            "(Debian)"};
}

const MpiTransport& load() {
    const PluginSpec spec = mpi_plugin_spec();
    using Entry = const MpiTransport* (*)();
    const auto entry = reinterpret_cast<Entry>(load_plugin_entry(spec));
    const MpiTransport* t = entry();
    if (!t || t->abi != kMpiPluginAbi)
        throw std::runtime_error(
            spec.file + " was built from another nonolab version (plugin ABI " +
            std::to_string(t ? t->abi : 0) + ", expected " + std::to_string(kMpiPluginAbi) + ")");
    return *t;
}

}  // namespace

const MpiTransport& mpi_transport() {
    static const MpiTransport& t = load();  // thread-safe; retried if it threw
    return t;
}

bool mpi_transport_available() {
    try {
        mpi_transport();
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace nonolab::bench

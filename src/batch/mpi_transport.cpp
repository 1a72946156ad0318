#include "batch/mpi_transport.hpp"

#include <stdexcept>
#include <string>

#include "core/plugin.hpp"

namespace nonolab::batch {

namespace {

PluginSpec mpi_plugin_spec() {
    return nonolab_plugin("mpi", "the Open MPI plugin", "libopenmpi-dev and openmpi-bin");
}

const MpiTransport& load_mpi_transport() {
    const PluginSpec spec = mpi_plugin_spec();
    return load_plugin_table<MpiTransport>(spec, kMpiPluginAbi, [](const MpiTransport& t) {
        return t.initialized && t.init && t.finalize && t.rank && t.size && t.bcast_int &&
               t.gather_int && t.send && t.iprobe && t.recv && t.error_text;
    });
}

}  // namespace

const MpiTransport& mpi_transport() {
    static const MpiTransport& t = load_mpi_transport();  // thread-safe; retried if it threw
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

}  // namespace nonolab::batch

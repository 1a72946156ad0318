// Plugins: the parts of nonolab that need a heavy shared library live in
// shared objects of their own, opened with dlopen on first use:
//   libnonolab_torch_plugin.so  LibTorch (network methods, train)
//   libnonolab_image_plugin.so  OpenCV (pictures in and out)
//   libnonolab_mpi_plugin.so    Open MPI (batches across ranks)
// Why: linked into the executable, these libraries (about 150 shared objects
// with their dependencies: GDAL, HDF5, hwloc, OpenBLAS, ...) were loaded,
// relocated and initialised at every start, whatever the command; that cost
// about 0.1 s of CPU and 55 MiB before `nonolab --version` printed anything.
// Now a command pays only for what it uses.
//
// Where a plugin is looked for, in order:
//   1. the file named by its environment variable (NONOLAB_MPI_PLUGIN, ...);
//   2. the folder of the running executable (`cmake --install` puts the
//      plugins beside the binary, so a moved or installed copy finds them);
//   3. the folder of the shared object holding this code (a Python module);
//   4. the build tree's apps/ folder (the test binaries elsewhere in it).
// Each plugin exports one C function, its entry, which returns a table of
// function pointers with an ABI number (see the *_plugin.hpp headers).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace nonolab {

struct PluginSpec {
    std::string file;   ///< "libnonolab_mpi_plugin.so"
    std::string env;    ///< "NONOLAB_MPI_PLUGIN": overrides the search
    std::string entry;  ///< the one exported symbol, "nonolab_mpi_plugin_api"
    std::string what;   ///< for messages: "the Open MPI plugin"
    std::string build;  ///< for messages: how to get it, "`bash scripts/setup.sh --with mpi` (...)"
};

/// The spec of nonolab's plugin for the set-up part `part` ("mpi"): its
/// file, variable and entry follow one convention (libnonolab_mpi_plugin.so,
/// NONOLAB_MPI_PLUGIN, nonolab_mpi_plugin_api: apps/CMakeLists.txt names the
/// targets so), and `bash scripts/setup.sh --with PART` builds it after
/// installing Debian's `packages`. `what` names it in messages.
PluginSpec nonolab_plugin(const std::string& part, std::string what, const std::string& packages);

/// The paths tried, in the order above (an env variable that is set is the only one).
std::vector<std::string> plugin_candidates(const PluginSpec& spec);

/// Opens the plugin (RTLD_NOW | RTLD_LOCAL; never closed) and returns its
/// entry symbol. Throws std::runtime_error naming the plugin, the paths
/// tried, the loader's reason, and how to build or point to it.
void* load_plugin_entry(const PluginSpec& spec);

/// The message for a plugin whose table has another ABI number (or misses
/// a function): it was built from another nonolab version.
std::string plugin_version_error(const PluginSpec& spec, int found, int expected);

/// Loads the plugin and checks its table: `Table` has an `abi` member, the
/// entry returns `const Table*`, and `complete` says every function is set.
template <class Table>
const Table& load_plugin_table(const PluginSpec& spec, int abi, bool (*complete)(const Table&)) {
    using Entry = const Table* (*)();
    const Table* table = reinterpret_cast<Entry>(load_plugin_entry(spec))();
    if (!table || table->abi != abi || !complete(*table))
        throw std::runtime_error(plugin_version_error(spec, table ? table->abi : 0, abi));
    return *table;
}

}  // namespace nonolab

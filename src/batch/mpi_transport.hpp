// The few MPI calls a batch across ranks makes (mpi_backend.cpp), as a table
// of plain C functions. The table is filled by the Open MPI plugin,
// libnonolab_mpi_plugin.so (src/batch/mpi/mpi_plugin.cpp), the only code
// linked against Open MPI, loaded on first use (core/plugin.hpp says why:
// Open MPI and hwloc cost every start of the program otherwise).
//
// All calls work on MPI_COMM_WORLD and bytes; every function returns MPI's
// error code (0 = MPI_SUCCESS), which error_text turns into words.
#pragma once

namespace nonolab::batch {

/// Bumped whenever the table below changes.
inline constexpr int kMpiPluginAbi = 1;

struct MpiTransport {
    int abi = kMpiPluginAbi;
    /// MPI_Initialized: sets *yes.
    int (*initialized)(int* yes) = nullptr;
    /// MPI_Init_thread asking for MPI_THREAD_FUNNELED; *funneled = provided >= FUNNELED.
    int (*init)(int* funneled) = nullptr;
    int (*finalize)() = nullptr;
    int (*rank)(int* rank) = nullptr;
    int (*size)(int* size) = nullptr;
    /// MPI_Bcast of one int from rank 0.
    int (*bcast_int)(int* value) = nullptr;
    /// MPI_Gather of one int per rank into `all` on rank 0 (unused elsewhere).
    int (*gather_int)(int value, int* all) = nullptr;
    int (*send)(const void* data, int bytes, int dest, int tag) = nullptr;
    /// MPI_Iprobe; source -1 = any. On a message: *ready = 1, its source and size.
    int (*iprobe)(int source, int tag, int* ready, int* from, int* bytes) = nullptr;
    int (*recv)(void* data, int bytes, int source, int tag) = nullptr;
    /// MPI_Error_string into text (NUL-terminated, at most size bytes).
    void (*error_text)(int code, char* text, int size) = nullptr;
};

/// The plugin's table, loaded on the first call (thread-safe). Throws
/// std::runtime_error when the plugin cannot be loaded, naming it and why.
const MpiTransport& mpi_transport();

/// True when the plugin loads (this build has MPI and the file is in place).
bool mpi_transport_available();

}  // namespace nonolab::batch

/// Plugin side: the one symbol the loader looks up.
extern "C" const nonolab::batch::MpiTransport* nonolab_mpi_plugin_api();

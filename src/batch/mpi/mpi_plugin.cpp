// The Open MPI plugin (see ../mpi_transport.hpp): each entry of the table is
// one MPI call on MPI_COMM_WORLD. Built into libnonolab_mpi_plugin.so only.
#include <mpi.h>

#include <cstring>

#include "batch/mpi_transport.hpp"

namespace {

int initialized(int* yes) {
    return MPI_Initialized(yes);
}
int init(int* funneled) {
    int provided = 0;
    const int rc = MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    *funneled = provided >= MPI_THREAD_FUNNELED;
    return rc;
}
int finalize() {
    return MPI_Finalize();
}
int rank(int* r) {
    return MPI_Comm_rank(MPI_COMM_WORLD, r);
}
int size(int* s) {
    return MPI_Comm_size(MPI_COMM_WORLD, s);
}
int bcast_int(int* value) {
    return MPI_Bcast(value, 1, MPI_INT, 0, MPI_COMM_WORLD);
}
int gather_int(int value, int* all) {
    return MPI_Gather(&value, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
}
int send(const void* data, int bytes, int dest, int tag) {
    return MPI_Send(data, bytes, MPI_BYTE, dest, tag, MPI_COMM_WORLD);
}
int iprobe(int source, int tag, int* ready, int* from, int* bytes) {
    MPI_Status st;
    int rc = MPI_Iprobe(source < 0 ? MPI_ANY_SOURCE : source, tag, MPI_COMM_WORLD, ready, &st);
    if (rc == MPI_SUCCESS && *ready) {
        *from = st.MPI_SOURCE;
        rc = MPI_Get_count(&st, MPI_BYTE, bytes);
    }
    return rc;
}
int recv(void* data, int bytes, int source, int tag) {
    return MPI_Recv(data, bytes, MPI_BYTE, source, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
void error_text(int code, char* text, int size) {
    char buf[MPI_MAX_ERROR_STRING] = {};
    int len = 0;
    if (MPI_Error_string(code, buf, &len) != MPI_SUCCESS) len = 0;
    if (size <= 0) return;
    const int n = len < size - 1 ? len : size - 1;
    std::memcpy(text, buf, static_cast<std::size_t>(n));
    text[n] = '\0';
}

}  // namespace

extern "C" const nonolab::batch::MpiTransport* nonolab_mpi_plugin_api() {
    static const nonolab::batch::MpiTransport table = [] {
        nonolab::batch::MpiTransport t;
        t.initialized = &initialized;
        t.init = &init;
        t.finalize = &finalize;
        t.rank = &rank;
        t.size = &size;
        t.bcast_int = &bcast_int;
        t.gather_int = &gather_int;
        t.send = &send;
        t.iprobe = &iprobe;
        t.recv = &recv;
        t.error_text = &error_text;
        return t;
    }();
    return &table;
}

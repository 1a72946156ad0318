// The MPI back end of batch.hpp: the same batch on every rank of an Open MPI
// job (`mpirun -np K nonolab <cmd> ... --mpi`), with the same output as one
// process. The MPI calls go through the Open MPI plugin (mpi_transport.hpp),
// loaded only when a session starts; a build without MPI (option NONOLAB_MPI
// off, or Open MPI not found) has no plugin, and an MpiSession then cannot
// start and says so.
//
// How a batch runs on K ranks (design notes, see docs/scaling.md):
// - Every rank runs the same command, reads the same inputs and builds the
//   same Batch; only the unit ids travel. Rank 0 owns the queue of ids.
// - Every rank runs T worker threads (--threads, 0 = the node's cores shared
//   by its ranks). Rank 0's threads take ids from the queue directly; its
//   main thread serves the other ranks. A worker thread on rank r > 0 asks
//   rank 0 for ids (request/reply, each request carrying the previous
//   result), keeping three requests in flight to hide the latency, so one
//   slow unit never stalls a static shard and units of a millisecond still
//   keep the thread busy.
// - Rank 0 gathers the result texts and hands them to the sink in id order;
//   only rank 0 writes files, stdout and progress. Skip lists (resume) are
//   read on rank 0 only: it never deals a skipped id.
// - Only the main thread of a rank calls MPI (MPI_THREAD_FUNNELED); waiting
//   rank 0 and workers poll with MPI_Iprobe and a 1 ms sleep, because Open
//   MPI's blocking receive spins a core that a worker thread needs.
// - Cancelling (rank 0's `cancel`, or a sink that stops the batch, e.g.
//   solve --split once it has its solutions): rank 0 deals no more ids and
//   sends each rank still in the batch one unasked kCancel, on which that
//   rank cuts its running units short (they are dropped, as on rank 0).
// - A rank that bailed out before a batch (e.g. an input unreadable on its
//   node) joins it with no threads; a rank 0 that bailed out ends the
//   session, and the other ranks' remaining batches return without running.
// - With one rank (mpirun -np 1, or --mpi outside mpirun) the batch simply
//   runs on threads.
#pragma once

#include <atomic>

#include "batch/batch.hpp"

namespace nonolab::batch {

/// This process's membership of an MPI job, from MPI_Init to MPI_Finalize.
/// Create at most one, on the main thread, only when requested(): a normal
/// run never touches the MPI runtime.
class MpiSession {
  public:
    /// True when the command should join an MPI job: `flag` (--mpi) is set,
    /// or the process runs under mpirun with more than one rank
    /// (OMPI_COMM_WORLD_SIZE > 1).
    static bool requested(bool flag);
    /// True when the Open MPI plugin loads (this loads it).
    static bool available();

    /// Loads the plugin and initialises MPI (MPI_THREAD_FUNNELED). Throws
    /// std::runtime_error when the plugin cannot be loaded (naming it), or
    /// when MPI cannot start or lacks thread support.
    MpiSession();
    /// Rank 0 tells ranks still waiting for a batch that there is none; then MPI_Finalize.
    ~MpiSession();
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;

    int rank() const { return rank_; }
    int size() const { return size_; }
    bool leader() const { return rank_ == 0; }

    /// Collective start of a batch: rank 0 says whether one runs (false once
    /// rank 0 has left), then every rank reports its worker threads. Returns
    /// false when there is no batch; threads_per_rank is filled on rank 0.
    bool begin_batch(int threads, std::vector<int>* threads_per_rank);

  private:
    int rank_ = 0;
    int size_ = 1;
    bool ended_ = false;  ///< rank 0 has said no more batches come
};

/// run_batch on every rank of `options.mpi` (size > 1). On ranks other than
/// 0 the returned outcome has leader = false and counts only local units.
BatchOutcome run_batch_mpi(const Batch& batch, const BatchOptions& options,
                           const std::atomic<bool>* cancel);

}  // namespace nonolab::batch

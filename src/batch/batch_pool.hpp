// BatchPool: the machinery shared by the thread and MPI back ends of
// batch.hpp (internal; commands use run_batch). It holds the queue of unit
// ids still to deal, runs units safely, and collects results from any
// thread into id order for the sink.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "batch/batch.hpp"

namespace nonolab::batch::detail {

/// Runs unit `id`, turning an exception into batch.on_throw's record.
std::optional<UnitResult> run_unit_safely(const Batch& batch, std::uint64_t id,
                                          const std::atomic<bool>* cancel);

class BatchPool {
  public:
    BatchPool(const Batch& batch, const std::atomic<bool>* cancel);

    /// The next unit id to run, or nullopt when none is left or the batch stopped.
    std::optional<std::uint64_t> deal();
    /// Records unit `id`'s result (nullopt = dropped), hands every result now
    /// at the front to the sink in id order, and reports progress.
    void finish(std::uint64_t id, std::optional<UnitResult> result);
    /// True once the user cancelled or the sink failed: no new unit starts.
    bool stopped() const;
    /// Deals and runs units on this thread until none is left.
    void work();
    /// Runs work() on `threads` threads, the calling one included, and
    /// returns once they have all finished.
    void work_on(int threads);

    /// Once every worker has finished: units never dealt count as dropped,
    /// results behind them reach the sink, and the sink's exception, if any,
    /// is rethrown. Otherwise returns the outcome.
    BatchOutcome close();
    /// Units still to deal (skipped ones excluded).
    std::uint64_t todo() const { return todo_.size(); }

  private:
    enum Slot : unsigned char { pending, done, dropped };
    void drain();  // with mutex_ held

    const Batch& batch_;
    const std::atomic<bool>* cancel_;
    std::vector<std::uint64_t> todo_;           // ids to run, in id order
    std::atomic<std::size_t> next_{0};          // next index into todo_
    std::atomic<bool> aborted_{false};          // the sink threw
    std::mutex mutex_;                          // guards everything below
    std::vector<unsigned char> state_;          // Slot per id
    std::map<std::uint64_t, UnitResult> held_;  // finished, waiting for earlier ids
    std::uint64_t next_emit_ = 0;               // first id not yet handed to the sink
    BatchProgress progress_;
    std::uint64_t dropped_ = 0;
    std::exception_ptr failure_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace nonolab::batch::detail

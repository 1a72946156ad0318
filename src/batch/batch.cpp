#include "batch/batch.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>

#include "batch/batch_pool.hpp"
#include "batch/mpi_backend.hpp"

namespace nonolab::batch {

// ---- progress ----------------------------------------------------------------

double BatchProgress::eta() const {
    const double r = rate();
    if (r <= 0 || done > total) return -1;
    return static_cast<double>(total - done) / r;
}

std::string format_duration(double s) {
    char buf[32];
    if (s < 120)
        std::snprintf(buf, sizeof buf, "%.0fs", s);
    else if (s < 7200)
        std::snprintf(buf, sizeof buf, "%.0fm%02.0fs", std::floor(s / 60), std::fmod(s, 60));
    else
        std::snprintf(buf, sizeof buf, "%.0fh%02.0fm", std::floor(s / 3600), std::fmod(s / 60, 60));
    return buf;
}

std::string format_progress(const BatchProgress& p, const std::string& noun) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%llu failed  %.2f %s/s",
                  static_cast<unsigned long long>(p.failures), p.rate(), noun.c_str());
    std::string s = buf;
    if (p.done < p.total && p.eta() >= 0) s += "  ETA " + format_duration(p.eta());
    return s;
}

std::string format_ranks(const BatchOutcome& outcome) {
    if (outcome.per_rank.empty()) return "";
    std::string s = std::to_string(outcome.per_rank.size()) + " ranks, units per rank:";
    for (const std::uint64_t n : outcome.per_rank) s += " " + std::to_string(n);
    return s;
}

int resolve_threads(int requested, bool under_mpi) {
    if (requested > 0) return requested;
    int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    if (under_mpi) {
        // Ranks started on one node share its cores.
        if (const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE")) {
            const int n = std::atoi(local);
            if (n > 1) cores = std::max(1, cores / n);
        }
    }
    return cores;
}

// ---- the pool ----------------------------------------------------------------

namespace detail {

std::optional<UnitResult> run_unit_safely(const Batch& batch, std::uint64_t id,
                                          const std::atomic<bool>* cancel) {
    std::string message;
    try {
        return batch.run(id, cancel);
    } catch (const std::exception& e) {
        message = e.what();
    } catch (...) {
        message = "unknown exception";
    }
    if (batch.on_throw) return batch.on_throw(id, message);
    nlohmann::ordered_json j;
    j["unit"] = id;
    j["status"] = "error";
    j["error"] = message;
    // Replace: a message quoting bytes that are not UTF-8 must not throw
    // here, where nothing is left to catch it.
    return UnitResult{j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace),
                      true, 0};
}

BatchPool::BatchPool(const Batch& batch, const std::atomic<bool>* cancel)
    : batch_(batch), cancel_(cancel), state_(batch.size, pending) {
    if (!batch.run) throw std::invalid_argument("batch: no unit function");
    if (!batch.skip.empty() && batch.skip.size() != batch.size)
        throw std::invalid_argument("batch: the skip list has " +
                                    std::to_string(batch.skip.size()) + " entries for " +
                                    std::to_string(batch.size) + " units");
    // Units already recorded are resolved up front as dropped, so the
    // in-order writer steps over them.
    for (std::uint64_t id = 0; id < batch.size; ++id) {
        if (!batch.skip.empty() && batch.skip[id]) {
            state_[id] = dropped;
            ++progress_.skipped;
        } else {
            todo_.push_back(id);
        }
    }
    progress_.total = todo_.size();
}

bool BatchPool::stopped() const {
    return aborted_.load(std::memory_order_relaxed) ||
           (cancel_ && cancel_->load(std::memory_order_relaxed));
}

std::optional<std::uint64_t> BatchPool::deal() {
    if (stopped()) return std::nullopt;
    const std::size_t k = next_.fetch_add(1);
    if (k >= todo_.size()) return std::nullopt;
    return todo_[k];
}

void BatchPool::drain() {
    while (next_emit_ < state_.size() && state_[next_emit_] != pending) {
        if (state_[next_emit_] == done) {
            auto it = held_.find(next_emit_);
            if (batch_.sink) batch_.sink(next_emit_, it->second);
            held_.erase(it);
        }
        ++next_emit_;
    }
}

void BatchPool::finish(std::uint64_t id, std::optional<UnitResult> result) {
    if (result && stopped()) result.reset();  // cut short by the user: not a result
    std::lock_guard<std::mutex> lock(mutex_);
    if (failure_) return;
    try {
        if (result) {
            ++progress_.done;
            if (result->failed) ++progress_.failures;
            if (batch_.on_result) batch_.on_result(id, *result);
            held_.emplace(id, std::move(*result));
            state_[id] = done;
        } else {
            state_[id] = dropped;
            ++dropped_;
        }
        drain();
        if (batch_.on_progress && state_[id] == done) {
            progress_.elapsed =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
            batch_.on_progress(progress_);
        }
    } catch (...) {
        // The sink or the progress hook failed (e.g. the disk is full): stop.
        failure_ = std::current_exception();
        aborted_ = true;
    }
}

void BatchPool::work() {
    while (const auto id = deal()) finish(*id, run_unit_safely(batch_, *id, cancel_));
}

void BatchPool::work_on(int threads) {
    // Units are dealt dynamically: runs differ wildly in length (a solved run
    // stops early), so static partitions would leave threads idle.
    threads = std::max(1, static_cast<int>(std::min<std::uint64_t>(
                              threads, std::max<std::uint64_t>(1, todo_.size()))));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back([this] { work(); });
    work();
    for (std::thread& th : pool) th.join();
}

BatchOutcome BatchPool::close() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (failure_) std::rethrow_exception(failure_);
    for (unsigned char& s : state_)
        if (s == pending) {
            s = dropped;
            ++dropped_;
        }
    drain();
    BatchOutcome out;
    out.done = progress_.done;
    out.failures = progress_.failures;
    out.dropped = dropped_;
    out.skipped = progress_.skipped;
    return out;
}

}  // namespace detail

BatchOutcome run_batch(const Batch& batch, const BatchOptions& options,
                       const std::atomic<bool>* cancel) {
    if (options.threads < 0)
        throw std::invalid_argument("batch: threads must be 0 (all cores) or more, got " +
                                    std::to_string(options.threads));
    if (options.mpi && options.mpi->size() > 1) return run_batch_mpi(batch, options, cancel);
    detail::BatchPool pool(batch, cancel);
    pool.work_on(resolve_threads(options.threads, options.mpi != nullptr));
    return pool.close();
}

bool MpiSession::requested(bool flag) {
    if (flag) return true;
    const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
    return size && std::atoi(size) > 1;
}

}  // namespace nonolab::batch

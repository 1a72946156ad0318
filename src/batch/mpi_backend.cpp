#include "batch/mpi_backend.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "batch/batch_pool.hpp"
#include "batch/mpi_transport.hpp"

namespace nonolab::batch {

namespace {

constexpr int kTagWork = 601;    // rank r -> 0: [previous result] + a request for one id
constexpr int kTagAssign = 602;  // 0 -> rank r: one id, or kStop
constexpr std::uint64_t kStop = ~std::uint64_t{0};
// 0 -> rank r, unasked, once the batch is cancelled (e.g. solve --split has
// its solutions): rank r cuts its running units short. Sent on kTagAssign
// and only while rank r still waits for stops, so that MPI's in-order
// delivery brings it before rank r's last stop and it never outlives the batch.
constexpr std::uint64_t kCancel = kStop - 1;
constexpr auto kPoll = std::chrono::milliseconds(1);
// Requests each worker thread on ranks > 0 keeps in flight: while it runs one
// unit the next ids are already on their way, which hides the polling delay
// for units of a millisecond; a few more would only unbalance the tail.
constexpr int kDepth = 3;

const MpiTransport& mpi() {
    return mpi_transport();
}

void check(int rc, const char* what) {
    if (rc == 0) return;  // MPI_SUCCESS
    char text[512];
    mpi().error_text(rc, text, sizeof text);
    throw std::runtime_error(std::string("MPI: ") + what + " failed: " + text);
}

// A work message: has_result(1) | id(8) | dropped(1) | failed(1) | code(4) | text.
std::vector<char> encode(std::optional<std::uint64_t> id, const std::optional<UnitResult>& r) {
    const std::string empty;
    const std::string& text = r ? r->text : empty;
    std::vector<char> buf(15);
    buf.reserve(15 + text.size());
    buf[0] = id ? 1 : 0;
    const std::uint64_t i = id.value_or(0);
    std::memcpy(&buf[1], &i, 8);
    buf[9] = r ? 0 : 1;
    buf[10] = r && r->failed ? 1 : 0;
    const std::int32_t code = r ? r->code : 0;
    std::memcpy(&buf[11], &code, 4);
    buf.insert(buf.end(), text.begin(), text.end());
    return buf;
}

struct Decoded {
    std::optional<std::uint64_t> id;  // the unit this message reports, if any
    std::optional<UnitResult> result;
};

Decoded decode(const std::vector<char>& buf) {
    if (buf.size() < 15) throw std::runtime_error("MPI: a work message is too short");
    Decoded d;
    if (!buf[0]) return d;
    std::uint64_t id = 0;
    std::memcpy(&id, &buf[1], 8);
    d.id = id;
    if (buf[9]) return d;  // dropped
    UnitResult r;
    r.failed = buf[10] != 0;
    std::int32_t code = 0;
    std::memcpy(&code, &buf[11], 4);
    r.code = code;
    r.text.assign(buf.begin() + 15, buf.end());
    d.result = std::move(r);
    return d;
}

// Rank 0: local threads work from the pool while this (main) thread serves
// the other ranks' requests until each of their threads has been told to stop.
BatchOutcome lead(const Batch& batch, int threads, const std::vector<int>& per_rank,
                  const std::atomic<bool>* cancel) {
    detail::BatchPool pool(batch, cancel);
    int remote = 0;  // requests in flight from the other ranks: each gets one kStop at the end
    for (std::size_t r = 1; r < per_rank.size(); ++r) remote += per_rank[r] * kDepth;
    std::vector<std::thread> local;
    for (int t = 0; t < threads; ++t) local.emplace_back([&pool] { pool.work(); });
    std::vector<std::uint64_t> remote_done(per_rank.size(), 0);
    std::vector<int> stops_to(per_rank.size(), 0);  // kStop replies sent to each rank
    bool cancel_sent = false;
    std::exception_ptr error;
    try {
        int stops = 0;
        std::vector<char> buf;
        while (stops < remote) {
            if (!cancel_sent && pool.stopped()) {
                for (std::size_t r = 1; r < per_rank.size(); ++r)
                    if (stops_to[r] < per_rank[r] * kDepth)
                        check(mpi().send(&kCancel, sizeof kCancel, static_cast<int>(r), kTagAssign),
                              "Send");
                cancel_sent = true;
            }
            int ready = 0, source = 0, bytes = 0;
            check(mpi().iprobe(-1, kTagWork, &ready, &source, &bytes), "Iprobe");
            if (!ready) {
                std::this_thread::sleep_for(kPoll);
                continue;
            }
            buf.resize(static_cast<std::size_t>(bytes));
            check(mpi().recv(buf.data(), bytes, source, kTagWork), "Recv");
            Decoded d = decode(buf);
            if (d.id && d.result && !pool.stopped())
                ++remote_done[static_cast<std::size_t>(source)];
            if (d.id) pool.finish(*d.id, std::move(d.result));
            const std::uint64_t next = pool.deal().value_or(kStop);
            check(mpi().send(&next, sizeof next, source, kTagAssign), "Send");
            stops += next == kStop;
            stops_to[static_cast<std::size_t>(source)] += next == kStop;
        }
    } catch (...) {
        error = std::current_exception();
    }
    for (std::thread& th : local) th.join();
    if (error) std::rethrow_exception(error);
    BatchOutcome out = pool.close();
    out.leader = true;
    // Rank 0's own share: what was finished and did not come from elsewhere.
    std::uint64_t others = 0;
    for (std::size_t r = 1; r < remote_done.size(); ++r) others += remote_done[r];
    remote_done[0] = out.done > others ? out.done - others : 0;
    out.per_rank = std::move(remote_done);
    return out;
}

// Rank r > 0: `threads` workers, each asking rank 0 for one id at a time;
// this (main) thread carries their messages.
BatchOutcome follow(const Batch& batch, int threads, const std::atomic<bool>* cancel) {
    // The units' cancel flag: raised by `cancel` or by rank 0's kCancel.
    std::atomic<bool> cut{cancel && cancel->load()};
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<std::vector<char>> outbox;  // messages to rank 0
    std::deque<std::uint64_t> inbox;       // ids (or kStop) from rank 0, in request order
    BatchOutcome out;
    out.leader = false;
    auto worker = [&] {
        {
            std::lock_guard<std::mutex> lock(mutex);
            for (int k = 1; k < kDepth; ++k) outbox.push_back(encode(std::nullopt, std::nullopt));
        }
        std::vector<char> msg = encode(std::nullopt, std::nullopt);
        for (;;) {
            std::uint64_t id;
            {
                std::unique_lock<std::mutex> lock(mutex);
                outbox.push_back(std::move(msg));
                ready.wait(lock, [&] { return !inbox.empty(); });
                id = inbox.front();
                inbox.pop_front();
            }
            if (id == kStop) return;
            std::optional<UnitResult> r = detail::run_unit_safely(batch, id, &cut);
            if (cut.load()) r.reset();
            {
                std::lock_guard<std::mutex> lock(mutex);
                (r ? out.done : out.dropped) += 1;
                if (r && r->failed) ++out.failures;
            }
            msg = encode(id, r);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
    std::exception_ptr error;
    try {
        // Every request gets a reply; the stops end the threads (one each)
        // and the requests still in flight (the rest wait in the inbox).
        int stops = 0;
        while (stops < threads * kDepth) {
            if (cancel && cancel->load()) cut = true;
            std::deque<std::vector<char>> sending;
            {
                std::lock_guard<std::mutex> lock(mutex);
                sending.swap(outbox);
            }
            for (const auto& m : sending)
                check(mpi().send(m.data(), static_cast<int>(m.size()), 0, kTagWork), "Send");
            int got = 0, from = 0, bytes = 0;
            check(mpi().iprobe(0, kTagAssign, &got, &from, &bytes), "Iprobe");
            if (got) {
                std::uint64_t id = 0;
                check(mpi().recv(&id, sizeof id, 0, kTagAssign), "Recv");
                if (id == kCancel) {
                    cut = true;
                    continue;
                }
                stops += id == kStop;
                {
                    std::lock_guard<std::mutex> lock(mutex);
                    inbox.push_back(id);
                }
                ready.notify_all();
            } else if (sending.empty()) {
                std::this_thread::sleep_for(kPoll);
            }
        }
    } catch (...) {
        error = std::current_exception();
        // Cannot talk to rank 0 any more: release the workers.
        {
            std::lock_guard<std::mutex> lock(mutex);
            for (int t = 0; t < threads; ++t) inbox.push_back(kStop);
        }
        ready.notify_all();
    }
    for (std::thread& th : pool) th.join();
    if (error) std::rethrow_exception(error);
    return out;
}

}  // namespace

bool MpiSession::available() {
    return mpi_transport_available();
}

MpiSession::MpiSession() {
    try {
        mpi();  // loads the plugin
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(std::string(e.what()) +
                                 "; run without --mpi and outside mpirun to use threads");
    }
    int initialised = 0;
    check(mpi().initialized(&initialised), "Initialized");
    if (initialised) throw std::logic_error("MpiSession: MPI is already initialised");
    int funneled = 0;
    check(mpi().init(&funneled), "Init_thread");
    if (!funneled) {
        mpi().finalize();
        throw std::runtime_error("MPI: this MPI library offers no thread support (FUNNELED)");
    }
    mpi().rank(&rank_);
    mpi().size(&size_);
}

MpiSession::~MpiSession() {
    // Ranks that left before the leader's batches still take part in them
    // (with no threads), so that rank 0 never waits for them; rank 0 ends
    // the session for ranks waiting for a batch that will not come.
    if (size_ > 1 && !ended_) {
        if (rank_ == 0) {
            int go = 0;
            mpi().bcast_int(&go);
        } else {
            while (begin_batch(0, nullptr)) {
            }
        }
    }
    mpi().finalize();
}

bool MpiSession::begin_batch(int threads, std::vector<int>* threads_per_rank) {
    if (ended_) return false;
    int go = 1;
    check(mpi().bcast_int(&go), "Bcast");
    if (!go) {
        ended_ = true;
        return false;
    }
    std::vector<int> all(rank_ == 0 ? static_cast<std::size_t>(size_) : 0);
    check(mpi().gather_int(threads, all.data()), "Gather");
    if (threads_per_rank) *threads_per_rank = std::move(all);
    return true;
}

BatchOutcome run_batch_mpi(const Batch& batch, const BatchOptions& options,
                           const std::atomic<bool>* cancel) {
    MpiSession& s = *options.mpi;
    const int threads = resolve_threads(options.threads, true);
    std::vector<int> per_rank;
    if (!s.begin_batch(threads, &per_rank)) {
        BatchOutcome none;
        none.leader = s.leader();
        return none;
    }
    return s.leader() ? lead(batch, threads, per_rank, cancel) : follow(batch, threads, cancel);
}

}  // namespace nonolab::batch

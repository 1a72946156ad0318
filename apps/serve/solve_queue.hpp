// The slow-solve slots of `nonolab serve`: a bounded FIFO queue in front of
// a fixed set of worker threads (README, "nonolab serve", "Long solves").
//
// Why: every request first gets a short attempt on its own HTTP thread
// (api.cpp); only what that attempt cannot settle comes here. So a solve
// that runs for seconds never delays one that line logic settles in
// microseconds, and the queue bounds how much slow work waits at once
// (more is refused with 503 at once, not after a wait).
//
// The workers run at a lower CPU priority (nice +10, per thread), so on a
// small machine the quick attempts of other requests preempt them.
//
// Every solving request holds a Ticket from entry to answer: its cancel
// flag (raised by POST /api/cancel or at shutdown, read by the solver's
// Budget), where it stands, and since when. A client-chosen id names it
// for GET /api/status and POST /api/cancel.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace nonolab::cli::serve {

class SolveQueue {
  public:
    using Clock = std::chrono::steady_clock;

    enum class State {
        quick,    ///< the short attempt on the request's own thread
        queued,   ///< waiting for a slot
        running,  ///< on a slot
    };

    struct Ticket {
        std::string id;  ///< "" for a request that did not name itself
        std::atomic<bool> cancel{false};
        /// A long search's (done, total) steps, as its route reports them
        /// (make-unique's candidate sets); total 0 = not reported.
        std::atomic<long> progress_done{0}, progress_total{0};
        Clock::time_point arrived = Clock::now();
        // Guarded by the queue's mutex:
        State state = State::quick;
        Clock::time_point started{};  ///< when it left the queue for a slot
        const std::function<void()>* work = nullptr;
        bool done = false;
    };

    /// What a ticket's state looks like from outside.
    struct View {
        std::string id;
        State state = State::quick;
        int position = 0;          ///< 1 = next to run; 0 when not queued
        double elapsed = 0;        ///< seconds since the request arrived
        double running = 0;        ///< seconds on a slot (0 when not running)
        long done = 0, total = 0;  ///< the ticket's progress (total 0: none reported)
    };
    struct Load {
        int running = 0, queued = 0, requests = 0;  ///< requests: every ticket held
    };

    enum class Outcome { done, full, cancelled, stopping };

    /// `slots` workers (at least 1), at most `capacity` waiting (0: none wait).
    SolveQueue(int slots, int capacity);
    ~SolveQueue();  ///< stop(), then joins the workers
    SolveQueue(const SolveQueue&) = delete;
    SolveQueue& operator=(const SolveQueue&) = delete;

    /// Registers a request; null when another request under way has that id.
    /// Born cancelled once the queue is stopping.
    std::shared_ptr<Ticket> enter(const std::string& id);
    /// Forgets the ticket (its id may be reused afterwards).
    void leave(const std::shared_ptr<Ticket>& ticket);

    /// Runs `work` on a slot when every ticket queued before it has had its
    /// turn, and returns once it has returned. Never runs it when the queue
    /// is full, the ticket is cancelled while waiting, or the queue stops.
    /// `work` must not throw.
    Outcome run(Ticket& ticket, const std::function<void()>& work);

    /// Raises the named request's cancel flag; false when no such request.
    bool cancel(const std::string& id);
    /// For shutdown: cancels every ticket, present and future; the queued
    /// ones return `stopping`, the running ones end at their solver's next
    /// look at the flag.
    void stop();

    Load load() const;
    /// The named request, if under way.
    bool view(const std::string& id, View& out) const;

  private:
    void work_loop();

    mutable std::mutex mutex_;
    std::condition_variable changed_;  ///< any state change; waiters re-check
    std::deque<Ticket*> waiting_;
    std::vector<std::shared_ptr<Ticket>> tickets_;  ///< every request under way (a few dozen)
    int capacity_ = 0;
    int running_ = 0;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

std::string_view to_string(SolveQueue::State s);

}  // namespace nonolab::cli::serve

#include "serve/solve_queue.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

namespace nonolab::cli::serve {

namespace {

// Linux gives each thread its own nice value (setpriority on its thread
// id); lowering it needs no privilege. Failure only costs responsiveness.
void lower_this_threads_priority() {
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int now = ::getpriority(PRIO_PROCESS, tid);
    if (errno == 0) ::setpriority(PRIO_PROCESS, tid, std::min(19, now + 10));
}

double seconds_since(SolveQueue::Clock::time_point t) {
    return std::chrono::duration<double>(SolveQueue::Clock::now() - t).count();
}

}  // namespace

std::string_view to_string(SolveQueue::State s) {
    switch (s) {
        case SolveQueue::State::quick:
            return "quick";
        case SolveQueue::State::queued:
            return "queued";
        case SolveQueue::State::running:
            return "running";
    }
    return "quick";
}

SolveQueue::SolveQueue(int slots, int capacity) : capacity_(std::max(0, capacity)) {
    for (int i = 0; i < std::max(1, slots); ++i) workers_.emplace_back([this] { work_loop(); });
}

SolveQueue::~SolveQueue() {
    stop();
    for (std::thread& t : workers_) t.join();
}

std::shared_ptr<SolveQueue::Ticket> SolveQueue::enter(const std::string& id) {
    auto t = std::make_shared<Ticket>();
    t->id = id;
    std::lock_guard<std::mutex> lock(mutex_);
    if (!id.empty())
        for (const auto& other : tickets_)
            if (other->id == id) return nullptr;
    if (stopping_) t->cancel = true;
    tickets_.push_back(t);
    return t;
}

void SolveQueue::leave(const std::shared_ptr<Ticket>& ticket) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::erase(tickets_, ticket);
}

SolveQueue::Outcome SolveQueue::run(Ticket& t, const std::function<void()>& work) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (stopping_) return Outcome::stopping;
    if (t.cancel) return Outcome::cancelled;
    if (static_cast<int>(waiting_.size()) >= capacity_) return Outcome::full;
    t.state = State::queued;
    t.work = &work;
    t.done = false;
    waiting_.push_back(&t);
    changed_.notify_all();
    // A worker takes it from the front; until then a cancel or a stop takes
    // it out again. Once running, only its end releases the caller: `work`
    // refers to the caller's stack.
    changed_.wait(lock,
                  [&] { return t.done || (t.state == State::queued && (t.cancel || stopping_)); });
    if (t.done) return Outcome::done;
    std::erase(waiting_, &t);
    t.state = State::quick;
    return stopping_ ? Outcome::stopping : Outcome::cancelled;
}

void SolveQueue::work_loop() {
    lower_this_threads_priority();
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return stopping_ || !waiting_.empty(); });
        if (stopping_) return;  // what still waits is answered `stopping` by its caller
        Ticket* t = waiting_.front();
        waiting_.pop_front();
        t->state = State::running;
        t->started = Clock::now();
        ++running_;
        const std::function<void()>* work = t->work;
        lock.unlock();
        (*work)();  // noexcept by contract
        lock.lock();
        --running_;
        t->done = true;
        changed_.notify_all();
    }
}

bool SolveQueue::cancel(const std::string& id) {
    if (id.empty()) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& t : tickets_)
        if (t->id == id) {
            t->cancel = true;
            // Out of the queue now, not when its caller wakes: a worker that
            // frees up first would otherwise still take it and run it.
            std::erase(waiting_, t.get());
            changed_.notify_all();
            return true;
        }
    return false;
}

void SolveQueue::stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    for (const auto& t : tickets_) t->cancel = true;
    changed_.notify_all();
}

SolveQueue::Load SolveQueue::load() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return {running_, static_cast<int>(waiting_.size()), static_cast<int>(tickets_.size())};
}

bool SolveQueue::view(const std::string& id, View& out) const {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& t : tickets_) {
        if (t->id != id) continue;
        out.id = id;
        out.state = t->state;
        out.elapsed = seconds_since(t->arrived);
        out.running = t->state == State::running ? seconds_since(t->started) : 0;
        out.done = t->progress_done.load();
        out.total = t->progress_total.load();
        const auto at = std::find(waiting_.begin(), waiting_.end(), t.get());
        out.position = at == waiting_.end() ? 0 : static_cast<int>(at - waiting_.begin()) + 1;
        return true;
    }
    return false;
}

}  // namespace nonolab::cli::serve

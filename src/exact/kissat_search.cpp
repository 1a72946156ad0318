#include "exact/kissat_search.hpp"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

#ifdef NONOLAB_HAVE_KISSAT
extern "C" {
#include <kissat.h>
}
#include "exact/kissat_proof_trace.h"
#endif

namespace nonolab::exact {

#ifdef NONOLAB_HAVE_KISSAT

namespace {

// Stops a Kissat run when the budget expires or `stop` is set. Kissat
// 4.0.2 stores the callback of kissat_set_terminate but never calls it;
// what it does check is the flag kissat_terminate sets, meant to be set
// from elsewhere (a signal handler, another thread). So a watcher thread
// looks every few milliseconds, and is woken to leave as soon as the run
// ends.
class Watcher {
  public:
    Watcher(kissat* s, const Budget& budget, const std::atomic<bool>* stop)
        : thread_([this, s, &budget, stop] {
              std::unique_lock<std::mutex> lock(mutex_);
              while (!done_) {
                  if (budget.expired() || (stop && stop->load())) {
                      kissat_terminate(s);
                      return;
                  }
                  wake_.wait_for(lock, std::chrono::milliseconds(5));
              }
          }) {}
    ~Watcher() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            done_ = true;
        }
        wake_.notify_all();
        thread_.join();
    }
    Watcher(const Watcher&) = delete;
    Watcher& operator=(const Watcher&) = delete;

  private:
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread thread_;  // last: started once the members above exist
};

// The solver released on every path, the proof trace closed before it.
class Instance {
  public:
    Instance() : s_(kissat_init()) {}
    ~Instance() {
        if (trace_) nonolab_kissat_close_proof(s_, trace_);
        kissat_release(s_);
    }
    Instance(const Instance&) = delete;
    Instance& operator=(const Instance&) = delete;
    kissat* get() { return s_; }
    void trace(std::FILE* out) {
        trace_ = nonolab_kissat_trace_proof(s_, out);
        if (!trace_) throw std::logic_error("this Kissat was built without proof support");
    }

  private:
    kissat* s_;
    void* trace_ = nullptr;
};

void add_clause(kissat* s, const std::vector<int>& clause) {
    for (const int lit : clause) kissat_add(s, lit);
    kissat_add(s, 0);
}

}  // namespace

bool kissat_available() {
    return true;
}

int kissat_solve(const Cnf& cnf, const std::vector<std::vector<int>>& extra,
                 const KissatSetup& setup, const Budget& budget, const std::atomic<bool>* stop,
                 std::vector<signed char>* model) {
    if (budget.expired() || (stop && stop->load())) return 0;
    Instance inst;
    kissat* s = inst.get();
    kissat_set_option(s, "quiet", 1);
    kissat_set_option(s, "phase", setup.phase ? 1 : 0);
    kissat_set_option(s, "seed", setup.seed);
    if (setup.proof) inst.trace(setup.proof);
    kissat_reserve(s, cnf.num_vars);
    for (const auto& clause : cnf.clauses) add_clause(s, clause);
    for (const auto& clause : extra) add_clause(s, clause);
    int res = 0;
    if (stop || budget.remaining() > 0 || budget.cancel_flag()) {
        const Watcher watcher(s, budget, stop);
        res = kissat_solve(s);
    } else {
        res = kissat_solve(s);
    }
    if (res == 10 && model) {
        model->assign(static_cast<std::size_t>(cnf.num_vars) + 1, 0);
        for (int v = 1; v <= cnf.num_vars; ++v) (*model)[v] = kissat_value(s, v) > 0 ? 1 : -1;
    }
    return res == 10 || res == 20 ? res : 0;
}

#else

bool kissat_available() {
    return false;
}

int kissat_solve(const Cnf&, const std::vector<std::vector<int>>&, const KissatSetup&,
                 const Budget&, const std::atomic<bool>*, std::vector<signed char>*) {
    throw std::logic_error("this nonolab was built without Kissat (NONOLAB_KISSAT=OFF)");
}

#endif

}  // namespace nonolab::exact

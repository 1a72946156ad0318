#include "exact/kissat_search.hpp"

#include <cstdint>
#include <stdexcept>

#ifdef NONOLAB_HAVE_KISSAT
extern "C" {
#include <kissat.h>
}
#include "exact/kissat_proof_trace.h"
#endif

namespace nonolab::exact {

#ifdef NONOLAB_HAVE_KISSAT

namespace {

struct Poll {
    const Budget* budget;
    const std::atomic<bool>* stop;
    std::uint64_t calls = 0;
};

// Kissat polls this often; as for CaDiCaL (cadical_setup.hpp), the clock
// is read only every 64th call, the stop flag every call (a load).
int should_terminate(void* state) {
    auto* p = static_cast<Poll*>(state);
    if (p->stop && p->stop->load(std::memory_order_relaxed)) return 1;
    if ((++p->calls & 63) != 0) return 0;
    return p->budget->expired() ? 1 : 0;
}

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
    Poll poll{&budget, stop};
    kissat_set_terminate(s, &poll, should_terminate);
    const int res = kissat_solve(s);
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

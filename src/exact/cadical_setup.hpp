// What both CaDiCaL back ends (sat_search.hpp for black and white,
// colour_sat.hpp for colour) share: the solver configured from SatOptions,
// the budget polled through CaDiCaL's Terminator, and the one loop that
// enumerates solutions (enumerate_models). The back ends differ only in
// their CNF, in how a model reads as a grid and in the clause that blocks
// it. Only compiled with CaDiCaL in the build (NONOLAB_HAVE_CADICAL).
#pragma once

#ifdef NONOLAB_HAVE_CADICAL

#include <atomic>
#include <cadical.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "exact/cnf_encoding.hpp"
#include "exact/sat_search.hpp"

namespace nonolab::exact {

// The budget, and the stop flag of a race (sat_portfolio.hpp): another
// engine has proven the verdict.
class BudgetTerminator : public CaDiCaL::Terminator {
  public:
    explicit BudgetTerminator(const Budget& b, const std::atomic<bool>* stop = nullptr)
        : budget_(b), stop_(stop) {}
    bool terminate() override {
        if (stop_ && stop_->load(std::memory_order_relaxed)) return fired_ = true;
        // CaDiCaL polls this very often; reading the clock every time would
        // cost more than the search step, so look only every 64th call.
        if ((++calls_ & 63) != 0) return false;
        fired_ = fired_ || budget_.expired();
        return fired_;
    }
    bool fired() const { return fired_; }

  private:
    const Budget& budget_;
    const std::atomic<bool>* stop_;
    std::uint64_t calls_ = 0;
    bool fired_ = false;
};

/// `solver` configured by `options`. Not options.validate(): that builds a
/// second solver just to look up option names, once per puzzle; set()
/// reports them itself.
inline void configure_cadical(CaDiCaL::Solver& solver, const SatOptions& options) {
    if (!CaDiCaL::Solver::is_valid_configuration(options.config.c_str()))
        throw std::invalid_argument("unknown CaDiCaL configuration '" + options.config + "'");
    solver.configure(options.config.c_str());
    solver.set("quiet", 1);
    solver.set("phase", options.phase ? 1 : 0);
    // CaDiCaL's default is 1; 0 took TAAI 2011 from 70.3 s to 62.0 s
    // (docs/results/exact.md, "Decisions").
    solver.set("chrono", 0);
    if (options.seed != 0) solver.set("seed", options.seed);
    for (const auto& [name, value] : options.extra)
        if (!solver.set(name.c_str(), value))
            throw std::invalid_argument("unknown CaDiCaL option '" + name + "'");
}

/// One more model, within the budget: true when `solver` holds one (read
/// it with val()); false when the run is over, with out.exhausted (UNSAT:
/// nothing more exists) or out.out_of_time set. Counts the call.
inline bool next_model(CaDiCaL::Solver& solver, const Budget& budget, SatOutcome& out,
                       const std::atomic<bool>* stop = nullptr) {
    if (budget.expired() || (stop && stop->load())) {
        out.out_of_time = true;
        return false;
    }
    ++out.calls;
    const int res = solver.solve();
    if (res == 20) {
        out.exhausted = true;
        return false;
    }
    if (res != 10) {  // terminated by the budget
        out.out_of_time = true;
        return false;
    }
    return true;
}

/// The one enumeration loop: `cnf` loaded into a configured solver,
/// `prepare(solver)` for clauses of its own, then models until `wanted`
/// solutions, UNSAT (out.exhausted: none further exists) or the budget.
/// `read(solver)` turns a model into its grid; `block(solver, grid)` adds the
/// clause that rules that grid out, so the next model is another solution.
/// `stop`, when set by another thread, ends the run as the budget does.
template <class Prepare, class Read, class Block>
SatOutcome enumerate_models(const Cnf& cnf, int wanted, const Budget& budget,
                            const SatOptions& options, Prepare prepare, Read read, Block block,
                            const std::atomic<bool>* stop = nullptr) {
    SatOutcome out;
    CaDiCaL::Solver solver;
    configure_cadical(solver, options);
    for (const auto& clause : cnf.clauses) {
        for (const int lit : clause) solver.add(lit);
        solver.add(0);
    }
    prepare(solver);
    BudgetTerminator term(budget, stop);
    solver.connect_terminator(&term);
    while (static_cast<int>(out.solutions.size()) < wanted &&
           next_model(solver, budget, out, stop)) {
        Grid g = read(solver);
        block(solver, g);
        out.solutions.push_back(std::move(g));
    }
    solver.disconnect_terminator();
    return out;
}

}  // namespace nonolab::exact

#endif

#include "exact/sat_portfolio.hpp"

#include <atomic>
#include <exception>
#include <thread>

#include "exact/kissat_search.hpp"

namespace nonolab::exact {

SatOptions portfolio_configuration(const SatOptions& base, int i) {
    SatOptions o = base;
    o.portfolio = 1;
    if (i == 0) return o;
    const bool kissat = (i % 2 == 1) && kissat_available();
    o.backend = kissat ? "kissat" : "cadical";
    if (i >= 2) {
        o.phase = ((i / 2) % 2 == 1) ? 1 - base.phase : base.phase;
        o.seed = i == 2 || i == 3 ? 1 : i;
    }
    if (!kissat && i % 2 == 1) o.seed = i;  // CaDiCaL in Kissat's place: at least another seed
    return o;
}

SatOutcome sat_portfolio(const Puzzle& puzzle, const Grid& partial,
                         const std::vector<Grid>& exclude, int wanted, const Budget& budget,
                         const SatOptions& base) {
    const int n = base.portfolio < 1 ? 1 : base.portfolio;
    std::vector<SatOutcome> outcomes(n);
    std::vector<std::exception_ptr> errors(n);
    std::atomic<bool> stop{false};
    std::atomic<int> winner{-1};
    std::vector<std::thread> threads;
    threads.reserve(n);
    for (int i = 0; i < n; ++i)
        threads.emplace_back([&, i] {
            try {
                outcomes[i] = sat_search_one(puzzle, partial, exclude, wanted, budget,
                                             portfolio_configuration(base, i), &stop);
                if (!outcomes[i].out_of_time) {
                    int none = -1;
                    if (winner.compare_exchange_strong(none, i)) stop.store(true);
                }
            } catch (...) {
                // An engine that fails (memory) must not end the process from
                // a thread; the error is rethrown below unless another won.
                errors[i] = std::current_exception();
            }
        });
    for (auto& t : threads) t.join();
    const int w = winner.load();
    if (w >= 0) return std::move(outcomes[w]);
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);
    // No proof: the budget ended every run. Keep the run that found the
    // most solutions (each one verified by the caller like any other).
    int best = 0;
    for (int i = 1; i < n; ++i)
        if (outcomes[i].solutions.size() > outcomes[best].solutions.size()) best = i;
    SatOutcome out = std::move(outcomes[best]);
    out.out_of_time = true;
    return out;
}

}  // namespace nonolab::exact

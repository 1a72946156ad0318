#include "exact/sat_portfolio.hpp"

#include <atomic>
#include <exception>
#include <thread>

#include "exact/cube_split.hpp"
#include "exact/kissat_search.hpp"

namespace nonolab::exact {

void ModelPool::offer(const Grid& g) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (grids_.size() >= wanted_) return;
    for (const Grid& h : grids_)
        if (h == g) return;
    grids_.push_back(g);
    if (grids_.size() >= wanted_) stop_.store(true);
}

bool ModelPool::full() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return grids_.size() >= wanted_;
}

std::vector<Grid> ModelPool::since(std::size_t from) const {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (from >= grids_.size()) return {};
    return {grids_.begin() + static_cast<std::ptrdiff_t>(from), grids_.end()};
}

SatOptions portfolio_configuration(const SatOptions& base, int i) {
    constexpr int kCubeDepth = 4;  // the depth of --split's measured runs (see the header)
    SatOptions o = base;
    o.portfolio = 1;
    if (i == 0) return o;
    if (i == 1) {
        o.cube_depth = kCubeDepth;
        return o;
    }
    const int k = i - 1;  // the whole-residual engines after the first: Kissat, CaDiCaL, ...
    const bool kissat = (k % 2 == 1) && kissat_available();
    o.backend = kissat ? "kissat" : "cadical";
    if (k >= 2) {
        o.phase = ((k / 2) % 2 == 1) ? 1 - base.phase : base.phase;
        o.seed = k == 2 || k == 3 ? 1 : k;
    }
    if (!kissat && k % 2 == 1) o.seed = k;  // CaDiCaL in Kissat's place: at least another seed
    return o;
}

namespace {

bool listed(const std::vector<Grid>& grids, const Grid& g) {
    for (const Grid& h : grids)
        if (h == g) return true;
    return false;
}

}  // namespace

// The member at place 1 (SatOptions::cube_depth). make_cubes starts from
// `partial`, so every cube extends it; the cubes are disjoint and a child
// is dropped only when propagation or probing refutes it, so when every
// cube is exhausted nothing outside the models found (and the pooled ones
// each cube's engine blocked) exists. Each cube's engine gets the cube's
// own CNF, whose run windows the cube's decided cells trim.
SatOutcome sat_search_by_cubes(const Puzzle& puzzle, const Grid& partial,
                               const std::vector<Grid>& exclude, int wanted, const Budget& budget,
                               const SatOptions& options, const std::atomic<bool>* stop,
                               ModelPool* pool) {
    SatOutcome out;
    ExactOptions split;
    split.timeout_seconds = budget.remaining();
    const CubeSet set = make_cubes(puzzle, split, options.cube_depth, stop, &partial);
    if (set.decided) {  // the residual closed, or refuted, while splitting; or the clock
        out.exhausted = set.decided->exhausted;
        out.out_of_time = !out.exhausted;
        for (const Grid& g : set.decided->solutions)
            if (!listed(exclude, g)) {
                if (pool) pool->offer(g);
                out.solutions.push_back(g);
            }
        return out;
    }
    SatOptions one = options;
    one.cube_depth = 0;
    std::vector<Grid> known = exclude;
    for (const Grid& cube : set.cubes) {
        const int left = wanted - static_cast<int>(out.solutions.size());
        if (left <= 0) return out;  // the wanted models: not exhausted
        SatOutcome part = sat_search_one(puzzle, cube, known, left, budget, one, stop, pool);
        out.calls += part.calls;
        for (Grid& g : part.solutions) {
            known.push_back(g);
            out.solutions.push_back(std::move(g));
        }
        if (part.out_of_time) {
            out.out_of_time = true;
            return out;
        }
    }
    out.exhausted = static_cast<int>(out.solutions.size()) < wanted;  // every cube exhausted
    return out;
}

SatOutcome sat_portfolio(const Puzzle& puzzle, const Grid& partial,
                         const std::vector<Grid>& exclude, int wanted, const Budget& budget,
                         const SatOptions& base) {
    const int n = base.portfolio < 1 ? 1 : base.portfolio;
    std::vector<SatOutcome> outcomes(n);
    std::vector<std::exception_ptr> errors(n);
    std::atomic<bool> stop{false};
    std::atomic<int> winner{-1};
    ModelPool pool(wanted, stop);
    std::vector<std::thread> threads;
    threads.reserve(n);
    for (int i = 0; i < n; ++i)
        threads.emplace_back([&, i] {
            try {
                outcomes[i] = sat_search_one(puzzle, partial, exclude, wanted, budget,
                                             portfolio_configuration(base, i), &stop, &pool);
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
    // Every engine offered each of its models to the pool before blocking
    // it, and blocked only models it found or took from the pool: so the
    // pool holds every solution any engine's proof is about (see the top).
    const int w = winner.load();
    if (w >= 0) {
        SatOutcome out = std::move(outcomes[w]);
        out.solutions = pool.since(0);
        return out;
    }
    SatOutcome out;
    for (const SatOutcome& o : outcomes) out.calls += o.calls;
    out.solutions = pool.since(0);
    if (pool.full()) return out;  // the wanted models, from more than one engine
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);
    // No proof: the budget ended every run; what the pool has (each model
    // verified by the caller like any other) is what was found.
    out.out_of_time = true;
    return out;
}

}  // namespace nonolab::exact

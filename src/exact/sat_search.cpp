#include "exact/sat_search.hpp"

#include <memory>
#include <stdexcept>

#include "exact/cadical_setup.hpp"
#include "exact/cnf_encoding.hpp"

namespace nonolab::exact {

#ifdef NONOLAB_HAVE_CADICAL

namespace {

// The clause "at least one undecided cell differs from `g`". When `partial`
// is fully decided the clause is empty, which correctly says "no other
// completion exists" (there is at most one).
void block(CaDiCaL::Solver& s, const Grid& partial, const Grid& g) {
    const int w = g.width();
    for (int r = 0; r < g.height(); ++r)
        for (int c = 0; c < w; ++c) {
            if (partial.at(r, c) != kUnknown) continue;
            const int v = cell_var(w, r, c);
            s.add(g.at(r, c) == kFilled ? -v : v);
        }
    s.add(0);
}

bool extends(const Grid& partial, const Grid& g) {
    for (int i = 0; i < g.size(); ++i)
        if (partial.cells()[i] != kUnknown && partial.cells()[i] != g.cells()[i]) return false;
    return true;
}

}  // namespace

bool sat_available() {
    return true;
}

void SatOptions::validate() const {
    if (!CaDiCaL::Solver::is_valid_configuration(config.c_str()))
        throw std::invalid_argument("unknown CaDiCaL configuration '" + config +
                                    "' (expected default, plain, sat or unsat)");
    CaDiCaL::Solver probe;
    for (const auto& [name, value] : extra)
        if (!probe.is_valid_option(name.c_str()))
            throw std::invalid_argument("unknown CaDiCaL option '" + name +
                                        "' (see `cadical --help`)");
}

struct SatSearch::Impl {
    explicit Impl(const Grid& root) : partial(root) {}
    Grid partial;            ///< the probed root: blocking clauses range over its undecided cells
    CaDiCaL::Solver solver;  ///< warm across run() calls
};

SatSearch::SatSearch(const Puzzle& puzzle, const Grid& partial, const std::vector<Grid>& exclude,
                     const SatOptions& options)
    : impl_(std::make_unique<Impl>(partial)) {
    CnfOptions cnf_options;
    cnf_options.encoding = options.encoding;
    const Cnf cnf = encode_cnf(puzzle, &partial, cnf_options);
    CaDiCaL::Solver& solver = impl_->solver;
    configure_cadical(solver, options);
    for (const auto& cl : cnf.clauses) {
        for (int lit : cl) solver.add(lit);
        solver.add(0);
    }
    for (const Grid& g : exclude)
        if (extends(partial, g)) block(solver, partial, g);
}

SatSearch::~SatSearch() = default;

SatOutcome SatSearch::run(int wanted, const Budget& budget, const Grid* cube, int conflict_limit) {
    SatOutcome out;
    CaDiCaL::Solver& solver = impl_->solver;
    const Grid& partial = impl_->partial;
    const int w = partial.width();
    BudgetTerminator term(budget);
    solver.connect_terminator(&term);
    while (static_cast<int>(out.solutions.size()) < wanted) {
        // Assumptions and limits last for one solve() call only.
        if (cube)
            for (int i = 0; i < cube->size(); ++i)
                if (partial.cells()[i] == kUnknown && cube->cells()[i] != kUnknown) {
                    const int v = cell_var(w, i / w, i % w);
                    solver.assume(cube->cells()[i] == kFilled ? v : -v);
                }
        if (conflict_limit >= 0) solver.limit("conflicts", conflict_limit);
        if (!next_model(solver, budget, out)) {
            // next_model reads every unfinished call as the budget's; a
            // call the terminator did not stop hit the conflict limit.
            if (out.out_of_time && !term.fired() && !budget.expired() && conflict_limit >= 0)
                out.out_of_time = false, out.limited = true;
            break;
        }
        Grid g = grid_from_model(w, partial.height(), [&](int v) { return solver.val(v); });
        block(solver, partial, g);
        out.solutions.push_back(std::move(g));
    }
    solver.disconnect_terminator();
    return out;
}

SatOutcome sat_search(const Puzzle& puzzle, const Grid& partial, const std::vector<Grid>& exclude,
                      int wanted, const Budget& budget, const SatOptions& options) {
    return SatSearch(puzzle, partial, exclude, options).run(wanted, budget);
}

#else

bool sat_available() {
    return false;
}

void SatOptions::validate() const {}

struct SatSearch::Impl {};

SatSearch::SatSearch(const Puzzle&, const Grid&, const std::vector<Grid>&, const SatOptions&) {
    throw std::logic_error("this nonolab was built without CaDiCaL (NONOLAB_CADICAL=OFF)");
}

SatSearch::~SatSearch() = default;

SatOutcome SatSearch::run(int, const Budget&, const Grid*, int) {
    throw std::logic_error("this nonolab was built without CaDiCaL (NONOLAB_CADICAL=OFF)");
}

SatOutcome sat_search(const Puzzle& puzzle, const Grid& partial, const std::vector<Grid>& exclude,
                      int wanted, const Budget& budget, const SatOptions& options) {
    return SatSearch(puzzle, partial, exclude, options).run(wanted, budget);
}

#endif

}  // namespace nonolab::exact

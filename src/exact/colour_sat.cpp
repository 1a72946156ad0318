#include "exact/colour_sat.hpp"

#include <bit>
#include <stdexcept>

#include "exact/cadical_setup.hpp"
#include "exact/colour_cnf.hpp"

namespace nonolab::exact {

#ifdef NONOLAB_HAVE_CADICAL

SatOutcome colour_sat_search(const Puzzle& puzzle, const std::vector<std::uint64_t>& masks,
                             int wanted, const Budget& budget, const SatOptions& options) {
    SatOutcome out;
    const ColourCnf x = encode_colour_cnf(puzzle, masks);
    CaDiCaL::Solver solver;
    configure_cadical(solver, options);
    for (const auto& clause : x.cnf.clauses) {
        for (int lit : clause) solver.add(lit);
        solver.add(0);
    }
    BudgetTerminator term(budget);
    solver.connect_terminator(&term);
    const int cells = puzzle.width() * puzzle.height();
    while (static_cast<int>(out.solutions.size()) < wanted && next_model(solver, budget, out)) {
        Grid g(puzzle.width(), puzzle.height(), kEmpty);
        for (int cell = 0; cell < cells; ++cell)
            for (int k = 0; k < x.colours; ++k)
                if (const int v = x.literal(cell, k); v && solver.val(v) > 0) {
                    g.cells()[cell] = static_cast<Cell>(k);
                    break;
                }
        // Blocking: some cell the masks left open takes another colour. With
        // no open cell the clause is empty: there is no other solution.
        for (int cell = 0; cell < cells; ++cell)
            if (!std::has_single_bit(masks[cell])) solver.add(-x.literal(cell, g.cells()[cell]));
        solver.add(0);
        out.solutions.push_back(std::move(g));
    }
    solver.disconnect_terminator();
    return out;
}

#else

SatOutcome colour_sat_search(const Puzzle&, const std::vector<std::uint64_t>&, int, const Budget&,
                             const SatOptions&) {
    throw std::logic_error("this nonolab was built without CaDiCaL (NONOLAB_CADICAL=OFF)");
}

#endif

}  // namespace nonolab::exact

#include "exact/colour_sat.hpp"

#include <bit>
#include <stdexcept>

#include "exact/cadical_setup.hpp"
#include "exact/colour_cnf.hpp"

namespace nonolab::exact {

#ifdef NONOLAB_HAVE_CADICAL

SatOutcome colour_sat_search(const Puzzle& puzzle, const std::vector<std::uint64_t>& masks,
                             int wanted, const Budget& budget, const SatOptions& options) {
    const ColourCnf x = encode_colour_cnf(puzzle, masks);
    const int cells = puzzle.width() * puzzle.height();
    return enumerate_models(
        x.cnf, wanted, budget, options, [](CaDiCaL::Solver&) {},
        [&](CaDiCaL::Solver& s) {
            Grid g(puzzle.width(), puzzle.height(), kEmpty);
            for (int cell = 0; cell < cells; ++cell)
                for (int k = 0; k < x.colours; ++k)
                    if (const int v = x.literal(cell, k); v && s.val(v) > 0) {
                        g.cells()[cell] = static_cast<Cell>(k);
                        break;
                    }
            return g;
        },
        // Some cell the masks left open takes another colour. With no open
        // cell the clause is empty: there is no other solution.
        [&](CaDiCaL::Solver& s, const Grid& g) {
            for (int cell = 0; cell < cells; ++cell)
                if (!std::has_single_bit(masks[cell])) s.add(-x.literal(cell, g.cells()[cell]));
            s.add(0);
        });
}

#else

SatOutcome colour_sat_search(const Puzzle&, const std::vector<std::uint64_t>&, int, const Budget&,
                             const SatOptions&) {
    throw std::logic_error("this nonolab was built without CaDiCaL (NONOLAB_CADICAL=OFF)");
}

#endif

}  // namespace nonolab::exact

// CnfEncoding: a black-and-white nonogram as CNF, line by line.
//
// Variables 1..W*H are the cells, row-major (true = filled); every line adds
// auxiliary variables of its own after them. Two line encodings; the exact
// solver hands CaDiCaL the order encoding only, and `nonolab convert
// --encoding` writes either (or both) for other SAT solvers:
//
// order (the default): Y(j, p) = "run j starts at or before p", the order
// encoding of each run's start (as in the Copris nonogram model), with
// clauses for monotonicity, the gap after each run, and each cell's
// coverage; see encode_line_order in the .cpp. About a third of the size of
// the automaton, and 3-4x faster under CaDiCaL on TAAI 2011 and n-Dom
// (docs/results/exact.md), although its unit propagation is weaker (on
// single lines of up to 10 cells it misses 18 of 7,084 forced cells:
// tests/exact/cnf_propagation_test.cpp).
//
// automaton: the clue is the regular language 0* 1^r1 0+ 1^r2 0+ ... 1^rk 0*,
// recognised by a deterministic automaton whose states are the positions of
// the pattern string "0 1^r1 0 1^r2 0 ... 1^rk 0". Every state has a single
// label (the cell value that enters it), which keeps the encoding small.
// Unrolled over the line's n cells, state variable S[t][s] says "after t
// cells the automaton is in state s"; only states that are reachable from
// the start after t cells AND can still reach acceptance in the remaining
// cells are created. Clauses:
//   S[0][0];
//   S[t][s] & cell_t = v  ->  S[t+1][delta(s, v)]    (or: forbid v, when the
//                                                      successor is absent);
//   S[t+1][s] -> cell_t = label(s);                   (support)
//   S[t+1][s] -> OR of its live predecessors S[t][p]; (support)
//   S[t][s] -> OR of its live successors S[t+1][d];   (forward support)
//   cell_t = v -> OR of the live S[t+1][s] entered by v; (forward support)
//   OR_s S[t][s] for every layer t.
// The forward clauses alone are sound and complete (the automaton is
// deterministic from S[0][0] and the last layer holds accepting states
// only); the support clauses in both directions make unit propagation
// prune as much as a line solver does (the idea of Bacchus, "GAC via unit
// propagation", CP 2007). Tested, not just claimed: on every clue of up to
// 10 cells with random partial states, unit propagation decides exactly the
// cells the line solver forces and fails exactly on contradictory lines
// (tests/exact/cnf_propagation_test.cpp); without the forward support it
// missed 13% of them (measured while that group was optional, up to 36d3af1).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::exact {

/// How each line's clue becomes clauses.
enum class LineEncoding {
    automaton,  ///< the unrolled automaton above (propagation as strong as a line solver)
    order,      ///< run starts in the order encoding (see encode_line_order; compact)
    both,       ///< both over the same cell variables
};

/// The names `nonolab convert --encoding` takes.
inline std::map<std::string, LineEncoding> line_encoding_names() {
    return {{"automaton", LineEncoding::automaton},
            {"order", LineEncoding::order},
            {"both", LineEncoding::both}};
}

// The clause groups are fixed: support and forward support in the automaton
// (what makes its propagation as strong as the line solver's), one "at least
// one state" clause per layer and no pairwise "at most one" (implied by the
// forward clauses), and in the order encoding the run windows trimmed to the
// starts the known cells leave. Each was once an option set only by tests
// and was dropped; cnf_encoding_test still checks the models are exact.
struct CnfOptions {
    LineEncoding encoding = LineEncoding::order;  ///< see LineEncoding
};

struct Cnf {
    int num_vars = 0;                       ///< variables are 1..num_vars
    std::vector<std::vector<int>> clauses;  ///< DIMACS literals, no trailing 0
};

/// The CNF of `puzzle` (black and white; throws std::invalid_argument
/// otherwise). When `known` is given, its decided cells become unit clauses.
/// Clues that admit no grid (core/clue_contradiction.hpp) give the empty clause.
Cnf encode_cnf(const Puzzle& puzzle, const Grid* known = nullptr, const CnfOptions& options = {});

/// The clauses one line of n cells adds on its own, with its cells as
/// variables 1..n and its auxiliary variables after them (what encode_cnf
/// adds for every row and column, without known cells). For tests of how
/// much each encoding's unit propagation derives.
Cnf encode_line_cnf(const std::vector<int>& runs, int n, const CnfOptions& options = {});

/// The variable of cell (row, col): 1 + row * width + col.
inline int cell_var(int width, int row, int col) {
    return 1 + row * width + col;
}

/// Writes DIMACS CNF ("p cnf V C" and one clause per line).
void write_dimacs(std::ostream& out, const Cnf& cnf);

/// Reads cell values from a model given as val(var) > 0 for filled.
template <class Val>
Grid grid_from_model(int width, int height, Val&& val) {
    Grid g(width, height, kEmpty);
    for (int r = 0; r < height; ++r)
        for (int c = 0; c < width; ++c)
            if (val(cell_var(width, r, c)) > 0) g.set(r, c, kFilled);
    return g;
}

}  // namespace nonolab::exact

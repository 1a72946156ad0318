// Certificates for verdicts that rest on UNSAT: `solve
// --certify DIR`. A verdict "unique" (one solution S) or "contradiction"
// (none) says: the puzzle's CNF together with a clause forbidding each
// solution found is unsatisfiable. This writes that CNF, built afresh from
// the clues (no cell decided by our own logic goes in, so the proof covers
// the whole argument), runs CaDiCaL (or Kissat) on it with a DRAT proof
// trace, and
// leaves DIR/STEM.cnf and DIR/STEM.drat for core/drup_check.hpp (or any
// DRAT checker, such as drat-trim) to confirm. The solutions themselves are
// confirmed by verify, as always.
#pragma once

#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::exact {

struct Certificate {
    std::string cnf_path;    ///< DIMACS: the puzzle's clauses and one blocking clause per solution
    std::string proof_path;  ///< CaDiCaL's DRAT proof, text
    int variables = 0, clauses = 0;
};

/// Writes the certificate for "no solution besides `solutions`" as
/// DIR/STEM.cnf and DIR/STEM.drat (each through a temporary file and a
/// rename). `engine` writes the proof: "cadical" or "kissat" (both text
/// DRAT). Throws std::runtime_error when the engine finds another solution
/// (the verdict would be wrong) or a file cannot be written, and
/// std::logic_error when the build lacks the engine.
Certificate write_certificate(const Puzzle& puzzle, const std::vector<Grid>& solutions,
                              const std::string& dir, const std::string& stem,
                              const std::string& engine = "cadical");

}  // namespace nonolab::exact

// A proof checker of our own for CaDiCaL's UNSAT answers:
// `solve --certify DIR` writes each verdict's CNF and CaDiCaL's proof, and
// this checks them. It shares no code with the solver (core/ holds no
// solver), so a bug in our encodings' solver path cannot hide here.
//
// Forward DRUP checking (Heule, Hunt and Wetzler, "Trimming while checking
// clausal proofs", FMCAD 2013, the RUP half of DRAT): every lemma of the
// proof, in order, must follow from the clauses so far by unit propagation
// (assign the negation of the lemma, propagate, reach a conflict); then it
// joins them. `d` lines delete clauses. The proof is accepted when the
// empty clause has been derived (or propagation at the top level fails).
//
// Choices: CaDiCaL's proofs need RUP only (it emits no RAT lemmas with its
// default options), so a lemma that is not RUP is rejected, never checked
// for RAT. Deleting a clause that is unit at the top level is ignored, as
// drat-trim does by default: top-level assignments are never undone. Text
// proofs only (CaDiCaL with `binary=0`); a binary proof is refused clearly.
#pragma once

#include <cstdint>
#include <istream>
#include <string>

namespace nonolab {

struct ProofCheck {
    bool ok = false;
    std::string message;      ///< why not, with the proof's line; or what was checked
    std::int64_t lemmas = 0;  ///< lemmas checked
    std::int64_t deletions = 0;
};

/// Checks `proof` (DRAT text) against the DIMACS CNF `cnf`. Never throws on
/// bad input: a malformed file is a failed check with its line.
ProofCheck check_drup(std::istream& cnf, std::istream& proof);

/// The same, for two files.
ProofCheck check_drup_files(const std::string& cnf_path, const std::string& proof_path);

}  // namespace nonolab

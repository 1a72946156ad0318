// Our DRAT (RUP) checker on hand-made formulas: a proof is accepted only when
// every lemma follows by unit propagation and the empty clause is reached;
// malformed files are failed checks with their line, never exceptions.
#include "core/drup_check.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace nonolab {
namespace {

ProofCheck check(const std::string& cnf, const std::string& proof) {
    std::istringstream c(cnf), p(proof);
    return check_drup(c, p);
}

// All four clauses over x1, x2: unsatisfiable, but not by propagation alone.
const std::string kFour = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";

TEST(DrupCheck, AcceptsARupProof) {
    const ProofCheck r = check(kFour, "2 0\n0\n");
    EXPECT_TRUE(r.ok) << r.message;
    EXPECT_EQ(r.lemmas, 1);  // "2"; then propagation alone closes it
    // With comments, deletions of clauses no longer needed, and lemmas
    // written with their literals in any order.
    EXPECT_TRUE(check("c four\n" + kFour, "c proof\n2 0\nd 2 1 0\nd -2 1 0\n0\n").ok);
}

TEST(DrupCheck, RejectsLemmasThatDoNotFollowAndProofsThatStopShort) {
    // (1 2 3)(-1 2)(-2 3): satisfiable; "1" does not follow by propagation.
    const std::string sat = "p cnf 3 3\n1 2 3 0\n-1 2 0\n-2 3 0\n";
    ProofCheck r = check(sat, "1 0\n0\n");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.message, "proof:1: this lemma does not follow by unit propagation");
    r = check(sat, "3 0\n");  // RUP (from -3: -2, then -1, then (1 2 3) fails), but no end
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("without deriving the empty clause"), std::string::npos);
    EXPECT_FALSE(check(kFour, "").ok);         // nothing proved
    EXPECT_FALSE(check(kFour, "0\n").ok);      // the empty clause is not RUP here
    EXPECT_FALSE(check(kFour, "d 3 0\n").ok);  // no variable 3
}

TEST(DrupCheck, PropagationAloneRefutingTheCnfNeedsNoLemmas) {
    const ProofCheck r = check("p cnf 2 3\n1 0\n-1 2 0\n-2 0\n", "");
    EXPECT_TRUE(r.ok) << r.message;
    EXPECT_EQ(r.lemmas, 0);
}

TEST(DrupCheck, DeletionsCannotRemoveWhatIsNotThereNorUndoTheTopLevel) {
    EXPECT_EQ(check(kFour, "d 1 0\n").message, "proof:1: deletes a clause that is not there");
    // Deleting the unit clause "1" is ignored (as drat-trim does): it stays
    // assigned, and the refutation still closes.
    EXPECT_TRUE(check("p cnf 2 3\n1 0\n-1 2 0\n-1 -2 0\n", "d 1 0\n0\n").ok);
}

TEST(DrupCheck, MalformedInputIsAFailedCheckWithItsLine) {
    EXPECT_EQ(check("1 2 0\n", "").message, "cnf:1: a clause before the 'p cnf' line");
    EXPECT_EQ(check("p cnf 2\n", "").message, "cnf:1: expected 'p cnf VARIABLES CLAUSES'");
    EXPECT_NE(check("p cnf 2 5\n1 0\n", "").message.find("declares 5 clauses"), std::string::npos);
    EXPECT_NE(check("p cnf 2 1\n1 x 0\n", "").message.find("cnf:2:"), std::string::npos);
    EXPECT_NE(check(kFour, "c x\n1 5 0\n").message.find("proof:2: literal 5 is beyond"),
              std::string::npos);
    EXPECT_NE(check(kFour, std::string("a\x02\x00", 3)).message.find("binary"), std::string::npos);
    const ProofCheck missing = check_drup_files("/no/such.cnf", "/no/such.drat");
    EXPECT_FALSE(missing.ok);
    EXPECT_NE(missing.message.find("/no/such.cnf"), std::string::npos);
}

}  // namespace
}  // namespace nonolab

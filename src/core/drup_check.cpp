#include "core/drup_check.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <vector>

namespace nonolab {

namespace {

// The clause database with two watched literals per clause, and the
// top-level assignment.
class Checker {
  public:
    explicit Checker(int vars) : value_(2 * (vars + 1), 0), watches_(2 * (vars + 1)) {}

    bool inconsistent() const { return inconsistent_; }

    /// Adds a clause and propagates at the top level.
    void add(std::vector<int> lits) {
        if (inconsistent_) return;
        std::sort(lits.begin(), lits.end());
        lits.erase(std::unique(lits.begin(), lits.end()), lits.end());
        const int id = static_cast<int>(clauses_.size());
        clauses_.push_back(lits);
        alive_.push_back(1);
        index_[lits].push_back(id);
        if (lits.empty()) {
            inconsistent_ = true;
            return;
        }
        if (lits.size() == 1) {
            if (val(lits[0]) < 0) inconsistent_ = true;
            if (val(lits[0]) == 0) assign(lits[0]);
        } else {
            // Watch two literals that are not false, if there are.
            std::stable_partition(clauses_[id].begin(), clauses_[id].end(),
                                  [&](int l) { return val(l) >= 0; });
            auto& c = clauses_[id];
            watch(c[0], id);
            watch(c[1], id);
            if (val(c[0]) < 0)
                inconsistent_ = true;  // every literal false
            else if (val(c[1]) < 0 && val(c[0]) == 0)
                assign(c[0]);
        }
        if (!inconsistent_ && !propagate()) inconsistent_ = true;
    }

    /// Deletes one copy of the clause; false when no such clause exists.
    bool remove(std::vector<int> lits) {
        std::sort(lits.begin(), lits.end());
        lits.erase(std::unique(lits.begin(), lits.end()), lits.end());
        auto it = index_.find(lits);
        if (it == index_.end() || it->second.empty()) return false;
        const int id = it->second.back();
        // A clause that is unit at the top level may be a reason: keep it
        // (top-level assignments are never undone; see the header).
        int open = 0, satisfied = 0;
        for (int l : lits) open += val(l) == 0, satisfied += val(l) > 0;
        if (lits.size() <= 1 || (satisfied == 1 && open == 0)) return true;
        it->second.pop_back();
        alive_[id] = 0;
        return true;
    }

    /// Reverse unit propagation: does `lits` follow from the clauses?
    bool rup(const std::vector<int>& lits) {
        if (inconsistent_) return true;
        const std::size_t mark = trail_.size();
        bool ok = false;
        for (int l : lits) {
            if (val(l) > 0) {
                ok = true;  // already implied at the top level
                break;
            }
            if (val(l) == 0) assign(-l);
        }
        if (!ok) ok = !propagate();
        while (trail_.size() > mark) {  // back to the top level
            value_[code(trail_.back())] = value_[code(-trail_.back())] = 0;
            trail_.pop_back();
        }
        head_ = mark;
        return ok;
    }

  private:
    static std::size_t code(int lit) {
        return 2 * static_cast<std::size_t>(std::abs(lit)) + (lit < 0);
    }
    int val(int lit) const { return value_[code(lit)]; }
    void assign(int lit) {
        value_[code(lit)] = 1;
        value_[code(-lit)] = -1;
        trail_.push_back(lit);
    }
    void watch(int lit, int id) { watches_[code(lit)].push_back(id); }

    // False on a conflict. Visits the clauses watching each newly false literal.
    bool propagate() {
        while (head_ < trail_.size()) {
            const int falsified = -trail_[head_++];
            std::vector<int>& list = watches_[code(falsified)];
            std::size_t keep = 0;
            bool conflict = false;
            for (std::size_t i = 0; i < list.size(); ++i) {
                const int id = list[i];
                if (!alive_[id]) continue;  // dropped lazily
                if (conflict) {
                    list[keep++] = id;
                    continue;
                }
                std::vector<int>& c = clauses_[id];
                if (c[0] == falsified) std::swap(c[0], c[1]);
                if (val(c[0]) > 0) {
                    list[keep++] = id;
                    continue;
                }
                std::size_t k = 2;
                while (k < c.size() && val(c[k]) < 0) ++k;
                if (k < c.size()) {  // a new watch
                    std::swap(c[1], c[k]);
                    watch(c[1], id);
                    continue;
                }
                list[keep++] = id;
                if (val(c[0]) < 0)
                    conflict = true;
                else
                    assign(c[0]);
            }
            list.resize(keep);
            if (conflict) return false;
        }
        return true;
    }

    std::vector<std::int8_t> value_;
    std::vector<std::vector<int>> watches_;
    std::vector<std::vector<int>> clauses_;
    std::vector<char> alive_;
    std::map<std::vector<int>, std::vector<int>> index_;
    std::vector<int> trail_;
    std::size_t head_ = 0;
    bool inconsistent_ = false;
};

// Reads one clause (literals up to 0) from `line`; false if malformed.
bool read_clause(std::istringstream& in, int vars, std::vector<int>& lits, std::string& why) {
    lits.clear();
    long long x = 0;
    while (in >> x) {
        if (x == 0) return true;
        if (x > vars || -x > vars) {
            why = "literal " + std::to_string(x) + " is beyond the " + std::to_string(vars) +
                  " variables of the CNF";
            return false;
        }
        lits.push_back(static_cast<int>(x));
    }
    why = "expected literals ending in 0";
    return false;
}

ProofCheck fail(const std::string& where, long line, const std::string& what) {
    ProofCheck r;
    r.message = where + ":" + std::to_string(line) + ": " + what;
    return r;
}

}  // namespace

ProofCheck check_drup(std::istream& cnf, std::istream& proof) {
    std::string line, why;
    long no = 0;
    int vars = -1;
    long long declared = -1, read = 0;
    std::vector<int> lits;
    std::unique_ptr<Checker> checker;
    while (std::getline(cnf, line)) {
        ++no;
        if (line.empty() || line[0] == 'c') continue;
        std::istringstream in(line);
        if (line[0] == 'p') {
            std::string p, kind;
            if (!(in >> p >> kind >> vars >> declared) || kind != "cnf" || vars < 0 || declared < 0)
                return fail("cnf", no, "expected 'p cnf VARIABLES CLAUSES'");
            checker = std::make_unique<Checker>(vars);
            continue;
        }
        if (!checker) return fail("cnf", no, "a clause before the 'p cnf' line");
        if (!read_clause(in, vars, lits, why)) return fail("cnf", no, why);
        checker->add(lits);
        ++read;
    }
    if (!checker) return fail("cnf", no, "no 'p cnf' line");
    if (read != declared)
        return fail("cnf", no,
                    "the header declares " + std::to_string(declared) + " clauses, the file has " +
                        std::to_string(read));
    ProofCheck r;
    no = 0;
    while (!checker->inconsistent() && std::getline(proof, line)) {
        ++no;  // (after the empty clause nothing is left to prove: the rest is not read)
        if (no == 1 && !line.empty() && (line[0] == 'a' || static_cast<unsigned char>(line[0]) < 9))
            return fail("proof", no, "a binary DRAT proof; write text proofs (CaDiCaL binary=0)");
        if (line.empty() || line[0] == 'c') continue;
        const bool deletion = line[0] == 'd';
        std::istringstream in(deletion ? line.substr(1) : line);
        if (!read_clause(in, vars, lits, why)) return fail("proof", no, why);
        if (deletion) {
            if (!checker->remove(lits))
                return fail("proof", no, "deletes a clause that is not there");
            ++r.deletions;
            continue;
        }
        if (!checker->rup(lits))
            return fail("proof", no, "this lemma does not follow by unit propagation");
        ++r.lemmas;
        checker->add(lits);
    }
    if (!checker->inconsistent())
        return fail("proof", no, "the proof ends without deriving the empty clause");
    r.ok = true;
    r.message = "verified: " + std::to_string(r.lemmas) + " lemmas by unit propagation, " +
                std::to_string(r.deletions) + " deletions";
    return r;
}

ProofCheck check_drup_files(const std::string& cnf_path, const std::string& proof_path) {
    std::ifstream cnf(cnf_path), proof(proof_path);
    if (!cnf) return fail(cnf_path, 0, "cannot open");
    if (!proof) return fail(proof_path, 0, "cannot open");
    ProofCheck r = check_drup(cnf, proof);
    if (!r.ok) {  // name the files in place of "cnf" and "proof"
        if (r.message.rfind("cnf:", 0) == 0) r.message = cnf_path + r.message.substr(3);
        if (r.message.rfind("proof:", 0) == 0) r.message = proof_path + r.message.substr(5);
    }
    return r;
}

}  // namespace nonolab

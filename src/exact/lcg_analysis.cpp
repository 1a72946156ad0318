#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "exact/lcg_solver.hpp"

namespace nonolab::exact::lcg {

// --- explanation and analysis -------------------------------------------------

// The clause for "line `line` forces cell position `target` to `value`"
// (target < 0: "line `line` has no placement") from the line's cells that
// were assigned before trail position `before`: the forced literal first,
// then the negations of the cells kept. Root cells are always kept in the
// line but left out of the clause (they hold at every level).
std::span<const Lit> LcgSolver::explain(int line, int target, Cell value, std::uint32_t before) {
    const int n = line_length(line);
    line_before_.assign(n, kUnknown);
    known_.clear();
    for (int i = 0; i < n; ++i) {
        const int v = cell_at(line, i);
        if (i == target || cells_[v] == kUnknown || position_[v] >= before) continue;
        line_before_[i] = cells_[v];
        if (level_[v] > 0) known_.push_back(i);
    }
    // The order of removal. A forced cell: the farthest cells first, as
    // they are the likeliest to go, and go together in blocks. A failure:
    // the most recent first, so that the cells of earlier levels stay.
    if (target >= 0)
        std::sort(known_.begin(), known_.end(),
                  [&](int a, int b) { return std::abs(a - target) > std::abs(b - target); });
    else
        std::sort(known_.begin(), known_.end(), [&](int a, int b) {
            return position_[cell_at(line, a)] > position_[cell_at(line, b)];
        });
    stats_.explain_solves += explainer_.shrink(line, line_before_, known_, target, value);
    conflict_expl_.clear();
    if (target >= 0) conflict_expl_.push_back(lit_of(cell_at(line, target), value));
    for (const int i : known_) {
        const int v = cell_at(line, i);
        conflict_expl_.push_back(negated(lit_of(v, cells_[v])));
    }
    ++stats_.explanations;
    stats_.explanation_literals += conflict_expl_.size();
    return conflict_expl_;
}

std::span<const Lit> LcgSolver::reason_lits(int v) {
    const int reason = reason_[v];
    assert(reason != kDecision);
    if (!is_line(reason)) {
        const Clause& c = clauses_[reason];
        return {&lits_[c.start], c.size};
    }
    if (expl_stamp_[v] != stamp_[v]) {
        const int line = line_of(reason);
        const int target = line < height_ ? v % width_ : v / width_;
        const std::span<const Lit> e = explain(line, target, cells_[v], position_[v]);
        expl_start_[v] = static_cast<std::uint32_t>(expl_lits_.size());
        expl_size_[v] = static_cast<std::uint32_t>(e.size());
        expl_lits_.insert(expl_lits_.end(), e.begin(), e.end());
        expl_stamp_[v] = stamp_[v];
    }
    return {&expl_lits_[expl_start_[v]], expl_size_[v]};
}

std::span<const Lit> LcgSolver::conflict_lits(int conflict) {
    if (!is_line(conflict)) {
        bump_clause(conflict);
        const Clause& c = clauses_[conflict];
        return {&lits_[c.start], c.size};
    }
    return explain(line_of(conflict), -1, kUnknown, static_cast<std::uint32_t>(trail_.size()));
}

// First-UIP analysis (MiniSat's analyze): resolve the conflict with the
// reasons of current-level literals, latest first, until one is left.
int LcgSolver::analyze(int conflict) {
    learnt_.assign(1, kNoLit);
    int pending = 0;  // current-level literals seen but not yet resolved
    Lit p = kNoLit;
    std::size_t index = trail_.size();
    std::span<const Lit> lits = conflict_lits(conflict);
    for (;;) {
        // `lits` may live in conflict_expl_ or expl_lits_, which the next
        // explanation overwrites or grows: it is read whole before that.
        for (const Lit q : lits) {
            const int v = var_of(q);
            if (p != kNoLit && v == var_of(p)) continue;
            if (seen_[v] || level_[v] == 0) continue;
            assert(lit_value(q) == 0);
            seen_[v] = 1;
            bump_var(v);
            if (level_[v] >= level())
                ++pending;
            else
                learnt_.push_back(q);
        }
        assert(pending > 0);  // the conflict has a literal of the current level
        do --index;
        while (!seen_[var_of(trail_[index])]);
        p = trail_[index];
        seen_[var_of(p)] = 0;
        if (--pending == 0) break;
        const int reason = reason_[var_of(p)];
        if (!is_line(reason)) bump_clause(reason);
        lits = reason_lits(var_of(p));
    }
    learnt_[0] = negated(p);
    minimize();
    // The backjump level: the highest among the rest, which goes second
    // (it is watched, and becomes false last).
    for (std::size_t i = 2; i < learnt_.size(); ++i)
        if (level_[var_of(learnt_[i])] > level_[var_of(learnt_[1])])
            std::swap(learnt_[1], learnt_[i]);
    return learnt_.size() == 1 ? 0 : level_[var_of(learnt_[1])];
}

// Recursive clause minimisation (Sorensson and Biere, SAT 2009; MiniSat's
// ccmin_mode 2): a literal goes when its reason's other literals are in the
// clause, at the root, or redundant themselves; line reasons are explained
// as the walk needs them. On 12-Dom and 14-Dom it took 1.47 and 9.0 s where
// the basic rule over reasons at hand took 2.08 and 9.95 s, and the basic
// rule explaining as needed 1.31 and 11.6 s (docs/results/lcg.md).
void LcgSolver::minimize() {
    to_clear_.clear();
    std::uint64_t levels = 0;  // which decision levels the clause has, hashed to 64 bits
    for (std::size_t i = 1; i < learnt_.size(); ++i) {
        to_clear_.push_back(var_of(learnt_[i]));
        levels |= std::uint64_t{1} << (level_[var_of(learnt_[i])] & 63);
    }
    std::size_t j = 1;
    for (std::size_t i = 1; i < learnt_.size(); ++i) {
        const int v = var_of(learnt_[i]);
        if (reason_[v] == kDecision || !redundant(v, levels)) learnt_[j++] = learnt_[i];
    }
    learnt_.resize(j);
    for (const int v : to_clear_) seen_[v] = 0;
}

// Whether v (in the clause, with a reason) follows from the clause's other
// literals through reasons, every one of them at a level the clause has
// (the cheap test that cuts the walk short). Marks what it proves
// redundant in seen_ (and to_clear_), and undoes its marks on failure.
bool LcgSolver::redundant(int v, std::uint64_t levels) {
    stack_.assign(1, v);
    const std::size_t top = to_clear_.size();
    while (!stack_.empty()) {
        const int x = stack_.back();
        stack_.pop_back();
        for (const Lit q : reason_lits(x)) {
            const int u = var_of(q);
            if (u == x || seen_[u] || level_[u] == 0) continue;
            if (reason_[u] == kDecision || !(levels >> (level_[u] & 63) & 1)) {
                for (std::size_t k = top; k < to_clear_.size(); ++k) seen_[to_clear_[k]] = 0;
                to_clear_.resize(top);
                return false;
            }
            seen_[u] = 1;
            stack_.push_back(u);
            to_clear_.push_back(u);
        }
    }
    return true;
}

void LcgSolver::learn() {
    ++stats_.learned;
    stats_.learned_literals += learnt_.size();
    if (learnt_.size() == 1) {
        assert(level() == 0);
        assign(learnt_[0], kDecision);
        return;
    }
    // LBD: the number of distinct decision levels among its literals.
    levels_.clear();
    for (const Lit q : learnt_) levels_.push_back(level_[var_of(q)]);
    std::sort(levels_.begin(), levels_.end());
    const int lbd = static_cast<int>(std::unique(levels_.begin(), levels_.end()) - levels_.begin());
    const int c = add_clause(learnt_, /*learnt=*/true, lbd);
    assign(learnt_[0], c);  // asserts, in debug builds, that the rest is false
}

// --- clauses -------------------------------------------------------------------

int LcgSolver::add_clause(std::span<const Lit> lits, bool learnt, int lbd) {
    assert(lits.size() >= 2);
    const int index = static_cast<int>(clauses_.size());
    lits_.push_back(static_cast<Lit>(lits.size()));  // kSizeSlot
    lits_.push_back(index);                          // kIndexSlot
    Clause c;
    c.start = static_cast<std::uint32_t>(lits_.size());
    c.size = static_cast<std::uint32_t>(lits.size());
    c.lbd = lbd;
    c.learnt = learnt;
    lits_.insert(lits_.end(), lits.begin(), lits.end());
    clauses_.push_back(c);
    if (learnt) learnts_.push_back(index);
    watch(index);
    return index;
}

void LcgSolver::watch(int clause) {
    const Clause& c = clauses_[clause];
    const Lit* l = &lits_[c.start];
    watches_[negated(l[0])].push_back({c.start, l[1]});
    watches_[negated(l[1])].push_back({c.start, l[0]});
}

bool LcgSolver::locked(int clause) const {
    const Lit first = lits_[clauses_[clause].start];
    return reason_[var_of(first)] == clause && lit_value(first) == 1;
}

void LcgSolver::bump_clause(int clause) {
    Clause& c = clauses_[clause];
    if (!c.learnt) return;
    c.activity += clause_inc_;
    if (c.activity > 1e20) {
        for (const int i : learnts_) clauses_[i].activity *= 1e-20;
        clause_inc_ *= 1e-20;
    }
}

void LcgSolver::bump_var(int v) {
    activity_[v] += var_inc_;
    if (activity_[v] > 1e100) {
        for (double& a : activity_) a *= 1e-100;
        var_inc_ *= 1e-100;
    }
    order_.increased(v);
}

// Keeps the better half of the learned clauses (lower LBD, then higher
// activity); clauses of LBD 2 and reasons stay. Then the clause store is
// compacted and every watch rebuilt: each clause still has its two
// watched literals in front, so the watch invariants hold as before.
void LcgSolver::reduce() {
    std::vector<int> order = learnts_;
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const Clause &x = clauses_[a], &y = clauses_[b];
        return x.lbd != y.lbd ? x.lbd > y.lbd : x.activity < y.activity;
    });
    std::vector<char> drop(clauses_.size(), 0);
    for (std::size_t i = 0; i < order.size() / 2; ++i)
        if (clauses_[order[i]].lbd > 2 && !locked(order[i])) drop[order[i]] = 1;
    std::vector<int> renumber(clauses_.size(), -1);
    std::vector<Clause> clauses;
    std::vector<Lit> lits;
    learnts_.clear();
    for (std::size_t i = 0; i < clauses_.size(); ++i) {
        if (drop[i]) continue;
        Clause c = clauses_[i];
        renumber[i] = static_cast<int>(clauses.size());
        lits.push_back(static_cast<Lit>(c.size));
        lits.push_back(renumber[i]);
        lits.insert(lits.end(), lits_.begin() + c.start, lits_.begin() + c.start + c.size);
        c.start = static_cast<std::uint32_t>(lits.size() - c.size);
        if (c.learnt) learnts_.push_back(renumber[i]);
        clauses.push_back(c);
    }
    clauses_.swap(clauses);
    lits_.swap(lits);
    for (const Lit p : trail_) {
        int& reason = reason_[var_of(p)];
        if (reason < 0) continue;
        reason = renumber[reason];
        assert(reason >= 0);  // a reason is locked, so it was kept
    }
    for (auto& ws : watches_) ws.clear();
    for (std::size_t i = 0; i < clauses_.size(); ++i) watch(static_cast<int>(i));
}

}  // namespace nonolab::exact::lcg

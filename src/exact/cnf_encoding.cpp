#include "exact/cnf_encoding.hpp"

#include <algorithm>
#include <cassert>
#include <ostream>
#include <stdexcept>

#include "core/clue_contradiction.hpp"
#include "line/run_starts.hpp"

namespace nonolab::exact {

namespace {

// Adds the automaton clauses of one line whose cell t has variable
// cells[t]; new state variables are numbered from `next_var` on.
void encode_line(const std::vector<int>& runs, const std::vector<int>& cells, int& next_var,
                 std::vector<std::vector<int>>& clauses) {
    const int n = static_cast<int>(cells.size());
    // Pattern string: label[s] is the value that enters state s.
    std::vector<std::uint8_t> label{0};
    for (int r : runs) {
        for (int i = 0; i < r; ++i) label.push_back(1);
        label.push_back(0);
    }
    const int m = static_cast<int>(label.size());
    // delta(s, v): zero states loop on 0; otherwise advance when the next
    // label matches. -1 = no transition.
    auto delta = [&](int s, int v) {
        if (v == 0 && label[s] == 0) return s;
        if (s + 1 < m && label[s + 1] == v) return s + 1;
        return -1;
    };
    const bool has_runs = !runs.empty();
    auto accepting = [&](int s) { return s == m - 1 || (has_runs && s == m - 2); };

    // live[t][s]: reachable from S[0][0] in t steps and able to accept in n - t more.
    std::vector<std::vector<std::uint8_t>> fwd(n + 1, std::vector<std::uint8_t>(m, 0));
    std::vector<std::vector<std::uint8_t>> bwd(n + 1, std::vector<std::uint8_t>(m, 0));
    fwd[0][0] = 1;
    for (int t = 0; t < n; ++t)
        for (int s = 0; s < m; ++s)
            if (fwd[t][s])
                for (int v = 0; v < 2; ++v)
                    if (const int d = delta(s, v); d >= 0) fwd[t + 1][d] = 1;
    for (int s = 0; s < m; ++s) bwd[n][s] = accepting(s);
    for (int t = n - 1; t >= 0; --t)
        for (int s = 0; s < m; ++s)
            for (int v = 0; v < 2; ++v)
                if (const int d = delta(s, v); d >= 0 && bwd[t + 1][d]) bwd[t][s] = 1;

    std::vector<std::vector<int>> var(n + 1, std::vector<int>(m, 0));
    for (int t = 0; t <= n; ++t)
        for (int s = 0; s < m; ++s)
            if (fwd[t][s] && bwd[t][s]) var[t][s] = next_var++;
    if (var[0][0] == 0) {  // the clue cannot fit: the empty clause
        clauses.push_back({});
        return;
    }
    clauses.push_back({var[0][0]});
    for (int t = 0; t < n; ++t) {
        const int x = cells[t];
        std::vector<int> layer;
        for (int s = 0; s < m; ++s) {
            if (!var[t][s]) continue;
            layer.push_back(var[t][s]);
            for (int v = 0; v < 2; ++v) {
                const int cell_is_not_v = v ? -x : x;
                const int d = delta(s, v);
                if (d >= 0 && var[t + 1][d])
                    clauses.push_back({-var[t][s], cell_is_not_v, var[t + 1][d]});
                else
                    clauses.push_back({-var[t][s], cell_is_not_v});
            }
        }
        clauses.push_back(layer);
        // Forward support: a state needs a live successor, and a cell value
        // needs a live state it leads into. Without these two, unit
        // propagation missed 13% of the cells the line solver forces.
        for (int s = 0; s < m; ++s) {
            if (!var[t][s]) continue;
            std::vector<int> next{-var[t][s]};
            for (int v = 0; v < 2; ++v)
                if (const int d = delta(s, v); d >= 0 && var[t + 1][d])
                    next.push_back(var[t + 1][d]);
            clauses.push_back(std::move(next));
        }
        for (int v = 0; v < 2; ++v) {
            std::vector<int> into{v ? -x : x};
            for (int s = 0; s < m; ++s)
                if (var[t + 1][s] && label[s] == v) into.push_back(var[t + 1][s]);
            clauses.push_back(std::move(into));
        }
        // Support: a state implies its label and some live predecessor.
        for (int s = 0; s < m; ++s) {
            if (!var[t + 1][s]) continue;
            clauses.push_back({-var[t + 1][s], label[s] ? x : -x});
            std::vector<int> support{-var[t + 1][s]};
            for (int p = 0; p < m; ++p)
                if (var[t][p] && delta(p, label[s]) == s) support.push_back(var[t][p]);
            clauses.push_back(std::move(support));
        }
    }
}

// Order encoding of one line (the run-start form Copris uses for
// nonograms). For run j with earliest start e_j and latest start l_j,
// Y(j, p) says "run j starts at or before p"; it is a variable for
// e_j <= p < l_j, false below e_j and true from l_j on. Clauses:
//   Y(j, p) -> Y(j, p+1)                         (monotone: one start);
//   Y(j+1, p) -> Y(j, p - len_j - 1)             (a gap after run j);
//   cell c empty: not (Y(j, c) and not Y(j, c - len_j)) for every run j
//                                                 (no run covers c);
//   cell c filled: not (Y(j, c - len_j) and not Y(j+1, c)) for every gap
//                  j = 0..k between run j and run j+1, with run 0 ending
//                  before the line and run k+1 starting after it.
// A model fixes every start, the starts keep their gaps, and a cell is
// filled exactly when a run covers it: sound and complete. Unit propagation
// is a little weaker than on the automaton (18 of 7,084 forced cells missed
// on single lines, tests/exact/cnf_propagation_test.cpp), and the formula is
// a third of the size.
//
// With the line's known cells (`known`, may be null), each window shrinks
// to the first and last start some consistent arrangement uses
// (line/run_starts.hpp). Every solution's starts stay inside, so this keeps
// every model, and the windows of neighbouring runs still nest as the gap
// clauses need (if run j can start at s, run j+1 can start at s + len_j + 1
// or later). The unused starts inside a window are left open: excluding them
// too made TAAI 2011 slower (docs/results/exact.md, "Removed options").
void encode_line_order(const std::vector<int>& runs, const std::vector<int>& cells,
                       const std::vector<Cell>* known, int& next_var,
                       std::vector<std::vector<int>>& clauses) {
    const int n = static_cast<int>(cells.size());
    const int k = static_cast<int>(runs.size());
    if (k == 0) {
        for (int x : cells) clauses.push_back({-x});
        return;
    }
    std::vector<int> earliest(k), latest(k), base(k);
    for (int j = 0, at = 0; j < k; ++j) at = (earliest[j] = at) + runs[j] + 1;
    for (int j = k - 1, at = n; j >= 0; --j) at = (latest[j] = at - runs[j]) - 1;
    if (known) {
        bool consistent = false;
        const std::vector<std::vector<char>> feasible =
            line::feasible_starts(runs, *known, consistent);
        if (!consistent) {
            clauses.push_back({});
            return;
        }
        for (int j = 0; j < k; ++j) {
            const auto& f = feasible[j];
            earliest[j] = static_cast<int>(std::find(f.begin(), f.end(), 1) - f.begin());
            latest[j] = static_cast<int>(f.rend() - std::find(f.rbegin(), f.rend(), 1)) - 1;
        }
    }
    for (int j = 0; j < k; ++j) {
        if (earliest[j] > latest[j]) {  // the clue cannot fit
            clauses.push_back({});
            return;
        }
        base[j] = next_var - earliest[j];
        next_var += latest[j] - earliest[j];
    }
    constexpr int kTrue = 1 << 30, kFalse = -(1 << 30);
    // j in 0..k-1; anything outside the window is a constant.
    auto Y = [&](int j, int pos) {
        if (pos < earliest[j]) return kFalse;
        if (pos >= latest[j]) return kTrue;
        return base[j] + pos;
    };
    std::vector<int> clause;
    // Adds the clause of the given literals, dropping false constants and
    // skipping the clause when one is true. A negated constant flips.
    auto add = [&](std::initializer_list<int> lits) {
        clause.clear();
        for (int l : lits) {
            if (l == kTrue || l == -kFalse) return;
            if (l == kFalse || l == -kTrue) continue;
            clause.push_back(l);
        }
        clauses.push_back(clause);
    };
    for (int j = 0; j < k; ++j)
        for (int pos = earliest[j]; pos + 1 < latest[j]; ++pos) add({-Y(j, pos), Y(j, pos + 1)});
    for (int j = 0; j + 1 < k; ++j)
        for (int pos = earliest[j + 1]; pos < latest[j + 1]; ++pos)
            add({-Y(j + 1, pos), Y(j, pos - runs[j] - 1)});
    for (int c = 0; c < n; ++c) {
        const int x = cells[c];
        for (int j = 0; j < k; ++j)
            if (c >= earliest[j] && c < latest[j] + runs[j]) add({x, -Y(j, c), Y(j, c - runs[j])});
        add({-x, Y(0, c)});
        for (int j = 0; j + 1 < k; ++j) add({-x, -Y(j, c - runs[j]), Y(j + 1, c)});
        add({-x, -Y(k - 1, c - runs[k - 1])});
    }
}

}  // namespace

namespace {

// Every literal names a variable of the CNF (1..num_vars, never 0): what
// CaDiCaL and write_dimacs rely on. For the asserts.
[[maybe_unused]] bool literals_in_range(const Cnf& cnf) {
    for (const auto& clause : cnf.clauses)
        for (const int lit : clause)
            if (lit == 0 || lit > cnf.num_vars || -lit > cnf.num_vars) return false;
    return true;
}

// `known` holds the line's cells in the known grid, or is null.
void encode_line_as(const std::vector<int>& runs, const std::vector<int>& cells,
                    const std::vector<Cell>* known, int& next_var,
                    std::vector<std::vector<int>>& clauses, const CnfOptions& options) {
    if (options.encoding != LineEncoding::order) encode_line(runs, cells, next_var, clauses);
    if (options.encoding != LineEncoding::automaton)
        encode_line_order(runs, cells, known, next_var, clauses);
}

}  // namespace

Cnf encode_cnf(const Puzzle& puzzle, const Grid* known, const CnfOptions& options) {
    if (!puzzle.black_and_white())
        throw std::invalid_argument("the CNF encoding handles black-and-white puzzles only");
    const int w = puzzle.width(), h = puzzle.height();
    Cnf cnf;
    if (!clue_contradiction(puzzle).empty()) {
        // No grid fits (a clue longer than its line, or totals that differ):
        // the empty clause says so, and the line encoders never see such a clue.
        cnf.num_vars = w * h;
        cnf.clauses.emplace_back();
        return cnf;
    }
    int next_var = w * h + 1;
    std::vector<int> cells, runs;
    std::vector<Cell> line;
    const std::vector<Cell>* line_known = known ? &line : nullptr;
    for (int r = 0; r < h; ++r) {
        cells.clear();
        runs.clear();
        line.clear();
        for (int c = 0; c < w; ++c) cells.push_back(cell_var(w, r, c));
        if (known)
            for (int c = 0; c < w; ++c) line.push_back(known->at(r, c));
        for (const auto& run : puzzle.rows()[r]) runs.push_back(run.length);
        encode_line_as(runs, cells, line_known, next_var, cnf.clauses, options);
    }
    for (int c = 0; c < w; ++c) {
        cells.clear();
        runs.clear();
        line.clear();
        for (int r = 0; r < h; ++r) cells.push_back(cell_var(w, r, c));
        if (known)
            for (int r = 0; r < h; ++r) line.push_back(known->at(r, c));
        for (const auto& run : puzzle.columns()[c]) runs.push_back(run.length);
        encode_line_as(runs, cells, line_known, next_var, cnf.clauses, options);
    }
    if (known) {
        for (int r = 0; r < h; ++r)
            for (int c = 0; c < w; ++c) {
                const Cell v = known->at(r, c);
                if (v == kFilled) cnf.clauses.push_back({cell_var(w, r, c)});
                if (v == kEmpty) cnf.clauses.push_back({-cell_var(w, r, c)});
            }
    }
    cnf.num_vars = next_var - 1;
    assert(literals_in_range(cnf));
    return cnf;
}

Cnf encode_line_cnf(const std::vector<int>& runs, int n, const CnfOptions& options) {
    Cnf cnf;
    std::vector<int> cells(n);
    for (int i = 0; i < n; ++i) cells[i] = i + 1;
    int next_var = n + 1;
    encode_line_as(runs, cells, nullptr, next_var, cnf.clauses, options);
    cnf.num_vars = next_var - 1;
    assert(literals_in_range(cnf));
    return cnf;
}

void write_dimacs(std::ostream& out, const Cnf& cnf) {
    out << "p cnf " << cnf.num_vars << " " << cnf.clauses.size() << "\n";
    for (const auto& cl : cnf.clauses) {
        for (int lit : cl) out << lit << " ";
        out << "0\n";
    }
}

}  // namespace nonolab::exact

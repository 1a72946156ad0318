// The clause-learning search's solver object (lcg_search.hpp has the
// design and the sources it follows). Internal to src/exact: lcg_search.cpp
// holds the board, propagation and the search loop, lcg_analysis.cpp the
// explanations, conflict analysis and the clause store.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/binary_domain.hpp"
#include "exact/cnf_encoding.hpp"
#include "exact/lcg_explain.hpp"
#include "exact/lcg_order.hpp"
#include "exact/lcg_search.hpp"

namespace nonolab::exact::lcg {

// A literal is 2 * var + (1 if it says "false"). Variables 0..cells-1 are
// the cells, row-major (true = filled: literal 2c is "cell c is filled",
// 2c + 1 its negation); with order clauses on, the encoding's run-start
// variables follow (DIMACS variable x is variable x - 1). Every variable's
// value is kept as a Cell: kFilled for true, kEmpty for false.
using Lit = int;
constexpr Lit kNoLit = -1;
inline int var_of(Lit p) {
    return p >> 1;
}
inline Lit negated(Lit p) {
    return p ^ 1;
}
inline Lit lit_of(int cell, Cell value) {
    return 2 * cell + (value == kEmpty ? 1 : 0);
}
inline Cell value_of_lit(Lit p) {
    return (p & 1) ? kEmpty : kFilled;
}

// reason_[v]: kDecision for decisions and root cells, a clause's index
// (>= 0), or a line, coded as kLineReason - line (<= -2).
constexpr int kDecision = -1;
constexpr int kLineReason = -2;
inline bool is_line(int reason) {
    return reason <= kLineReason;
}
inline int line_of(int reason) {
    return kLineReason - reason;
}
inline int line_reason(int line) {
    return kLineReason - line;
}
// What propagation returns: kNoConflict, or the conflict, as a clause's
// index or a line reason (the line that admits no placement).
constexpr int kNoConflict = -1;

struct Clause {
    std::uint32_t start = 0, size = 0;  ///< its literals: lits_[start, start + size)
    int lbd = 0;                        ///< distinct decision levels when learned
    double activity = 0;
    bool learnt = false;  ///< order and blocking clauses are not: they are never deleted
};

// A watch names its clause by where the literals start in the arena
// (lits_), not by index: propagation then reads the clause's size and
// index from the two slots just before its literals, in the same cache
// line, and never touches clauses_ (a second load per visit, which made
// up most of propagation's time before).
struct Watch {
    std::uint32_t start;  ///< the clause's first literal in lits_
    Lit blocker;          ///< some other literal of the clause: if true, the clause is skipped
};
constexpr int kSizeSlot = 2, kIndexSlot = 1;  ///< lits_[start - slot]

class LcgSolver {
  public:
    LcgSolver(const Puzzle& puzzle, const Grid& partial, const Budget& budget,
              const LcgOptions& options);
    LcgOutcome run(const std::vector<Grid>& exclude, int wanted, std::uint64_t max_decisions);

  private:
    LcgSolver(const Puzzle& puzzle, const Grid& partial, const Budget& budget,
              const LcgOptions& options, Cnf&& cnf);

    // --- the board: lines and cells ---------------------------------------
    int line_length(int line) const { return line < height_ ? width_ : height_; }
    int cell_at(int line, int i) const {
        return line < height_ ? line * width_ + i : i * width_ + (line - height_);
    }
    int lit_value(Lit p) const {  ///< 1 true, 0 false, -1 unassigned
        const Cell c = cells_[var_of(p)];
        return c == kUnknown ? -1 : c == value_of_lit(p);
    }
    int level() const { return static_cast<int>(trail_lim_.size()); }

    // --- assignment and propagation ----------------------------------------
    void assign(Lit p, int reason, int skip_line = -1);
    void queue_line(int line);
    bool is_reason(int clause, Lit p) const;
    int propagate();           ///< kNoConflict, or the conflict (a clause or a line reason)
    int propagate_clauses();   ///< kNoConflict, or the conflicting clause
    int solve_line(int line);  ///< kNoConflict, or the line's reason when it fails
    void backtrack(int to_level);

    // --- explanation and analysis -------------------------------------------
    std::span<const Lit> reason_lits(int v);  ///< v's reason clause, v's literal first
    std::span<const Lit> conflict_lits(int conflict);
    std::span<const Lit> explain(int line, int target, Cell value, std::uint32_t before);
    int analyze(int conflict);  ///< fills learnt_; returns the backjump level
    void minimize();
    bool redundant(int v, std::uint64_t levels);
    void learn();  ///< adds learnt_ after the backjump and asserts its first literal

    // --- clauses ------------------------------------------------------------
    int add_clause(std::span<const Lit> lits, bool learnt, int lbd);
    void watch(int clause);
    bool locked(int clause) const;
    void reduce();
    void bump_clause(int clause);
    void bump_var(int v);

    // --- solutions ----------------------------------------------------------
    bool block(const Grid& solution);
    Lit decide();

    bool is_cell(int v) const { return v < cells_count_; }
    void add_root_clauses(const Cnf& cnf);

    const int width_, height_, cells_count_;
    int vars_count_;  ///< cells, then the order encoding's variables (if any)
    bool root_conflict_ = false;  ///< a root unit contradicts: no solution
    const Budget& budget_;
    const LcgOptions& options_;
    BinaryLines lines_;
    // Explanations solve lines of their own: trial lines seldom repeat, so
    // they go without the cache, which they would only fill with misses.
    BinaryLines explain_lines_;
    LineExplainer explainer_;
    LcgStats stats_;

    std::vector<Cell> cells_;               ///< the assignment, row-major
    std::vector<Lit> trail_;                ///< assigned literals in order
    std::vector<std::uint32_t> trail_lim_;  ///< trail_ size at each decision
    std::size_t qhead_ = 0;                 ///< trail_ entries clause propagation has seen
    std::vector<int> level_, reason_;
    std::vector<std::uint32_t> position_;  ///< each cell's index in trail_
    std::vector<Cell> saved_;              ///< phase saving

    std::vector<int> line_queue_;  ///< lines whose cells changed since they were solved
    std::vector<char> queued_;

    std::vector<Clause> clauses_;
    std::vector<Lit> lits_;  ///< per clause: size, index, then its literals
    std::vector<std::vector<Watch>> watches_;  ///< watches_[p]: clauses watching negated(p)
    std::vector<int> learnts_;                 ///< indices of learned clauses
    double clause_inc_ = 1;

    std::vector<double> activity_;
    double var_inc_ = 1;
    VarOrder order_;

    // Explanations, made when analysis first needs them and kept while the
    // cell stays assigned (expl_stamp_ == stamp_ of the assignment).
    std::vector<Lit> expl_lits_;
    std::vector<std::uint32_t> expl_start_, expl_size_;
    std::vector<std::uint64_t> expl_stamp_, stamp_;
    std::uint64_t stamps_ = 0;

    // Scratch.
    std::vector<Cell> line_before_, line_after_;
    std::vector<int> known_;
    std::vector<Lit> learnt_, conflict_expl_;
    std::vector<char> seen_;
    std::vector<int> to_clear_, levels_, stack_;
};

}  // namespace nonolab::exact::lcg

// LinePropagator: the complete line solver inside CaDiCaL, as an external
// propagator (IPASIR-UP: Fazekas, Niemetz, Preiner, Kirchweger, Szeider and
// Biere, "IPASIR-UP: User Propagators for CDCL", SAT 2023).
//
// Why: the order encoding (cnf_encoding.hpp) is compact, but its unit
// propagation misses cells the line solver forces. Our own clause-learning
// search over the line solver had the full propagation but lost to
// CaDiCaL's engineering (docs/results/lcg.md). Here CaDiCaL keeps its
// search, and the line solver adds what unit propagation misses.
//
// How: every cell variable is observed. Assignments mark their row and
// column dirty, unless the line's last solve had forced that very value
// (then solving it again would give the same line); at cb_propagate a dirty line is solved
// (BinaryLines, the bitset DP with its cache) and the cells it forces are queued, since CaDiCaL
// takes one literal per call. Reasons are lazy (lazy clause generation, Ohrimenko, Stuckey and
// Codish, Constraints 14(3), 2009): a queued literal remembers its line and our trail length when
// it was derived, and only when CaDiCaL asks is the reason built, from the cells of that line
// assigned before then, shrunk by LineExplainer to a minimal subset that still forces the literal.
// Cells fixed at the root are kept as context but never enter a clause (CaDiCaL drops root-false
// literals); a backtrack keeps them, moved down the trail but never below a surviving stamp, so the
// snapshot of a literal still assigned is the one it came from. A line with no placement is a
// conflict: its shrunk failure explanation is a clause that is false under the current assignment,
// handed over either as an external clause or as the reason of a literal that is already false
// (ConflictMode; both are tested).
//
// Soundness: every clause given is implied by the line's clue, which the
// CNF already encodes, so a verdict of the solver stays a proof. Debug
// builds assert that every reason's other literals are false. The model
// check compares the final grid with every clue.
//
// No exception leaves a callback (CaDiCaL is C-like inside): an internal
// failure stops propagation (the CNF alone stays complete) and is counted.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/sat_search.hpp"

#if defined(NONOLAB_HAVE_CADICAL_PROPAGATOR)
#include <cadical.hpp>

#include "exact/binary_domain.hpp"
#include "exact/line_explainer.hpp"
#endif

namespace nonolab::exact {

/// How a line without placement reaches CaDiCaL.
enum class ConflictMode {
    external_clause,  ///< cb_has_external_clause: a falsified clause (kept as irredundant)
    false_literal,    ///< propagate a false literal whose reason is the falsified clause
};

/// True when this build's CaDiCaL has the external-propagator interface.
bool line_propagator_available();

#if defined(NONOLAB_HAVE_CADICAL_PROPAGATOR)

class LinePropagator : public CaDiCaL::ExternalPropagator {
  public:
    /// `puzzle` must be black and white and outlive the propagator. Cell
    /// (r, c) is variable cell_var(width, r, c), as in cnf_encoding.hpp.
    explicit LinePropagator(const Puzzle& puzzle,
                            ConflictMode mode = ConflictMode::external_clause);

    /// Connects to `solver` and observes every cell variable. The CNF must
    /// already be loaded (the cell variables must exist).
    void attach(CaDiCaL::Solver& solver);

    const LinePropagatorStats& stats() const { return stats_; }

    void notify_assignment(int lit, bool is_fixed) override;
    void notify_new_decision_level() override;
    void notify_backtrack(size_t new_level) override;
    bool cb_check_found_model(const std::vector<int>& model) override;
    int cb_decide() override { return 0; }
    int cb_propagate() override;
    int cb_add_reason_clause_lit(int propagated_lit) override;
    bool cb_has_external_clause() override;
    int cb_add_external_clause_lit() override;

  private:
    /// A literal derived by a line, not yet handed over.
    struct Pending {
        int lit;
        int line;
        int stamp;  ///< our trail length when the line was solved
    };

    int propagate();
    void solve_line(int line);
    void mark_dirty(int cell);
    int line_cell(int line, int i) const {
        return line < height_ ? line * width_ + i : i * width_ + (line - height_);
    }
    int line_length(int line) const { return line < height_ ? width_ : height_; }
    /// Line `line` as it was at trail length `stamp` into line_; its known
    /// cells that are not fixed at the root, latest first, into known_.
    void snapshot(int line, int stamp);
    /// The clause: `lit` (0 for none) and the negations of line_'s known_ cells.
    void clause_from_known(int line, int lit, std::vector<int>& out) const;
    int cell_lit(int cell) const { return cells_[cell] == kFilled ? cell + 1 : -(cell + 1); }
    void build_reason(int propagated_lit);
    void check_false(std::span<const int> clause, int except) const;

    const Puzzle& puzzle_;
    ConflictMode mode_;
    int width_, height_;
    BinaryLines lines_;
    LineExplainer explainer_;

    std::vector<Cell> cells_;                   ///< current value of every cell
    std::vector<char> fixed_;                   ///< assigned at the root for good
    std::vector<int> pos_;                      ///< place in trail_ of an assigned cell
    std::vector<int> trail_;                    ///< assigned cells, in order
    std::vector<std::size_t> level_;            ///< trail_ size at each decision level's start
    std::vector<char> dirty_;                   ///< per line: to be solved
    std::vector<int> dirty_queue_;              ///< the dirty lines
    std::vector<std::vector<Cell>> solved_at_;  ///< per line: its last solve's result
    std::vector<char> solved_valid_;  ///< per line: solved_at_ holds under the current cells
    std::vector<Pending> pending_;    ///< derived, not yet handed over
    std::size_t pending_head_ = 0;
    std::vector<int> reason_line_;      ///< per cell: line of the last propagation
    std::vector<int> reason_stamp_;     ///< per cell: its stamp
    std::vector<int> conflict_reason_;  ///< false_literal mode: clause of conflict_lit_
    int conflict_lit_ = 0;              ///< false literal to return next
    int conflict_reason_lit_ = 0;       ///< the literal conflict_reason_ explains

    std::vector<int> external_;  ///< clause to hand over via cb_add_external_clause_lit
    std::size_t external_pos_ = 0;
    bool external_ready_ = false;
    std::vector<int> reason_;  ///< reason being handed over
    std::size_t reason_pos_ = 0;
    bool reason_active_ = false;

    std::vector<Cell> line_;    ///< scratch: one line's cells
    std::vector<int> known_;    ///< scratch: positions in line_ to explain with
    std::vector<Cell> solved_;  ///< scratch: line_ solved
    LinePropagatorStats stats_;
};

#endif

}  // namespace nonolab::exact

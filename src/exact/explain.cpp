#include "exact/explain.hpp"

#include <span>
#include <stdexcept>

#include "core/budget.hpp"
#include "core/clue_contradiction.hpp"
#include "exact/prober.hpp"
#include "exact/propagator.hpp"

namespace nonolab::exact {

namespace {

// The walk of explain.hpp over one cell domain. Line steps are the engine's
// own propagation (propagator.hpp), watched line by line through
// LineObserver; the propagator is built with decide_only, so a line passes
// on decided cells only, as a person reading the grid would. Lines are
// numbered rows 0..h-1, then columns h..h+w-1, as there.
template <CellDomain Domain>
class Explainer final : public LineObserver<typename Domain::Value> {
  public:
    using Value = typename Domain::Value;

    Explainer(const Puzzle& p, const ExplainOptions& o, const std::atomic<bool>* cancel)
        : p_(p),
          options_(o),
          budget_(o.timeout_seconds, cancel),
          prop_(p, /*decide_only=*/true),
          state_(Domain::open_state(p)) {}

    Explanation run();

    /// LineObserver: records a line step; false when no step may be added.
    bool on_line(int line, std::span<const Value> before, std::span<const Value> after) override;

  private:
    bool is_row(int line) const { return line < p_.height(); }
    int index_of(int line) const { return is_row(line) ? line : line - p_.height(); }
    const Clue& clue_of(int line) const {
        return is_row(line) ? p_.row(line) : p_.column(line - p_.height());
    }
    bool room_for_a_step() const {
        return options_.max_steps == 0 || static_cast<int>(out_.steps.size()) < options_.max_steps;
    }
    /// Propagates with steps recorded; false when the run ends (status set).
    bool propagate(bool all_lines);
    enum class Probe { none, decided, contradiction };
    Probe probe_step();
    void stalled_step();

    std::string line_reason(int line, const std::vector<Cell>& before,
                            const std::vector<Cell>& after) const;
    std::string value_name(Cell v) const;
    std::string cells_text(const std::vector<Cell>& before, const std::vector<Cell>& after,
                           Cell v) const;

    const Puzzle& p_;
    ExplainOptions options_;
    Budget budget_;
    BasicPropagator<Domain> prop_;
    typename Domain::State state_, trial_;
    Explanation out_;
    bool stopped_ = false;  ///< on_line refused a step (max_steps)
};

template <CellDomain Domain>
bool Explainer<Domain>::on_line(int line, std::span<const Value> before,
                                std::span<const Value> after) {
    if (!room_for_a_step()) {
        stopped_ = true;
        return false;
    }
    std::vector<Cell> was, is;
    for (const Value v : before) was.push_back(Domain::colour_of(v));
    for (const Value v : after) is.push_back(Domain::colour_of(v));
    ExplainStep step{StepKind::line, is_row(line), index_of(line), {}, ""};
    for (int i = 0; i < static_cast<int>(is.size()); ++i) {
        if (was[i] == is[i]) continue;
        const int r = is_row(line) ? index_of(line) : i;
        const int c = is_row(line) ? i : index_of(line);
        step.cells.push_back({r, c, is[i]});
    }
    step.reason = line_reason(line, was, is);
    out_.steps.push_back(std::move(step));
    return true;
}

template <CellDomain Domain>
bool Explainer<Domain>::propagate(bool all_lines) {
    prop_.set_observer(this);
    const Propagation p = prop_.run(state_, budget_, all_lines);
    prop_.set_observer(nullptr);
    if (p == Propagation::out_of_time) {
        out_.status = Status::timeout;  // the clock, or stopped_ by max_steps
        return false;
    }
    if (p == Propagation::contradiction) {
        const int line = prop_.failed_line();
        out_.status = Status::contradiction;
        out_.steps.push_back({StepKind::contradiction,
                              is_row(line),
                              index_of(line),
                              {},
                              line_name(is_row(line), index_of(line)) + ": no placement of clue " +
                                  clue_to_string(clue_of(line), p_.palette()) +
                                  " fits the cells already decided, so the puzzle has no "
                                  "solution"});
        return false;
    }
    return true;
}

// Finds the first open cell whose every value but one breaks a line (line
// logic alone, no steps recorded); records it as a probe step. A cell whose
// every value breaks a line proves there is no solution: a contradiction step.
template <CellDomain Domain>
typename Explainer<Domain>::Probe Explainer<Domain>::probe_step() {
    const int colours = static_cast<int>(p_.palette().size());
    BasicProber<Domain> prober(prop_);
    for (int cell = 0; cell < static_cast<int>(state_.size()); ++cell) {
        if (Domain::decided(Domain::cells(state_)[cell])) continue;
        if (budget_.expired()) return Probe::none;
        std::vector<std::pair<Cell, int>> refuted;  // value, the line it breaks
        Cell survivor = kUnknown;
        int survivors = 0;
        for (int v = 0; v < colours && survivors < 2; ++v) {
            const Value value = Domain::of_colour(static_cast<Cell>(v));
            const Propagation p = prober.try_value(state_, cell, value, trial_, budget_);
            if (p == Propagation::out_of_time) return Probe::none;
            if (p == Propagation::fixpoint) {
                survivor = static_cast<Cell>(v);
                ++survivors;
            } else {
                refuted.emplace_back(static_cast<Cell>(v), prop_.failed_line());
            }
        }
        const int r = cell / p_.width(), c = cell % p_.width();
        const std::string at =
            "cell (" + std::to_string(r + 1) + ", " + std::to_string(c + 1) + ")";
        if (survivors == 0) {
            out_.steps.push_back({StepKind::contradiction,
                                  true,
                                  -1,
                                  {},
                                  "every value of " + at +
                                      " leaves a line with no placement, so the puzzle has "
                                      "no solution"});
            return Probe::contradiction;
        }
        if (survivors != 1) continue;
        std::string why = "assuming " + at + " ";
        for (std::size_t i = 0; i < refuted.size(); ++i) {
            const int line = refuted[i].second;
            why += (i ? "; assuming it " : "") + std::string("is ") + value_name(refuted[i].first) +
                   ", line logic leaves " + line_name(is_row(line), index_of(line)) +
                   " with no placement";
        }
        why += ", so it is " + value_name(survivor);
        Domain::cells(state_)[cell] = Domain::of_colour(survivor);
        prop_.note_change(cell);
        out_.steps.push_back({StepKind::probe, true, -1, {{r, c, survivor}}, why});
        return Probe::decided;
    }
    return Probe::none;
}

template <CellDomain Domain>
void Explainer<Domain>::stalled_step() {
    out_.status = Status::unsolved;
    int left = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(state_.size()); ++i)
        left += !Domain::decided(Domain::cells(state_)[i]);
    out_.steps.push_back(
        {StepKind::stalled,
         true,
         -1,
         {},
         std::string(options_.probing ? "line logic and probing" : "line logic") +
             " decide no more cells: " + std::to_string(left) + " cell" + (left == 1 ? "" : "s") +
             " stay undecided, so the puzzle needs a guess (it may have several solutions)"});
}

template <CellDomain Domain>
Explanation Explainer<Domain>::run() {
    bool all_lines = true;
    while (propagate(all_lines)) {
        all_lines = false;
        // Complete with every line checked: done, even on the last allowed step.
        if (Domain::to_grid(state_, p_.width(), p_.height()).complete()) {
            out_.status = Status::unique;
            break;
        }
        if (budget_.expired() || (options_.probing && !room_for_a_step())) {
            out_.status = Status::timeout;
            break;
        }
        const Probe probe = options_.probing ? probe_step() : Probe::none;
        if (probe == Probe::decided) continue;
        if (probe == Probe::contradiction) {
            out_.status = Status::contradiction;
            break;
        }
        if (budget_.expired()) {
            out_.status = Status::timeout;
            break;
        }
        stalled_step();
        break;
    }
    out_.grid = Domain::to_grid(state_, p_.width(), p_.height());
    return std::move(out_);
}

template <CellDomain Domain>
std::string Explainer<Domain>::value_name(Cell v) const {
    if (v == kEmpty) return "empty";
    if (p_.black_and_white()) return "filled";
    return p_.palette()[v].name;
}

// "cells 4-5 and 8 are filled": the cells of a line that became v.
template <CellDomain Domain>
std::string Explainer<Domain>::cells_text(const std::vector<Cell>& before,
                                          const std::vector<Cell>& after, Cell v) const {
    std::vector<int> pos;
    for (int i = 0; i < static_cast<int>(after.size()); ++i)
        if (before[i] != after[i] && after[i] == v) pos.push_back(i);
    if (pos.empty()) return "";
    std::string text;
    int parts = 0;
    for (std::size_t a = 0; a < pos.size();) {
        std::size_t b = a;
        while (b + 1 < pos.size() && pos[b + 1] == pos[b] + 1) ++b;
        const std::string part =
            b == a ? std::to_string(pos[a] + 1)
                   : std::to_string(pos[a] + 1) + "-" + std::to_string(pos[b] + 1);
        text += (parts ? ", " : "") + part;
        ++parts;
        a = b + 1;
    }
    const bool one = pos.size() == 1;
    return (one ? "cell " : "cells ") + text + (one ? " is " : " are ") + value_name(v);
}

// The reason of a line step, from what the line solve saw and decided.
template <CellDomain Domain>
std::string Explainer<Domain>::line_reason(int line, const std::vector<Cell>& before,
                                           const std::vector<Cell>& after) const {
    const Clue& clue = clue_of(line);
    const int n = static_cast<int>(after.size());
    int known = 0, now_known = 0;
    for (Cell c : before) known += c != kUnknown;
    for (Cell c : after) now_known += c != kUnknown;
    std::string head = line_name(is_row(line), index_of(line)) + ": clue " +
                       clue_to_string(clue, p_.palette()) + " in " + std::to_string(n) + " cells";
    if (clue.empty()) return head + ": no runs, so every cell is empty";
    std::string what;
    for (int v = 0; v < static_cast<int>(p_.palette().size()); ++v) {
        const std::string t = cells_text(before, after, static_cast<Cell>(v));
        if (!t.empty()) what += (what.empty() ? "" : " and ") + t;
    }
    const bool complete = now_known == n;
    if (known == 0 && complete) return head + ": the runs fill the line exactly, so " + what;
    if (known == 0) return head + ": " + what + " in every placement of the runs";
    const std::string given = std::to_string(known) + " cell" + (known == 1 ? "" : "s");
    if (complete)
        return head + ": with the " + given + " already decided only one placement fits, so " +
               what;
    return head + ": with the " + given + " already decided, " + what +
           " in every placement that fits";
}

}  // namespace

std::string_view to_string(StepKind kind) {
    switch (kind) {
        case StepKind::line:
            return "line";
        case StepKind::probe:
            return "probe";
        case StepKind::contradiction:
            return "contradiction";
        case StepKind::stalled:
            return "stalled";
    }
    return "line";
}

std::string line_name(bool is_row, int index) {
    return (is_row ? "row " : "column ") + std::to_string(index + 1);
}

const OptionTable<ExplainOptions>& explain_option_table() {
    static const auto t =
        OptionTable<ExplainOptions>("explain")
            .flag("probing", &ExplainOptions::probing,
                  "when line logic stalls, probe cells: a value that breaks a line is ruled out")
            .number("timeout", &ExplainOptions::timeout_seconds, 0, 1e9,
                    "wall-clock seconds; 0 = no limit")
            .integer("max_steps", &ExplainOptions::max_steps, 0, 1 << 30,
                     "stop after this many steps; 0 = no limit");
    return t;
}

Explanation explain(const Puzzle& puzzle, const ExplainOptions& options,
                    const std::atomic<bool>* cancel) {
    explain_option_table().validate(options);
    if (static_cast<int>(puzzle.palette().size()) > kMaxSearchColours)
        throw std::invalid_argument("explain: the palette has " +
                                    std::to_string(puzzle.palette().size()) + " colours; at most " +
                                    std::to_string(kMaxSearchColours) +
                                    " (background included) are supported");
    if (std::string why = clue_contradiction(puzzle); !why.empty()) {
        // One step, for the whole puzzle: the clues themselves rule out every grid.
        Explanation e;
        e.status = Status::contradiction;
        e.grid = Grid(puzzle.width(), puzzle.height(), kUnknown);
        ExplainStep s;
        s.kind = StepKind::contradiction;
        s.reason = why + ", so no grid fits the clues";
        e.steps.push_back(std::move(s));
        return e;
    }
    if (puzzle.black_and_white()) return Explainer<BinaryDomain>(puzzle, options, cancel).run();
    return Explainer<ColourDomain>(puzzle, options, cancel).run();
}

}  // namespace nonolab::exact

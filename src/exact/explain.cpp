#include "exact/explain.hpp"

#include <deque>
#include <stdexcept>

#include "core/budget.hpp"
#include "core/clue_contradiction.hpp"
#include "line/colour_line_solver.hpp"
#include "line/line_solver.hpp"

namespace nonolab::exact {

namespace {

constexpr int kMaxExplainColours = 64;  // the 64-bit path of the colour line solver

// Lines are numbered rows 0..h-1, then columns h..h+w-1, as in propagator.hpp.
class Explainer {
  public:
    Explainer(const Puzzle& p, const ExplainOptions& o, const std::atomic<bool>* cancel)
        : p_(p), options_(o), budget_(o.timeout_seconds, cancel), grid_(p.width(), p.height()) {
        for (const Clue& c : p.rows()) lengths_.push_back(lengths_of(c));
        for (const Clue& c : p.columns()) lengths_.push_back(lengths_of(c));
    }

    Explanation run();

  private:
    int lines() const { return p_.height() + p_.width(); }
    bool is_row(int line) const { return line < p_.height(); }
    int index_of(int line) const { return is_row(line) ? line : line - p_.height(); }
    int length_of(int line) const { return is_row(line) ? p_.width() : p_.height(); }
    const Clue& clue_of(int line) const {
        return is_row(line) ? p_.row(line) : p_.column(line - p_.height());
    }
    static std::vector<int> lengths_of(const Clue& c) {
        std::vector<int> out;
        for (const Run& r : c) out.push_back(r.length);
        return out;
    }
    int offset(int line, int i) const {
        const int k = index_of(line);
        return is_row(line) ? k * p_.width() + i : i * p_.width() + k;
    }
    Cell& cell(Grid& g, int line, int i) const { return g.cells()[offset(line, i)]; }
    Cell cell(const Grid& g, int line, int i) const { return g.cells()[offset(line, i)]; }

    bool solve_line(Grid& g, int line, std::vector<int>& changed);
    void push(int line);
    void push_crossing(int line, const std::vector<int>& changed);
    int propagate_quietly(Grid& g, int row, int col);
    enum class Probe { none, decided, contradiction };
    Probe probe_step();
    bool out_of_budget() const;
    bool room_for_a_step() const;
    bool line_step(int line);

    std::string line_reason(int line, const std::vector<Cell>& before,
                            const std::vector<int>& changed) const;
    std::string value_name(Cell v) const;
    std::string cells_text(int line, const std::vector<int>& idx, Cell v) const;

    const Puzzle& p_;
    ExplainOptions options_;
    Budget budget_;
    Grid grid_;
    Explanation out_;
    std::vector<std::vector<int>> lengths_;
    line::LineSolver bw_;
    line::ColourLineSolver colour_;
    std::vector<Cell> scratch_;
    std::vector<int> changed_;  ///< line_step: positions the line solve decided
    std::vector<Cell> before_;  ///< line_step: the line before it
    std::deque<int> queue_;
    std::vector<std::uint8_t> queued_;
};

// Solves one line of `g` in place; `changed` gets the positions it decided.
bool Explainer::solve_line(Grid& g, int line, std::vector<int>& changed) {
    const int n = length_of(line);
    scratch_.resize(n);
    for (int i = 0; i < n; ++i) scratch_[i] = cell(g, line, i);
    const bool ok =
        p_.black_and_white()
            ? bw_.solve(lengths_[line], scratch_)
            : colour_.solve_cells(clue_of(line), static_cast<int>(p_.palette().size()), scratch_);
    changed.clear();
    if (!ok) return false;
    for (int i = 0; i < n; ++i)
        if (cell(g, line, i) == kUnknown && scratch_[i] != kUnknown) {
            cell(g, line, i) = scratch_[i];
            changed.push_back(i);
        }
    return true;
}

void Explainer::push(int line) {
    if (queued_[line]) return;
    queued_[line] = 1;
    queue_.push_back(line);
}

void Explainer::push_crossing(int line, const std::vector<int>& changed) {
    for (int i : changed) push(is_row(line) ? p_.height() + i : i);
}

// The clock, and max_steps once another deduction would need a step.
bool Explainer::out_of_budget() const {
    return budget_.expired();
}

bool Explainer::room_for_a_step() const {
    return options_.max_steps == 0 || static_cast<int>(out_.steps.size()) < options_.max_steps;
}

// Line-solves `g` from the two lines through (row, col) to a fixpoint, with
// no steps recorded. Returns the line that has no placement, or -1.
int Explainer::propagate_quietly(Grid& g, int row, int col) {
    std::deque<int> queue = {row, p_.height() + col};
    std::vector<std::uint8_t> queued(lines(), 0);
    queued[row] = queued[p_.height() + col] = 1;
    std::vector<int> changed;
    while (!queue.empty()) {
        const int line = queue.front();
        queue.pop_front();
        queued[line] = 0;
        if (!solve_line(g, line, changed)) return line;
        for (int i : changed) {
            const int other = is_row(line) ? p_.height() + i : i;
            if (!queued[other]) queued[other] = 1, queue.push_back(other);
        }
    }
    return -1;
}

// Finds the first undecided cell whose every value but one breaks a line;
// records it as a probe step. A cell whose every value breaks a line proves
// there is no solution: a contradiction step.
Explainer::Probe Explainer::probe_step() {
    const int colours = static_cast<int>(p_.palette().size());
    for (int r = 0; r < p_.height(); ++r)
        for (int c = 0; c < p_.width(); ++c) {
            if (grid_.at(r, c) != kUnknown) continue;
            if (budget_.expired()) return Probe::none;
            std::vector<std::pair<Cell, int>> refuted;  // value, the line it breaks
            Cell survivor = kUnknown;
            int survivors = 0;
            for (int v = 0; v < colours && survivors < 2; ++v) {
                Grid g = grid_;
                g.set(r, c, static_cast<Cell>(v));
                const int broken = propagate_quietly(g, r, c);
                if (broken < 0) {
                    survivor = static_cast<Cell>(v);
                    ++survivors;
                } else {
                    refuted.emplace_back(static_cast<Cell>(v), broken);
                }
            }
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
                why += (i ? "; assuming it " : "") + std::string("is ") +
                       value_name(refuted[i].first) + ", line logic leaves " +
                       line_name(is_row(line), index_of(line)) + " with no placement";
            }
            why += ", so it is " + value_name(survivor);
            grid_.set(r, c, survivor);
            out_.steps.push_back({StepKind::probe, true, -1, {{r, c, survivor}}, why});
            push(r);
            push(p_.height() + c);
            return Probe::decided;
        }
    return Probe::none;
}

// Solves `line` and records what it decides as a step. False when the run
// ends here (a contradiction, or no room for another step); status is set.
bool Explainer::line_step(int line) {
    const int n = length_of(line);
    before_.resize(n);
    for (int i = 0; i < n; ++i) before_[i] = cell(grid_, line, i);
    if (!solve_line(grid_, line, changed_)) {
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
    if (changed_.empty()) return true;
    if (!room_for_a_step()) {  // undo what no step describes, and stop
        for (int i : changed_) cell(grid_, line, i) = kUnknown;
        out_.status = Status::timeout;
        return false;
    }
    ExplainStep step{StepKind::line, is_row(line), index_of(line), {}, ""};
    for (int i : changed_) {
        const int r = is_row(line) ? index_of(line) : i;
        const int c = is_row(line) ? i : index_of(line);
        step.cells.push_back({r, c, cell(grid_, line, i)});
    }
    step.reason = line_reason(line, before_, changed_);
    out_.steps.push_back(std::move(step));
    push_crossing(line, changed_);
    return true;
}

Explanation Explainer::run() {
    queued_.assign(lines(), 0);
    for (int l = 0; l < lines(); ++l) push(l);
    while (true) {
        // Complete with every line checked: done, even on the last allowed step.
        if (queue_.empty() && grid_.complete()) {
            out_.status = Status::unique;
            break;
        }
        if (out_of_budget()) {
            out_.status = Status::timeout;
            break;
        }
        if (queue_.empty()) {
            if (options_.probing && !room_for_a_step()) {
                out_.status = Status::timeout;
                break;
            }
            const Probe probe = options_.probing ? probe_step() : Probe::none;
            if (probe == Probe::decided) continue;
            if (probe == Probe::contradiction) {
                out_.status = Status::contradiction;
                break;
            }
            if (out_of_budget()) continue;  // reports the timeout
            out_.status = Status::unsolved;
            const int left = grid_.unknown_count();
            out_.steps.push_back(
                {StepKind::stalled,
                 true,
                 -1,
                 {},
                 std::string(options_.probing ? "line logic and probing" : "line logic") +
                     " decide no more cells: " + std::to_string(left) + " cell" +
                     (left == 1 ? "" : "s") +
                     " stay undecided, so the puzzle needs a guess (it may have several "
                     "solutions)"});
            break;
        }
        const int line = queue_.front();
        queue_.pop_front();
        queued_[line] = 0;
        if (!line_step(line)) break;
    }
    out_.grid = grid_;
    return std::move(out_);
}

std::string Explainer::value_name(Cell v) const {
    if (v == kEmpty) return "empty";
    if (p_.black_and_white()) return "filled";
    return p_.palette()[v].name;
}

// "cells 4-5 and 8 are filled" for the positions of `idx` holding v.
std::string Explainer::cells_text(int line, const std::vector<int>& idx, Cell v) const {
    std::vector<int> pos;
    for (int i : idx)
        if (cell(grid_, line, i) == v) pos.push_back(i);
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
std::string Explainer::line_reason(int line, const std::vector<Cell>& before,
                                   const std::vector<int>& changed) const {
    const Clue& clue = clue_of(line);
    const int n = length_of(line);
    int known = 0;
    for (Cell c : before) known += c != kUnknown;
    std::string head = line_name(is_row(line), index_of(line)) + ": clue " +
                       clue_to_string(clue, p_.palette()) + " in " + std::to_string(n) + " cells";
    if (clue.empty()) return head + ": no runs, so every cell is empty";
    std::string what;
    for (int v = 0; v < static_cast<int>(p_.palette().size()); ++v) {
        const std::string t = cells_text(line, changed, static_cast<Cell>(v));
        if (!t.empty()) what += (what.empty() ? "" : " and ") + t;
    }
    bool complete = known + static_cast<int>(changed.size()) == n;
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
    if (static_cast<int>(puzzle.palette().size()) > kMaxExplainColours)
        throw std::invalid_argument("explain: the palette has " +
                                    std::to_string(puzzle.palette().size()) + " colours; at most " +
                                    std::to_string(kMaxExplainColours) +
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
    return Explainer(puzzle, options, cancel).run();
}

}  // namespace nonolab::exact

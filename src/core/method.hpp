// The interface every solving method shares (harmony search, genetic
// algorithms, simulated annealing, the network searches, the exact solver):
// what a run is given, what it returns, and how it is judged. It lives in
// core so that each method family can implement it without knowing the
// others; the registry of all of them is src/methods/registry.hpp, the one
// layer built above every family.
//
// Contract for a method:
//   - It is a pure function of (puzzle, params, control.seed): same inputs,
//     same result (apart from `seconds`), whatever thread it runs on.
//   - It counts evaluations in its paper's unit (one candidate generated and
//     scored = one evaluation) and stops at its own iteration limit, at error
//     0, or when control.budget expires, whichever comes first.
//   - It never throws inside the loop; bad params throw std::invalid_argument
//     before the loop starts, with a message naming the parameter.
//   - `best` is the best grid it saw; the caller verifies it independently
//     before calling anything solved.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"

namespace nonolab {

/// Method parameters as text, e.g. {"hms": "30", "par": "0.7"}: what the CLI's
/// `--param key=value` and experiment configs supply. Each method parses them
/// into its own options struct with its OptionTable (options.hpp), which
/// rejects unknown keys.
using ParamMap = std::map<std::string, std::string>;

/// What the caller controls about one run, common to all methods.
struct RunControl {
    std::uint64_t seed = 1;  ///< the only source of randomness
    Budget budget;           ///< wall clock + cancellation; polled every few hundred evaluations
    std::int64_t curve_every =
        0;  ///< record (evaluation, best error) every this many evaluations; 0 = off
    std::int64_t max_evaluations = 0;  ///< overrides the method's own iteration limit when > 0
};

/// One sample of a convergence curve.
struct CurvePoint {
    std::int64_t evaluation;  ///< evaluations done so far
    std::int64_t best_error;  ///< best objective value so far (0 = all clues met)
};

/// The outcome of one run.
struct MetaResult {
    bool reached_zero = false;     ///< the objective hit 0 (caller still verifies `best`)
    bool timed_out = false;        ///< the budget expired before the iteration limit
    Grid best;                     ///< best candidate seen (complete grid, no unknowns)
    std::int64_t best_error = -1;  ///< objective value of `best`
    std::int64_t evaluations = 0;  ///< in the paper's unit
    std::vector<CurvePoint>
        curve;  ///< empty unless control.curve_every > 0; ends with the final point
    std::map<std::string, double> stats;        ///< extra per-method numbers (e.g. "fixed_cells")
    std::map<std::string, std::string> labels;  ///< extra per-method words (e.g. "grade")

    // Complete methods (the exact solver) prove a verdict instead of
    // minimising an objective. `proven` is that verdict (unique, multiple,
    // solved, contradiction or timeout); Status::error means "not a complete
    // method: judge `best`". run_verified still verifies every solution.
    Status proven = Status::error;
    std::vector<Grid> solutions;  ///< every solution found, in order (complete methods)
    Grid partial;                 ///< where logic stopped, when it did not finish (may be empty)
    std::string reason;  ///< why the verdict holds when no search was needed (clue_contradiction)
};

/// One documented parameter of a method, for --help and --list-methods.
struct ParamDoc {
    std::string key;
    std::string default_value;
    std::string help;
};

using MethodFn = std::function<MetaResult(const Puzzle&, const ParamMap&, const RunControl&)>;

/// A registered method.
struct MethodInfo {
    std::string name;         ///< the --method name, e.g. "hs-c"
    std::string description;  ///< one line
    std::string paper;        ///< the paper and section it implements
    /// Builds the parameter list on demand (params()): formatting every
    /// method's defaults is work for --list-methods and --help, not for a run
    /// that only looks a method up.
    std::function<std::vector<ParamDoc>()> describe_params;
    MethodFn run;
    std::vector<std::string> aliases = {};  ///< other names find_method accepts (a paper's own)

    /// The documented parameters (empty for a method without any).
    std::vector<ParamDoc> params() const {
        return describe_params ? describe_params() : std::vector<ParamDoc>{};
    }
};

/// Throws std::invalid_argument listing the keys still in `left` and the allowed ones.
void reject_unknown(const ParamMap& left, const std::string& method,
                    const std::vector<ParamDoc>& allowed);

}  // namespace nonolab

namespace nonolab {

/// A run judged by the independent verify: what `solve --method` and
/// `experiment` report.
struct Verdict {
    Status status = Status::error;  ///< solved (best passes verify), unsolved, timeout or error
    MetaResult result;              ///< the method's own result
    std::string error;              ///< set when status == error (bad params, internal fault)
};

/// Run `method` on `puzzle` and judge the outcome: "solved" only when
/// verify(puzzle, result.best) passes, whatever the method's own objective
/// says; otherwise "timeout" if the budget ran out, else "unsolved". A
/// complete method's proven verdict stands when every solution it reports
/// passes verify; one that fails makes the run an error ("internal error").
/// Clues that admit no grid (clue_contradiction.hpp) are `contradiction`,
/// with result.reason, for every method: none of them runs.
/// Bad params and colour puzzles give status error with a message; nothing throws.
Verdict run_verified(const MethodInfo& method, const Puzzle& puzzle, const ParamMap& params,
                     const RunControl& control);

}  // namespace nonolab

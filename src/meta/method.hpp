// The meta-heuristic core shared by every paper method (harmony search,
// genetic algorithms, simulated annealing, ...): what a run is given, what it
// returns, and the registry that the CLI (`solve --method`, `experiment`) and
// the bindings look methods up in.
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

namespace nonolab::meta {

/// Method parameters as text, e.g. {"hms": "30", "par": "0.7"}: what the CLI's
/// `--param key=value` and experiment configs supply. Each method parses them
/// into its own options struct (see parse helpers below) and rejects unknown keys.
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
    std::map<std::string, double> stats;  ///< extra per-method numbers (e.g. "fixed_cells")
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
    std::vector<ParamDoc> params;
    MethodFn run;
    std::vector<std::string> aliases = {};  ///< other names find_method accepts (a paper's own)
};

/// Every meta-heuristic method, in display order.
const std::vector<MethodInfo>& methods();

/// The method called `name` (or with `name` among its aliases), or nullptr.
const MethodInfo* find_method(const std::string& name);

/// Parse helpers for method option structs: each removes `key` from `left`
/// (so leftovers are unknown keys) and throws std::invalid_argument naming the
/// key on a malformed or out-of-range value.
void take_param(ParamMap& left, const std::string& key, double& out, double lo, double hi);
void take_param(ParamMap& left, const std::string& key, std::int64_t& out, std::int64_t lo,
                std::int64_t hi);
void take_param(ParamMap& left, const std::string& key, int& out, int lo, int hi);
void take_param(ParamMap& left, const std::string& key, bool& out);
/// Throws std::invalid_argument listing the keys still in `left` and the allowed ones.
void reject_unknown(const ParamMap& left, const std::string& method,
                    const std::vector<ParamDoc>& allowed);

}  // namespace nonolab::meta

namespace nonolab::meta {

/// A run judged by the independent verify: what `solve --method` and
/// `experiment` report.
struct Verdict {
    Status status = Status::error;  ///< solved (best passes verify), unsolved, timeout or error
    MetaResult result;              ///< the method's own result
    std::string error;              ///< set when status == error (bad params, internal fault)
};

/// Run `method` on `puzzle` and judge the outcome: "solved" only when
/// verify(puzzle, result.best) passes, whatever the method's own objective
/// says; otherwise "timeout" if the budget ran out, else "unsolved".
/// Bad params and colour puzzles give status error with a message; nothing throws.
Verdict run_verified(const MethodInfo& method, const Puzzle& puzzle, const ParamMap& params,
                     const RunControl& control);

}  // namespace nonolab::meta

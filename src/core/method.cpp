#include "core/method.hpp"

#include <stdexcept>

#include "core/clue_contradiction.hpp"
#include "core/verify.hpp"

namespace nonolab {

void reject_unknown(const ParamMap& left, const std::string& method,
                    const std::vector<ParamDoc>& allowed) {
    if (left.empty()) return;
    std::string msg = "method '" + method + "' has no parameter";
    msg += left.size() > 1 ? "s " : " ";
    bool first = true;
    for (const auto& [k, v] : left) {
        msg += (first ? "'" : ", '") + k + "'";
        first = false;
    }
    msg += "; it takes: ";
    first = true;
    for (const auto& p : allowed) {
        msg += (first ? "" : ", ") + p.key;
        first = false;
    }
    if (allowed.empty()) msg += "(none)";
    throw std::invalid_argument(msg);
}

Verdict run_verified(const MethodInfo& method, const Puzzle& puzzle, const ParamMap& params,
                     const RunControl& control) {
    Verdict v;
    if (std::string why = clue_contradiction(puzzle); !why.empty()) {
        v.status = v.result.proven = Status::contradiction;
        v.result.reason = std::move(why);
        return v;
    }
    try {
        v.result = method.run(puzzle, params, control);
    } catch (const std::exception& e) {
        v.status = Status::error;
        v.error = e.what();
        return v;
    }
    const MetaResult& r = v.result;
    if (r.proven != Status::error) {
        // The independent referee sees every solution before anyone else does.
        for (const Grid& g : r.solutions)
            if (const VerifyResult check = verify(puzzle, g); !check) {
                v.status = Status::error;
                v.error = "internal error: the solver produced a grid that fails verify: " +
                          check.reason + " (please report this puzzle)";
                return v;
            }
        v.status = r.proven;
        return v;
    }
    if (r.best.size() == puzzle.width() * puzzle.height() && r.best.width() == puzzle.width() &&
        verify(puzzle, r.best)) {
        v.status = Status::solved;
    } else {
        // Not verified. A method whose objective reached 0 without meeting
        // every clue (the weak GA fitnesses of Bobko & Grzywacz do this, as
        // their paper shows) has not solved the puzzle either.
        v.status = r.timed_out ? Status::timeout : Status::unsolved;
    }
    return v;
}

}  // namespace nonolab

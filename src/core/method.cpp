#include "core/method.hpp"

#include <charconv>
#include <stdexcept>

#include "core/verify.hpp"

namespace nonolab {

namespace {

[[noreturn]] void bad(const std::string& key, const std::string& value, const std::string& want) {
    throw std::invalid_argument("parameter '" + key + "': got '" + value + "', expected " + want);
}

}  // namespace

void take_param(ParamMap& left, const std::string& key, double& out, double lo, double hi) {
    auto it = left.find(key);
    if (it == left.end()) return;
    const std::string v = it->second;
    left.erase(it);
    double x = 0;
    const auto r = std::from_chars(v.data(), v.data() + v.size(), x);
    if (r.ec != std::errc() || r.ptr != v.data() + v.size())
        bad(key, v, "a number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    if (x < lo || x > hi)
        bad(key, v, "a number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    out = x;
}

void take_param(ParamMap& left, const std::string& key, std::int64_t& out, std::int64_t lo,
                std::int64_t hi) {
    auto it = left.find(key);
    if (it == left.end()) return;
    const std::string v = it->second;
    left.erase(it);
    std::int64_t x = 0;
    const auto r = std::from_chars(v.data(), v.data() + v.size(), x);
    const std::string want =
        "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    if (r.ec != std::errc() || r.ptr != v.data() + v.size()) bad(key, v, want);
    if (x < lo || x > hi) bad(key, v, want);
    out = x;
}

void take_param(ParamMap& left, const std::string& key, int& out, int lo, int hi) {
    std::int64_t x = out;
    take_param(left, key, x, lo, hi);
    out = static_cast<int>(x);
}

void take_param(ParamMap& left, const std::string& key, bool& out) {
    auto it = left.find(key);
    if (it == left.end()) return;
    const std::string v = it->second;
    left.erase(it);
    if (v == "1" || v == "true" || v == "yes" || v == "on")
        out = true;
    else if (v == "0" || v == "false" || v == "no" || v == "off")
        out = false;
    else
        bad(key, v, "true or false");
}

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

int take_choice(ParamMap& left, const std::string& key, const std::vector<std::string>& choices,
                int current) {
    auto it = left.find(key);
    if (it == left.end()) return current;
    const std::string v = it->second;
    left.erase(it);
    for (std::size_t i = 0; i < choices.size(); ++i)
        if (choices[i] == v) return static_cast<int>(i);
    std::string want;
    for (std::size_t i = 0; i < choices.size(); ++i) want += (i ? " | " : "") + choices[i];
    bad(key, v, want);
}

Verdict run_verified(const MethodInfo& method, const Puzzle& puzzle, const ParamMap& params,
                     const RunControl& control) {
    Verdict v;
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

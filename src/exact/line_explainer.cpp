#include "exact/line_explainer.hpp"

#include <algorithm>
#include <cassert>

namespace nonolab::exact {

bool LineExplainer::holds(int line, int target, Cell value) {
    scratch_ = trial_;
    const bool ok = lines_.solve(line, scratch_);
    if (target < 0) return !ok;
    // A subset of cells that were consistent stays consistent.
    assert(ok);
    return ok && scratch_[target] == value;
}

int LineExplainer::shrink(int line, std::span<const Cell> cells, std::vector<int>& known,
                          int target, Cell value) {
    trial_.assign(cells.begin(), cells.end());
    if (target >= 0) trial_[target] = kUnknown;
    assert(holds(line, target, value));
    int solves = 0;
    kept_.clear();
    const int n = static_cast<int>(known.size());
    for (int begin = 0; begin < n; begin += kBlock) {
        const int end = std::min(n, begin + kBlock);
        if (end - begin > 1) {
            for (int i = begin; i < end; ++i) trial_[known[i]] = kUnknown;
            ++solves;
            if (holds(line, target, value)) continue;  // the whole block goes
        }
        // One by one.
        for (int i = begin; i < end; ++i) trial_[known[i]] = cells[known[i]];
        for (int i = begin; i < end; ++i) {
            trial_[known[i]] = kUnknown;
            ++solves;
            if (holds(line, target, value)) continue;
            trial_[known[i]] = cells[known[i]];
            kept_.push_back(known[i]);
        }
    }
    known.swap(kept_);
    return solves;
}

}  // namespace nonolab::exact

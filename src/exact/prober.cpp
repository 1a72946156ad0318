#include "exact/prober.hpp"

#include <bit>
#include <cassert>
#include <utility>

namespace nonolab::exact {

namespace {

// True when every cell of `after` allows no more than the same cell of
// `before` (for the asserts: a probe only narrows).
template <CellDomain Domain>
bool narrows(const typename Domain::State& after, const typename Domain::State& before) {
    const auto* a = Domain::cells(after);
    const auto* b = Domain::cells(before);
    for (std::size_t i = 0, n = before.size(); i < n; ++i)
        if (Domain::join(a[i], b[i]) != b[i]) return false;
    return true;
}

}  // namespace

template <CellDomain Domain>
Propagation BasicProber<Domain>::try_value(const State& state, int cell, Value value, State& out,
                                           const Budget& budget) {
    // A probe tries one of the values an open cell may still take.
    assert(!Domain::decided(Domain::cells(state)[cell]));
    assert(Domain::join(Domain::cells(state)[cell], value) == Domain::cells(state)[cell]);
    out = state;  // same size every time: reuses the buffer, no allocation
    Domain::cells(out)[cell] = value;
    prop_.note_change(cell);
    return prop_.run(out, budget, false);
}

template <CellDomain Domain>
typename BasicProber<Domain>::CellProbe BasicProber<Domain>::probe_cell(State& state, int cell,
                                                                        const Budget& budget,
                                                                        long& score) {
    ++probes_;
    int survivors = 0;
    for (std::uint64_t m = Domain::candidates(Domain::cells(state)[cell]); m; m &= m - 1) {
        const Value value = Domain::value_of(std::countr_zero(m));
        const Propagation p = try_value(state, cell, value, trial_, budget);
        if (p == Propagation::out_of_time) return CellProbe::out_of_time;
        if (p == Propagation::contradiction) continue;
        // The newest survivor becomes last_; the one before it is folded
        // into joined_ (the first fold is a swap).
        if (survivors == 1) {
            std::swap(joined_, last_);
        } else if (survivors > 1) {
            Value* j = Domain::cells(joined_);
            const Value* l = Domain::cells(last_);
            for (std::size_t i = 0, n = state.size(); i < n; ++i) j[i] = Domain::join(j[i], l[i]);
        }
        std::swap(last_, trial_);
        ++survivors;
    }
    if (survivors == 0) return CellProbe::contradiction;
    if (survivors == 1) {
        // One value is possible: its propagated result is this node's.
        assert(narrows<Domain>(last_, state));
        std::swap(state, last_);
        ++forced_;
        return CellProbe::narrowed;
    }
    // One pass: the last join, each side's gain, and the narrowing.
    long gain_a = 0, gain_b = 0;
    bool narrowed = false;
    Value* s = Domain::cells(state);
    const Value* a = Domain::cells(joined_);
    const Value* b = Domain::cells(last_);
    for (int y = 0, n = static_cast<int>(state.size()); y < n; ++y) {
        if (Domain::decided(s[y])) continue;
        gain_a += a[y] != s[y];
        gain_b += b[y] != s[y];
        const Value joined = Domain::join(a[y], b[y]);
        assert(Domain::join(joined, s[y]) == s[y]);  // both sides only narrowed s
        if (joined == s[y]) continue;
        s[y] = joined;
        prop_.note_change(y);
        narrowed = true;
    }
    if (narrowed) {
        ++forced_;
        const Propagation p = prop_.run(state, budget, false);
        if (p == Propagation::out_of_time) return CellProbe::out_of_time;
        if (p == Propagation::contradiction) return CellProbe::contradiction;
        return CellProbe::narrowed;
    }
    // Branch where both subtrees shrink most: the product rewards balance,
    // the sum breaks ties toward more information overall. (With more than
    // two survivors, side a is the join of all but the last.)
    score = gain_a * gain_b * 4 + gain_a + gain_b;
    return CellProbe::learnt_nothing;
}

template <CellDomain Domain>
ProbeResult BasicProber<Domain>::run(State& state, const Budget& budget) {
    const int n = static_cast<int>(state.size());
    bool changed = true;
    while (changed) {
        changed = false;
        best_cell_ = -1;
        int best_values = 0;
        long best_score = -1;
        for (int x = 0; x < n; ++x) {
            if (Domain::decided(Domain::cells(state)[x])) continue;
            long score = -1;
            switch (probe_cell(state, x, budget, score)) {
                case CellProbe::out_of_time:
                    return ProbeResult::out_of_time;
                case CellProbe::contradiction:
                    return ProbeResult::contradiction;
                case CellProbe::narrowed:
                    changed = true;
                    break;
                case CellProbe::learnt_nothing: {
                    const int values = std::popcount(Domain::candidates(Domain::cells(state)[x]));
                    if (best_cell_ < 0 || values < best_values ||
                        (values == best_values && score > best_score))
                        best_cell_ = x, best_values = values, best_score = score;
                    break;
                }
            }
        }
    }
    assert(best_cell_ < 0 || !Domain::decided(Domain::cells(state)[best_cell_]));
    return ProbeResult::closed;
}

template class BasicProber<BinaryDomain>;
template class BasicProber<ColourDomain>;

}  // namespace nonolab::exact

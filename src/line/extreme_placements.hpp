// Extreme placements: the left-most and the right-most arrangement of a
// line's runs that agree with its known cells: a cheap
// early exit before the full DP.
//
// The left-most arrangement puts every run at the smallest start any
// consistent arrangement gives it; the right-most one at the largest. Both
// exist exactly when the line is consistent, and the pass that finds them
// touches each cell a few times on typical lines, against the DP's full
// table. The extremes alone give only the "overlap" cells, not every forced
// cell, so they serve rules that want them (meta/logical_rules.hpp), not the
// complete line solvers. Two early exits before the DP (no left-most
// arrangement: contradiction; left-most == right-most: one arrangement) were
// built and removed: 96% of the DP calls in probing search needed the DP
// anyway, and the pass made taai2011 11% slower (docs/results/exact.md,
// "Removed options").
//
// Method (left-most; the right-most is the left-most of the mirrored line):
// place runs left to right, each at its earliest start s >= pos where its
// cells hold no known-empty cell and the cell after it is not known filled.
// If the gap before the run then holds a known-filled cell f, no start of
// this run from pos on covers f, so an earlier run must reach f: the
// previous run's start must be at least f - len + 1 (if that run lies
// beyond f instead, its start is larger still). Raise that bound, step back
// one run and place again. A filled cell after the last run triggers the
// same step. Every start only grows, and each is a lower bound on the start
// of that run in every consistent arrangement, so when all runs sit without
// a filled cell left uncovered, the result is the left-most arrangement;
// when a run no longer fits, there is none. Worst case O(n k), usually O(n).
//
// A test checks both extremes against the minimum and maximum starts of
// feasible_starts (run_starts.hpp) and brute force.
#pragma once

#include <span>

#include "core/grid.hpp"

namespace nonolab::line {

/// Writes into starts[0..k) the start of each run in the left-most
/// arrangement consistent with `cells`. Returns false when there is none
/// (then `starts` is unspecified). `starts` must hold runs.size() ints.
bool leftmost_starts(std::span<const int> runs, std::span<const Cell> cells, std::span<int> starts);

/// The same for the right-most arrangement (largest start of each run).
bool rightmost_starts(std::span<const int> runs, std::span<const Cell> cells,
                      std::span<int> starts);

}  // namespace nonolab::line

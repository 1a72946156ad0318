// The combinations of a line (Buades Rubio et al. 2024, section 2.3.1,
// Figures 3 and 6): every placement of a clue's runs in a line of n cells,
// each as a bit mask (bit i = cell i filled, cell 0 = left / top).
//
// The heuristic H lists them once per puzzle and then keeps, per line, the
// ones still compatible with the board. Their number is C(s + k, k) for k
// runs and s free cells, which explodes on long lines with many short runs
// (C(22, 9) = 497,420 on a 30-cell line), so callers ask for the count first
// and fall back to the DP line solver above a limit (heuristic_search.hpp).
//
// Lines are limited to 64 cells by the mask type.
#pragma once

#include <cstdint>
#include <vector>

namespace nonolab::nn {

/// Longest line a combination mask holds.
inline constexpr int kMaxCombinationLine = 64;

/// Mask of the n cells of a line (n <= 64).
inline std::uint64_t line_mask(int n) {
    return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
}

/// Number of placements of `runs` in n cells, saturated at `cap` + 1 (so a
/// caller can tell "more than cap" without the exact, possibly huge, value).
/// 0 when the runs do not fit.
std::uint64_t count_combinations(const std::vector<int>& runs, int n, std::uint64_t cap);

/// Appends every placement of `runs` in n cells (n <= 64) to `out`, in
/// lexicographic order of the run start positions: the first has every run
/// packed to the left, the last every run packed to the right.
void list_combinations(const std::vector<int>& runs, int n, std::vector<std::uint64_t>& out);

}  // namespace nonolab::nn

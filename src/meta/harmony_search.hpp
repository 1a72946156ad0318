// Harmony search for nonograms: Lee & Geem, "Harmony Search Algorithm with
// Two Problem-Specific Operators for Solving Nonogram Puzzle", Mathematics
// 13(9) 1470, 2025. Registered as methods hs-a, hs-b, hs-c and hs-c+.
//
//     RunControl control;  control.seed = 7;
//     MetaResult r = meta::harmony_search(puzzle, meta::HarmonyVersion::c, {}, control);
//     // r.reached_zero, r.best, r.evaluations (improvisations), r.curve
//
// The model (section 2.2): one decision variable per row (a bit string), the
// objective is the error score (error_score.hpp), 0 = solved. The loop
// (section 3.1): a harmony memory of HMS candidates; each iteration improvises
// one harmony row by row -- with probability HMCR memory consideration copies
// the row from a random member and then, with probability PAR, pitch
// adjustment changes it; otherwise random selection makes it -- scores it,
// and lets it replace the worst member if it is strictly better. Stop at
// error 0 or after the iteration limit. One iteration = one harmony
// improvised and scored = one evaluation (the paper's unit, section 4).
//
//   version A (3.2.1)  random rows; pitch adjustment flips one random bit.
//   version B (3.2.2)  as A, but cells confirmed by the overlap rule
//                      (overlap_rule.hpp) are fixed first and never change.
//   version C (3.2.3)  rows are built from the row clue (clue_constrained_rows.hpp)
//                      so they always meet it; only column error remains.
//   hs-c+ (ours)       version C on the cells that line solving and two-sided
//                      probing (exact/) leave open, sampling arrangements that
//                      agree with the forced cells, with a memory that refuses
//                      duplicates and a restart when the best error stagnates.
//
// Not suited to: large puzzles (the search is blind beyond a few hundred
// cells; the exact solver is far faster on everything here) and colour
// puzzles (refused). Puzzles are limited to 64x64 by the bit representation.
//
// Deviations from the paper (each is discussed in docs/methods.md):
//   - Ambiguous points get our reading, with the alternative as a --param:
//     memory consideration per row (alt. per cell, A/B), a single overlap
//     scan (alt. line-solving fixpoint, B), extra whites dropped into
//     uniform gap positions (alt. uniform over patterns, C).
//   - The overlap scan also fixes white cells of empty lines and of lines
//     with slack 0; the paper's equation (2) counts black cells only.
//   - The initial memory (HMS random harmonies) is not counted in
//     evaluations, as the paper reports 1 iteration when it already holds
//     the solution; it is reported as stats.initial_harmonies. The stop test
//     follows each improvisation, so a solved run takes at least 1.
//   - Rows whose value is already decided (no free cell in B, no extra white
//     in C) skip the random draws: same distribution, fewer draws.
//   - Incremental scoring (incremental_score.hpp): only rows and columns
//     that changed since the previous harmony are re-scored. Same values.
//   - Version C's hot path tests HMCR and PAR against 32-bit thresholds
//     (exact to 2^-32) and splits 64-bit draws into two choices; rows with
//     few arrangements use lookup tables (clue_constrained_rows.hpp). Same
//     distributions, other streams than a draw-for-draw reimplementation.
//   - hs-c+ is ours: see docs/methods.md for its parts, how its defaults
//     (probing on, PAR 0.2, restart after 10,000 iterations without progress)
//     were chosen, and where it still fails.
#pragma once

#include <cstdint>
#include <vector>

#include "core/method.hpp"
#include "core/options.hpp"
#include "core/puzzle.hpp"

namespace nonolab::meta {

enum class HarmonyVersion { a, b, c, c_plus };

/// Options of every version; each method accepts the keys that apply to it.
struct HarmonyOptions {
    int hms = 30;                       ///< harmony memory size (section 4: 30)
    double hmcr = 0.95;                 ///< harmony memory considering rate (0.95)
    double par = 0.7;                   ///< pitch adjusting rate (0.7)
    std::int64_t iterations = 1000000;  ///< improvisations before giving up (10^6)
    bool cell_memory = false;           ///< A, B: memory consideration per cell, not per row
    bool fixpoint = false;              ///< B: line-solve the overlap scan to a fixpoint
    bool uniform_patterns =
        false;               ///< C: random rows uniform over arrangements, not over gap drops
    bool line_solve = true;  ///< C+: fix the cells forced by line solving first
    bool probe = true;       ///< C+: with line_solve, also fix what probing forces
    bool distinct = true;    ///< C+: never admit a copy of a member already in memory
    bool restart_keep_best = true;       ///< C+: a restart keeps the best member in memory
    std::int64_t restart_after = 10000;  ///< C+: re-seed the memory (best kept) after this many
                                         ///< iterations without a new best; 0 = never
};

/// Defaults for `version` (hs-c+ changes a few, see harmony_search.cpp).
HarmonyOptions harmony_defaults(HarmonyVersion version);

/// The keys `version` accepts, with their ranges and help; its documented
/// defaults are table.docs(harmony_defaults(version)). validate() checks a
/// struct built in code against the same ranges.
const OptionTable<HarmonyOptions>& harmony_option_table(HarmonyVersion version);

/// Parses `params` over harmony_defaults(version); throws std::invalid_argument
/// naming a bad or unknown key.
HarmonyOptions parse_harmony_options(HarmonyVersion version, const ParamMap& params);

/// One run. Throws std::invalid_argument before starting on a colour puzzle,
/// a puzzle larger than 64x64 or options out of harmony_option_table(version)'s ranges.
MetaResult harmony_search(const Puzzle& puzzle, HarmonyVersion version,
                          const HarmonyOptions& options, const RunControl& control);

/// hs-a, hs-b, hs-c and hs-c+, for the method registry.
std::vector<MethodInfo> harmony_search_methods();

}  // namespace nonolab::meta

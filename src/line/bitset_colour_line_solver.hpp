// BitsetColourLineSolver: the colour line solver of the reference DP
// tests/oracle/colour_line_solver.hpp (webpbn rules, one uint64 colour set
// per cell, bit 0 = background) with its DP tables held as bitsets, as
// BitsetLineSolver does for black and white (bitset_line_solver.hpp).
// Same contract and the same answers as that
// ColourLineSolver's solve(clue, span<uint64_t>);
// tests/line/bitset_colour_line_solver_test.cpp checks it against that
// solver and against brute force. Lines over 127 cells run on multi-word
// bit vectors with the windows, fits, spread and closure of wide_bits.hpp,
// which WideLineSolver uses too.
//
//     BitsetColourLineSolver solver;              // reuse it: scratch is kept
//     std::vector<std::uint64_t> cells(n, 0b111);  // {bg, a, b} everywhere
//     if (!solver.solve({{2, 1}, {1, 2}}, cells)) ...  // contradiction
//
// The DP of colour_line_solver.hpp, restated over sets of positions 0..n
// (bit i of a word = position i; a cell x is the step from position x to
// x+1). The input is read once into one bit vector per distinct colour of
// the clue plus one for the background:
//   bg       = { x : cell x may be background }
//   allow[c] = { x : cell x may be colour c }
// The tables, for blocks b = 0..k-1 of length len_b and colour c_b:
//   fwd[j] = { i : the prefix [0, i) can hold blocks 0..j-1, rest background }
//   bwd[j] = { i : the suffix [i, n) can hold blocks j..k-1, rest background }
// and per block, as word operations:
//   fit[b]   = starts s whose cells s..s+len_b-1 all lie in allow[c_b]: the
//              AND of allow >> 0..len_b-1, built by doubling the covered
//              width (log2(len_b) shift-ANDs). Bits of allow at or past n
//              are zero, so no start past n - len_b survives.
//   left[b]  = fit[b] & fwd[b]                     if c_{b-1} != c_b (or b = 0)
//            = fit[b] & ((fwd[b] & bg) << 1)       if c_{b-1} == c_b:
//              the same-colour gap rule as a mask and a shift: block b may
//              start at s only if a prefix holding blocks 0..b-1 ends at
//              s-1 and cell s-1 may be background. Blocks of different
//              colours may touch, so there fwd[b] itself is the start set
//              (fwd[b] also holds the prefixes that end in background).
//   fwd[b+1] = closure(left[b] << len_b, bg): the ends of block b, then
//              every position reachable from an end through cells that may
//              be background. closure is the carry trick of
//              bitset_line_solver.hpp: in m + (s & m) a carry enters at each
//              seed that lies in m, ripples up through the stretch of m above
//              it and stops at the first position outside m, so
//              ((m + (s & m)) ^ m) | s is exactly the seeds plus the
//              stretches they reach.
//   fwd[0]   = closure(1, bg). The line is consistent iff bit n of fwd[k].
// The backward table runs downwards, where a carry cannot help (carries only
// move up), and instead of mirroring the line (bit reversals, and the fits
// of the mirrored line again) it uses a second, doubling closure:
//   down(s)  = positions reachable from s by steps i+1 -> i through cells i
//              in bg. With run[d] = { i : cells i..i+d-1 all in bg } for d =
//              1, 2, 4, ... (run[2d] = run[d] & (run[d] >> d), computed once
//              per line), r |= (r >> d) & run[d] for each d in turn: after
//              the step for d, r holds every position reachable in fewer
//              than 2d steps. The doubling stops at the first empty run[d]
//              (no stretch of d background cells, so no longer walk), so a
//              line with known cells pays fewer steps; and once d exceeds
//              the slack (n minus the clue's minimal length): in an
//              arrangement, the background between two blocks is the
//              same-colour gap cell (0 or 1, taken by the gap mask in
//              right[b] below, not by a walk) plus at most slack cells, and
//              the stretch after the last block is at most slack, so a
//              walk of more than slack steps only finds bits that no whole
//              arrangement uses; the answers read only bits of whole
//              arrangements (a prefix bit matched with a suffix bit).
//   right[b] = fit[b] & (bwd[b+1] >> len_b)                 if c_{b+1} != c_b
//            = fit[b] & (((bwd[b+1] >> 1) & bg) >> len_b)   if c_{b+1} == c_b
//   bwd[b]   = down(right[b]);  bwd[k] = down(1 << n).
// A start in left[b] & right[b] is a placement of block b, valid in some
// arrangement, and every cell it covers may take c_b: the cover of colour
// c is the OR over its blocks of spread(left & right, len_b), the OR of the
// placements << 0..len_b-1, again by doubling. A cell x may be background
// iff x is in bg and some split j has fwd[j][x] and bwd[j][x+1]: the OR over
// j of fwd[j] & (bwd[j] >> 1), masked with bg. The answer is built from
// these alone, like the DP's: cells[x] = {0 if x may be background} plus
// every colour whose cover holds x.
//
// So a solve costs O(k log n) word operations, plus O(n * colours) to read
// the sets (two cells per SSE2 instruction where SSE2 exists) and write the
// answer, instead of the DP's O(n k) byte operations.
//
// Word sizes. Lines of up to 63 cells use one 64-bit word (positions 0..n
// need n + 1 bits) and lines of up to 127 cells a 128-bit word, with the
// tables in fixed arrays on the stack (a clue that fits has k <= n blocks).
// Longer lines, of any length, use the same method on rows of 64-bit words
// (WideBits and its carry closure, wide_bits.hpp), each row kept only over
// its window as WideLineSolver does (wide_line_solver.hpp, which argues why
// that is exact): block b can only start in [a_b, a_b + slack], a_b being
// its start when all blocks are packed to the left, so row j of fwd and bwd
// spans from the earliest end of block j-1 to the latest start of block j,
// and a block's work touches O((slack + len) / 64) words, not O(n / 64).
// Their tables live in one member vector grown to the largest line seen, so
// no solve allocates once the longest line (and the longest clue) was seen.
//
// Deviations from ColourLineSolver: none in the answers. A run colour of 64
// or more fits nowhere (as there), so such a clue is a contradiction at once
// (every block must be placed); a clue whose minimal length (lengths plus one
// gap between same-colour neighbours) exceeds n is a contradiction before
// any table is built. Only the 64-bit mask overload exists (palettes up to
// 64 entries), which is all the colour domain holds.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/puzzle.hpp"
#include "line/wide_bits.hpp"

namespace nonolab::line {

class BitsetColourLineSolver {
  public:
    /// Longest line solved on one or two machine words; longer lines use
    /// multi-word bit vectors.
    static constexpr int kMaxWordCells = 127;

    /// Same contract as ColourLineSolver::solve(clue, span<uint64_t>):
    /// narrows every cell's set to the colours some arrangement of `clue`
    /// consistent with `cells` puts there; returns false (cells unchanged)
    /// when no arrangement fits. Run lengths >= 1; a run colour >= 64 fits
    /// nowhere.
    bool solve(const Clue& clue, std::span<std::uint64_t> cells);

    /// A clue in the form the tables read. Indexing costs about a sixth of
    /// a short line's solve, so a caller that solves the same line many
    /// times (the exact solver's ColourLines) indexes each clue once.
    struct IndexedClue {
        /// One block, as the tables need it.
        struct Block {
            int len;                  ///< length
            std::uint8_t slot;        ///< index of its colour among the clue's distinct colours
            std::uint8_t gap_before;  ///< block b-1 has its colour: a background cell between
            std::uint8_t gap_after;   ///< block b+1 has its colour
        };
        std::vector<Block> blocks;
        std::array<std::uint8_t, 64> slot_colour{};  ///< slot_colour[s]: palette colour of slot s
        int slots = 0;                               ///< distinct colours
        long long min_length = 0;  ///< cells the clue needs: lengths plus same-colour gaps
        bool placeable = true;     ///< false: a colour >= 64, which fits nowhere
    };
    static IndexedClue index(const Clue& clue);
    /// solve(clue, cells) for a clue indexed beforehand by index().
    bool solve_indexed(const IndexedClue& clue, std::span<std::uint64_t> cells);

  private:
    static void index_into(const Clue& clue, IndexedClue& out);
    template <class W>
    bool solve_words(std::span<std::uint64_t> cells);
    bool solve_wide(std::span<std::uint64_t> cells);

    using Block = IndexedClue::Block;
    const IndexedClue* clue_ = nullptr;  ///< the clue being solved
    IndexedClue scratch_clue_;           ///< solve(Clue)'s index, reused
    std::vector<int> first_;             ///< multi-word: first possible start of each block
    std::vector<Positions> rows_;        ///< multi-word: window of each table row
    std::vector<std::uint64_t> wide_;    ///< multi-word: every bit vector, see solve_wide
};

}  // namespace nonolab::line

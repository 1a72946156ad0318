// WideBits: a window onto a bitset longer than a machine word, with the few
// operations the multi-word line DP (wide_line_solver.hpp) needs, and no more.
//
// A long bitset is an array of 64-bit words; bit b of word w stands for
// position 64*w + b. A WideBits is a non-owning view of the words
// [base, base + count) of such a bitset: every other word reads as zero.
// The DP keeps each table row as such a window (only the words where that
// run can be), so a row of a 10000-cell line with little slack costs a few
// words instead of 157.
//
// The operations work one word at a time instead of on whole values:
//   - and/or/xor/not are the plain C++ operators on the words that word()
//     returns; the DP applies a whole expression per word in one loop, so no
//     temporary bitset is ever built (and nothing is allocated);
//   - shl_word / shr_word give one word of the bitset shifted by any amount
//     (the two source words that straddle it, each shifted into place);
//   - add_carry is one word of a multi-word addition, carry in and out, and
//     closure the carry trick of bitset_line_solver.hpp built on it;
//   - reflected_word gives one word of the bitset mirrored about a position
//     (reverse_low of the low m bits is the mirror about m - 1);
//   - test and for_each_bit read single positions and iterate set bits.
// Below the struct, what both multi-word DPs (wide_line_solver.hpp and the
// colour one's solve_wide, bitset_colour_line_solver.hpp) do with it: the
// window of a range of positions, a run's fits (all_of_run) and its spread
// over the cells it covers (any_of_run), and the carry-trick closure.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

namespace nonolab::line {

/// Positions lo..hi (inclusive) of a bitset: a table row's window.
struct Positions {
    int lo, hi;
};

/// Words that hold positions lo..hi.
inline int words_of(Positions p) {
    return (p.hi >> 6) - (p.lo >> 6) + 1;
}

struct WideBits {
    std::uint64_t* words = nullptr;  ///< words[i] is word base + i of the bitset
    int base = 0;                    ///< first word of the window
    int count = 0;                   ///< words in the window

    /// The window of `row` (whose first word is the word of p.lo) that holds p.
    static WideBits over(std::uint64_t* row, Positions p) { return {row, p.lo >> 6, words_of(p)}; }

    /// Word w of the bitset (absolute index); zero outside the window.
    /// One unsigned compare covers both w < base and w >= base + count.
    std::uint64_t word(int w) const {
        const unsigned i = static_cast<unsigned>(w - base);
        return i < static_cast<unsigned>(count) ? words[i] : 0;
    }

    /// Word w of (bitset << s), s >= 0: bits move up, so word w takes the
    /// top of word w - q shifted up by r and the top r bits of word w - q - 1
    /// (q = s / 64, r = s % 64). r == 0 is separate: x >> 64 is undefined.
    std::uint64_t shl_word(int w, int s) const {
        const int q = s >> 6, r = s & 63;
        const std::uint64_t hi = word(w - q);
        return r == 0 ? hi : (hi << r) | (word(w - q - 1) >> (64 - r));
    }

    /// Word w of (bitset >> s), s >= 0: the mirror image of shl_word.
    std::uint64_t shr_word(int w, int s) const {
        const int q = s >> 6, r = s & 63;
        const std::uint64_t lo = word(w + q);
        return r == 0 ? lo : (lo >> r) | (word(w + q + 1) << (64 - r));
    }

    /// Bit at position pos (any int; zero outside the window).
    bool test(int pos) const { return pos >= 0 && ((word(pos >> 6) >> (pos & 63)) & 1); }

    /// Word w of the bitset mirrored about position c: bit p of the result is
    /// bit c - p of this one. The 64 result bits 64w..64w+63 come from the
    /// source bits c-64w-63 .. c-64w, read as one word (shr_word, or shl_word
    /// when that range starts below 0) and then bit-reversed.
    std::uint64_t reflected_word(int w, int c) const {
        const int lo = c - 64 * w - 63;  // lowest source position feeding word w
        const std::uint64_t x = lo >= 0 ? shr_bits(lo) : shl_word(0, -lo);
        return reverse_bits(x);
    }

    /// Calls f(pos) for every set bit in the window, in increasing order:
    /// countr_zero finds the lowest set bit, and x &= x - 1 clears it (the
    /// borrow of x - 1 flips exactly the lowest set bit and the zeros below).
    template <class F>
    void for_each_bit(F&& f) const {
        for (int i = 0; i < count; ++i)
            for (std::uint64_t x = words[i]; x; x &= x - 1)
                f(64 * (base + i) + std::countr_zero(x));
    }

    /// The 64 bits at positions lo..lo+63 as one word (lo >= 0).
    std::uint64_t shr_bits(int lo) const { return shr_word(0, lo); }

    /// Bit i of the result is bit 63 - i of x: swap the bytes, then the
    /// nibbles, bit pairs and bits within each byte (3 masked swaps).
    static std::uint64_t reverse_bits(std::uint64_t x) {
        x = __builtin_bswap64(x);
        x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
        x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
        x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
        return x;
    }

    /// One word of a multi-word addition a + b: returns the sum word and
    /// updates `carry` (0 or 1, in and out). A wrapped sum is smaller than
    /// an addend, which is how each of the two partial additions reports its
    /// carry; at most one of them can carry.
    static std::uint64_t add_carry(std::uint64_t a, std::uint64_t b, unsigned& carry) {
        const std::uint64_t t = a + b;
        const std::uint64_t sum = t + carry;
        carry = (t < a) | (sum < t);
        return sum;
    }
};

/// In place: bit s becomes "bits s..s+len-1 were all set" (a run of len
/// starting at s fits), the AND of t >> 0..len-1, doubling the covered
/// width each step. Each step runs upwards: word w reads only words w and
/// above, which that step has not yet changed.
inline void all_of_run(WideBits t, int len) {
    for (int covered = 1; covered < len;) {
        const int step = std::min(covered, len - covered);
        for (int i = 0; i < t.count; ++i) t.words[i] &= t.shr_word(t.base + i, step);
        covered += step;
    }
}

/// In place: bit c becomes "some bit of c-len+1..c was set" (the cells the
/// runs starting there cover), the OR of t << 0..len-1, doubling. Each step
/// runs downwards: word w reads only words w and below.
inline void any_of_run(WideBits t, int len) {
    for (int covered = 1; covered < len;) {
        const int step = std::min(covered, len - covered);
        for (int i = t.count - 1; i >= 0; --i) t.words[i] |= t.shl_word(t.base + i, step);
        covered += step;
    }
}

/// dst = ((m + (s & m)) ^ m) | s over dst's window, where word w of s is
/// seed(w): every position reachable from a seed by steps i -> i + 1 through
/// positions in m. Adding s & m to m puts a carry in at each seed that is in
/// m; the carry ripples up through the stretch of m above it and stops at
/// the first position outside m, so the XOR with m leaves exactly the
/// stretch the carry crossed plus the stop position, and "| s" adds seeds
/// that are not in m. The carry crosses words through add_carry. Seeds and
/// carries from below the window are not seen. Returns false when dst is
/// left all zero.
template <class Seed>
bool closure(WideBits dst, Seed seed, WideBits m) {
    unsigned carry = 0;
    std::uint64_t any = 0;
    for (int i = 0; i < dst.count; ++i) {
        const int w = dst.base + i;
        const std::uint64_t s = seed(w), mw = m.word(w);
        const std::uint64_t sum = WideBits::add_carry(mw, s & mw, carry);
        dst.words[i] = (sum ^ mw) | s;
        any |= dst.words[i];
    }
    return any != 0;
}

}  // namespace nonolab::line

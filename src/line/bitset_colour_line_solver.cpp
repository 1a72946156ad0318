#include "line/bitset_colour_line_solver.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "line/line_invariants.hpp"
#include "line/wide_bits.hpp"
#include "line/word_runs.hpp"

namespace nonolab::line {

// Named, not anonymous: src/line is compiled in unity batches, and
// bitset_line_solver.cpp has file-local helpers of the same names.
namespace colour_bits {

using U128 = unsigned __int128;

template <class W>
constexpr int kBits = static_cast<int>(sizeof(W) * 8);

/// Most blocks and most doubling levels a word-sized line can need.
constexpr int kMaxBlocks = BitsetColourLineSolver::kMaxWordCells;
constexpr int kMaxLevels = 8;  // run lengths 1, 2, 4, ..., 64 (and one spare)

using word_runs::closure_up;
using word_runs::fit_starts;
using word_runs::spread_cover;

/// The background runs of a line: run[t] = { i : cells i..i+2^t-1 all in
/// bg }, for t = 0 .. levels-1, stopping at the first empty one.
template <class W>
struct DownClosure {
    W run[kMaxLevels];
    int levels = 0;

    /// max_walk: the longest walk worth following, the slack (see the header).
    DownClosure(W bg, int max_walk) {
        // A run of 2^t cells needs 2^t <= n, so the word-size bound only
        // keeps every shift below the word size.
        for (W r = bg; r != 0 && (1 << levels) <= max_walk && (1 << levels) < kBits<W>; ++levels) {
            run[levels] = r;
            r &= r >> (1 << levels);
        }
    }

    /// Positions reachable from a seed in s by steps i+1 -> i through
    /// background cells i: after level t, every walk of fewer than 2^(t+1)
    /// steps (see the header).
    W operator()(W s) const {
        for (int t = 0; t < levels; ++t) s |= (s >> (1 << t)) & run[t];
        return s;
    }
};

/// Bits 0..n-1 (n <= 64) of the result: bit x = bit `colour` of cells[x].
/// With SSE2, two cells per instruction: shifting each 64-bit lane left by
/// 63 - colour puts the wanted bit in the lane's sign bit, and movemask_pd
/// reads the two sign bits; eight cells make a byte before it is placed.
std::uint64_t gather64(const std::uint64_t* cells, int n, int colour) {
    std::uint64_t w = 0;
    int x = 0;
#if defined(__SSE2__)
    const __m128i shift = _mm_cvtsi32_si128(63 - colour);
    const auto pair = [&](int at) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells + at));
        return static_cast<unsigned>(_mm_movemask_pd(_mm_castsi128_pd(_mm_sll_epi64(v, shift))));
    };
    for (; x + 8 <= n; x += 8) {
        const unsigned byte =
            pair(x) | (pair(x + 2) << 2) | (pair(x + 4) << 4) | (pair(x + 6) << 6);
        w |= std::uint64_t{byte} << x;
    }
#endif
    for (; x < n; ++x) w |= ((cells[x] >> colour) & 1u) << x;
    return w;
}

/// The same into a word of W (n < bits of W).
template <class W>
W gather(const std::uint64_t* cells, int n, int colour) {
    if constexpr (kBits<W> == 64) {
        return gather64(cells, n, colour);
    } else {
        const int low = std::min(n, 64);
        return (U128{gather64(cells + low, n - low, colour)} << 64) | gather64(cells, low, colour);
    }
}

/// out[x] for x < count (<= 64): background (bit 0) when bit x of
/// `background`, plus colour[s] for every slot s whose cover word has bit x.
/// Cell by cell without branches: iterating the set bits instead mispredicts.
void write_cells64(std::uint64_t* out, int count, std::uint64_t background,
                   const std::uint64_t* cover, const std::uint64_t* colour, int slots) {
    for (int x = 0; x < count; ++x) {
        std::uint64_t m = (background >> x) & 1u;
        for (int s = 0; s < slots; ++s) m |= (0 - ((cover[s] >> x) & 1u)) & colour[s];
        out[x] = m;
    }
}

/// r |= (r >> d) & mask over the words of r's window (mask indexed by
/// absolute word). In place, upwards: word i reads words i + d/64 and the
/// one above, which this pass has not written yet.
void or_shifted_down(WideBits r, int d, const std::uint64_t* mask) {
    const int q = d >> 6, s = d & 63, count = r.count;
    std::uint64_t* const x = r.words;
    for (int i = 0; i < count; ++i) {
        const std::uint64_t lo = i + q < count ? x[i + q] : 0;
        const std::uint64_t hi = i + q + 1 < count ? x[i + q + 1] : 0;
        const std::uint64_t v = s == 0 ? lo : (lo >> s) | (hi << (64 - s));
        x[i] |= v & mask[r.base + i];
    }
}

}  // namespace colour_bits

bool BitsetColourLineSolver::solve(const Clue& clue, std::span<std::uint64_t> cells) {
    assert(valid_colour_clue(clue, kMaxColours));
    index_into(clue, scratch_clue_);
    return solve_indexed(scratch_clue_, cells);
}

bool BitsetColourLineSolver::solve_indexed(const IndexedClue& clue,
                                           std::span<std::uint64_t> cells) {
    const int n = static_cast<int>(cells.size());
    // A colour the 64-bit sets cannot hold, or a minimal length over n
    // (which also keeps every shift by a length below the word size): no
    // arrangement, whatever the cells.
    if (!clue.placeable || clue.min_length > n) return false;
    clue_ = &clue;
    if (n <= 63) return solve_words<std::uint64_t>(cells);
    if (n <= kMaxWordCells) return solve_words<colour_bits::U128>(cells);
    return solve_wide(cells);
}

BitsetColourLineSolver::IndexedClue BitsetColourLineSolver::index(const Clue& clue) {
    IndexedClue out;
    index_into(clue, out);
    return out;
}

// Block lengths, slots (distinct colours) and same-colour gaps.
void BitsetColourLineSolver::index_into(const Clue& clue, IndexedClue& out) {
    const int k = static_cast<int>(clue.size());
    out.blocks.resize(k);
    out.slots = 0;
    out.min_length = 0;
    out.placeable = true;
    std::uint64_t seen = 0;
    std::uint8_t slot_of_colour[64];
    for (int b = 0; b < k; ++b) {
        const int c = clue[b].colour;
        if (c >= 64) {  // fits nowhere
            out.placeable = false;
            return;
        }
        Block& block = out.blocks[b];
        block.len = clue[b].length;
        block.gap_before = b > 0 && clue[b - 1].colour == c;
        block.gap_after = b + 1 < k && clue[b + 1].colour == c;
        out.min_length += block.len + block.gap_before;
        if (!((seen >> c) & 1u)) {
            seen |= std::uint64_t{1} << c;
            slot_of_colour[c] = static_cast<std::uint8_t>(out.slots);
            out.slot_colour[out.slots++] = static_cast<std::uint8_t>(c);
        }
        block.slot = slot_of_colour[c];
    }
}

template <class W>
bool BitsetColourLineSolver::solve_words(std::span<std::uint64_t> cells) {
    namespace cb = colour_bits;
    const IndexedClue& clue = *clue_;
    const int n = static_cast<int>(cells.size()), k = static_cast<int>(clue.blocks.size());
    const std::uint64_t* const in = cells.data();
    const Block* const blocks = clue.blocks.data();

    // The input sets as bit vectors (bits >= n stay zero).
    const W bg = cb::gather<W>(in, n, 0);
    W allow[64];
    for (int s = 0; s < clue.slots; ++s) allow[s] = cb::gather<W>(in, n, clue.slot_colour[s]);

    // Forward: fits, starts allowed from the left, and the fwd rows.
    W fwd[cb::kMaxBlocks + 1], fit[cb::kMaxBlocks], left[cb::kMaxBlocks];
    fwd[0] = cb::closure_up(W{1}, bg);
    for (int b = 0; b < k; ++b) {
        const Block& block = blocks[b];
        fit[b] = cb::fit_starts(allow[block.slot], block.len);
        left[b] = fit[b] & (block.gap_before ? (fwd[b] & bg) << 1 : fwd[b]);
        fwd[b + 1] = cb::closure_up(left[b] << block.len, bg);
        if (fwd[b + 1] == 0) return false;
    }
    if (!((fwd[k] >> n) & 1u)) return false;

    // Backward, rolling one row: placements, covers and background splits.
    const cb::DownClosure<W> down(bg,
                                  n - static_cast<int>(clue.min_length));  // max walk: the slack
    W cover[64];
    for (int s = 0; s < clue.slots; ++s) cover[s] = 0;
    W next = down(W{1} << n);  // bwd[k]
    W can_bg = fwd[k] & (next >> 1);
    for (int b = k - 1; b >= 0; --b) {
        const Block& block = blocks[b];
        const W after = block.gap_after ? (next >> 1) & bg : next;
        const W right = fit[b] & (after >> block.len);
        cover[block.slot] |= cb::spread_cover(left[b] & right, block.len);
        next = down(right);  // bwd[b]
        can_bg |= fwd[b] & (next >> 1);
    }
    can_bg &= bg;

    // The answer: background where a split allows it, plus every covered
    // colour, 64 cells per pass.
    std::uint64_t colour[64], cov[64];
    for (int s = 0; s < clue.slots; ++s) colour[s] = std::uint64_t{1} << clue.slot_colour[s];
    for (int base = 0; base < n; base += 64) {
        for (int s = 0; s < clue.slots; ++s) cov[s] = static_cast<std::uint64_t>(cover[s] >> base);
        cb::write_cells64(cells.data() + base, std::min(64, n - base),
                          static_cast<std::uint64_t>(can_bg >> base), cov, colour, clue.slots);
    }
    return true;
}

// The same method on multi-word rows (header), each row only over its
// window. With slack = n - (minimal length), block b can only start in
// [a_b, a_b + slack], where a_b is its start when every block is packed to
// the left. Row j of fwd and bwd is kept from the earliest end of block j-1
// to the latest start of block j, [lo_j, hi_j]: every prefix or suffix that
// a whole arrangement passes through lies there, so the bits the cut loses
// are bits no arrangement needs (the argument of wide_line_solver.hpp; every
// bit the DP does set is a true fact, so words read beyond a window as zero
// only lose bits). A block's work then touches O((slack + len) / 64) words.
bool BitsetColourLineSolver::solve_wide(std::span<std::uint64_t> cells) {
    namespace cb = colour_bits;
    const IndexedClue& clue = *clue_;
    const int n = static_cast<int>(cells.size()), k = static_cast<int>(clue.blocks.size());
    const int words = (n >> 6) + 1;  // positions 0..n

    // Windows: first_[b] = a_b; rows_[j] = [lo_j, hi_j].
    first_.resize(k);
    rows_.resize(k + 1);
    int packed = 0;
    for (int b = 0; b < k; ++b) {
        packed += clue.blocks[b].gap_before;
        first_[b] = packed;
        packed += clue.blocks[b].len;
    }
    const int slack = n - packed;  // >= 0: solve() checked the minimal length
    int stride = 0, tmp_words = 0;
    for (int j = 0; j <= k; ++j) {
        rows_[j] = {j == 0 ? 0 : first_[j - 1] + clue.blocks[j - 1].len,
                    j == k ? n : first_[j] + slack};
        stride = std::max(stride, words_of(rows_[j]));
    }
    for (int b = 0; b < k; ++b)
        tmp_words =
            std::max(tmp_words, words_of({first_[b], first_[b] + slack + clue.blocks[b].len - 1}));
    const int max_levels = std::bit_width(static_cast<unsigned>(n));

    // Scratch layout (words): bg, run levels, allow and cover per slot,
    // can-be-background, then the fwd, fit and left tables, two bwd rows
    // and one block's fits or cover.
    const std::size_t line_words = static_cast<std::size_t>(words);
    const std::size_t row_words = static_cast<std::size_t>(stride);
    const std::size_t total = line_words * (2 + max_levels + 2 * clue.slots) +
                              row_words * (3 * static_cast<std::size_t>(k) + 3) + tmp_words;
    if (wide_.size() < total) wide_.resize(total);
    std::uint64_t* const bg = wide_.data();
    std::uint64_t* const run = bg + line_words;
    std::uint64_t* const allow = run + line_words * max_levels;
    std::uint64_t* const cover = allow + line_words * clue.slots;
    std::uint64_t* const can_bg = cover + line_words * clue.slots;
    std::uint64_t* const fwd = can_bg + line_words;
    std::uint64_t* const fit = fwd + row_words * (k + 1);
    std::uint64_t* const left = fit + row_words * k;
    std::uint64_t* cur = left + row_words * k;
    std::uint64_t* next = cur + row_words;
    std::uint64_t* const tmp = next + row_words;
    const auto whole = [&](std::uint64_t* p) { return WideBits{p, 0, words}; };
    const auto fwd_row = [&](int j) { return WideBits::over(fwd + row_words * j, rows_[j]); };
    const auto starts = [&](std::uint64_t* table, int b) {
        return WideBits::over(table + row_words * b, {first_[b], first_[b] + slack});
    };
    const auto block_span = [&](int b) {  // starts of b plus its len - 1 cells
        return WideBits::over(tmp, {first_[b], first_[b] + slack + clue.blocks[b].len - 1});
    };

    // The input sets (bits >= n zero), and the background runs.
    std::fill(bg, bg + line_words * (2 + max_levels + 2 * clue.slots), 0);
    const std::uint64_t* const in = cells.data();
    for (int w = 0; w < words; ++w) {
        const int from = 64 * w, count = std::min(64, n - from);
        bg[w] = cb::gather64(in + from, count, 0);
        for (int s = 0; s < clue.slots; ++s)
            allow[line_words * s + w] = cb::gather64(in + from, count, clue.slot_colour[s]);
    }
    // run[t+1] = run[t] & (run[t] >> 2^t), while 2^t <= slack (DownClosure).
    int levels = 0;
    std::copy(bg, bg + words, run);
    for (; levels < max_levels && (1 << levels) <= slack; ++levels) {
        const WideBits r = whole(run + line_words * levels);
        std::uint64_t any = 0;
        for (int w = 0; w < words; ++w) any |= r.words[w];
        if (!any) break;
        if (levels + 1 == max_levels) continue;
        std::uint64_t* const up = r.words + line_words;
        for (int w = 0; w < words; ++w) up[w] = r.words[w] & r.shr_word(w, 1 << levels);
    }
    const auto down = [&](WideBits r) {  // the doubling closure, in place
        if (r.count <= 2) {              // the usual window: on one 128-bit value
            const auto pair = [&](const std::uint64_t* p) {
                return cb::U128{p[0]} | (r.count == 2 ? cb::U128{p[1]} << 64 : 0);
            };
            cb::U128 v = pair(r.words);
            for (int t = 0; t < levels; ++t)
                v |= (v >> (1 << t)) & pair(run + line_words * t + r.base);
            r.words[0] = static_cast<std::uint64_t>(v);
            if (r.count == 2) r.words[1] = static_cast<std::uint64_t>(v >> 64);
            return;
        }
        for (int t = 0; t < levels; ++t) cb::or_shifted_down(r, 1 << t, run + line_words * t);
    };
    const WideBits bgs = whole(bg);

    // Forward.
    line::closure(
        fwd_row(0), [](int w) { return std::uint64_t{w == 0}; }, bgs);
    for (int b = 0; b < k; ++b) {
        const int len = clue.blocks[b].len;
        const WideBits t = block_span(b), f = starts(fit, b), l = starts(left, b);
        const WideBits a = whole(allow + line_words * clue.blocks[b].slot);
        for (int i = 0; i < t.count; ++i) t.words[i] = a.word(t.base + i);
        all_of_run(t, len);
        const WideBits prev = fwd_row(b);
        for (int i = 0; i < f.count; ++i) {
            const int w = f.base + i;
            f.words[i] = t.words[i];  // same first word
            std::uint64_t from = prev.word(w);
            if (clue.blocks[b].gap_before)
                from = ((from & bg[w]) << 1) | ((prev.word(w - 1) & bgs.word(w - 1)) >> 63);
            l.words[i] = f.words[i] & from;
        }
        const auto ends = [&](int w) { return l.shl_word(w, len); };
        if (!line::closure(fwd_row(b + 1), ends, bgs)) return false;
    }
    if (!fwd_row(k).test(n)) return false;

    // Backward, two rows rolling.
    WideBits after = WideBits::over(next, rows_[k]);
    std::fill(after.words, after.words + after.count, 0);
    after.words[(n >> 6) - after.base] = std::uint64_t{1} << (n & 63);
    down(after);
    const auto add_splits = [&](WideBits f, WideBits r) {  // fwd[j] & (bwd[j] >> 1)
        for (int i = 0; i < f.count; ++i)
            can_bg[f.base + i] |= f.words[i] & r.shr_word(f.base + i, 1);
    };
    add_splits(fwd_row(k), after);
    for (int b = k - 1; b >= 0; --b) {
        const int len = clue.blocks[b].len;
        const WideBits f = starts(fit, b), l = starts(left, b);
        const WideBits r = WideBits::over(cur, rows_[b]);
        for (int i = 0; i < r.count; ++i) {
            const int w = r.base + i;
            const std::uint64_t right = clue.blocks[b].gap_after
                                            ? after.shr_word(w, len + 1) & bgs.shr_word(w, len)
                                            : after.shr_word(w, len);
            r.words[i] = f.word(w) & right;
        }
        // Placements, spread over their cells into the colour's cover.
        const WideBits t = block_span(b);
        std::uint64_t any = 0;
        for (int i = 0; i < t.count; ++i) {
            t.words[i] = l.word(t.base + i) & r.word(t.base + i);
            any |= t.words[i];
        }
        if (any) {
            any_of_run(t, len);
            std::uint64_t* const c = cover + line_words * clue.blocks[b].slot;
            for (int i = 0; i < t.count; ++i) c[t.base + i] |= t.words[i];
        }
        down(r);
        add_splits(fwd_row(b), r);
        after = r;
        std::swap(cur, next);
    }

    // The answer, 64 cells per pass.
    std::uint64_t colour[64], cov[64];
    for (int s = 0; s < clue.slots; ++s) colour[s] = std::uint64_t{1} << clue.slot_colour[s];
    for (int w = 0; w < words; ++w) {
        for (int s = 0; s < clue.slots; ++s) cov[s] = cover[line_words * s + w];
        cb::write_cells64(cells.data() + 64 * w, std::min(64, n - 64 * w), can_bg[w] & bg[w], cov,
                          colour, clue.slots);
    }
    return true;
}

}  // namespace nonolab::line

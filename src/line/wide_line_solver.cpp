#include "line/wide_line_solver.hpp"
#include <algorithm>
#include <cassert>
#include <cstring>
#include <utility>

#include "line/line_invariants.hpp"

namespace nonolab::line {
namespace {

/// Grows v to at least `size` elements; never shrinks, so memory is reused.
void reserve_words(std::vector<std::uint64_t>& v, std::size_t size) {
    if (v.size() < size) v.resize(size);
}

/// Bit i (i < 8) set when byte i of x is not zero. Per byte, (b & 0x7F) +
/// 0x7F has its top bit set exactly when the low 7 bits are not all zero
/// (it is at most 0xFE, so no carry leaves the byte), and "| b" adds the
/// byte's own top bit. The multiplication then gathers the eight top bits:
/// bit 8i of (top >> 7) times bit 7(8 - i) of the constant lands on bit
/// 56 + i, and no other pair of bits lands in the top byte or collides.
unsigned nonzero_bytes(std::uint64_t x) {
    constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
    const std::uint64_t top = (((x & kLow7) + kLow7) | x) & ~kLow7;
    return static_cast<unsigned>(((top >> 7) * 0x0102040810204080ULL) >> 56);
}

}  // namespace

/// One forward DP: over the line itself, or over its mirror image (cells and
/// runs reversed) for the backward table.
struct WideLineSolver::Pass {
    std::span<const int> runs;
    const Layout* layout;
    WideBits nf, ne;  ///< cells not known filled / not known empty
    std::vector<std::uint64_t>* table;
};

namespace {

/// The words of `table` holding window `span` of row j.
WideBits window(std::vector<std::uint64_t>& table, int stride, int j, Positions span) {
    return WideBits::over(table.data() + static_cast<std::size_t>(j) * stride, span);
}

}  // namespace

WideBits WideLineSolver::row(std::vector<std::uint64_t>& table, const Layout& layout, int j) {
    return window(table, stride_, j, layout.rows[j]);
}

WideBits WideLineSolver::start_window(const Layout& layout, int j) {
    return window(starts_, stride_, j, layout.starts[j]);
}

bool WideLineSolver::solve(std::span<const int> runs, std::span<Cell> cells) {
    assert(valid_runs(runs) && valid_bw_cells(cells));
    n_ = static_cast<int>(cells.size());
    k_ = static_cast<int>(runs.size());
    if (k_ == 0) {  // no runs: feasible iff no cell is filled, and then all are empty
        if (std::find(cells.begin(), cells.end(), kFilled) != cells.end()) return false;
        std::fill(cells.begin(), cells.end(), kEmpty);
        return true;
    }
    if (!place_windows(runs)) return false;
    words_ = (n_ >> 6) + 1;
    const std::size_t rows = static_cast<std::size_t>(k_ + 1) * stride_;
    reserve_words(fwd_, rows);
    reserve_words(mir_, rows);
    reserve_words(starts_, rows);
    reserve_words(bwd_, 2 * static_cast<std::size_t>(stride_));
    reserve_words(tmp_, static_cast<std::size_t>(tmp_words_));

    load_masks(cells);
    std::uint64_t* m = masks_.data();
    const WideBits nf{m, 0, words_}, ne{m + words_, 0, words_};
    const WideBits mirror_nf{m + 2 * words_, 0, words_}, mirror_ne{m + 3 * words_, 0, words_};
    // The mirrored pass goes first: both passes fill starts_, and the
    // combine step needs the forward pass's.
    if (!forward({mirror_runs_, &layout_[1], mirror_nf, mirror_ne, &mir_})) return false;
    if (!forward({runs, &layout_[0], nf, ne, &fwd_})) return false;
    if (!row(fwd_, layout_[0], k_).test(n_)) return false;
    combine(runs);
    write_back(cells);
    return true;
}

/// The windows (see the header) from the runs' possible starts: run j starts
/// in [first_[j], last_[j]] in every arrangement. Row j spans from the
/// earliest end of run j-1 to the latest start of run j; the mirrored
/// layout is the reflection (position p <-> n - p, start s of a run of len
/// cells <-> n - s - len). Returns false when no arrangement fits.
bool WideLineSolver::place_windows(std::span<const int> runs) {
    first_.resize(k_);
    last_.resize(k_);
    long long used = k_ - 1;  // cells the runs need, separators included
    for (int len : runs) used += len;
    if (used > n_) return false;
    const int slack = n_ - static_cast<int>(used);
    for (int j = 0, a = 0; j < k_; a += runs[j] + 1, ++j) {
        first_[j] = a;
        last_[j] = a + slack;
    }
    mirror_runs_.assign(runs.rbegin(), runs.rend());
    for (Layout& l : layout_) {
        l.rows.resize(k_ + 1);
        l.starts.resize(k_);
    }
    Layout &line = layout_[0], &mirror = layout_[1];
    stride_ = tmp_words_ = 0;
    for (int j = 0; j <= k_; ++j) {
        line.rows[j] = {j == 0 ? 0 : first_[j - 1] + runs[j - 1], j == k_ ? n_ : last_[j]};
        mirror.rows[k_ - j] = {n_ - line.rows[j].hi, n_ - line.rows[j].lo};
        stride_ = std::max({stride_, words_of(line.rows[j]), words_of(mirror.rows[k_ - j])});
    }
    for (int j = 0; j < k_; ++j) {
        line.starts[j] = {first_[j], last_[j]};
        mirror.starts[k_ - 1 - j] = {n_ - last_[j] - runs[j], n_ - first_[j] - runs[j]};
        stride_ =
            std::max({stride_, words_of(line.starts[j]), words_of(mirror.starts[k_ - 1 - j])});
        // fits and the cover spread work on the starts plus len - 1 cells.
        tmp_words_ = std::max(tmp_words_, ((last_[j] - first_[j] + runs[j] - 1) >> 6) + 2);
    }
    return true;
}

/// masks_ holds six whole-line bitsets of words_ words each: not filled, not
/// empty, the same two mirrored (bit i for cell n-1-i), then can-fill and
/// can-empty (filled in by combine). Bits at positions >= n are zero.
void WideLineSolver::load_masks(std::span<const Cell> cells) {
    reserve_words(masks_, 6 * static_cast<std::size_t>(words_));
    std::fill(masks_.begin(), masks_.begin() + 6 * words_, 0);
    std::uint64_t* nf = masks_.data();
    std::uint64_t* ne = nf + words_;
    int i = 0;
    for (; i + 8 <= n_; i += 8) {  // eight cells at a time
        std::uint64_t x;
        std::memcpy(&x, cells.data() + i, 8);
        nf[i >> 6] |= std::uint64_t{nonzero_bytes(x ^ 0x0101010101010101ULL)} << (i & 63);
        ne[i >> 6] |= std::uint64_t{nonzero_bytes(x)} << (i & 63);
    }
    for (; i < n_; ++i) {
        nf[i >> 6] |= std::uint64_t{cells[i] != kFilled} << (i & 63);
        ne[i >> 6] |= std::uint64_t{cells[i] != kEmpty} << (i & 63);
    }
    const WideBits nf_bits{nf, 0, words_}, ne_bits{ne, 0, words_};
    for (int w = 0; w < words_; ++w) {
        nf[2 * words_ + w] = nf_bits.reflected_word(w, n_ - 1);
        ne[2 * words_ + w] = ne_bits.reflected_word(w, n_ - 1);
    }
}

/// Starts s in [lo, hi] whose cells s..s+len-1 all lie in ne, as a window of
/// tmp_: the AND of ne >> 0..len-1, doubling the covered width each step.
/// Each step runs upwards in place, which is safe because word w only reads
/// words w and above, and reads word w before writing it. Positions past
/// hi + len - 1 read as zero; that only spoils starts above hi.
WideBits WideLineSolver::fits(WideBits ne, Span starts, int len) {
    if (len == 1) return ne;  // every not-empty cell; no copy needed
    const WideBits t = window(tmp_, 0, 0, {starts.lo, starts.hi + len - 1});
    for (int i = 0; i < t.count; ++i) t.words[i] = ne.word(t.base + i);
    all_of_run(t, len);
    return t;
}

/// The forward table of bitset_line_solver.hpp, row by row, each row only
/// over its window. Returns false as soon as a row is empty: no prefix can
/// then hold that many runs, so the line is contradictory.
bool WideLineSolver::forward(const Pass& pass) {
    const Layout& layout = *pass.layout;
    const auto origin = [](int w) { return std::uint64_t{w == 0}; };  // position 0
    if (!closure(row(*pass.table, layout, 0), origin, pass.nf)) return false;
    for (int j = 0; j < k_; ++j) {
        const int len = pass.runs[j];
        const WideBits fit = fits(pass.ne, layout.starts[j], len);
        const WideBits prev = row(*pass.table, layout, j);
        const WideBits starts = start_window(layout, j);
        // Allowed starts: right after a prefix holding runs 0..j-1 and one
        // separator that is not known filled ((prev & nf) << 1); run 0 may
        // start anywhere the empty prefix reaches.
        for (int i = 0; i < starts.count; ++i) {
            const int w = starts.base + i;
            const std::uint64_t p = prev.word(w) & pass.nf.word(w);
            const std::uint64_t below = prev.word(w - 1) & pass.nf.word(w - 1);
            const std::uint64_t left = j == 0 ? prev.word(w) : (p << 1) | (below >> 63);
            starts.words[i] = left & fit.word(w);
        }
        const auto ends = [&](int w) { return starts.shl_word(w, len); };
        if (!closure(row(*pass.table, layout, j + 1), ends, pass.nf)) return false;
    }
    return true;
}

/// Backward rows (mirrored back from mir_) joined with the forward rows:
/// can-empty from every row, can-fill from every run (add_run_cover).
/// Rows are visited from k down to 0, so run j finds bwd[j+1] in `next`.
void WideLineSolver::combine(std::span<const int> runs) {
    std::uint64_t* can_empty = masks_.data() + 5 * words_;
    std::uint64_t* cur = bwd_.data();
    std::uint64_t* next = cur + stride_;
    WideBits next_bwd{};
    for (int j = k_; j >= 0; --j) {
        const WideBits f = row(fwd_, layout_[0], j);
        const WideBits mirror = row(mir_, layout_[1], k_ - j);
        // bwd[j][i] = mir[k-j][n-i]: the same window, reflected about n.
        const WideBits b{cur, f.base, f.count};
        for (int i = 0; i < b.count; ++i) cur[i] = mirror.reflected_word(b.base + i, n_);
        // Cell x can be empty when fwd[j][x] and bwd[j][x+1]: x splits the
        // runs into a feasible left part 0..j-1 and right part j..k-1.
        for (int i = 0; i < f.count; ++i)
            can_empty[f.base + i] |= f.words[i] & b.shr_word(f.base + i, 1);
        if (j < k_) add_run_cover(runs, j, next_bwd);
        next_bwd = b;
        std::swap(cur, next);
    }
}

/// ORs into can-fill every cell that some valid placement of run j covers:
/// valid starts are those of starts_ (fit, and a valid prefix on the left)
/// with a valid suffix on the right, spread over the run's len cells.
void WideLineSolver::add_run_cover(std::span<const int> runs, int j, WideBits next_bwd) {
    const int len = runs[j];
    const WideBits nf{masks_.data(), 0, words_};
    const Span span = layout_[0].starts[j];
    const WideBits starts = start_window(layout_[0], j);
    const WideBits t = window(tmp_, 0, 0, {span.lo, span.hi + len - 1});
    std::uint64_t any = 0;
    for (int i = 0; i < t.count; ++i) {
        const int w = t.base + i;
        // The last run ends where a suffix with no runs starts; any other run
        // ends before a separator that is not known filled, followed by the
        // suffix of runs j+1..k-1: (bwd[j+1] >> 1 & nf) >> len.
        const std::uint64_t right = j == k_ - 1
                                        ? next_bwd.shr_word(w, len)
                                        : next_bwd.shr_word(w, len + 1) & nf.shr_word(w, len);
        t.words[i] = starts.word(w) & right;
        any |= t.words[i];
    }
    if (!any) return;
    any_of_run(t, len);  // spread over the cells the runs cover
    std::uint64_t* can_fill = masks_.data() + 4 * words_;
    for (int i = 0; i < t.count; ++i) can_fill[t.base + i] |= t.words[i];
}

/// Unknown cells that can only be filled, or only be empty, are decided.
void WideLineSolver::write_back(std::span<Cell> cells) {
    std::uint64_t* m = masks_.data();
    std::uint64_t* can_fill = m + 4 * words_;
    std::uint64_t* can_empty = m + 5 * words_;
    for (int w = 0; w < words_; ++w) {  // in place: can-fill becomes must-fill
        const std::uint64_t unknown = m[w] & m[words_ + w], fill = can_fill[w];
        can_fill[w] = unknown & fill & ~can_empty[w];
        can_empty[w] = unknown & can_empty[w] & ~fill;
    }
    WideBits{can_fill, 0, words_}.for_each_bit([&](int i) { cells[i] = kFilled; });
    WideBits{can_empty, 0, words_}.for_each_bit([&](int i) { cells[i] = kEmpty; });
}

}  // namespace nonolab::line

#include "meta/harmony_search.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/rng.hpp"
#include "exact/prober.hpp"
#include "exact/propagator.hpp"
#include "meta/clue_constrained_rows.hpp"
#include "meta/incremental_score.hpp"
#include "meta/overlap_rule.hpp"

namespace nonolab::meta {

namespace {

// Budget polls: reading the clock costs tens of nanoseconds, an iteration on
// a 10x10 puzzle about a hundred, so poll every 256 iterations.
constexpr std::int64_t kPollMask = 255;

/// A probability as a 32-bit threshold: (32 random bits) < threshold32(p)
/// holds with probability p to within 2^-32, and exactly for p = 0 and 1.
std::uint64_t threshold32(double p) {
    return static_cast<std::uint64_t>(p * 4294967296.0 + 0.5);
}

/// One run of harmony search. Memory rows are bit masks (bit c = column c),
/// HMS x height of them, plus (versions C, C+) HMS x positions tracking
/// vectors. `board_` holds the harmony being improvised and is kept between
/// iterations, so only the rows that differ from the previous harmony are
/// re-scored.
class HarmonySearch {
  public:
    HarmonySearch(const Puzzle& puzzle, HarmonyVersion version, const HarmonyOptions& options,
                  const RunControl& control)
        : version_(version),
          opt_(options),
          ctl_(control),
          rng_(control.seed),
          width_(puzzle.width()),
          height_(puzzle.height()),
          clue_rows_(version >= HarmonyVersion::c),
          board_(puzzle, /*score_rows=*/!clue_rows_),
          gap_rows_(puzzle, version == HarmonyVersion::c ? std::int64_t{1} << 20 : 0) {
        setup_fixed_cells(puzzle);
    }

    MetaResult run();

  private:
    // --- set-up ---
    void setup_fixed_cells(const Puzzle& puzzle);
    // --- operators (one row of the new harmony) ---
    std::uint64_t random_row(int r, GapCount* gaps, Rng& rng);
    std::uint64_t bit_memory_row(int r, Rng& rng);
    std::uint64_t improvise_row(int r, GapCount* gaps, Rng& rng);
    std::uint64_t improvise_clue_row(int r, Rng& rng);
    void improvise();
    // --- memory ---
    void randomise_member(int k);
    std::int64_t score_member(int k);
    bool in_memory(std::int64_t error) const;
    void replace_worst(std::int64_t error);
    void find_worst();
    std::uint64_t* member_rows(int k) {
        return mem_rows_.data() + static_cast<std::size_t>(k) * height_;
    }
    GapCount* member_gaps(int k) {
        return mem_gaps_.data() + static_cast<std::size_t>(k) * gap_rows_.total_positions();
    }
    void note_curve(MetaResult& out, std::int64_t evaluation) const;
    void save_best();

    HarmonyVersion version_;
    HarmonyOptions opt_;
    const RunControl& ctl_;
    Rng rng_;
    int width_, height_;
    bool clue_rows_;                      ///< C, C+: rows from clue_constrained_rows
    IncrementalScore board_;              ///< the harmony being improvised
    ClueConstrainedRows gap_rows_;        ///< version C operators
    std::uint64_t row_mask_ = 0;          ///< the low width_ bits
    std::vector<std::uint64_t> free_;     ///< A, B: per row, cells operators may change
    std::vector<std::uint64_t> fixed_;    ///< A, B: per row, values of the other cells
    std::vector<std::uint8_t> free_pos_;  ///< B: free column indices, row after row
    std::vector<int> free_begin_;         ///< B: row r's free columns start here (height_ + 1)
    std::vector<int> open_rows_;          ///< rows the operators can change at all
    int fixed_count_ = 0;                 ///< B: cells fixed by the scan; C+: by line solving
    std::vector<std::uint64_t> mem_rows_;
    std::vector<GapCount> mem_gaps_;
    std::vector<GapCount> cur_gaps_;  ///< tracking vectors of board_'s rows, except where
    std::vector<int> gap_source_;     ///< ... this is >= 0: then member gap_source_[r] has it
    std::uint64_t hmcr32_ = threshold32(opt_.hmcr);  ///< HMCR as a 32-bit threshold
    std::uint64_t par32_ = threshold32(opt_.par);    ///< PAR as a 32-bit threshold
    std::vector<std::int64_t> mem_err_;
    int worst_ = 0, best_ = 0;              ///< members with the highest and lowest error
    std::vector<std::uint64_t> best_rows_;  ///< best harmony seen, kept across restarts
    std::int64_t best_error_ = std::numeric_limits<std::int64_t>::max();  ///< its error
    std::int64_t accepted_ = 0, restarts_ = 0;
};

void HarmonySearch::setup_fixed_cells(const Puzzle& puzzle) {
    row_mask_ = width_ >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width_) - 1;
    free_.assign(height_, row_mask_);
    fixed_.assign(height_, 0);
    if (version_ == HarmonyVersion::b) {
        // Section 3.2.2: scan every line with the overlap rule before the loop.
        const ConfirmedCells cc = confirmed_cells(puzzle, opt_.fixpoint);
        fixed_count_ = cc.count;
        for (int r = 0; r < height_; ++r)
            for (int c = 0; c < width_; ++c) {
                const Cell v = cc.known.at(r, c);
                if (v == kUnknown) continue;
                free_[r] &= ~(std::uint64_t{1} << c);
                if (v == kFilled) fixed_[r] |= std::uint64_t{1} << c;
            }
    }
    if (version_ == HarmonyVersion::c_plus && opt_.line_solve) {
        // Ours: the complete line solver's fixpoint, then only agreeing arrangements.
        Grid known(width_, height_, kUnknown);
        exact::Propagator propagator(puzzle);
        bool ok = propagator.run(known, ctl_.budget, true) == exact::Propagation::fixpoint;
        if (ok && opt_.probe) {
            // Two-sided probing (exact/prober.hpp) on top: still only cells
            // that every solution shares, but many more of them.
            exact::Prober prober(propagator);
            ok = prober.run(known, ctl_.budget) == exact::ProbeResult::closed;
        }
        if (ok && gap_rows_.restrict(known))
            fixed_count_ = known.size() - known.unknown_count();
        else
            gap_rows_.restrict(
                Grid(width_, height_, kUnknown));  // no solution: search unrestricted
    }
    free_begin_.assign(height_ + 1, 0);
    for (int r = 0; r < height_; ++r) {
        free_begin_[r] = static_cast<int>(free_pos_.size());
        for (int c = 0; c < width_; ++c)
            if ((free_[r] >> c) & 1) free_pos_.push_back(static_cast<std::uint8_t>(c));
        if (clue_rows_ ? gap_rows_.free(r) : free_[r] != 0) open_rows_.push_back(r);
    }
    free_begin_[height_] = static_cast<int>(free_pos_.size());
}

std::uint64_t HarmonySearch::random_row(int r, GapCount* gaps, Rng& rng) {
    if (clue_rows_) {
        // Through a copy, so that `rng` (a local of improvise()) never has
        // its address taken by an out-of-line call and can live in registers.
        Rng copy = rng;
        gap_rows_.random(r, gaps, copy, opt_.uniform_patterns);
        rng = copy;
        return gap_rows_.mask(r, gaps);
    }
    // Section 3.2.1: random bits; version B keeps its fixed cells.
    return (rng.next() & free_[r]) | fixed_[r];
}

std::uint64_t HarmonySearch::bit_memory_row(int r, Rng& rng) {
    // The per-cell reading: each free cell from its own random member, or
    // random with probability 1 - HMCR.
    std::uint64_t row = fixed_[r];
    for (int i = free_begin_[r]; i < free_begin_[r + 1]; ++i) {
        const std::uint64_t bit = std::uint64_t{1} << free_pos_[i];
        const bool on = rng.chance(opt_.hmcr)
                            ? (member_rows(static_cast<int>(rng.below(opt_.hms)))[r] & bit) != 0
                            : (rng.next() & 1) != 0;
        if (on) row |= bit;
    }
    return row;
}

inline std::uint64_t HarmonySearch::improvise_row(int r, GapCount* gaps, Rng& rng) {
    const int positions = clue_rows_ ? gap_rows_.positions(r) : 0;
    if (opt_.cell_memory && !clue_rows_) {
        std::uint64_t row = bit_memory_row(r, rng);
        if (rng.chance(opt_.par)) {
            const int n = free_begin_[r + 1] - free_begin_[r];
            row ^= std::uint64_t{1} << free_pos_[free_begin_[r] + rng.below(n)];
        }
        return row;
    }
    if (!rng.chance(opt_.hmcr)) return random_row(r, gaps, rng);
    // Memory consideration: row r of a random member, tracking vector included.
    const int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(opt_.hms)));
    std::uint64_t row = member_rows(k)[r];
    if (clue_rows_) {
        const GapCount* src = member_gaps(k) + gap_rows_.offset(r);
        for (int i = 0; i < positions; ++i) gaps[i] = src[i];
    }
    if (!rng.chance(opt_.par)) return row;
    // Pitch adjustment.
    if (clue_rows_) {
        if (gap_rows_.move_extra_white(r, gaps, rng)) row = gap_rows_.mask(r, gaps);
        return row;
    }
    const int n = free_begin_[r + 1] - free_begin_[r];
    return row ^ (std::uint64_t{1} << free_pos_[free_begin_[r] + rng.below(n)]);
}

// Version C's row, the hot path of the fastest version: the same operators
// as improvise_row() with fewer random draws (one 64-bit draw decides HMCR
// and the member, the next one PAR) and the member's tracking vector copied
// only when pitch adjustment needs it.
inline std::uint64_t HarmonySearch::improvise_clue_row(int r, Rng& rng) {
    GapCount* gaps = cur_gaps_.data() + gap_rows_.offset(r);
    const std::uint64_t u = rng.next();
    if ((u >> 32) >= hmcr32_) {
        gap_source_[r] = -1;
        return random_row(r, gaps, rng);
    }
    const int k = static_cast<int>(below_from(u & 0xFFFFFFFFu, opt_.hms, rng));
    const std::uint64_t row = member_rows(k)[r];
    if ((rng.next() >> 32) >= par32_) {
        gap_source_[r] = k;
        return row;
    }
    const GapCount* src = member_gaps(k) + gap_rows_.offset(r);
    for (int i = 0, n = gap_rows_.state_size(r); i < n; ++i) gaps[i] = src[i];
    gap_source_[r] = -1;
    return gap_rows_.move_extra_white(r, gaps, rng) ? gap_rows_.mask(r, gaps) : row;
}

void HarmonySearch::improvise() {
    // The stream and the new rows are locals: stores into the board (64-bit
    // words, like the generator's state) would otherwise force the compiler
    // to reload the state after every row.
    Rng rng = rng_;
    std::uint64_t fresh[kMaxBitLine];
    if (clue_rows_) {
        for (const int r : open_rows_) fresh[r] = improvise_clue_row(r, rng);
    } else {
        for (const int r : open_rows_) fresh[r] = improvise_row(r, nullptr, rng);
    }
    rng_ = rng;
    for (const int r : open_rows_) board_.set_row(r, fresh[r]);
}

void HarmonySearch::randomise_member(int k) {
    std::uint64_t* rows = member_rows(k);
    GapCount* gaps = clue_rows_ ? member_gaps(k) : nullptr;
    for (int r = 0; r < height_; ++r)
        rows[r] = random_row(r, gaps ? gaps + gap_rows_.offset(r) : nullptr, rng_);
}

std::int64_t HarmonySearch::score_member(int k) {
    board_.load(member_rows(k));
    return board_.total();
}

bool HarmonySearch::in_memory(std::int64_t error) const {
    for (int k = 0; k < opt_.hms; ++k) {
        if (mem_err_[k] != error) continue;
        const std::uint64_t* rows = mem_rows_.data() + static_cast<std::size_t>(k) * height_;
        if (std::equal(rows, rows + height_, board_.rows())) return true;
    }
    return false;
}

void HarmonySearch::replace_worst(std::int64_t error) {
    std::copy(board_.rows(), board_.rows() + height_, member_rows(worst_));
    if (clue_rows_) {
        GapCount* dst = member_gaps(worst_);
        for (int r = 0; r < height_; ++r) {
            const int o = gap_rows_.offset(r);
            const int k = gap_source_[r];
            if (k == worst_) continue;  // already there
            const GapCount* src = k < 0 ? cur_gaps_.data() + o : member_gaps(k) + o;
            std::copy(src, src + gap_rows_.state_size(r), dst + o);
        }
    }
    mem_err_[worst_] = error;
    if (error < mem_err_[best_]) best_ = worst_;
    ++accepted_;
    find_worst();
}

void HarmonySearch::find_worst() {
    worst_ = 0;
    for (int k = 1; k < opt_.hms; ++k)
        if (mem_err_[k] > mem_err_[worst_]) worst_ = k;
}

void HarmonySearch::note_curve(MetaResult& out, std::int64_t evaluation) const {
    if (!out.curve.empty() && out.curve.back().evaluation == evaluation) return;
    out.curve.push_back({evaluation, std::min(best_error_, mem_err_[best_])});
}

void HarmonySearch::save_best() {
    if (mem_err_[best_] >= best_error_) return;
    best_error_ = mem_err_[best_];
    best_rows_.assign(member_rows(best_), member_rows(best_) + height_);
}

MetaResult HarmonySearch::run() {
    MetaResult out;
    const std::int64_t limit = ctl_.max_evaluations > 0 ? ctl_.max_evaluations : opt_.iterations;
    const int hms = opt_.hms;
    const int positions = gap_rows_.total_positions();
    mem_rows_.assign(static_cast<std::size_t>(hms) * height_, 0);
    mem_err_.assign(hms, 0);
    if (clue_rows_) {
        mem_gaps_.assign(static_cast<std::size_t>(hms) * positions, 0);
        cur_gaps_.assign(positions, 0);
        gap_source_.assign(height_, -1);
    }

    // Step 1: HMS random harmonies (not counted as evaluations, see header).
    for (int k = 0; k < hms; ++k) {
        randomise_member(k);
        mem_err_[k] = score_member(k);
        if (mem_err_[k] < mem_err_[best_]) best_ = k;
    }
    find_worst();
    // The board starts as member 0; rows no operator changes are the same in
    // every member, so they never need setting again.
    board_.load(member_rows(0));
    if (clue_rows_) std::copy(member_gaps(0), member_gaps(0) + positions, cur_gaps_.begin());

    std::int64_t evaluations = 0;
    std::int64_t last_gain = 0;
    std::int64_t best_seen = mem_err_[best_];
    const bool restarts = version_ == HarmonyVersion::c_plus && opt_.restart_after > 0;
    const bool distinct = version_ == HarmonyVersion::c_plus && opt_.distinct;
    if (ctl_.curve_every > 0) note_curve(out, 0);
    while (evaluations < limit) {
        if ((evaluations & kPollMask) == 0 && ctl_.budget.expired()) {
            out.timed_out = true;
            break;
        }
        // Steps 2-3: improvise one harmony row by row and score it.
        improvise();
        const std::int64_t error = board_.finish();
        ++evaluations;
        // Step 4: replace the worst member if strictly better.
        if (error < mem_err_[worst_] && !(distinct && in_memory(error))) replace_worst(error);
        if (ctl_.curve_every > 0 && evaluations % ctl_.curve_every == 0)
            note_curve(out, evaluations);
        if (mem_err_[best_] == 0) break;  // Step 5
        if (mem_err_[best_] < best_seen) {
            best_seen = mem_err_[best_];
            last_gain = evaluations;
        } else if (restarts && evaluations - last_gain >= opt_.restart_after) {
            // Ours (hs-c+): stagnation. Re-draw the memory (all of it, or all
            // but the best member); each re-drawn harmony is scored, so it
            // is counted. The best harmony so far is kept aside for the result.
            save_best();
            const int keep = opt_.restart_keep_best ? best_ : -1;
            for (int k = 0; k < hms && evaluations < limit; ++k) {
                if (k == keep) continue;
                randomise_member(k);
                mem_err_[k] = score_member(k);
                ++evaluations;
                if (ctl_.curve_every > 0 && evaluations % ctl_.curve_every == 0)
                    note_curve(out, evaluations);
            }
            find_worst();
            best_ = 0;
            for (int k = 1; k < hms; ++k)
                if (mem_err_[k] < mem_err_[best_]) best_ = k;
            best_seen = mem_err_[best_];
            board_.load(member_rows(best_));
            if (clue_rows_) {
                std::copy(member_gaps(best_), member_gaps(best_) + positions, cur_gaps_.begin());
                gap_source_.assign(height_, -1);
            }
            ++restarts_;
            last_gain = evaluations;
        }
    }

    save_best();
    if (ctl_.curve_every > 0) note_curve(out, evaluations);
    out.evaluations = evaluations;
    out.best_error = best_error_;
    out.reached_zero = out.best_error == 0;
    board_.load(best_rows_.data());
    out.best = board_.grid();
    out.stats["initial_harmonies"] = hms;
    out.stats["accepted"] = static_cast<double>(accepted_);
    if (version_ == HarmonyVersion::b || version_ == HarmonyVersion::c_plus)
        out.stats["fixed_cells"] = fixed_count_;
    if (version_ == HarmonyVersion::c_plus) out.stats["restarts"] = static_cast<double>(restarts_);
    return out;
}

// --- options and registry -------------------------------------------------

const char* version_name(HarmonyVersion v) {
    switch (v) {
        case HarmonyVersion::a:
            return "hs-a";
        case HarmonyVersion::b:
            return "hs-b";
        case HarmonyVersion::c:
            return "hs-c";
        case HarmonyVersion::c_plus:
            return "hs-c+";
    }
    return "hs";
}

OptionTable<HarmonyOptions> build_table(HarmonyVersion v) {
    using O = HarmonyOptions;
    // Every version takes the four parameters of the paper's section 4, and
    // only the switches that apply to it: a key of another version is unknown.
    OptionTable<O> t = OptionTable<O>(version_name(v))
                           .integer("hms", &O::hms, 1, 100000, "harmony memory size")
                           .number("hmcr", &O::hmcr, 0, 1, "harmony memory considering rate")
                           .number("par", &O::par, 0, 1, "pitch adjusting rate")
                           .integer("iterations", &O::iterations, 1, std::int64_t{1} << 50,
                                    "improvisations before giving up");
    // Each call below adds to `t` in place (the builder's && methods
    // return *this); the returned reference is not needed.
    if (v == HarmonyVersion::a || v == HarmonyVersion::b)
        std::move(t).flag("cell_memory", &O::cell_memory,
                          "memory consideration per cell instead of per row");
    if (v == HarmonyVersion::b)
        std::move(t).flag("fixpoint", &O::fixpoint,
                          "line-solve the overlap scan to a fixpoint instead of one pass");
    if (v == HarmonyVersion::c)
        std::move(t).flag("uniform_patterns", &O::uniform_patterns,
                          "random rows uniform over arrangements instead of uniform gap drops");
    if (v == HarmonyVersion::c_plus)
        std::move(t)
            .flag("line_solve", &O::line_solve,
                  "fix the cells forced by the complete line solver first")
            .flag("probe", &O::probe,
                  "with line_solve, also fix the cells two-sided probing forces")
            .flag("distinct", &O::distinct, "refuse harmonies already in memory")
            .flag("restart_keep_best", &O::restart_keep_best,
                  "a restart keeps the best member in memory")
            .integer("restart_after", &O::restart_after, 0, std::int64_t{1} << 50,
                     "re-seed the memory after this many iterations without progress (0 = never)");
    return t;
}

}  // namespace

const OptionTable<HarmonyOptions>& harmony_option_table(HarmonyVersion version) {
    static const OptionTable<HarmonyOptions> tables[] = {
        build_table(HarmonyVersion::a), build_table(HarmonyVersion::b),
        build_table(HarmonyVersion::c), build_table(HarmonyVersion::c_plus)};
    return tables[static_cast<int>(version)];
}

HarmonyOptions harmony_defaults(HarmonyVersion version) {
    HarmonyOptions o;
    // hs-c+ adjusts less per harmony: with the rows already narrowed by line
    // solving, PAR 0.7 rewrites most open rows every time and the memory
    // keeps drifting; 0.2 solved every 10x10 sample puzzle we tried (see
    // docs/methods.md for the sweep).
    if (version == HarmonyVersion::c_plus) o.par = 0.2;
    return o;
}

HarmonyOptions parse_harmony_options(HarmonyVersion version, const ParamMap& params) {
    return harmony_option_table(version).parse(params, harmony_defaults(version));
}

MetaResult harmony_search(const Puzzle& puzzle, HarmonyVersion version,
                          const HarmonyOptions& options, const RunControl& control) {
    harmony_option_table(version).validate(options);
    HarmonySearch hs(puzzle, version, options, control);
    return hs.run();
}

std::vector<MethodInfo> harmony_search_methods() {
    struct Entry {
        HarmonyVersion version;
        const char* description;
        const char* paper;
    };
    const Entry entries[] = {
        {HarmonyVersion::a, "harmony search, version A: random rows, one-bit pitch adjustment",
         "Lee & Geem 2025, sec. 3.2.1"},
        {HarmonyVersion::b, "harmony search, version B: A with the overlap-rule cells fixed first",
         "Lee & Geem 2025, sec. 3.2.2"},
        {HarmonyVersion::c,
         "harmony search, version C: rows generated from their clues (extra whites moved)",
         "Lee & Geem 2025, sec. 3.2.3"},
        {HarmonyVersion::c_plus,
         "harmony search C+ (ours): C on cells left open by line solving and probing, distinct "
         "memory, restarts",
         "beyond Lee & Geem 2025"},
    };
    std::vector<MethodInfo> out;
    for (const Entry& e : entries) {
        const HarmonyVersion v = e.version;
        out.push_back({version_name(v), e.description, e.paper,
                       [v] { return harmony_option_table(v).docs(harmony_defaults(v)); },
                       [v](const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
                           return harmony_search(p, v, parse_harmony_options(v, params), ctl);
                       }});
    }
    return out;
}

}  // namespace nonolab::meta

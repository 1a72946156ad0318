// LineCache: the one memo in front of both cell domains' line solvers
// (binary_domain.hpp, colour_domain.hpp). Probing re-solves the same
// (line, partial state) pairs over and over: on 25x25 tournament boards
// about 90% of the line solves are answered here (docs/solver.md, section 2).
//
// One rule for both domains, written once in solve() below:
//   1. A line whose every cell is decided is checked, not solved: its runs
//      are read off and compared with the clue (a scan instead of a DP).
//   2. Otherwise a line of up to kCells cells is looked up by its packed
//      cells, which are both the key and, for the answer, the value. The
//      table is direct-mapped: a new entry overwrites the old one, so the
//      memory stays fixed and there is no eviction logic.
//   3. A miss is solved by the domain's line solver and stored.
// Longer lines, and puzzles whose cells do not pack (Codec::kPacks false),
// skip steps 2 and 3.
//
// A Codec says how a domain's cells pack:
//   Value, Key        a cell's state, and a whole line's packed cells;
//   pack(cells)       the key of a line of up to kCells cells;
//   unpack(key, i)    cell i of a packed line;
//   colour_of(value)  the colour of a decided cell (0 = background);
//   all_decided(cells) whether no cell of the line is open.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace nonolab::exact {

template <class Codec>
class LineCache {
  public:
    using Value = typename Codec::Value;
    using Key = typename Codec::Key;
    /// Longest line the table holds.
    static constexpr int kCells = 32;

    /// `usable`: the puzzle's lines can be packed at all (its shortest
    /// side has at most kCells cells, and the codec takes its palette).
    explicit LineCache(bool usable) : usable_(usable) {}

    /// Turns the table on, or grows it, to 2^log2_entries black-and-white
    /// entries' worth of memory (24 bytes each): the largest power of two
    /// of this codec's entries that fits. Sized in memory, not entries,
    /// because clearing the table is a fixed cost per puzzle (about 0.1 ms
    /// for 1.5 MB, more than a whole small puzzle), so the engine's sizing
    /// (exact_search.cpp, root_cache_bits) holds for both domains. Never
    /// shrinks; growing drops the old entries: it is only a cache.
    void enable(unsigned log2_entries) {
        const std::size_t bytes = (std::size_t{1} << log2_entries) * kBinaryEntryBytes;
        std::size_t size = 1;
        while (2 * size * sizeof(Entry) <= bytes) size *= 2;
        if (usable_ && table_.size() < size) table_.assign(size, Entry{});
    }

    std::uint64_t hits() const { return hits_; }
    /// Bytes of one entry (tests check the sizing against it).
    static constexpr std::size_t entry_bytes() { return sizeof(Entry); }
    std::size_t entries() const { return table_.size(); }

    /// The rule above, for line `line` (rows, then columns) with `runs`
    /// runs, run r being {length_of(r), colour_of_run(r)}: `solve(cells)`
    /// is the domain's line solver, which narrows cells in place and
    /// returns false when no arrangement fits.
    template <class RunAt, class Solve>
    bool solve(int line, std::span<Value> cells, int runs, RunAt run_at, Solve solve) {
        if (Codec::all_decided(cells)) return spells(cells, runs, run_at);
        if (table_.empty() || cells.size() > kCells) return solve(cells);
        const Key key = Codec::pack(cells);
        Entry& entry = table_[slot_of(key, line)];
        if (entry.line == static_cast<std::uint32_t>(line) && entry.state == key) {
            ++hits_;
            if (!entry.ok) return false;
            for (std::size_t i = 0; i < cells.size(); ++i)
                cells[i] = Codec::unpack(entry.result, i);
            return true;
        }
        const bool ok = solve(cells);
        entry.line = static_cast<std::uint32_t>(line);
        entry.state = key;
        entry.ok = ok;
        if (ok) entry.result = Codec::pack(cells);
        return ok;
    }

  private:
    static constexpr std::size_t kBinaryEntryBytes = 24;
    struct Entry {
        Key state{};               ///< packed input cells
        Key result{};              ///< packed output cells, when ok
        std::uint32_t line = ~0u;  ///< line index; ~0u = empty slot
        bool ok = false;           ///< some arrangement fits
    };

    std::size_t slot_of(const Key& key, int line) const {
        assert((table_.size() & (table_.size() - 1)) == 0);
        std::uint64_t h = (static_cast<std::uint64_t>(line) + 1) * 0xC2B2AE3D27D4EB4Full;
        for (const std::uint64_t w : Codec::words(key)) h = (h ^ w) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
        return static_cast<std::size_t>(h) & (table_.size() - 1);
    }

    // Whether decided cells spell exactly the clue: each maximal stretch of
    // one colour other than the background is the next run.
    template <class RunAt>
    static bool spells(std::span<const Value> cells, int runs, RunAt run_at) {
        int run = 0;
        for (std::size_t i = 0; i < cells.size();) {
            std::size_t end = i + 1;
            while (end < cells.size() && cells[end] == cells[i]) ++end;
            const int colour = Codec::colour_of(cells[i]);
            if (colour != 0) {
                if (run == runs) return false;
                const auto [length, run_colour] = run_at(run);
                if (run_colour != colour || length != static_cast<int>(end - i)) return false;
                ++run;
            }
            i = end;
        }
        return run == runs;
    }

    const bool usable_;
    std::vector<Entry> table_;
    std::uint64_t hits_ = 0;
};

}  // namespace nonolab::exact

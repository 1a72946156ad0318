#include "exact/colour_domain.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "exact/colour_sat.hpp"

namespace nonolab::exact {

void check_search_palette(const Puzzle& puzzle) {
    const int colours = static_cast<int>(puzzle.palette().size());
    if (colours > kMaxSearchColours)
        throw std::invalid_argument(
            "the exact solver handles palettes of up to " + std::to_string(kMaxSearchColours) +
            " colours (background included); this puzzle has " + std::to_string(colours));
}

ColourLines::ColourLines(const Puzzle& puzzle, bool decide_only)
    : puzzle_(puzzle),
      decide_only_(decide_only),
      all_(ColourDomain::all_colours(puzzle)),
      cacheable_(all_ < 256 && std::min(puzzle.width(), puzzle.height()) <= kCacheCells) {
    check_search_palette(puzzle);
    clues_.reserve(puzzle.height() + puzzle.width());
    for (int r = 0; r < puzzle.height(); ++r)
        clues_.push_back(line::BitsetColourLineSolver::index(puzzle.row(r)));
    for (int c = 0; c < puzzle.width(); ++c)
        clues_.push_back(line::BitsetColourLineSolver::index(puzzle.column(c)));
}

void ColourLines::enable_cache(unsigned log2_entries) {
    // Entries are three times the black-and-white ones: a smaller table for
    // the same number of bits asked for, so clearing it costs the same.
    const std::size_t size = std::size_t{1} << std::min(log2_entries, 14u);
    if (cacheable_ && cache_.size() < size) cache_.assign(size, CacheEntry{});
}

ColourLines::Packed ColourLines::pack(std::span<const std::uint64_t> cells) {
    // Each word built in a register: or-ing into key[i / 8] in memory made
    // every cell wait for the previous store (a quarter of solve()'s time).
    Packed key{};
    const std::size_t n = cells.size();
    for (std::size_t w = 0; w * 8 < n; ++w) {
        std::uint64_t v = 0;
        for (std::size_t j = 0; j < 8 && w * 8 + j < n; ++j) v |= cells[w * 8 + j] << (8 * j);
        key[w] = v;
    }
    return key;
}

std::size_t ColourLines::slot_of(const Packed& key, int line) const {
    std::uint64_t h = (static_cast<std::uint64_t>(line) + 1) * 0xC2B2AE3D27D4EB4Full;
    for (const std::uint64_t w : key) h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return static_cast<std::size_t>(h) & (cache_.size() - 1);
}

namespace {

// Whether decided cells (one bit each) spell exactly `clue`'s runs.
bool spells(const Clue& clue, std::span<const std::uint64_t> cells) {
    std::size_t run = 0;
    for (std::size_t i = 0; i < cells.size();) {
        const int colour = std::countr_zero(cells[i]);
        std::size_t end = i + 1;
        while (end < cells.size() && cells[end] == cells[i]) ++end;
        if (colour != 0) {
            if (run == clue.size() || clue[run].colour != colour ||
                clue[run].length != static_cast<int>(end - i))
                return false;
            ++run;
        }
        i = end;
    }
    return run == clue.size();
}

}  // namespace

bool ColourLines::solve(int line, std::span<std::uint64_t> cells) {
    const int height = puzzle_.height();
    const Clue& clue = line < height ? puzzle_.row(line) : puzzle_.column(line - height);
    // A line whose every cell is decided has nothing left to deduce: reading
    // its runs off and comparing with the clue is a fraction of a DP.
    if (std::all_of(cells.begin(), cells.end(), ColourDomain::decided)) return spells(clue, cells);
    CacheEntry* entry = nullptr;
    Packed key;
    if (!cache_.empty() && cells.size() <= kCacheCells) {
        key = pack(cells);
        entry = &cache_[slot_of(key, line)];
        if (entry->line == static_cast<std::uint32_t>(line) && entry->state == key) {
            ++cache_hits_;
            if (!entry->ok) return false;
            for (std::size_t i = 0; i < cells.size(); ++i)
                cells[i] = (entry->result[i / 8] >> (8 * (i % 8))) & 0xFF;
            return true;
        }
    }
    const bool ok = solver_.solve_indexed(clues_[line], cells);
    if (ok && decide_only_)
        for (std::uint64_t& m : cells)
            if (!ColourDomain::decided(m)) m = all_;
    if (entry) {
        entry->line = static_cast<std::uint32_t>(line);
        entry->state = key;
        entry->ok = ok;
        if (ok) entry->result = pack(cells);
    }
    return ok;
}

Grid ColourDomain::to_grid(const State& s, int width, int height) {
    Grid g(width, height, kUnknown);
    for (std::size_t i = 0; i < s.size(); ++i)
        if (decided(s[i])) g.cells()[i] = static_cast<Cell>(std::countr_zero(s[i]));
    return g;
}

SatOutcome ColourDomain::sat(const Puzzle& p, const State& root, int wanted, const Budget& budget,
                             const SatOptions& options) {
    return colour_sat_search(p, root, wanted, budget, options);
}

}  // namespace nonolab::exact

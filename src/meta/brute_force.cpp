#include "meta/brute_force.hpp"

#include <stdexcept>
#include <string>

namespace nonolab::meta {

namespace {

/// valid[p] = 1 when the n-bit pattern p (bit i = cell i) shows exactly `runs`.
std::vector<std::uint8_t> valid_patterns(const Clue& clue, int n) {
    std::vector<std::uint8_t> valid(std::size_t{1} << n, 0);
    std::vector<int> want;
    for (const auto& r : clue) want.push_back(r.length);
    std::vector<int> got;
    for (std::uint32_t p = 0; p < (1u << n); ++p) {
        got.clear();
        int run = 0;
        for (int i = 0; i < n; ++i) {
            if ((p >> i) & 1) {
                ++run;
            } else if (run) {
                got.push_back(run);
                run = 0;
            }
        }
        if (run) got.push_back(run);
        valid[p] = got == want;
    }
    return valid;
}

}  // namespace

BruteForceCount brute_force_count(const Puzzle& puzzle, std::size_t keep, const Budget* budget,
                                  int max_cells, std::uint64_t max_grids) {
    const int w = puzzle.width(), h = puzzle.height(), n = w * h;
    if (!puzzle.black_and_white())
        throw std::invalid_argument("brute-force: black-and-white puzzles only");
    if (max_cells > 36) max_cells = 36;
    if (n > max_cells)
        throw std::invalid_argument("brute-force: " + std::to_string(w) + "x" + std::to_string(h) +
                                    " has " + std::to_string(n) + " cells; the limit is " +
                                    std::to_string(max_cells) + " (--param max_cells)");
    std::vector<std::vector<std::uint8_t>> row_ok, col_ok;
    for (int r = 0; r < h; ++r) row_ok.push_back(valid_patterns(puzzle.rows()[r], w));
    for (int c = 0; c < w; ++c) col_ok.push_back(valid_patterns(puzzle.columns()[c], h));
    // spread[r][p]: the bits of row pattern p moved to their column-major places.
    std::vector<std::vector<std::uint64_t>> spread(h, std::vector<std::uint64_t>(1u << w, 0));
    for (int r = 0; r < h; ++r)
        for (std::uint32_t p = 0; p < (1u << w); ++p)
            for (int c = 0; c < w; ++c)
                if ((p >> c) & 1) spread[r][p] |= std::uint64_t{1} << (c * h + r);

    const std::uint64_t row_mask = (std::uint64_t{1} << w) - 1;
    const std::uint64_t col_mask = (std::uint64_t{1} << h) - 1;
    const std::uint64_t total = std::uint64_t{1} << n;
    const std::uint64_t stop = max_grids > 0 && max_grids < total ? max_grids : total;
    BruteForceCount out;
    std::uint64_t g = 0;
    for (; g < stop; ++g) {
        if ((g & 0xFFFFF) == 0 && g && budget && budget->expired()) break;
        std::uint64_t t = 0;
        int r = 0;
        for (; r < h; ++r) {
            const std::uint64_t p = (g >> (r * w)) & row_mask;
            if (!row_ok[r][p]) break;
            t |= spread[r][p];
        }
        if (r < h) continue;
        int c = 0;
        for (; c < w; ++c)
            if (!col_ok[c][(t >> (c * h)) & col_mask]) break;
        if (c < w) continue;
        ++out.solutions;
        if (out.first.size() < keep) {
            Grid s(w, h, kEmpty);
            for (int i = 0; i < n; ++i) s.cells()[i] = ((g >> i) & 1) ? kFilled : kEmpty;
            out.first.push_back(std::move(s));
        }
    }
    out.grids = g;
    out.complete = g == total;
    return out;
}

const OptionTable<BruteForceOptions>& brute_force_option_table() {
    static const OptionTable<BruteForceOptions> table =
        OptionTable<BruteForceOptions>("brute-force")
            .integer("max_cells", &BruteForceOptions::max_cells, 1, 36,
                     "largest board accepted, in cells (2^cells grids; cap 36)");
    return table;
}

MethodInfo brute_force_method() {
    MethodInfo m;
    m.name = "brute-force";
    m.description = "enumerate all 2^(N*M) grids, bit-parallel line checks; counts solutions";
    m.paper = "Bobko & Grzywacz 2016, section VI, Table I";
    m.describe_params = [] { return brute_force_option_table().docs(); };
    m.run = [](const Puzzle& p, const ParamMap& params, const RunControl& ctl) {
        const auto o = brute_force_option_table().parse(params);
        const auto c = brute_force_count(p, 1, &ctl.budget, o.max_cells,
                                         static_cast<std::uint64_t>(ctl.max_evaluations));
        MetaResult r;
        r.evaluations = static_cast<std::int64_t>(c.grids);
        r.timed_out = !c.complete && ctl.budget.expired();
        r.reached_zero = !c.first.empty();
        r.best = c.first.empty() ? Grid(p.width(), p.height(), kEmpty) : c.first.front();
        r.best_error = r.reached_zero ? 0 : -1;
        r.stats["solutions"] = static_cast<double>(c.solutions);
        r.stats["complete"] = c.complete ? 1 : 0;
        return r;
    };
    return m;
}

std::vector<MethodInfo> brute_force_methods() {
    return {brute_force_method()};
}

}  // namespace nonolab::meta

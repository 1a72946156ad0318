#include "exact/colour_cnf.hpp"

#include <bit>
#include <stdexcept>

namespace nonolab::exact {

namespace {

constexpr int kTrue = 1 << 30, kFalse = -(1 << 30);

// Collects clauses, dropping false constants and skipping a clause that
// holds a true one (a negated constant flips).
struct Clauses {
    std::vector<std::vector<int>>& out;
    std::vector<int> clause;
    void add(std::initializer_list<int> lits) {
        clause.clear();
        for (int l : lits) {
            if (l == kTrue || l == -kFalse) return;
            if (l == kFalse || l == -kTrue) continue;
            clause.push_back(l);
        }
        out.push_back(clause);
    }
};

// Exactly one of `lits` (at least one; at most one pairwise for few
// literals, else with Sinz's sequential counter, 3n clauses and n-1 extra
// variables instead of n(n-1)/2 clauses).
void exactly_one(const std::vector<int>& lits, int& next_var, Clauses& cl) {
    cl.out.push_back(lits);
    const std::size_t n = lits.size();
    if (n <= 8) {
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = a + 1; b < n; ++b) cl.out.push_back({-lits[a], -lits[b]});
        return;
    }
    int prev = 0;  // s_i: "one of lits[0..i] is true"
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const int s = next_var++;
        cl.out.push_back({-lits[i], s});
        if (prev) cl.out.push_back({-prev, s}), cl.out.push_back({-lits[i], -prev});
        prev = s;
    }
    cl.out.push_back({-lits[n - 1], -prev});
}

struct LineView {
    const Clue& clue;
    std::vector<int> cells;  ///< cell indices along the line
};

void encode_colour_line(const LineView& line, const ColourCnf& x, int& next_var, Clauses& cl) {
    const Clue& runs = line.clue;
    const int n = static_cast<int>(line.cells.size());
    const int k = static_cast<int>(runs.size());
    auto X = [&](int pos, int colour) {
        const int v = x.literal(line.cells[pos], colour);
        return v ? v : kFalse;
    };
    if (k == 0) {
        for (int c = 0; c < n; ++c) cl.add({X(c, 0)});
        return;
    }
    auto gap = [&](int j) { return j + 1 < k && runs[j].colour == runs[j + 1].colour ? 1 : 0; };
    std::vector<int> earliest(k), latest(k), base(k);
    for (int j = 0, at = 0; j < k; ++j) at = (earliest[j] = at) + runs[j].length + gap(j);
    for (int j = k - 1, at = n; j >= 0; --j)
        at = (latest[j] = at - runs[j].length) - (j > 0 ? gap(j - 1) : 0);
    for (int j = 0; j < k; ++j) {
        if (earliest[j] > latest[j]) {  // the clue cannot fit
            cl.out.push_back({});
            return;
        }
        base[j] = next_var - earliest[j];
        next_var += latest[j] - earliest[j];
    }
    auto Y = [&](int j, int pos) {  // constants outside the window
        if (pos < earliest[j]) return kFalse;
        if (pos >= latest[j]) return kTrue;
        return base[j] + pos;
    };
    for (int j = 0; j < k; ++j)
        for (int p = earliest[j]; p + 1 < latest[j]; ++p) cl.add({-Y(j, p), Y(j, p + 1)});
    for (int j = 0; j + 1 < k; ++j)
        for (int p = earliest[j + 1]; p < latest[j + 1]; ++p)
            cl.add({-Y(j + 1, p), Y(j, p - runs[j].length - gap(j))});
    for (int c = 0; c < n; ++c) {
        for (int j = 0; j < k; ++j) {
            const int len = runs[j].length;
            if (c >= earliest[j] && c < latest[j] + len)
                cl.add({X(c, runs[j].colour), -Y(j, c), Y(j, c - len)});
        }
        const int bg = X(c, 0);
        cl.add({bg, Y(0, c)});
        for (int j = 0; j + 1 < k; ++j) cl.add({bg, -Y(j, c - runs[j].length), Y(j + 1, c)});
        cl.add({bg, -Y(k - 1, c - runs[k - 1].length)});
    }
}

}  // namespace

ColourCnf encode_colour_cnf(const Puzzle& p, const std::vector<std::uint64_t>& masks) {
    const int w = p.width(), h = p.height(), cells = w * h;
    if (static_cast<int>(masks.size()) != cells)
        throw std::invalid_argument("encode_colour_cnf: one mask per cell expected");
    if (p.palette().size() > 64)
        throw std::invalid_argument("encode_colour_cnf: palettes of up to 64 colours");
    ColourCnf x;
    x.colours = static_cast<int>(p.palette().size());
    x.var.assign(static_cast<std::size_t>(cells) * x.colours, 0);
    int next_var = 1;
    for (int cell = 0; cell < cells; ++cell)
        for (std::uint64_t m = masks[cell]; m; m &= m - 1)
            x.var[static_cast<std::size_t>(cell) * x.colours + std::countr_zero(m)] = next_var++;
    Clauses cl{x.cnf.clauses, {}};
    std::vector<int> lits;
    for (int cell = 0; cell < cells; ++cell) {
        lits.clear();
        for (int k = 0; k < x.colours; ++k)
            if (int v = x.literal(cell, k)) lits.push_back(v);
        exactly_one(lits, next_var, cl);  // an empty mask: the empty clause
    }
    for (int r = 0; r < h; ++r) {
        LineView line{p.row(r), {}};
        for (int c = 0; c < w; ++c) line.cells.push_back(r * w + c);
        encode_colour_line(line, x, next_var, cl);
    }
    for (int c = 0; c < w; ++c) {
        LineView line{p.column(c), {}};
        for (int r = 0; r < h; ++r) line.cells.push_back(r * w + c);
        encode_colour_line(line, x, next_var, cl);
    }
    x.cnf.num_vars = next_var - 1;
    return x;
}

}  // namespace nonolab::exact

#include "nn/reflection.hpp"

#include <algorithm>
#include <stdexcept>

namespace nonolab::nn {
namespace {

// Every reflection is f_v^v ∘ f_h^h ∘ g^t: transpose first, then flip.
struct Parts {
    bool t, v, h;
};

Parts parts(Reflection r) {
    switch (r) {
        case Reflection::rc:
            return {false, false, false};
        case Reflection::cr:
            return {true, false, false};
        case Reflection::rC:
            return {false, false, true};
        case Reflection::Rc:
            return {false, true, false};
        case Reflection::cR:
            return {true, false, true};
        case Reflection::Cr:
            return {true, true, false};
        case Reflection::RC:
            return {false, true, true};
        case Reflection::CR:
            return {true, true, true};
    }
    throw std::logic_error("bad Reflection");
}

Clue reversed(Clue c) {
    std::reverse(c.begin(), c.end());
    return c;
}

}  // namespace

std::string reflection_name(Reflection r) {
    static const char* const names[] = {"rc", "cr", "rC", "Rc", "cR", "Cr", "RC", "CR"};
    return names[static_cast<int>(r)];
}

Reflection parse_reflection(const std::string& name) {
    for (Reflection r : kReflections)
        if (reflection_name(r) == name) return r;
    throw std::invalid_argument("unknown reflection '" + name +
                                "' (expected rc, cr, rC, Rc, cR, Cr, RC or CR)");
}

Reflection inverse(Reflection r) {
    if (r == Reflection::cR) return Reflection::Cr;
    if (r == Reflection::Cr) return Reflection::cR;
    return r;
}

Grid reflect(const Grid& board, Reflection r) {
    const Parts p = parts(r);
    const int h = board.height(), w = board.width();
    const int oh = p.t ? w : h, ow = p.t ? h : w;
    Grid out(ow, oh);
    for (int i = 0; i < oh; ++i)
        for (int j = 0; j < ow; ++j) {
            const int a = p.v ? oh - 1 - i : i;  // position in the transposed (or not) frame
            const int b = p.h ? ow - 1 - j : j;
            out.set(i, j, p.t ? board.at(b, a) : board.at(a, b));
        }
    return out;
}

void reflect_cells(const std::uint8_t* board, int n, Reflection r, std::uint8_t* out) {
    const Parts p = parts(r);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const int a = p.v ? n - 1 - i : i, b = p.h ? n - 1 - j : j;
            out[i * n + j] = p.t ? board[b * n + a] : board[a * n + b];
        }
}

Puzzle reflect(const Puzzle& puzzle, Reflection r) {
    const Parts p = parts(r);
    const int h = puzzle.height(), w = puzzle.width();
    // New row i reads source line (flipped index if v), reversed if h; new
    // column j reads the other family, reversed if v. Source lines are the
    // columns when transposing.
    const auto& row_src = p.t ? puzzle.columns() : puzzle.rows();
    const auto& col_src = p.t ? puzzle.rows() : puzzle.columns();
    const int oh = p.t ? w : h, ow = p.t ? h : w;
    std::vector<Clue> rows(oh), cols(ow);
    for (int i = 0; i < oh; ++i) {
        const Clue& c = row_src[p.v ? oh - 1 - i : i];
        rows[i] = p.h ? reversed(c) : c;
    }
    for (int j = 0; j < ow; ++j) {
        const Clue& c = col_src[p.h ? ow - 1 - j : j];
        cols[j] = p.v ? reversed(c) : c;
    }
    PuzzleInfo info = puzzle.info();
    if (info.goal) info.goal = reflect(*info.goal, r);
    return Puzzle(ow, oh, std::move(rows), std::move(cols), puzzle.palette(), std::move(info));
}

}  // namespace nonolab::nn

// CellDomain: what the one engine (propagator.hpp, prober.hpp,
// exact_search.hpp) needs from a cell domain, checked by the compiler.
//
// The engine is written once over a domain: what a cell's state is, which
// values an open cell may still take, how two probe results join, how one
// line is solved, and how the residual is handed to CaDiCaL. Two domains
// exist: BinaryDomain (binary_domain.hpp: a cell is kUnknown, kEmpty or
// kFilled) and ColourDomain (colour_domain.hpp: a cell is a set of palette
// colours, one bit each). The semantic rules, which no compiler checks:
//   - decided(v) holds for exactly one value per colour (of_colour), and
//     colour_of(of_colour(c)) == c;
//   - candidates(v) lists v's possible values as bits, in the order the
//     search tries them, and value_of(bit) is the value of one bit;
//   - join(a, b) is what both a and b allow (a probe keeps what both of its
//     branches agree on), so join(v, v) == v;
//   - Lines::solve narrows a line's cells to what every arrangement of its
//     clue allows and returns false when no arrangement fits; it never
//     widens a cell.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>

#include "core/budget.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "exact/sat_search.hpp"

namespace nonolab::exact {

template <class D>
concept CellDomain = requires(typename D::State& state, const typename D::State& cstate,
                              typename D::Value v, typename D::Lines& lines,
                              std::span<typename D::Value> line_cells, const Puzzle& puzzle,
                              const Budget& budget, const SatOptions& sat_options) {
    // The state of the whole board, as a row-major array of cell values.
    { D::cells(state) } -> std::same_as<typename D::Value*>;
    { D::cells(cstate) } -> std::same_as<const typename D::Value*>;
    { D::open_state(puzzle) } -> std::same_as<typename D::State>;
    // One cell.
    { D::decided(v) } -> std::same_as<bool>;
    { D::candidates(v) } -> std::same_as<std::uint64_t>;
    { D::value_of(0) } -> std::same_as<typename D::Value>;
    { D::join(v, v) } -> std::same_as<typename D::Value>;
    { D::of_colour(Cell{}) } -> std::same_as<typename D::Value>;
    { D::colour_of(v) } -> std::same_as<Cell>;
    { D::to_grid(cstate, 0, 0) } -> std::same_as<Grid>;
    // One line, and the learning back end.
    { lines.solve(0, line_cells) } -> std::same_as<bool>;
    { D::kAutoUsesSat } -> std::convertible_to<bool>;
    { D::sat(puzzle, cstate, 0, budget, sat_options) } -> std::same_as<SatOutcome>;
};

}  // namespace nonolab::exact

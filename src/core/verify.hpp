// verify: the independent referee.
//
// Every solution nonolab prints goes through verify() first. It deliberately
// shares no code with the line solvers or the search: it reads the grid line
// by line, derives the runs it actually shows, and compares them with the
// clues. A bug in a solver therefore cannot hide itself here.
#pragma once

#include <string>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab {

struct VerifyResult {
    bool ok = false;     ///< every row and column matches its clue
    std::string reason;  ///< first mismatch, e.g. "row 3: clue 2 1, grid shows 3"; empty when ok
    explicit operator bool() const { return ok; }
};

/// Checks that `grid` is complete, has the puzzle's size and colours, and
/// satisfies every row and column clue exactly.
VerifyResult verify(const Puzzle& puzzle, const Grid& grid);

}  // namespace nonolab

// The printed forms of an explanation (exact/explain.hpp): the JSON object
// that `nonolab explain --json` prints one per line and /api/explain
// returns, and the text of `nonolab explain`. One definition for both
// front ends, so the CLI and the server say the same.
//
//   {"source":"heart.non","index":1,"name":"Heart","width":9,"height":8,
//    "status":"unique","steps":[{"kind":"line","line":"row","index":0,
//     "cells":[{"row":0,"col":1,"value":"#"}],"reason":"row 1: clue ..."}],
//    "grid":["..##.##..", ...]}
//
// Indices in the JSON are 0-based; the reasons number lines and cells from
// 1, as people do. "line" is "row" or "column" for line and contradiction
// steps, null otherwise; values are the palette symbols of the solutions
// rows ('#' and '.' in black and white); "grid" has '?' where logic stopped.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/puzzle.hpp"
#include "exact/explain.hpp"

namespace nonolab::batch {

nlohmann::json explain_json(const exact::Explanation& e, const Puzzle& puzzle,
                            const std::string& source, int index);

/// Numbered steps, one per line, then the verdict.
std::string explain_text(const exact::Explanation& e, const Puzzle& puzzle,
                         const std::string& source, int index);

}  // namespace nonolab::batch

// Report: one puzzle's outcome, and its JSON Lines form as fixed by
// ../shared/docs/interface.md (source, index, name, width, height, method,
// status, seconds, solutions, stats, and error when status is "error").
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"

namespace nonolab::io {

struct Report {
    std::string source;  ///< file name as given on the command line
    int index = 0;       ///< 1-based position of the puzzle in its file
    std::string name;    ///< title, or "" when the file gives none
    int width = 0, height = 0;
    std::string method;  ///< e.g. "exact"
    Status status = Status::error;
    double seconds = 0;                               ///< wall time solving, excluding reading
    std::vector<std::vector<std::string>> solutions;  ///< rows top to bottom, per solution
    nlohmann::json stats = nlohmann::json::object();  ///< free-form, stable per method
    std::string error;                                ///< message when status == error
};

/// Rows of a complete grid as text: '#'/'.' in black and white, palette symbols in colour.
std::vector<std::string> grid_rows(const Grid& grid, const Palette& palette);

/// The JSON object of one line of `solve --json` output.
nlohmann::json to_json(const Report& report);

}  // namespace nonolab::io

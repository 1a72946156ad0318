// Report: one puzzle's outcome, and its JSON Lines form as fixed by
// ../shared/docs/interface.md (source, index, name, width, height, method,
// status, seconds, solutions, stats, and error when status is "error").
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "io/text_encoding.hpp"  // valid_utf8: how to_json writes strings, for comparing

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

/// The JSON object of one line of `solve --json` output. Strings that are
/// not UTF-8 (a file name in another encoding, an error message quoting the
/// input) go in through valid_utf8 (text_encoding.hpp): U+FFFD marks the
/// bytes, and serialising cannot fail on them.
nlohmann::json to_json(const Report& report);

/// to_json(report) as one line without the newline. Serialised with
/// nlohmann's replace handler as well, a net for free-form stats strings.
std::string to_json_line(const Report& report);

/// The record that stands in for `report` when its result could not be
/// written (serialised or formatted): the same source, index, name, size,
/// method and seconds, status error, and an error message that names the
/// puzzle, the verdict that was lost and `what` went wrong.
Report unwritten_report(const Report& report, std::string_view what);

/// One puzzle's record as `render` makes it (a JSON line, or the text block
/// of solve without --json). A result is never lost without a trace: when
/// render throws, this renders unwritten_report(report, what) instead, and
/// when that throws too, returns its to_json_line; `stood_in` (may be null)
/// tells whether that happened. Never throws (short of memory running out).
std::string render_record(const Report& report,
                          const std::function<std::string(const Report&)>& render,
                          bool* stood_in = nullptr);

}  // namespace nonolab::io

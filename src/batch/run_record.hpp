// RunRecord: the one record of one run, whichever command made it (solve,
// check, experiment, bench; soon the server and Python), and its one JSON
// line. The line holds every field of docs/interface.md ("The
// record": source, index, name, width, height, method,
// status, seconds, solutions, stats, error) plus what identifies the run
// for a resume (unit, params, trial, seed and the run limits), and the
// convergence curve when one was asked for:
//
//   {"unit":0,"source":"x.non","index":1,"name":"Heart","width":9,"height":8,
//    "method":"hs-c","params":{},"trial":1,"seed":7,"max_evaluations":0,
//    "timeout":0,"curve_every":0,"status":"solved","seconds":0.012,
//    "solutions":[["..#.#..", ...]],"stats":{"evaluations":1234,"best_error":0}}
//
// stats.evaluations is the method's count in its paper's unit (branch
// nodes for the exact solver); stats.best_error the best objective value
// reached (0 when solved). A record is never lost: to_json_line falls back
// to a record that still names the source, index and method and says what
// went wrong, whatever the fields hold.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/method.hpp"
#include "core/status.hpp"

namespace nonolab::batch {

struct RunRecord {
    std::uint64_t unit = 0;            ///< the run's position in its batch; orders the output
    std::string source;                ///< the file (or spec) the puzzle came from, as given
    int index = 1;                     ///< 1-based puzzle number in its file; 0 = the whole file
    std::string name;                  ///< the puzzle's title, or "" when the file gives none
    std::string group;                 ///< suite group ("" = none); plots can pool by it
    int width = 0, height = 0;         ///< puzzle size (0 when it could not be read)
    std::string method;                ///< registered method name, e.g. "exact", "hs-c"
    ParamMap params;                   ///< the parameters given (defaults are the method's)
    int trial = 1;                     ///< 1-based
    std::uint64_t seed = 0;            ///< the seed the method ran with
    std::int64_t max_evaluations = 0;  ///< the run's iteration override (0 = the method's)
    double timeout = 0;                ///< the run's wall-clock budget in seconds (0 = none)
    std::int64_t curve_every = 0;      ///< curve sampling interval (0 = no curve)

    Status status = Status::error;
    double seconds = 0;  ///< wall time of the run; the one field that varies between reruns
    std::vector<std::vector<std::string>> solutions;  ///< verified solutions, rows top to bottom
    std::int64_t iterations = 0;   ///< stats.evaluations: the method's count, its paper's unit
    std::int64_t best_error = -1;  ///< stats.best_error: best objective value (0 when solved)
    nlohmann::json stats = nlohmann::json::object();  ///< the method's other numbers and words
    std::string error;                                ///< the message when status is error
    std::string reason;  ///< why a contradiction needs no search ("rows fill 10 cells, ...")
    std::vector<CurvePoint> curve;  ///< (evaluation, best error) samples when asked for

    /// A solution was found and verified (unique, multiple or solved).
    bool solved() const {
        return status == Status::unique || status == Status::multiple || status == Status::solved;
    }
};

/// One line of JSON (no newline) holding every field of `record`. Never
/// throws: text that is not UTF-8 is replaced, and any other failure gives
/// an error record with the source, index, method and what went wrong.
std::string to_json_line(const RunRecord& record);

/// The inverse of to_json_line; throws std::invalid_argument naming the
/// missing or malformed field.
RunRecord parse_json_line(const std::string& line);

/// Identifies a run independently of its position in a file: source, index,
/// method, params, trial, seed, max_evaluations, timeout and curve_every. A
/// resumed batch skips runs whose key is already recorded; changing the
/// seed or a run limit gives different keys on purpose.
std::string unit_key(const RunRecord& record);

}  // namespace nonolab::batch

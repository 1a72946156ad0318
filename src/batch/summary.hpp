// The summary of an experiment, shaped like Tables 1 and 2 of Lee & Geem
// 2025: one row per puzzle, and per method the success count x/T and the
// average number of iterations with its [min-max] range, both taken over
// the successful runs only (the paper prints "-" where no run succeeded).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "batch/experiment.hpp"

namespace nonolab::batch {

/// One (puzzle, method) cell of the table.
struct SummaryCell {
    std::string method;               ///< method label: the name, plus "k=v" params when given
    int runs = 0;                     ///< recorded runs (T)
    int successes = 0;                ///< runs whose grid passed verify (x)
    int errors = 0;                   ///< runs with status error (counted in runs, never successes)
    double avg_iterations = 0;        ///< mean over successful runs; 0 when none
    std::int64_t min_iterations = 0;  ///< over successful runs; 0 when none
    std::int64_t max_iterations = 0;  ///< over successful runs; 0 when none
    double mean_seconds = 0;          ///< mean wall time over all runs
    double mean_best_error = 0;       ///< mean best error over all runs (0 when all solved)
};

/// One row: a puzzle and its cells, one per method, in method order.
struct SummaryRow {
    std::string label;   ///< "name (WxH)" or "file#index (WxH)"
    std::string source;  ///< file
    int index = 1;       ///< 1-based position in the file
    std::string group;   ///< manifest group, "" when none
    std::vector<SummaryCell> cells;
};

/// Groups records by puzzle (source, index) and method label, in order of
/// first appearance. A method missing for some puzzle gets a cell with 0 runs.
std::vector<SummaryRow> summarise(const std::vector<RunRecord>& records);

/// "hs-c" or "hs-c hms=10 par=0.5": how a record's method is labelled.
std::string method_label(const std::string& method, const ParamMap& params);

enum class TableStyle {
    text,      ///< aligned columns for the terminal
    markdown,  ///< a GitHub table, for docs/results
    csv,       ///< one line per (puzzle, method) with raw numbers, for scripts
};

/// Parses "text", "markdown"/"md" or "csv"; throws std::invalid_argument otherwise.
TableStyle table_style_from(const std::string& name);

/// The table as text in the given style, ending with a newline.
std::string format_summary(const std::vector<SummaryRow>& rows, TableStyle style);

}  // namespace nonolab::batch

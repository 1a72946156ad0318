// The summary of an experiment, shaped like Tables 1 and 2 of Lee & Geem
// 2025: one row per puzzle, and per method the success count x/T and the
// average number of iterations with its [min-max] range, both taken over
// the successful runs only (the paper prints "-" where no run succeeded).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
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

/// The table built one record at a time, so that an experiment of millions
/// of runs need not keep its records (it holds one cell per puzzle and
/// method). Records are grouped by puzzle (source, index) and method label;
/// rows and methods come in the order of the smallest unit id that names
/// them, ties in arrival order: first appearance for records in unit order,
/// and the same table however a resumed run's records were split between
/// the old file and the new session. A method missing for some puzzle gets
/// a cell with 0 runs.
class SummaryBuilder {
  public:
    void add(const RunRecord& record);
    /// The table of the records added so far.
    std::vector<SummaryRow> rows() const;

  private:
    // Sums behind one cell; the averages are finished by rows().
    struct Sums {
        SummaryCell cell;
        double seconds = 0, best_errors = 0, iterations = 0;
    };
    struct Row {
        SummaryRow head;  // label, source, index, group (cells filled by rows())
        std::vector<Sums> by_method;
    };
    // (smallest unit, arrival) of the record that places a row or method.
    using Place = std::pair<std::uint64_t, std::uint64_t>;
    std::vector<std::string> methods_;
    std::vector<Place> method_place_;
    std::vector<Row> rows_;
    std::vector<Place> row_place_;
    std::map<std::pair<std::string, int>, std::size_t> row_of_;
    std::map<std::string, std::size_t> method_of_;
    std::uint64_t arrivals_ = 0;
};

/// SummaryBuilder over a vector of records.
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

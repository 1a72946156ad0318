// Resume: continuing a batch from its results file (solve --resume,
// experiment --resume). The file is read once on rank 0, record by record
// (it may hold millions): their units are skipped (unit_key), a torn last line
// (an interrupted write) is ignored and its unit runs again, and new records
// are appended to the same file unless another --out is named. A batch that
// stops early says how many units it left and how to finish them, in the
// same words on every command.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "batch/record_file.hpp"
#include "batch/run_record.hpp"
#include "batch/unit_key_set.hpp"

namespace nonolab::batch {

/// What a results file holds for --resume.
struct ResumeState {
    std::size_t records = 0;  ///< its complete records
    UnitKeySet done;          ///< their unit keys: the units to skip
    bool torn_tail = false;   ///< the last line was incomplete (ignored)
};

/// Reads `path` for --resume, handing each record to `each` (when given) in
/// file order; the records themselves are not kept. A file that does not
/// exist yet is an empty state (the run starts from nothing). Throws
/// std::runtime_error "path:line: why" for a line that is not a record, or
/// when the file cannot be read.
ResumeState read_resume(const std::string& path,
                        const std::function<void(const RunRecord&)>& each = {});

/// The warning for a torn last line: "PATH: the last line is incomplete (an
/// interrupted write); its unit runs again".
std::string torn_tail_warning(const std::string& path);

/// Opens the results file `out`: appending when it is the file being
/// resumed, else truncating it (RecordFile's exceptions).
std::unique_ptr<RecordFile> open_results(const std::string& out, const std::string& resume);

/// The note for a batch that stopped early: "interrupted: MISSING of TOTAL
/// LEFT", then "; rerun with --resume OUT to finish them" when the records
/// go to a file `out`. `left` says what was not done ("puzzles were not
/// solved").
std::string interrupted_note(std::size_t missing, std::size_t total, const std::string& left,
                             const std::string& out);

}  // namespace nonolab::batch

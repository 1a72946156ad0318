// RecordFile: a JSON Lines results file (experiment records, solve --json
// lines), written so that it is
// always a valid prefix of the results: each record goes out as one complete
// line in a single write(2), straight to the file with no user-space buffer,
// so an interrupted or killed run leaves whole lines only. Reading (for
// --resume) tolerates a torn last line anyway, and appending first cuts it
// off, so a file damaged by a power cut still resumes.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "batch/experiment.hpp"

namespace nonolab::batch {

/// The records of a results file, and what was wrong with it.
struct RecordFileContents {
    std::vector<RunRecord> records;  ///< every complete, well-formed line, in file order
    bool torn_tail = false;          ///< the file ended in a line without its newline (ignored)
};

/// Hands `each` the complete, non-blank lines of any JSON-lines file (CR
/// removed) with their 1-based line numbers, one at a time, so that a file
/// of millions of lines is never held in memory. Returns true when the file
/// ended in a line without its newline (a torn write; ignored). Throws
/// std::runtime_error naming the path when it cannot be opened or read.
bool for_each_json_line(const std::string& path,
                        const std::function<void(int line_no, const std::string& line)>& each);

/// Hands `each` the records of a results file in file order, one at a time;
/// returns true for a torn last line (ignored). Throws std::runtime_error
/// "path:line: why" on a malformed complete line, or when the file cannot
/// be opened.
bool for_each_record(const std::string& path, const std::function<void(RunRecord&)>& each);

/// Every record of a results file at once (tests, small files); the same
/// errors as for_each_record.
RecordFileContents read_record_file(const std::string& path);

class RecordFile {
  public:
    /// Opens `path` for writing: truncates it, or with `append` keeps its
    /// complete lines and cuts off a torn tail. Throws std::runtime_error
    /// naming the path when it cannot be opened.
    RecordFile(const std::string& path, bool append);
    ~RecordFile();
    RecordFile(const RecordFile&) = delete;
    RecordFile& operator=(const RecordFile&) = delete;

    /// Writes one record as one line, then flushes it to the file. Throws
    /// std::runtime_error on a write error (disk full, ...).
    void write(const RunRecord& record);
    /// Writes `line` (no newline in it) and a newline, the same way.
    void write_line(const std::string& line);

    const std::string& path() const { return path_; }

  private:
    std::string path_;
    int fd_ = -1;
};

}  // namespace nonolab::batch

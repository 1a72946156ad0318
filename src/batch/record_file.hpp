// RecordFile: a JSON Lines results file (experiment records, solve --json
// lines), written so that it is
// always a valid prefix of the results: each record goes out as one complete
// line in a single write(2), straight to the file with no user-space buffer,
// so an interrupted or killed run leaves whole lines only. Reading (for
// --resume) tolerates a torn last line anyway, and appending first cuts it
// off, so a file damaged by a power cut still resumes.
#pragma once

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

/// The complete lines of a JSON-lines file, with their 1-based line numbers.
struct JsonLines {
    std::vector<std::pair<int, std::string>> lines;  ///< non-blank complete lines (CR removed)
    bool torn_tail = false;  ///< the file ended in a line without its newline (ignored)
};

/// Reads any JSON-lines file (solve --json output, experiment records, ...)
/// without parsing it; throws std::runtime_error naming the path when it
/// cannot be opened.
JsonLines read_json_lines(const std::string& path);

/// Reads a results file; throws std::runtime_error "path:line: why" on a
/// malformed complete line, or when the file cannot be opened.
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

#include "batch/record_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "batch/run_record.hpp"

namespace nonolab::batch {

namespace {

std::runtime_error sys_error(const std::string& path, const std::string& what) {
    return std::runtime_error(path + ": " + what + ": " + std::strerror(errno));
}

}  // namespace

bool for_each_json_line(const std::string& path,
                        const std::function<void(int line_no, const std::string& line)>& each) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot open the results file");
    std::string line;
    int line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        // getline stops at the end of the file without a newline too: that
        // last line is a write cut short, and its unit simply runs again.
        if (in.eof()) return !line.empty();
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        each(line_no, line);
    }
    if (in.bad()) throw std::runtime_error(path + ": read error");
    return false;
}

bool for_each_record(const std::string& path, const std::function<void(RunRecord&)>& each) {
    return for_each_json_line(path, [&](int line_no, const std::string& line) {
        RunRecord r;
        try {
            r = parse_json_line(line);
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error(path + ":" + std::to_string(line_no) + ": " + e.what());
        }
        each(r);
    });
}

RecordFileContents read_record_file(const std::string& path) {
    RecordFileContents out;
    out.torn_tail =
        for_each_record(path, [&](RunRecord& r) { out.records.push_back(std::move(r)); });
    return out;
}

namespace {

// The length of `fd`'s file up to and including its last newline (0 when it
// has none), read backwards in blocks: a results file may be gigabytes.
off_t through_last_newline(int fd, const std::string& path) {
    const off_t size = ::lseek(fd, 0, SEEK_END);
    if (size < 0) throw sys_error(path, "cannot seek to the end");
    char block[1 << 16];
    for (off_t end = size; end > 0;) {
        const off_t begin = std::max<off_t>(0, end - static_cast<off_t>(sizeof block));
        const auto want = static_cast<std::size_t>(end - begin);
        std::size_t got = 0;
        while (got < want) {
            const ssize_t n = ::pread(fd, block + got, want - got, begin + static_cast<off_t>(got));
            if (n < 0 && errno == EINTR) continue;
            if (n == 0) errno = EIO;  // the file shrank under us: no errno of its own
            if (n <= 0) throw sys_error(path, "cannot read the last line");
            got += static_cast<std::size_t>(n);
        }
        for (std::size_t i = want; i-- > 0;)
            if (block[i] == '\n') return begin + static_cast<off_t>(i) + 1;
        end = begin;
    }
    return 0;
}

}  // namespace

RecordFile::RecordFile(const std::string& path, bool append) : path_(path) {
    // Read access too when appending: the torn tail is found by reading.
    fd_ = ::open(path.c_str(), (append ? O_RDWR : O_WRONLY | O_TRUNC) | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw sys_error(path, "cannot open for writing");
    if (!append) return;
    try {
        // Keep everything up to the last newline: a torn last line is dropped
        // so that the next record starts on a line of its own.
        const off_t keep = through_last_newline(fd_, path);
        if (keep != ::lseek(fd_, 0, SEEK_END) && ::ftruncate(fd_, keep) != 0)
            throw sys_error(path, "cannot cut off the torn last line");
        if (::lseek(fd_, 0, SEEK_END) < 0) throw sys_error(path, "cannot seek to the end");
    } catch (...) {
        ::close(fd_);  // the destructor does not run for a constructor that throws
        throw;
    }
}

RecordFile::~RecordFile() {
    if (fd_ >= 0) ::close(fd_);
}

void RecordFile::write(const RunRecord& record) {
    const std::string line = to_json_line(record);
    // --resume finds a run again by its key, read back from this line.
    assert(unit_key(parse_json_line(line)) == unit_key(record));
    write_line(line);
}

void RecordFile::write_line(const std::string& text) {
    // One record per line: a newline inside would split it for every reader.
    assert(text.find('\n') == std::string::npos);
    const std::string line = text + "\n";
    // One write(2) per line: a regular-file write is not split by signals, so
    // the file holds whole lines whenever the process stops. The loop only
    // matters for partial writes on a nearly full disk.
    std::size_t done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw sys_error(path_, "write failed");
        }
        done += static_cast<std::size_t>(n);
    }
}

}  // namespace nonolab::batch

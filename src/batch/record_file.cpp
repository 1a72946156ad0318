#include "batch/record_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace nonolab::batch {

namespace {

std::runtime_error sys_error(const std::string& path, const std::string& what) {
    return std::runtime_error(path + ": " + what + ": " + std::strerror(errno));
}

}  // namespace

JsonLines read_json_lines(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot open the results file");
    std::ostringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    JsonLines out;
    std::size_t pos = 0;
    int line_no = 0;
    while (pos < text.size()) {
        ++line_no;
        const std::size_t nl = text.find('\n', pos);
        if (nl == std::string::npos) {
            out.torn_tail = true;  // a write cut short; the unit will simply run again
            break;
        }
        std::string line = text.substr(pos, nl - pos);
        pos = nl + 1;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        out.lines.emplace_back(line_no, std::move(line));
    }
    return out;
}

RecordFileContents read_record_file(const std::string& path) {
    JsonLines lines = read_json_lines(path);
    RecordFileContents out;
    out.torn_tail = lines.torn_tail;
    for (const auto& [line_no, line] : lines.lines) {
        try {
            out.records.push_back(parse_json_line(line));
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error(path + ":" + std::to_string(line_no) + ": " + e.what());
        }
    }
    return out;
}

RecordFile::RecordFile(const std::string& path, bool append) : path_(path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | (append ? 0 : O_TRUNC) | O_CLOEXEC, 0644);
    if (fd_ < 0) throw sys_error(path, "cannot open for writing");
    if (!append) return;
    // Keep everything up to the last newline: a torn last line is dropped so
    // that the next record starts on a line of its own.
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    const std::size_t last_nl = text.rfind('\n');
    const std::size_t keep = last_nl == std::string::npos ? 0 : last_nl + 1;
    if (keep != text.size() && ::ftruncate(fd_, static_cast<off_t>(keep)) != 0)
        throw sys_error(path, "cannot cut off the torn last line");
    if (::lseek(fd_, 0, SEEK_END) < 0) throw sys_error(path, "cannot seek to the end");
}

RecordFile::~RecordFile() {
    if (fd_ >= 0) ::close(fd_);
}

void RecordFile::write(const RunRecord& record) {
    write_line(to_json_line(record));
}

void RecordFile::write_line(const std::string& text) {
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

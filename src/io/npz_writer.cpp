#include "io/npz_writer.hpp"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "core/picture.hpp"
#include "io/clue_encoding.hpp"

namespace nonolab::io {

namespace {

constexpr std::string_view kMember = "arr_0.npy";
constexpr std::uint16_t kDosDate = (0 << 9) | (1 << 5) | 1;  // 1980-01-01
constexpr std::uint16_t kDosTime = 0;                        // 00:00:00

void put16(std::string& s, std::uint32_t v) {
    s += static_cast<char>(v & 0xFF);
    s += static_cast<char>((v >> 8) & 0xFF);
}
void put32(std::string& s, std::uint32_t v) {
    put16(s, v & 0xFFFF);
    put16(s, v >> 16);
}

std::uint32_t crc_of(std::uint32_t crc, std::string_view bytes) {
    // zlib's crc32 takes a uInt length: feed it in pieces below 1 GiB.
    while (!bytes.empty()) {
        const size_t n = std::min<size_t>(bytes.size(), size_t{1} << 30);
        crc = static_cast<std::uint32_t>(
            crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(n)));
        bytes.remove_prefix(n);
    }
    return crc;
}

// Local file header (before the data) and central directory + end record
// (after it) of a zip archive with one stored member of `size` bytes.
std::string local_header(std::uint32_t crc, std::uint32_t size) {
    std::string s;
    put32(s, 0x04034b50);
    put16(s, 20);  // version needed to extract: 2.0
    put16(s, 0);   // flags
    put16(s, 0);   // method: stored
    put16(s, kDosTime);
    put16(s, kDosDate);
    put32(s, crc);
    put32(s, size);  // compressed size
    put32(s, size);  // uncompressed size
    put16(s, static_cast<std::uint32_t>(kMember.size()));
    put16(s, 0);  // extra field length
    s += kMember;
    return s;
}

std::string trailer(std::uint32_t crc, std::uint32_t size, std::uint32_t cd_offset) {
    std::string s;
    put32(s, 0x02014b50);
    put16(s, (3 << 8) | 20);  // made by: Unix, zip 2.0
    put16(s, 20);
    put16(s, 0);
    put16(s, 0);
    put16(s, kDosTime);
    put16(s, kDosDate);
    put32(s, crc);
    put32(s, size);
    put32(s, size);
    put16(s, static_cast<std::uint32_t>(kMember.size()));
    put16(s, 0);               // extra
    put16(s, 0);               // comment
    put16(s, 0);               // disk number
    put16(s, 0);               // internal attributes
    put32(s, 0100644u << 16);  // external attributes: regular file, rw-r--r--
    put32(s, 0);               // offset of the local header
    s += kMember;
    const auto cd_size = static_cast<std::uint32_t>(s.size());
    put32(s, 0x06054b50);
    put16(s, 0);
    put16(s, 0);
    put16(s, 1);
    put16(s, 1);
    put32(s, cd_size);
    put32(s, cd_offset);
    put16(s, 0);  // comment length
    return s;
}

struct Parts {
    std::string head;  // zip local header + .npy header
    std::string tail;  // zip central directory + end record
};

Parts archive_parts(std::string_view data, std::uint64_t rows, std::uint64_t values) {
    if (rows * values != data.size())
        throw std::invalid_argument("npz: " + std::to_string(data.size()) +
                                    " bytes cannot be shaped (" + std::to_string(rows) + ", " +
                                    std::to_string(values) + ")");
    const std::string npy = npy_uint8_header(rows, values);
    const std::uint64_t size = npy.size() + data.size();
    if (size + 200 >= 0xFFFFFFFFull)
        throw std::invalid_argument("npz: " + std::to_string(size) +
                                    " bytes need ZIP64, which this writer does not produce; "
                                    "use smaller shards");
    const std::uint32_t crc =
        crc_of(crc_of(static_cast<std::uint32_t>(crc32(0, nullptr, 0)), npy), data);
    Parts p;
    p.head = local_header(crc, static_cast<std::uint32_t>(size)) + npy;
    p.tail = trailer(crc, static_cast<std::uint32_t>(size),
                     static_cast<std::uint32_t>(p.head.size() + data.size()));
    return p;
}

}  // namespace

std::string npy_uint8_header(std::uint64_t rows, std::uint64_t values) {
    std::string dict = "{'descr': '|u1', 'fortran_order': False, 'shape': (" +
                       std::to_string(rows) + ", " + std::to_string(values) + "), }";
    // Magic (6) + version (2) + length (2) + dict + '\n', padded to 64 bytes as numpy does.
    while ((10 + dict.size() + 1) % 64) dict += ' ';
    dict += '\n';
    std::string s("\x93NUMPY\x01\x00", 8);
    put16(s, static_cast<std::uint32_t>(dict.size()));
    return s + dict;
}

std::string npz_uint8(std::string_view data, std::uint64_t rows, std::uint64_t values) {
    const Parts p = archive_parts(data, rows, values);
    std::string s = p.head;
    s += data;
    s += p.tail;
    return s;
}

void write_npz_uint8(const std::string& path, std::string_view data, std::uint64_t rows,
                     std::uint64_t values) {
    const Parts p = archive_parts(data, rows, values);
    const std::string tmp = path + ".tmp-nonolab";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
        out.write(p.head.data(), static_cast<std::streamsize>(p.head.size()));
        out.write(data.data(), static_cast<std::streamsize>(data.size()));
        out.write(p.tail.data(), static_cast<std::streamsize>(p.tail.size()));
        out.flush();
        if (!out) {
            std::remove(tmp.c_str());
            throw std::runtime_error(path + ": write failed (disk full?)");
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        throw std::runtime_error(path + ": cannot write: " + why);
    }
}

std::string dataset_shard_path(const std::string& out, char kind, std::uint64_t shard) {
    if (kind != 'x' && kind != 'y')
        throw std::invalid_argument(std::string("dataset file kind must be 'x' or 'y', got '") +
                                    kind + "'");
    if (out.size() < 5 || out.compare(out.size() - 4, 4, ".npz") != 0)
        throw std::invalid_argument("dataset output '" + out + "' must end in .npz");
    const size_t slash = out.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "" : out.substr(0, slash + 1);
    const std::string base = out.substr(dir.size(), out.size() - dir.size() - 4);
    char num[24];
    std::snprintf(num, sizeof num, "%05llu", static_cast<unsigned long long>(shard));
    return dir + kind + "_" + base + "-" + num + ".npz";
}

DatasetShard::DatasetShard(int n) : n_(n) {
    if (n < 1) throw std::invalid_argument("dataset boards must be at least 1x1");
}

void DatasetShard::add(const Grid& board) {
    if (board.width() != n_ || board.height() != n_)
        throw std::invalid_argument(
            "dataset shard of " + std::to_string(n_) + "x" + std::to_string(n_) + " boards got a " +
            std::to_string(board.width()) + "x" + std::to_string(board.height()) + " board");
    for (Cell c : board.cells())
        if (c != kEmpty && c != kFilled)
            throw std::invalid_argument("dataset boards must be complete black and white");
    const std::vector<std::uint8_t> x = io::encode_clues(puzzle_from_picture(board));
    x_.append(reinterpret_cast<const char*>(x.data()), x.size());
    for (Cell c : board.cells()) y_ += static_cast<char>(c);
    ++rows_;
}

void DatasetShard::write(const std::string& x_path, const std::string& y_path) const {
    write_npz_uint8(y_path, y_, rows_, static_cast<std::uint64_t>(n_) * n_);
    write_npz_uint8(x_path, x_, rows_, static_cast<std::uint64_t>(io::clue_vector_size(n_)));
}

void DatasetShard::clear() {
    rows_ = 0;
    x_.clear();
    y_.clear();
}

}  // namespace nonolab::io

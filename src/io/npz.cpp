// NumPy .npz archives as used by NonoDataset (github.com/josebambu/NonoDataset,
// "Solving nonograms using Neural Networks", arXiv 2501.05882). An .npz is a
// zip file of .npy arrays (numpy.org/doc/stable/reference/generated/
// numpy.lib.format.html); NonoDataset stores one uint8 array arr_0 per file,
// one puzzle per row, of one of two kinds:
//
//   clues  (x_*, database_*): 2N lines of K = ceil(N/2) slots, rows then
//          columns, each line right-aligned and padded with leading zeros
//          (10x10: 20 x 5 = 100 values, 15x15: 30 x 8 = 240);
//   boards (y_*, database_y_*): N*N cells 0/1, row-major; the clues are
//          derived and the board becomes the goal.
//
// The kind comes from the file name when it says (y_ / _y_ = boards, x_ /
// database_ = clues), otherwise from the content (only 0/1 values and a
// square length = boards). We read the first member of the archive, stored
// (numpy.savez) or deflated (numpy.savez_compressed, most of NonoDataset's
// large files; inflated with zlib as raw deflate). ZIP64 sizes are read from
// the local extra field; a member whose sizes follow its data (a data
// descriptor) is read only when deflated, since the deflate stream marks its
// own end. Other zip methods (bzip2, lzma) are refused by name.
// Binary data has no lines: errors report line 0 and the puzzle number.
#include "io/npz.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>

#include <zlib.h>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/picture.hpp"
#include "io/puzzle_slots.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

constexpr size_t kMaxPuzzles = 1000000;

bool is_zip(std::string_view content) {
    return content.size() >= 4 && content.substr(0, 4) == std::string_view("PK\x03\x04", 4);
}

std::uint64_t le(std::string_view s, size_t at, int bytes) {
    std::uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(s[at + i]);
    return v;
}

std::string printable(std::string_view s) {
    std::string out(s.substr(0, 80));
    for (char& c : out)
        if (c < 0x20 || c > 0x7E) c = '?';
    return out;
}

// The first member of a zip archive, from its local file header.
struct Member {
    std::string name;
    int method = 0;
    std::uint64_t size = 0;  // uncompressed size from the header (0 = unknown)
    size_t offset = 0;       // where its bytes begin in the archive
    std::string_view data;   // the (compressed) bytes; for a deflated member with a
                             // data descriptor, or `head_only`, everything after the header
};

// `head_only`: `s` is the archive's beginning only (npz_array_shape), so the
// member's bytes are whatever of them `s` holds.
std::optional<Member> first_member(std::string_view s, std::string& why, bool head_only = false) {
    if (s.size() < 30) {
        why = "the zip header is truncated";
        return std::nullopt;
    }
    Member m;
    const auto flags = le(s, 6, 2);
    m.method = static_cast<int>(le(s, 8, 2));
    std::uint64_t csize = le(s, 18, 4);
    m.size = le(s, 22, 4);
    const size_t name_len = le(s, 26, 2), extra_len = le(s, 28, 2);
    if (30 + name_len + extra_len > s.size()) {
        why = "the zip header is truncated";
        return std::nullopt;
    }
    m.name = printable(s.substr(30, name_len));
    if (csize == 0xFFFFFFFF) {  // ZIP64: the sizes are in extra field 0x0001
        const std::string_view extra = s.substr(30 + name_len, extra_len);
        for (size_t i = 0; i + 4 <= extra.size();) {
            const auto id = le(extra, i, 2), len = le(extra, i + 2, 2);
            if (id == 1 && len >= 16 && i + 4 + 16 <= extra.size()) {
                m.size = le(extra, i + 4, 8);
                csize = le(extra, i + 12, 8);
            }
            i += 4 + len;
        }
    }
    const size_t start = 30 + name_len + extra_len;
    m.offset = start;
    if (head_only) {
        m.data = s.substr(start);
        return m;
    }
    if ((flags & 8) && csize == 0) {
        if (m.method != 8) {
            why = "member '" + m.name +
                  "' stores its size after the data (zip data descriptor) and is not deflated";
            return std::nullopt;
        }
        m.size = 0;
        m.data = s.substr(start);  // the deflate stream ends itself
        return m;
    }
    if (csize > s.size() - start) {
        why = "member '" + m.name + "' is truncated (" + std::to_string(s.size() - start) + " of " +
              std::to_string(csize) + " bytes)";
        return std::nullopt;
    }
    m.data = s.substr(start, static_cast<size_t>(csize));
    return m;
}

// Inflates a raw deflate stream (zip method 8). `expected` is the size the
// header promises (0 = unknown); the result must match it when known.
std::string inflate_member(const Member& m, const std::string& source) {
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
        throw ParseError(source, 0, "cannot start zlib to inflate member '" + m.name + "'");
    std::string out;
    out.resize(m.size > 0 && m.size < (std::uint64_t{1} << 34) ? static_cast<size_t>(m.size)
                                                               : size_t{1} << 20);
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(m.data.data()));
    size_t in_left = m.data.size();
    size_t produced = 0;
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        if (produced == out.size()) out.resize(out.size() * 2);
        const uInt in_chunk = static_cast<uInt>(std::min<size_t>(in_left, 1u << 30));
        const uInt out_chunk = static_cast<uInt>(std::min<size_t>(out.size() - produced, 1u << 30));
        z.avail_in = in_chunk;
        z.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
        z.avail_out = out_chunk;
        rc = inflate(&z, Z_NO_FLUSH);
        in_left -= in_chunk - z.avail_in;
        produced += out_chunk - z.avail_out;
        if (rc == Z_STREAM_END) break;
        if (rc == Z_BUF_ERROR && in_left == 0) rc = Z_DATA_ERROR;  // input ended early
        if (rc != Z_OK && rc != Z_BUF_ERROR) {
            const std::string msg = z.msg ? z.msg : "truncated stream";
            inflateEnd(&z);
            throw ParseError(source, 0,
                             "member '" + m.name + "' is not a valid deflate stream (zlib: " + msg +
                                 ", after " + std::to_string(produced) + " bytes)");
        }
    }
    inflateEnd(&z);
    out.resize(produced);
    if (m.size > 0 && produced != m.size)
        throw ParseError(source, 0,
                         "member '" + m.name + "' inflates to " + std::to_string(produced) +
                             " bytes, the zip header says " + std::to_string(m.size));
    return out;
}

// The value text of 'key' in the .npy header dictionary.
std::string_view dict_value(std::string_view header, std::string_view key) {
    const size_t k = header.find("'" + std::string(key) + "'");
    if (k == std::string_view::npos) return {};
    size_t i = header.find(':', k);
    if (i == std::string_view::npos) return {};
    ++i;
    while (i < header.size() && header[i] == ' ') ++i;
    size_t j = i;
    if (j < header.size() && header[j] == '(') {
        j = header.find(')', j);
        return j == std::string_view::npos ? std::string_view{} : header.substr(i, j - i + 1);
    }
    while (j < header.size() && header[j] != ',' && header[j] != '}') ++j;
    return trim(header.substr(i, j - i));
}

struct Array {
    size_t count = 0;   // puzzles (first dimension)
    size_t values = 0;  // values per puzzle (the other dimensions)
    std::string_view data;
    size_t start = 0;  // where the data begins in the .npy
};

// `header_only`: `s` is the .npy's beginning only (npz_array_shape), so the
// data it announces is not looked for.
Array parse_npy(std::string_view s, const std::string& source, const std::string& member,
                bool header_only = false) {
    if (s.size() < 10 || s.substr(0, 6) != std::string_view("\x93NUMPY", 6))
        throw ParseError(
            source, 0,
            "expected a .npy array ('\\x93NUMPY') in member '" + member + "', got something else");
    const int major = static_cast<unsigned char>(s[6]);
    const size_t len_bytes = major == 1 ? 2 : 4;
    if (major < 1 || major > 3 || s.size() < 8 + len_bytes)
        throw UnsupportedError(source, 0,
                               "member '" + member + "' is a .npy file of format version " +
                                   std::to_string(major) + "; versions 1 to 3 are supported");
    const size_t header_len = le(s, 8, static_cast<int>(len_bytes));
    const size_t start = 8 + len_bytes + header_len;
    if (start > s.size())
        throw ParseError(source, 0, "the .npy header of '" + member + "' is truncated");
    const std::string_view header = s.substr(8 + len_bytes, header_len);
    const std::string_view descr = dict_value(header, "descr");
    if (descr != "'|u1'" && descr != "'<u1'" && descr != "'>u1'" && descr != "'|b1'")
        throw UnsupportedError(
            source, 0,
            "member '" + member + "' holds " +
                (descr.empty() ? std::string("an unknown dtype") : "dtype " + printable(descr)) +
                "; expected uint8 puzzle data (dtype '|u1')");
    if (dict_value(header, "fortran_order") != "False")
        throw UnsupportedError(
            source, 0, "member '" + member + "' is stored in Fortran order; expected C order");
    const std::string_view shape = dict_value(header, "shape");
    if (shape.size() < 2)
        throw ParseError(source, 0, "expected a shape in the .npy header of '" + member + "'");
    std::vector<size_t> dims;
    for (std::string_view tok : split_any(shape.substr(1, shape.size() - 2), ", ")) {
        const auto v = parse_int(tok);
        if (!v)
            throw ParseError(source, 0,
                             "expected array dimensions in the shape " + printable(shape) +
                                 ", got '" + printable(tok) + "'");
        dims.push_back(static_cast<size_t>(*v));
    }
    if (dims.empty() || dims.size() > 3)
        throw UnsupportedError(source, 0,
                               "member '" + member + "' has shape " + printable(shape) +
                                   "; expected (puzzles, values)");
    Array a;
    a.count = dims.size() == 1 ? 1 : dims[0];
    a.values = dims.size() == 1 ? dims[0] : dims[1] * (dims.size() == 3 ? dims[2] : 1);
    if (a.count == 0 || a.values == 0)
        throw ParseError(source, 0, "the array in '" + member + "' is empty");
    if (a.count > kMaxPuzzles)
        throw UnsupportedError(source, 0,
                               "the array holds " + std::to_string(a.count) + " puzzles; at most " +
                                   std::to_string(kMaxPuzzles) + " are read from one file");
    a.start = start;
    if (header_only) return a;
    if (a.values > s.size() || a.count > (s.size() - start) / a.values)
        throw ParseError(source, 0,
                         "the array in '" + member + "' is truncated: shape " + printable(shape) +
                             " needs " + std::to_string(a.count) + " x " +
                             std::to_string(a.values) + " bytes, the file has " +
                             std::to_string(s.size() - start));
    a.data = s.substr(start, a.count * a.values);
    return a;
}

std::string basename_lower(const std::string& source) {
    const size_t slash = source.find_last_of("/\\");
    return to_lower(slash == std::string::npos ? source : source.substr(slash + 1));
}

// The side N of a clue array with `values` per puzzle: 2N * ceil(N/2) == values.
int clue_side(size_t values) {
    for (int n = 1; n <= kMaxSide; ++n) {
        const size_t v = 2 * static_cast<size_t>(n) * static_cast<size_t>((n + 1) / 2);
        if (v == values) return n;
        if (v > values) break;
    }
    return 0;
}

int board_side(size_t values) {
    for (size_t n = 1; n <= static_cast<size_t>(kMaxSide) && n * n <= values; ++n)
        if (n * n == values) return static_cast<int>(n);
    return 0;
}

// Every row of the array is a puzzle of its own, so a bad row costs only itself.
Puzzle clue_row(const Array& a, size_t p, int n, const std::string& source) {
    const size_t k = static_cast<size_t>(n + 1) / 2;
    const auto* v = reinterpret_cast<const unsigned char*>(a.data.data()) + p * a.values;
    std::vector<Clue> lines(2 * static_cast<size_t>(n));
    for (size_t l = 0; l < lines.size(); ++l) {
        const unsigned char* slot = v + l * k;
        size_t b = 0;
        while (b < k && slot[b] == 0) ++b;
        for (size_t i = b; i < k; ++i) {
            if (slot[i] == 0)
                throw ParseError(source, 0,
                                 "puzzle " + std::to_string(p + 1) + ": expected " +
                                     (l < static_cast<size_t>(n) ? "row " : "column ") +
                                     std::to_string(l % n + 1) +
                                     " right-aligned (zeros only before the runs), got a 0 "
                                     "between runs");
            lines[l].push_back(Run{slot[i], kFilled});
        }
    }
    std::vector<Clue> rows(lines.begin(), lines.begin() + n), cols(lines.begin() + n, lines.end());
    return build_puzzle(source, 0, static_cast<int>(p + 1), n, n, std::move(rows), std::move(cols));
}

Puzzle board_row(const Array& a, size_t p, int n, const std::string& source) {
    const auto* v = reinterpret_cast<const unsigned char*>(a.data.data()) + p * a.values;
    Grid board(n, n, kEmpty);
    for (size_t i = 0; i < a.values; ++i) {
        if (v[i] > 1)
            throw ParseError(source, 0,
                             "puzzle " + std::to_string(p + 1) +
                                 ": expected board cells 0 or 1, got " + std::to_string(v[i]));
        board.cells()[i] = v[i] ? kFilled : kEmpty;
    }
    try {
        return puzzle_from_picture(board);
    } catch (const PuzzleError& e) {
        throw ParseError(source, 0, "puzzle " + std::to_string(p + 1) + ": " + e.what());
    }
}

}  // namespace

namespace {

// The archive's first member, checked to be a stored or deflated .npy
// (`head_only` as first_member's).
Member npy_member(std::string_view content, const std::string& source, bool head_only = false) {
    if (!is_zip(content))
        throw ParseError(source, 0,
                         "expected a NumPy .npz archive (a zip file starting with 'PK\\x03\\x04'), "
                         "got something else");
    std::string why;
    auto member = first_member(content, why, head_only);
    if (!member) throw ParseError(source, 0, "cannot read the .npz archive: " + why);
    if (member->name.size() < 5 || member->name.substr(member->name.size() - 4) != ".npy")
        throw UnsupportedError(source, 0,
                               "this is a zip archive (first member '" + member->name +
                                   "') but not a NumPy .npz of .npy arrays");
    if (member->method != 0 && member->method != 8)
        throw UnsupportedError(
            source, 0,
            "member '" + member->name + "' of this NumPy .npz archive uses zip method " +
                std::to_string(member->method) +
                "; nonolab reads stored (numpy.savez) and deflated (numpy.savez_compressed) "
                "members only. Re-save the array with numpy.savez_compressed");
    return std::move(*member);
}

// The first member's bytes: a view of `content` when stored, else inflated into `inflated`.
std::string_view member_bytes(std::string_view content, const std::string& source,
                              std::string& inflated, std::string& member_name) {
    const Member member = npy_member(content, source);
    member_name = member.name;
    if (member.method == 0) return member.data;
    inflated = inflate_member(member, source);
    return inflated;
}

// The first bytes a deflated member inflates to (enough for a .npy header).
std::string inflate_head(const Member& m, const std::string& source) {
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
        throw ParseError(source, 0, "cannot start zlib to inflate member '" + m.name + "'");
    std::string out(4096, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(m.data.data()));
    z.avail_in = static_cast<uInt>(m.data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int rc = inflate(&z, Z_SYNC_FLUSH);
    out.resize(out.size() - z.avail_out);
    inflateEnd(&z);
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
        throw ParseError(source, 0, "member '" + m.name + "' is not a valid deflate stream");
    return out;
}

}  // namespace

NpzArray read_npz_array(std::string_view content, const std::string& source) {
    std::string inflated, name;
    const std::string_view bytes = member_bytes(content, source, inflated, name);
    const Array a = parse_npy(bytes, source, name);
    NpzArray out;
    out.count = a.count;
    out.values = a.values;
    if (inflated.empty()) {
        out.bytes.assign(a.data);
    } else {  // reuse the inflated buffer: drop the .npy header in place
        const std::size_t start = static_cast<std::size_t>(a.data.data() - inflated.data());
        inflated.erase(0, start);
        inflated.resize(a.count * a.values);
        out.bytes = std::move(inflated);
    }
    return out;
}

NpzShape npz_array_shape(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ParseError(path, 0, "no such file (or it cannot be read)");
    // 64 KiB hold the zip header, any extra field and the .npy header, also
    // deflated: a deflate stream's first block gives its first bytes.
    std::string head(64 * 1024, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<size_t>(in.gcount()));
    std::error_code ec;
    const std::uint64_t file_size = std::filesystem::file_size(path, ec);
    const Member m = npy_member(head, path, true);
    std::string inflated;
    std::string_view npy = m.data;
    if (m.method == 8) npy = inflated = inflate_head(m, path);
    const Array a = parse_npy(npy, path, m.name, true);
    if (m.method == 0) {  // the whole array is in the file as it stands: is the file long enough?
        const std::uint64_t need = m.offset + a.start + std::uint64_t{a.count} * a.values;
        if (file_size < need)
            throw ParseError(path, 0,
                             "the array is truncated: its header announces " +
                                 std::to_string(a.count) + " x " + std::to_string(a.values) +
                                 " bytes, so the file needs " + std::to_string(need) +
                                 " bytes; it has " + std::to_string(file_size));
    }
    return {a.count, a.values};
}

std::vector<PuzzleSlot> read_npz_each(std::string_view content, const std::string& source) {
    std::string inflated, name;
    const Array a = parse_npy(member_bytes(content, source, inflated, name), source, name);

    // Which kind of array: the NonoDataset file name says, else the content.
    const std::string base = basename_lower(source);
    bool boards;
    if (base.rfind("y_", 0) == 0 || base.find("_y_") != std::string::npos) {
        boards = true;
    } else if (base.rfind("x_", 0) == 0 || base.rfind("database_", 0) == 0) {
        boards = false;
    } else {
        bool binary = true;
        for (char c : a.data) binary = binary && static_cast<unsigned char>(c) <= 1;
        boards = binary && board_side(a.values) > 0;
    }
    const int n = boards ? board_side(a.values) : clue_side(a.values);
    if (n == 0)
        throw UnsupportedError(source, 0,
                               "the array has " + std::to_string(a.values) +
                                   " values per puzzle, " +
                                   (boards ? "not N*N board cells"
                                           : "not the 2N x ceil(N/2) clue layout of NonoDataset"));
    std::vector<PuzzleSlot> slots;
    slots.reserve(a.count);
    for (size_t p = 0; p < a.count; ++p)
        slots.push_back(read_slot(source, 0, "", [&] {
            return boards ? board_row(a, p, n, source) : clue_row(a, p, n, source);
        }));
    return slots;
}

std::vector<Puzzle> read_npz(std::string_view content, const std::string& source) {
    return puzzles_or_first_error(read_npz_each(content, source));
}

int sniff_npz(std::string_view content) {
    // Only the member name is looked at, so a truncated archive is still
    // recognised (and then refused by read_npz with the reason).
    if (!is_zip(content) || content.size() < 30) return 0;
    const size_t name_len = le(content, 26, 2);
    if (30 + name_len > content.size() || name_len < 5) return 0;
    return content.substr(30 + name_len - 4, 4) == ".npy" ? 100 : 0;
}

}  // namespace nonolab::io

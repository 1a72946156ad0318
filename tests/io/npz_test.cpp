#include "io/npz.hpp"

#include <gtest/gtest.h>

#include <zlib.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "core/error.hpp"
#include "io/formats.hpp"
#include "io/text.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

template <class E = ParseError, class F>
void expect_error(F&& f, const std::string& fragment) {
    try {
        f();
        ADD_FAILURE() << "no exception; expected one mentioning '" << fragment << "'";
    } catch (const E& e) {
        EXPECT_EQ(e.line(), 0) << e.what();  // binary data: no lines
        EXPECT_NE(e.message().find(fragment), std::string::npos) << e.what();
    }
}

std::string u16(unsigned v) {
    return {static_cast<char>(v & 0xFF), static_cast<char>(v >> 8)};
}
std::string u32(unsigned v) {
    return u16(v & 0xFFFF) + u16(v >> 16);
}

// A .npy file (format 1.0) holding `data` as a uint8 array of `shape`.
std::string npy(const std::string& shape, const std::string& data,
                const std::string& descr = "|u1") {
    std::string header =
        "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    while ((10 + header.size() + 1) % 64) header += ' ';
    header += '\n';
    return std::string("\x93NUMPY\x01\x00", 8) + u16(static_cast<unsigned>(header.size())) +
           header + data;
}

// A zip archive whose only member `name` holds `body` (method 0 = stored).
std::string zip(const std::string& body, int method = 0, const std::string& name = "arr_0.npy") {
    std::string s("PK\x03\x04", 4);
    s += u16(20) + u16(0) + u16(static_cast<unsigned>(method)) + u16(0) + u16(0) + u32(0);
    s += u32(static_cast<unsigned>(body.size())) + u32(static_cast<unsigned>(body.size()));
    s += u16(static_cast<unsigned>(name.size())) + u16(0) + name + body;
    return s;  // central directory omitted: the reader needs only the local header
}

// Raw deflate (zip method 8) of `body`, as numpy.savez_compressed writes it.
std::string deflate_raw(const std::string& body) {
    z_stream z{};
    EXPECT_EQ(deflateInit2(&z, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
    std::string out(deflateBound(&z, body.size()) + 16, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
    z.avail_in = static_cast<uInt>(body.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

// A zip archive whose member is deflated; with `descriptor`, the sizes are 0
// in the local header (flag bit 3) and follow the data, as streaming writers do.
std::string zip_deflated(const std::string& body, bool descriptor = false) {
    const std::string packed = deflate_raw(body);
    const std::string name = "arr_0.npy";
    std::string s("PK\x03\x04", 4);
    s += u16(20) + u16(descriptor ? 8 : 0) + u16(8) + u16(0) + u16(0) + u32(0);
    s += descriptor
             ? u32(0) + u32(0)
             : u32(static_cast<unsigned>(packed.size())) + u32(static_cast<unsigned>(body.size()));
    s += u16(static_cast<unsigned>(name.size())) + u16(0) + name + packed;
    if (descriptor)
        s += std::string("PK\x07\x08", 4) + u32(0) + u32(static_cast<unsigned>(packed.size())) +
             u32(static_cast<unsigned>(body.size()));
    return s;
}

// Two 2x2 puzzles in NonoDataset's layout. Boards:  #.  ##
//                                                   ##  ..
const std::string kBoards = std::string("\x01\x00\x01\x01", 4) + std::string("\x01\x01\x00\x00", 4);
// Clues: 2N = 4 lines of ceil(2/2) = 1 slot each (rows, then columns).
const std::string kClues = std::string("\x01\x02\x02\x01", 4) + std::string("\x02\x00\x01\x01", 4);

TEST(Npz, ReadsStoredClueAndBoardArrays) {
    const auto clues = read_npz(zip(npy("(2, 4)", kClues)), "x_test.npz");
    const auto boards = read_npz(zip(npy("(2, 4)", kBoards)), "y_test.npz");
    ASSERT_EQ(clues.size(), 2u);
    ASSERT_EQ(boards.size(), 2u);
    for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(clues[i].width(), 2);
        EXPECT_TRUE(clues[i].same_clues(boards[i])) << i;
        EXPECT_TRUE(boards[i].info().goal.has_value());
    }
    EXPECT_EQ(clues[0].row(1), bw_clue({2}));
    EXPECT_TRUE(clues[1].row(1).empty());
    // Without a telling file name the content decides: 0/1 only = boards.
    EXPECT_TRUE(read_npz(zip(npy("(2, 4)", kBoards)), "a.npz")[1].same_clues(boards[1]));
    EXPECT_TRUE(read_npz(zip(npy("(2, 4)", kClues)), "b.npz")[0].same_clues(clues[0]));
    // Through the registry (by extension).
    EXPECT_EQ(read_puzzles_text(zip(npy("(2, 4)", kClues)), "x.npz").size(), 2u);
}

TEST(Npz, ReadsDeflatedArrays) {
    const auto stored = read_npz(zip(npy("(2, 4)", kClues)), "x_s.npz");
    for (bool descriptor : {false, true}) {
        const auto clues = read_npz(zip_deflated(npy("(2, 4)", kClues), descriptor), "x_d.npz");
        ASSERT_EQ(clues.size(), 2u);
        for (int i = 0; i < 2; ++i) EXPECT_TRUE(clues[i].same_clues(stored[i])) << i;
        const auto boards = read_npz(zip_deflated(npy("(2, 4)", kBoards), descriptor), "y_d.npz");
        ASSERT_EQ(boards.size(), 2u);
        EXPECT_TRUE(boards[1].same_clues(stored[1]));
    }
    // A larger array, so the stream spans many deflate blocks.
    std::string many;
    for (int i = 0; i < 5000; ++i) many += kBoards;
    const NpzArray a = read_npz_array(zip_deflated(npy("(10000, 4)", many)), "y_big.npz");
    EXPECT_EQ(a.count, 10000u);
    EXPECT_EQ(a.values, 4u);
    EXPECT_EQ(a.bytes, many);
}

TEST(Npz, RefusesBrokenDeflate) {
    std::string z = zip_deflated(npy("(2, 4)", kClues));
    const std::string cut = z.substr(0, z.size() - 6);
    expect_error([&] { read_npz(cut, "x_cut.npz"); }, "is truncated");
    std::string garbage = zip(std::string(40, '\xff'), 8);
    expect_error([&] { read_npz(garbage, "x_bad.npz"); }, "not a valid deflate stream");
    // The size in the header must match what the stream inflates to.
    std::string wrong = z;
    wrong[22] = static_cast<char>(wrong[22] + 1);
    expect_error([&] { read_npz(wrong, "x_size.npz"); }, "inflates to");
}

TEST(Npz, RefusesWhatItCannotRead) {
    expect_error<UnsupportedError>([] { read_npz(zip(npy("(2, 4)", kClues), 12), "d.npz"); },
                                   "zip method 12");
    expect_error<UnsupportedError>(
        [] { read_npz(zip(npy("(2, 4)", kClues), 0, "image.png"), "o.npz"); }, "not a NumPy .npz");
    expect_error<UnsupportedError>(
        [] { read_npz(zip(npy("(2, 4)", std::string(32, '\0'), "<f4")), "x_f.npz"); },
        "dtype '<f4'");
    expect_error<UnsupportedError>(
        [] { read_npz(zip(npy("(2, 7)", std::string(14, '\1'))), "x_7.npz"); }, "2N x ceil(N/2)");
    expect_error([] { read_npz(zip(npy("(3, 4)", kClues)), "x_t.npz"); }, "is truncated");
    expect_error([] { read_npz(zip(npy("(2, 4)", kClues)).substr(0, 60), "cut.npz"); },
                 "is truncated");
    expect_error(
        [] { read_npz(zip(npy("(1, 4)", std::string("\x01\x00\x03\x01", 4))), "y_b.npz"); },
        "puzzle 1: expected board cells 0 or 1, got 3");
    // A clue vector that cannot fit its board is a puzzle with no solution, not a bad file.
    EXPECT_IMPOSSIBLE(read_npz(zip(npy("(1, 4)", std::string("\x03\x01\x01\x01", 4))), "x_c.npz"),
                      "row 1 clue");
    expect_error([] { read_npz(zip("hello"), "h.npz"); }, "expected a .npy array");
    expect_error([] { read_npz("3 1\n2\n", "fake.npz"); }, "expected a NumPy .npz archive");
}

// npz_array_shape reads only a file's first 64 KiB: the shape it gives is
// read_npz_array's, stored or deflated, also when the array runs far past
// the 64 KiB; its errors are read_npz's, naming the file.
TEST(Npz, ShapeFromTheHeaderAgreesWithTheArray) {
    const fs::path dir = fs::temp_directory_path() / ("npz_shape_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const auto put = [&](const std::string& name, const std::string& bytes) {
        const std::string path = (dir / name).string();
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    };
    std::string many;
    for (int i = 0; i < 40000; ++i) many += kBoards;  // 320 KB of cells
    for (const std::string& file :
         {zip(npy("(80000, 4)", many)), zip_deflated(npy("(80000, 4)", many)),
          zip(npy("(2, 4)", kClues))}) {
        const std::string path = put("a.npz", file);
        const NpzShape shape = npz_array_shape(path);
        const NpzArray whole = read_npz_array(file, path);
        EXPECT_EQ(shape.count, whole.count);
        EXPECT_EQ(shape.values, whole.values);
    }
    const std::string stored = zip(npy("(80000, 4)", many));
    expect_error([&] { npz_array_shape(put("cut.npz", stored.substr(0, 100000))); },
                 "the array is truncated");
    expect_error<UnsupportedError>(
        [&] { npz_array_shape(put("m12.npz", zip(npy("(2, 4)", kClues), 12))); }, "zip method 12");
    expect_error([&] { npz_array_shape(put("text.npz", "3 1\n2\n")); },
                 "expected a NumPy .npz archive");
    expect_error([&] { npz_array_shape(put("head.npz", stored.substr(0, 20))); },
                 "the zip header is truncated");
    expect_error([&] { npz_array_shape((dir / "gone.npz").string()); }, "no such file");
    fs::remove_all(dir);
}

TEST(Npz, NeverCrashesOnTruncations) {
    const std::string full = zip(npy("(2, 4)", kClues));
    for (size_t n = 0; n < full.size(); ++n) {
        try {
            read_npz(full.substr(0, n), "cut.npz");
        } catch (const ParseError&) {
        }
    }
}

TEST(Npz, Sniff) {
    EXPECT_EQ(sniff_npz(zip(npy("(2, 4)", kClues))), 100);
    EXPECT_EQ(sniff_npz(zip("x", 0, "word/document.xml")), 0);
    EXPECT_EQ(sniff_npz("P1\n1 1\n1\n"), 0);
}

TEST(Npz, ReadsNonoDatasetFiles) {
    const fs::path dir = fs::path(NONOLAB_SHARED_DIR) / "benchmarks/dataset/nonodataset";
    if (!fs::is_directory(dir)) GTEST_SKIP() << "benchmark folder absent: " << dir;
    // The stored (uncompressed) test sets load; clue and board files pair up.
    const fs::path x = dir / "10x10/x_train_backtracking.npz",
                   y = dir / "10x10/y_train_backtracking.npz";
    if (fs::exists(x) && fs::exists(y)) {
        const auto clues = read_puzzles(x.string()), boards = read_puzzles(y.string());
        ASSERT_EQ(clues.size(), 63u);
        ASSERT_EQ(boards.size(), 63u);
        for (size_t i = 0; i < clues.size(); ++i) {
            EXPECT_EQ(clues[i].width(), 10);
            EXPECT_TRUE(clues[i].same_clues(boards[i])) << "puzzle " << i + 1;
        }
    }
    const fs::path x15 = dir / "15x15/x_test_backtracking_15x15.npz";
    if (fs::exists(x15)) {
        const auto ps = read_puzzles(x15.string());
        EXPECT_EQ(ps.size(), 302u);
        EXPECT_EQ(ps[0].width(), 15);
    }
    // The deflated ones load too (numpy.savez_compressed).
    const fs::path deflated = dir / "10x10/database_y_icons_v2.npz";
    if (fs::exists(deflated)) {
        const std::string content = read_file_text(deflated.string());
        const NpzArray a = read_npz_array(content, deflated.string());
        EXPECT_EQ(a.values, 100u);
        EXPECT_GT(a.count, 30000u);
    }
}

}  // namespace
}  // namespace nonolab::io

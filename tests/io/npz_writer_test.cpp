#include "io/npz_writer.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/picture.hpp"
#include "gen/noise.hpp"
#include "io/clue_encoding.hpp"
#include "io/formats.hpp"
#include "io/npz.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

std::uint32_t le32(const std::string& s, size_t at) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(s[at + i]);
    return v;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<Grid> noise(int n, int count, std::uint64_t seed) {
    gen::NoiseOptions o;
    o.width = o.height = n;
    std::vector<Grid> out;
    gen::noise_boards(o, seed, count, [&](const Grid& g) { return out.push_back(g), true; });
    return out;
}

TEST(NpzWriter, NpyHeaderIsNumpyShaped) {
    const std::string h = npy_uint8_header(3, 100);
    EXPECT_EQ(h.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
    EXPECT_EQ(h.size() % 64, 0u);
    EXPECT_EQ(h.back(), '\n');
    EXPECT_NE(h.find("'descr': '|u1', 'fortran_order': False, 'shape': (3, 100), }"),
              std::string::npos);
}

TEST(NpzWriter, ZipStructureAndCrc) {
    const std::string data = "\x01\x02\x03\x04\x05\x06";
    const std::string z = npz_uint8(data, 2, 3);
    ASSERT_EQ(z.substr(0, 4), std::string("PK\x03\x04", 4));
    const std::string npy = npy_uint8_header(2, 3) + data;
    const auto crc = static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(npy.data()), static_cast<uInt>(npy.size())));
    EXPECT_EQ(le32(z, 14), crc);              // local header CRC
    EXPECT_EQ(le32(z, 18), npy.size());       // compressed size (stored)
    EXPECT_EQ(z.substr(30, 9), "arr_0.npy");  // member name
    EXPECT_EQ(z.substr(39, npy.size()), npy);
    // End of central directory: one entry, directory right after the data.
    const size_t eocd = z.size() - 22;
    EXPECT_EQ(le32(z, eocd), 0x06054b50u);
    EXPECT_EQ(le32(z, eocd + 16), 39 + npy.size());
    EXPECT_EQ(le32(z, 39 + npy.size()), 0x02014b50u);
    EXPECT_EQ(le32(z, 39 + npy.size() + 16), crc);  // central directory CRC
    EXPECT_THROW(npz_uint8(data, 4, 2), std::invalid_argument);
}

TEST(NpzWriter, RoundTripThroughTheReader) {
    const fs::path dir = fs::temp_directory_path() / ("npz_writer_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string out = (dir / "noise10.npz").string();
    const std::string x = dataset_shard_path(out, 'x', 3), y = dataset_shard_path(out, 'y', 3);
    EXPECT_EQ(x, (dir / "x_noise10-00003.npz").string());
    EXPECT_EQ(y, (dir / "y_noise10-00003.npz").string());

    const std::vector<Grid> boards = noise(10, 57, 5);
    DatasetShard shard(10);
    for (const Grid& b : boards) shard.add(b);
    EXPECT_EQ(shard.rows(), 57u);
    EXPECT_EQ(shard.x().size(), 57u * io::clue_vector_size(10));
    shard.write(x, y);
    EXPECT_FALSE(fs::exists(x + ".tmp-nonolab"));

    const auto clues = read_puzzles(x), solved = read_puzzles(y);
    ASSERT_EQ(clues.size(), 57u);
    ASSERT_EQ(solved.size(), 57u);
    for (size_t i = 0; i < boards.size(); ++i) {
        const Puzzle expect = puzzle_from_picture(boards[i]);
        EXPECT_TRUE(clues[i].same_clues(expect)) << i;
        ASSERT_TRUE(solved[i].info().goal.has_value());
        EXPECT_EQ(*solved[i].info().goal, boards[i]) << i;
    }
    // Same boards, byte-identical files (fixed zip timestamp).
    const std::string first = slurp(x);
    shard.write(x, y);
    EXPECT_EQ(slurp(x), first);
    // An odd size (15: 8 slots per line) and a 1x1 board.
    DatasetShard s15(15), s1(1);
    for (const Grid& b : noise(15, 4, 9)) s15.add(b);
    s1.add(Grid(1, 1, kFilled));
    s15.write((dir / "x_a.npz").string(), (dir / "y_a.npz").string());
    s1.write((dir / "x_b.npz").string(), (dir / "y_b.npz").string());
    EXPECT_EQ(read_puzzles((dir / "x_a.npz").string()).size(), 4u);
    EXPECT_EQ(read_puzzles((dir / "y_b.npz").string()).at(0).row(0).size(), 1u);
    fs::remove_all(dir);
}

TEST(NpzWriter, RefusesWhatDoesNotFit) {
    DatasetShard shard(5);
    EXPECT_THROW(shard.add(Grid(4, 5, kEmpty)), std::invalid_argument);
    EXPECT_THROW(shard.add(Grid(5, 5, kUnknown)), std::invalid_argument);
    EXPECT_THROW(dataset_shard_path("data/out.txt", 'x', 1), std::invalid_argument);
    EXPECT_THROW(dataset_shard_path("out.npz", 'z', 1), std::invalid_argument);
    EXPECT_THROW(write_npz_uint8("/nonexistent-dir/x.npz", "ab", 1, 2), std::runtime_error);
}

}  // namespace
}  // namespace nonolab::io

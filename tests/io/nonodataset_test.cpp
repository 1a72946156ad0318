#include "io/nonodataset.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <stdexcept>

#include "batch/suite.hpp"
#include "core/error.hpp"
#include "io/clue_encoding.hpp"
#include "io/formats.hpp"
#include "io/npz_writer.hpp"
#include "nn/reflection.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

const std::string kShared = NONOLAB_SHARED_DIR;

bool have_dataset() {
    return fs::is_directory(fs::path(kShared) / "benchmarks/dataset/nonodataset/10x10");
}

DatasetOptions shared() {
    DatasetOptions o;
    o.shared_dir = kShared;
    return o;
}

TEST(DatasetSpec, ParsesNamesAndSlices) {
    EXPECT_TRUE(is_dataset_spec("nonodataset:10x10/test"));
    EXPECT_TRUE(is_dataset_spec("pair:a.npz,b.npz"));
    EXPECT_FALSE(is_dataset_spec("examples/heart.non"));
    DatasetOptions o;
    o.shared_dir = "/s";
    const DatasetSpec test = parse_dataset_spec("nonodataset:10x10/test@1-300", o);
    ASSERT_EQ(test.x_files.size(), 1u);
    EXPECT_EQ(test.x_files[0], "/s/benchmarks/dataset/nonodataset/10x10/x_test_dataset.npz");
    EXPECT_EQ(test.y_files[0], "/s/benchmarks/dataset/nonodataset/10x10/y_test_dataset.npz");
    EXPECT_EQ(test.first, 1u);
    EXPECT_EQ(test.last, 300u);
    const DatasetSpec train = parse_dataset_spec("nonodataset:10x10/train", o);
    ASSERT_EQ(train.x_files.size(), 3u);
    EXPECT_EQ(fs::path(train.x_files[2]).filename(), "database_noise_v2.npz");
    EXPECT_EQ(fs::path(train.y_files[2]).filename(), "database_y_noise_v2.npz");
    ASSERT_EQ(train.minus_y.size(), 1u);
    EXPECT_EQ(fs::path(train.minus_y[0]).filename(), "y_test_dataset.npz");
    const DatasetSpec t15 = parse_dataset_spec("nonodataset:15x15/train@5-", o);
    ASSERT_EQ(t15.x_files.size(), 1u);
    EXPECT_EQ(fs::path(t15.y_files[0]).filename(), "database_y_icons_all_15x15.npz");
    EXPECT_EQ(t15.first, 5u);
    EXPECT_EQ(t15.last, 0u);
    const DatasetSpec one = parse_dataset_spec("nonodataset:15x15/backtracking@7", o);
    EXPECT_EQ(fs::path(one.x_files[0]).filename(), "x_test_backtracking_15x15.npz");
    EXPECT_EQ(one.first, 7u);
    EXPECT_EQ(one.last, 7u);
    const DatasetSpec pair = parse_dataset_spec("pair:d/x.npz,d/y.npz@2-3", o);
    EXPECT_EQ(pair.x_files[0], "d/x.npz");
    EXPECT_EQ(pair.y_files[0], "d/y.npz");
    EXPECT_EQ(pair.last, 3u);
    for (const char* bad : {"nonodataset:12x12/test", "nonodataset:10x10/nothing",
                            "nonodataset:10x10/test@0-3", "nonodataset:10x10/test@5-2",
                            "nonodataset:10x10/test@x", "pair:onlyone.npz", "heart.non"})
        EXPECT_THROW(parse_dataset_spec(bad, o), std::invalid_argument) << bad;
}

TEST(DatasetSpec, StridesSplitOneFileIntoDisjointSets) {
    DatasetOptions o;
    const DatasetSpec test = parse_dataset_spec("pair:x.npz,y.npz%101=0", o);
    EXPECT_EQ(test.y_files[0], "y.npz");
    EXPECT_EQ(test.every, 101u);
    EXPECT_EQ(test.every_rest, 0u);
    EXPECT_TRUE(test.every_keep);
    const DatasetSpec train = parse_dataset_spec("pair:x.npz,y.npz%101!=0@5-", o);
    EXPECT_EQ(train.y_files[0], "y.npz");
    EXPECT_FALSE(train.every_keep);
    EXPECT_EQ(train.first, 5u);
    for (const char* bad : {"pair:x.npz,y.npz%0=0", "pair:x.npz,y.npz%3=3", "pair:x.npz,y.npz%3",
                            "pair:x.npz,y.npz%=1", "pair:x.npz,y.npz%3!1", "pair:x.npz,y.npz%a=1"})
        EXPECT_THROW(parse_dataset_spec(bad, o), std::invalid_argument) << bad;

    // Ten boards 3x3 (board k: the bits of k), split by position mod 3.
    const fs::path dir = fs::temp_directory_path() / "nonolab_stride_test";
    fs::create_directories(dir);
    std::string xs, ys;
    for (int k = 0; k < 10; ++k) {
        std::uint8_t b[9], x[12];
        for (int c = 0; c < 9; ++c) b[c] = (k >> (8 - c)) & 1;
        encode_board_clues(b, 3, x);
        ys.append(reinterpret_cast<const char*>(b), 9);
        xs.append(reinterpret_cast<const char*>(x), static_cast<std::size_t>(clue_vector_size(3)));
    }
    write_npz_uint8((dir / "x.npz").string(), xs, 10,
                    static_cast<std::uint64_t>(clue_vector_size(3)));
    write_npz_uint8((dir / "y.npz").string(), ys, 10, 9);
    const std::string pair = "pair:" + (dir / "x.npz").string() + "," + (dir / "y.npz").string();
    const Dataset all = load_dataset(pair), picked = load_dataset(pair + "%3=1"),
                  rest = load_dataset(pair + "%3!=1"), sliced = load_dataset(pair + "%3!=1@2-3");
    ASSERT_EQ(picked.size(), 3u);  // positions 1, 4, 7
    ASSERT_EQ(rest.size(), 7u);
    for (std::size_t j = 0; j < 3; ++j)
        EXPECT_TRUE(std::equal(all.board(3 * j + 1), all.board(3 * j + 1) + 9, picked.board(j)));
    const std::size_t others[] = {0, 2, 3, 5, 6, 8, 9};
    for (std::size_t j = 0; j < 7; ++j) {
        EXPECT_TRUE(std::equal(all.board(others[j]), all.board(others[j]) + 9, rest.board(j)));
        EXPECT_TRUE(std::equal(all.clues(others[j]), all.clues(others[j]) + 12, rest.clues(j)));
    }
    // A '*' takes the matching files in name order (here the one pair).
    const Dataset star =
        load_dataset("pair:" + (dir / "x*").string() + "," + (dir / "y.n*").string() + "%3=1");
    EXPECT_EQ(star.y, picked.y);
    EXPECT_THROW(parse_dataset_spec("pair:" + (dir / "z*.npz").string() + ",y.npz", o),
                 std::invalid_argument);
    ASSERT_EQ(sliced.size(), 2u);  // the slice counts kept boards: positions 2 and 3
    EXPECT_TRUE(std::equal(all.board(2), all.board(2) + 9, sliced.board(0)));
    EXPECT_TRUE(std::equal(all.board(3), all.board(3) + 9, sliced.board(1)));
    fs::remove_all(dir);
}

TEST(Dataset, EncodesBoardsLikeTheClueEncoding) {
    // A 5x5 board: its flat clue vector equals encode_clues of the puzzle.
    const std::uint8_t board[25] = {1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1,
                                    0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 0, 1};
    Grid g(5, 5, kEmpty);
    for (int i = 0; i < 25; ++i)
        if (board[i]) g.cells()[i] = kFilled;
    std::uint8_t x[30];
    encode_board_clues(board, 5, x);
    const auto expected = encode_clues(decode_clues(x, 5));
    EXPECT_EQ(std::vector<std::uint8_t>(x, x + 30), expected);
    EXPECT_EQ(x[0], 0);  // row 1 "2 1" right-aligned in 3 slots
    EXPECT_EQ(x[1], 2);
    EXPECT_EQ(x[2], 1);
    // Flat reflections agree with the Grid ones.
    for (nn::Reflection r : nn::kReflections) {
        std::uint8_t out[25];
        nn::reflect_cells(board, 5, r, out);
        const Grid rg = nn::reflect(g, r);
        for (int i = 0; i < 25; ++i)
            EXPECT_EQ(out[i] != 0, rg.cells()[i] == kFilled) << nn::reflection_name(r) << " " << i;
    }
}

TEST(Dataset, LoadsTheTestSetsWithConsistentXAndY) {
    if (!have_dataset()) GTEST_SKIP() << "NonoDataset absent under " << kShared;
    for (const char* spec : {"nonodataset:10x10/test", "nonodataset:15x15/test"}) {
        const Dataset d = load_dataset(spec, shared());
        EXPECT_EQ(d.size(), 15274u) << spec;
        // The clues of y equal x, for every board.
        std::vector<std::uint8_t> x(clue_vector_size(d.n));
        std::size_t mismatches = 0;
        for (std::size_t i = 0; i < d.size(); ++i) {
            encode_board_clues(d.board(i), d.n, x.data());
            mismatches += !std::equal(x.begin(), x.end(), d.clues(i));
        }
        EXPECT_EQ(mismatches, 0u) << spec;
    }
    const Dataset slice = load_dataset("nonodataset:10x10/test@11-20", shared());
    const Dataset full = load_dataset("nonodataset:10x10/test", shared());
    ASSERT_EQ(slice.size(), 10u);
    EXPECT_TRUE(std::equal(slice.y.begin(), slice.y.end(), full.board(10)));
    EXPECT_THROW(load_dataset("nonodataset:10x10/test@15000-15300", shared()),
                 std::invalid_argument);
}

// Boards of `data` equal to some board of `test`.
std::size_t equal_to_test(const Dataset& data, const Dataset& test) {
    const std::size_t cells = static_cast<std::size_t>(data.n) * data.n;
    std::set<std::string> boards;
    for (std::size_t i = 0; i < test.size(); ++i)
        boards.emplace(reinterpret_cast<const char*>(test.board(i)), cells);
    std::size_t equal = 0;
    for (std::size_t i = 0; i < data.size(); ++i)
        equal += boards.count(std::string(reinterpret_cast<const char*>(data.board(i)), cells));
    return equal;
}

TEST(Dataset, TrainingSetsLeaveOutTheTestBoards) {
    if (!have_dataset()) GTEST_SKIP() << "NonoDataset absent under " << kShared;
    const Dataset test = load_dataset("nonodataset:10x10/test", shared());
    const Dataset train = load_dataset("nonodataset:10x10/train", shared());
    // Icons (76,368) minus every board equal to a test board, plus 300,000 noise boards.
    EXPECT_EQ(train.size(), 59386u + 300000u);
    EXPECT_EQ(equal_to_test(train, test), 0u);
    const Dataset test15 = load_dataset("nonodataset:15x15/test", shared());
    const Dataset train15 = load_dataset("nonodataset:15x15/train", shared());
    EXPECT_EQ(train15.size(), 60454u);
    EXPECT_EQ(train15.n, 15);
    EXPECT_EQ(equal_to_test(train15, test15), 0u);
}

// The paper's split (by image) keeps icon boards equal to test boards:
// paper-train removes one copy per test board, which gives the paper's own
// counts (section 3.3.1: 361,094 10x10 training boards; 76,368 - 15,274
// icons) and keeps the twins.
TEST(Dataset, PaperTrainIsThePapersMultisetSplit) {
    if (!have_dataset()) GTEST_SKIP() << "NonoDataset absent under " << kShared;
    const Dataset test = load_dataset("nonodataset:10x10/test", shared());
    const Dataset paper = load_dataset("nonodataset:10x10/paper-train", shared());
    EXPECT_EQ(paper.size(), 361094u);
    EXPECT_EQ(equal_to_test(paper, test), 1708u);
    const Dataset test15 = load_dataset("nonodataset:15x15/test", shared());
    const Dataset paper15 = load_dataset("nonodataset:15x15/paper-train", shared());
    EXPECT_EQ(paper15.size(), 61094u);
    EXPECT_EQ(equal_to_test(paper15, test15), 640u);
    // The test boards with a twin in it, and the others: a split of the test set.
    const Dataset twins = load_dataset("nonodataset:10x10/test-twins", shared());
    const Dataset others = load_dataset("nonodataset:10x10/test-others", shared());
    EXPECT_EQ(twins.size(), 986u);
    EXPECT_EQ(others.size(), 15274u - 986u);
    EXPECT_EQ(equal_to_test(twins, paper), 986u);
    EXPECT_EQ(equal_to_test(others, paper), 0u);
    EXPECT_EQ(load_dataset("nonodataset:15x15/test-twins", shared()).size(), 381u);
    // Every x is still the clue vector of its y.
    std::vector<std::uint8_t> x(static_cast<std::size_t>(clue_vector_size(15)));
    for (std::size_t i = 0; i < paper15.size(); i += 997) {
        encode_board_clues(paper15.board(i), 15, x.data());
        EXPECT_TRUE(std::equal(x.begin(), x.end(), paper15.clues(i))) << "board " << i;
    }
}

TEST(Dataset, PlusJoinsSpecsOfOneSize) {
    if (!have_dataset()) GTEST_SKIP() << "NonoDataset absent under " << kShared;
    const Dataset a = load_dataset("nonodataset:10x10/test@1-5", shared());
    const Dataset b = load_dataset("nonodataset:10x10/test@11-12", shared());
    const Dataset ab =
        load_dataset("nonodataset:10x10/test@1-5+nonodataset:10x10/test@11-12", shared());
    ASSERT_EQ(ab.size(), 7u);
    EXPECT_EQ(ab.n, 10);
    for (std::size_t i = 0; i < 7; ++i) {
        const Dataset& from = i < 5 ? a : b;
        const std::size_t j = i < 5 ? i : i - 5;
        EXPECT_EQ(std::vector<std::uint8_t>(ab.board(i), ab.board(i) + 100),
                  std::vector<std::uint8_t>(from.board(j), from.board(j) + 100));
        EXPECT_EQ(std::vector<std::uint8_t>(ab.clues(i), ab.clues(i) + 100),
                  std::vector<std::uint8_t>(from.clues(j), from.clues(j) + 100));
    }
    // Titles number the union's own boards, so every part's slice stays in them.
    EXPECT_EQ(dataset_puzzles(ab, 5, 6).at(0).info().title,
              "nonodataset:10x10/test@1-5+nonodataset:10x10/test@11-12 #6");
    EXPECT_THROW(load_dataset("nonodataset:10x10/test@1+nonodataset:15x15/test@1", shared()),
                 std::invalid_argument);
    EXPECT_THROW(load_dataset("nonodataset:10x10/test@1+", shared()), std::invalid_argument);
}

TEST(Dataset, IsAPuzzleSource) {
    if (!have_dataset()) GTEST_SKIP() << "NonoDataset absent under " << kShared;
    // Through the format registry, as solve and experiment read files.
    const auto puzzles = io::read_puzzles("nonodataset:10x10/backtracking@1-5");
    ASSERT_EQ(puzzles.size(), 5u);
    EXPECT_EQ(puzzles[0].info().title, "nonodataset:10x10/backtracking #1");
    for (const Puzzle& p : puzzles) {
        EXPECT_EQ(p.width(), 10);
        ASSERT_TRUE(p.info().goal.has_value());
    }
    EXPECT_THROW(io::read_puzzles("nonodataset:10x10/nothing"), ParseError);
    // And through the experiment harness's input loader.
    const auto refs = batch::load_inputs({"nonodataset:15x15/test@3-4"}, {});
    ASSERT_EQ(refs.size(), 2u);
    EXPECT_EQ(refs[0].puzzle->width(), 15);
    EXPECT_EQ(refs[1].puzzle->info().title, "nonodataset:15x15/test #4");
}

}  // namespace
}  // namespace nonolab::io

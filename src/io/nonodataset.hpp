// NonoDataset (Buades Rubio et al. 2024, section 3.1) loaded flat, for
// training and evaluating networks: hundreds of thousands of boards kept as
// two uint8 arrays (x: clue vectors, y: boards), never as Puzzle objects.
// The same specs also work as a puzzle source wherever a puzzle file is read
// (io::read_puzzles, batch::load_inputs): each board becomes a puzzle with
// y as its goal.
//
// Spec syntax (resolved under <shared>/benchmarks/dataset/nonodataset):
//   nonodataset:10x10/test         x_test_dataset + y_test_dataset (15,274)
//   nonodataset:10x10/train        database_icons_all minus every board equal to a
//                                  test board, plus database_noise and
//                                  database_noise_v2: no test board in training
//   nonodataset:10x10/paper-train  the paper's own training set (section 3.3.1):
//                                  the same, but minus the test boards as a
//                                  multiset, so the 1,708 icon boards that equal
//                                  a test board stay, as in its split by image
//                                  (361,094 boards, the paper's count)
//   nonodataset:15x15/test         x_test_15x15_ok + y_test_15x15_ok (15,274)
//   nonodataset:NxN/test-twins     the test boards equal to a board of paper-train's
//                                  icons (986 of 10x10, 381 of 15x15): in the
//                                  paper's split a network may have seen them
//   nonodataset:NxN/test-others    the other test boards (14,288 and 14,893)
//   nonodataset:15x15/train        database_icons_all_15x15 minus every board
//                                  equal to a test board (the paper's 600,000
//                                  random 15x15 boards were not published)
//   nonodataset:15x15/paper-train  its icons as the paper split them: minus the
//                                  test boards as a multiset (61,094; 640 equal
//                                  a test board)
//   nonodataset:10x10/backtracking x_train_backtracking (+ y_), 63 boards
//   nonodataset:15x15/backtracking x_test_backtracking_15x15 (+ y_), 302 boards
//   nonodataset:NxN/FILE           any other pair by the x file's stem, e.g.
//                                  nonodataset:10x10/database_noise (+ database_y_noise)
//   pair:X.npz,Y.npz               a plain pair of x / y archives; one '*' in a
//                                  file name takes every matching file of its
//                                  folder in name order (generate's shards:
//                                  pair:d/x_all5-*.npz,d/y_all5-*.npz)
// Any spec takes a 1-based inclusive slice suffix: "@A-B", "@A-" (to the end),
// "@A" (one board), e.g. nonodataset:10x10/test@1-300. Before it, a stride
// "%K=R" keeps the boards whose 0-based position i in the set has i mod K = R,
// "%K!=R" the others: a disjoint split of one file, e.g. the 5x5 test set
// pair:d/x_all5-*.npz,d/y_all5-*.npz%101=0 and its training set
// ...%101!=0 (docs/results/neural.md). The slice then counts kept boards.
// Specs of one board size join with '+', each part with its own slice and
// stride: nonodataset:15x15/train+pair:d/x_noise15-*.npz,d/y_noise15-*.npz
// (the paper's 15x15 training set: icons plus generated random boards).
//
// "Minus the test boards" is matched by board (y) equality. `train` drops
// every training board equal to some test board, duplicates included. The
// paper split by image (80/20) before thresholding, and several images give
// the same board, so its training set keeps boards equal to test boards:
// `paper-train` removes one copy per test board (the test set is a
// sub-multiset of the icons), which is the paper's set exactly, since equal
// boards cannot be told apart (docs/methods.md, docs/network.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/puzzle.hpp"

namespace nonolab::io {

/// Boards of one size, flat: board i's clue vector is x[i*xs, (i+1)*xs)
/// with xs = clue_vector_size(n), its cells y[i*n*n, (i+1)*n*n), 0 or 1.
struct Dataset {
    int n = 0;                    ///< board side
    std::vector<std::uint8_t> x;  ///< clue vectors, NonoDataset layout (clue_encoding.hpp)
    std::vector<std::uint8_t> y;  ///< boards, row-major, 0 = empty, 1 = filled
    std::string name;             ///< the spec it was loaded from
    std::size_t offset = 0;       ///< boards before board 0 in the unsliced set (the slice's A - 1)

    std::size_t size() const;                        ///< number of boards
    const std::uint8_t* clues(std::size_t i) const;  ///< board i's clue vector
    const std::uint8_t* board(std::size_t i) const;  ///< board i's cells
};

/// Where the spec's files are looked for.
struct DatasetOptions {
    std::string shared_dir;  ///< the shared folder ("" = $NONOLAB_SHARED, else ../shared beside the
                             ///< source tree)
};

/// True for strings in the spec syntax above (nonodataset:..., pair:...).
bool is_dataset_spec(const std::string& text);

/// A parsed spec: what to load and which slice.
struct DatasetSpec {
    std::vector<std::string> x_files;  ///< clue archives, concatenated in order
    std::vector<std::string> y_files;  ///< the matching board archives
    std::vector<std::string> minus_y;  ///< board archives whose boards are removed
    bool minus_once = false;           ///< remove one copy per board of minus_y, not every copy
    /// test-twins (+1) / test-others (-1): keep only the boards that have, or
    /// lack, an equal board in twin_pool minus the spec's own boards (as a
    /// multiset: paper-train's icons); 0 = keep all.
    int twins = 0;
    std::string twin_pool;
    std::size_t first = 1;       ///< slice start, 1-based
    std::size_t last = 0;        ///< slice end, inclusive (0 = to the end)
    std::size_t every = 0;       ///< stride K (0 = keep every board)
    std::size_t every_rest = 0;  ///< R: the position mod K that the stride picks
    bool every_keep = true;      ///< true: keep i mod K = R ("%K=R"); false: the others
};

/// Resolves a spec to files (not read yet). Throws std::invalid_argument
/// naming the spec and the expected syntax.
DatasetSpec parse_dataset_spec(const std::string& spec, const DatasetOptions& options = {});

/// Loads a spec, or a '+' union of specs. Throws ParseError (file, what) on unreadable or
/// inconsistent files (x and y counts or sizes differ), std::invalid_argument on bad specs.
Dataset load_dataset(const std::string& spec, const DatasetOptions& options = {});

/// Boards [first, last) as puzzles with clues from x and y as the goal, titled
/// "<spec without slice> #<board number in the unsliced set>".
std::vector<Puzzle> dataset_puzzles(const Dataset& data, std::size_t first = 0,
                                    std::size_t last = static_cast<std::size_t>(-1));

/// The clue vector of a flat n x n board (the NonoDataset x of y).
void encode_board_clues(const std::uint8_t* board, int n, std::uint8_t* x);

/// The shared folder used when DatasetOptions::shared_dir is empty.
std::string default_shared_dir();

}  // namespace nonolab::io

// Writing NumPy .npz archives in NonoDataset's layout (the x / y pairs that
// io::read_npz reads; see npz.cpp for the layout and Buades Rubio et al.
// 2024, sections 2.1 and 3.1).
//
// An archive is a zip file with one stored (uncompressed) member arr_0.npy:
// a .npy version 1.0 array of dtype '|u1', C order, shape (rows, values).
// numpy.load reads it as numpy.savez would have written it. The zip entry
// carries a fixed timestamp (1980-01-01 00:00) so the same boards always give
// byte-identical files. Every file is written to PATH.tmp-nonolab and renamed,
// so a killed run never leaves a partial archive behind.
//
// A dataset shard is a pair of files with the same rows:
//   x_NAME-00001.npz  clue vectors (io::encode_clues: 2N lines x ceil(N/2) slots)
//   y_NAME-00001.npz  boards (N*N cells 0/1, row-major)
// The x_ / y_ prefixes follow NonoDataset's x_test_dataset / y_test_dataset
// and are what read_npz uses to tell clues from boards.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"

namespace nonolab::io {

/// The bytes of a .npy v1.0 uint8 array of shape (rows, values).
std::string npy_uint8_header(std::uint64_t rows, std::uint64_t values);

/// Writes a one-member .npz (arr_0.npy, stored) holding `data` as a uint8
/// array of shape (rows, values), via a temporary file and rename. Throws
/// std::runtime_error naming the path when it cannot be written, and
/// std::invalid_argument when data.size() != rows * values or the archive
/// would need ZIP64 (4 GiB).
void write_npz_uint8(const std::string& path, std::string_view data, std::uint64_t rows,
                     std::uint64_t values);

/// The same archive in memory (tests, small arrays).
std::string npz_uint8(std::string_view data, std::uint64_t rows, std::uint64_t values);

/// "DIR/x_NAME-00007.npz" for out = "DIR/NAME.npz", kind 'x', shard 7
/// (kind 'y' for the boards). Throws std::invalid_argument unless out ends in
/// ".npz" and kind is 'x' or 'y'.
std::string dataset_shard_path(const std::string& out, char kind, std::uint64_t shard);

/// One shard of a NonoDataset-style dataset, accumulated row by row.
class DatasetShard {
  public:
    /// For n x n boards.
    explicit DatasetShard(int n);

    /// Appends the board (y) and its clue vector (x). Throws
    /// std::invalid_argument for a board that is not n x n with 0/1 cells.
    void add(const Grid& board);

    int side() const { return n_; }
    std::uint64_t rows() const { return rows_; }
    const std::string& x() const { return x_; }  ///< rows() x clue_vector_size(n) bytes
    const std::string& y() const { return y_; }  ///< rows() x n*n bytes

    /// Writes both files (each atomically; y first, then x).
    void write(const std::string& x_path, const std::string& y_path) const;

    /// Forgets the rows (keeps the buffers' capacity).
    void clear();

  private:
    int n_;
    std::uint64_t rows_ = 0;
    std::string x_, y_;
};

}  // namespace nonolab::io

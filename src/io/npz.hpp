// NumPy .npz archives (NonoDataset): clue or board arrays, stored or deflated (zlib).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"
#include "io/puzzle_slots.hpp"

namespace nonolab::io {

/// The raw uint8 array of an .npz's first member, for readers that keep the
/// data flat (io/nonodataset.hpp: hundreds of thousands of boards).
struct NpzArray {
    std::size_t count = 0;   ///< rows (puzzles): the first dimension
    std::size_t values = 0;  ///< values per row: the other dimensions multiplied
    std::string bytes;       ///< count * values bytes, row-major
};

/// Reads the array of `content`; throws ParseError / UnsupportedError naming `source`.
NpzArray read_npz_array(std::string_view content, const std::string& source);

/// An array's shape, from its header alone.
struct NpzShape {
    std::size_t count = 0;   ///< rows
    std::size_t values = 0;  ///< values per row
};

/// The shape of the array in the .npz at `path`, reading only its first
/// 64 KiB (streamed training counts its shards' boards before reading them).
/// For a stored member it also checks that the file holds every byte the
/// header announces. Throws ParseError / UnsupportedError naming `path`.
NpzShape npz_array_shape(const std::string& path);

/// Reads every puzzle in `content`; throws ParseError with file and line.
std::vector<Puzzle> read_npz(std::string_view content, const std::string& source);
/// One slot per row of the array, each with its puzzle or its own error.
/// Throws when the archive or its array cannot be read at all.
std::vector<PuzzleSlot> read_npz_each(std::string_view content, const std::string& source);
/// Content detection score: 0 = not this format, 100 = certain.
int sniff_npz(std::string_view content);

}  // namespace nonolab::io

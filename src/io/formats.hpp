// The format registry: every puzzle file format nonolab knows, and the two
// entry points the rest of the program uses (read_puzzles, write_puzzles).
//
// Adding a format: write src/io/<name>.{hpp,cpp} with read_<name>,
// write_<name> (optional) and sniff_<name> (optional), add one row to the
// table in formats.cpp, and add tests/io/<name>_test.cpp. See docs/formats.md.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"
#include "io/puzzle_slots.hpp"

namespace nonolab::io {

/// Parses a whole file; throws ParseError / UnsupportedError with file and line.
using ReadFn = std::vector<Puzzle> (*)(std::string_view content, const std::string& source);
/// Serialises puzzles; throws WriteError when the format cannot hold them.
using WriteFn = std::string (*)(const std::vector<Puzzle>& puzzles);
/// How sure we are that `content` is in this format: 0 = not it, 100 = certain.
using SniffFn = int (*)(std::string_view content);

struct Format {
    const char* name;                     ///< short name used by --format / --to
    std::vector<std::string> extensions;  ///< lower case, without the dot
    const char* description;              ///< one line for --help and docs
    ReadFn read;                          ///< nullptr: cannot be read
    WriteFn write;                        ///< nullptr: cannot be written
    SniffFn sniff;                        ///< nullptr: recognised by extension only
    bool several;                         ///< one file may hold several puzzles
    /// Formats that mark where each puzzle starts: reads puzzle by puzzle
    /// (puzzle_slots.hpp). When set, `read` is this with the first error
    /// thrown, and read_puzzles uses this too.
    ReadEachFn read_each = nullptr;
};

/// All formats, in the order used for content detection ties.
const std::vector<Format>& formats();

/// By name or by extension (case-insensitive, dot optional); nullptr if none.
const Format* find_format(std::string_view name_or_extension);

/// The format of `path`: its extension when that names one format, otherwise
/// the best content match. Throws UnsupportedError naming the file when
/// nothing matches.
const Format& detect_format(const std::string& path, std::string_view content);

/// Reads every puzzle in a file. `format` forces a format by name ("" = detect).
std::vector<Puzzle> read_puzzles(const std::string& path, const std::string& format = "");

/// Same, from text already in memory (source is used in error messages).
std::vector<Puzzle> read_puzzles_text(std::string_view content, const std::string& source,
                                      const std::string& format = "");

/// Serialises with the named format; throws WriteError if it cannot hold them.
std::string write_puzzles(const std::vector<Puzzle>& puzzles, const std::string& format);

}  // namespace nonolab::io

#include <optional>

namespace nonolab::io {

/// One puzzle of a file, or the reason it cannot be used.
struct Entry {
    std::optional<Puzzle> puzzle;  ///< set when the puzzle could be read
    std::string error;             ///< "file:line: message" otherwise
    std::string name;              ///< the puzzle's name when the file gives one
    int line = 0;                  ///< where the puzzle starts (0 = unknown)
    bool unsupported = false;      ///< the error refuses a variant we do not handle
};

/// Like read_puzzles, but one Entry per puzzle the file marks, in file
/// order: in a format with a ReadEachFn (TAAI `$k`, XML <puzzle>, JSON
/// arrays, .non bundles, .clues `puzzle` lines, SPOJ, Rosetta, picross
/// GRIDs, .npz rows, dataset specs) a puzzle that cannot be read is an entry
/// with its error and the others are read all the same. Throws ParseError /
/// UnsupportedError only when the file cannot be split into puzzles at all.
std::vector<Entry> read_entries(const std::string& path, const std::string& format = "");

/// Same, from text already in memory (source is used in error messages).
std::vector<Entry> read_entries_text(std::string_view content, const std::string& source,
                                     const std::string& format = "");

}  // namespace nonolab::io

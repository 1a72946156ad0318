// Suite manifests: a named list of puzzle files (and puzzles within them)
// that `nonolab experiment` accepts in place of puzzle files. The format is
// documented in bench/hs-suite/README.md:
//
//   nonolab-suite 1                      first line, identifies the file
//   # comment                            '#' starts a comment anywhere
//   name Harmony search suite            optional title
//   group Group I                        puzzles below belong to this group
//   mine.non                             every puzzle of a file
//   set.taai 2 3                         only these puzzles (1-based)
//   optional ../shared/x.taai 1 31       skipped with a warning when absent
//   ../papers/bobko-4x4.clues = GA 4x4   '=' names the puzzle in tables and plots
//
// Paths are relative to the manifest's folder and may not contain spaces.
// `optional` exists for the shared benchmark folder, which is not part of
// the repository: its absence must not stop an experiment.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "batch/experiment.hpp"

namespace nonolab::batch {

/// One puzzle file named by a manifest.
struct SuiteEntry {
    std::string path;          ///< resolved against the manifest's folder, lexically normal
    std::vector<int> indices;  ///< 1-based puzzles to take; empty = all
    std::string group;         ///< the group in force at this line ("" = none)
    std::string name;  ///< display name after '=' ("" = the file's title); "#i" added when several
    bool optional = false;  ///< a missing file is a warning, not an error
    int line = 0;           ///< manifest line, for messages
};

struct Suite {
    std::string name;                 ///< from the `name` line, "" when absent
    std::vector<SuiteEntry> entries;  ///< in manifest order
};

/// True when `content` starts with the manifest's first line.
bool is_suite(std::string_view content);

/// Parses a manifest; `source` is its path (for resolving entries and for
/// messages). Throws ParseError "source:line: ..." on a malformed line.
Suite parse_suite(std::string_view content, const std::string& source);

/// Called with a human-readable warning (e.g. an optional file is absent).
using Warn = std::function<void(const std::string&)>;

/// Loads the puzzles named by command-line inputs, in order. Each input is a
/// puzzle file (all its puzzles), a manifest, or a folder holding a
/// `suite.txt` manifest. Throws ParseError / std::runtime_error naming the
/// file when an input or a non-optional entry cannot be read, or an index is
/// out of range, unless options.keep_errors. A file of several puzzles
/// gives one ref per puzzle it marks (io::read_entries), so an unreadable
/// puzzle has its own index and the others are read all the same.

/// How load_inputs reads.
struct InputOptions {
    std::string format;        ///< read every file as this format ("" = detect)
    std::vector<int> indices;  ///< only these puzzles of each plain file (1-based; empty = all)
    /// true: an unreadable file or puzzle becomes a PuzzleRef without a
    /// puzzle, carrying the reader's message (solve reports it and goes on);
    /// false: it throws ParseError (an experiment refuses to start).
    bool keep_errors = false;
    /// With keep_errors: a file that cannot be split into puzzles at all is
    /// a ref too (true), or is thrown as the reader threw it (false: Python,
    /// which raises it with its type, file and line).
    bool keep_file_errors = true;
};

std::vector<PuzzleRef> load_inputs(const std::vector<std::string>& inputs, const Warn& warn,
                                   const InputOptions& options = {});

}  // namespace nonolab::batch

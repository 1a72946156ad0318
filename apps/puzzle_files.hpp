// The loop of the per-puzzle commands (explain, make-unique): every puzzle
// of every file, in order, and how an unreadable one is reported. One
// place, so that the commands agree on it: a file that cannot be read is an
// "error:" line; a puzzle that cannot be read in a readable file is, with
// --json, an error record in its own place (the record the server's routes
// give) and an "error:" line; both make the exit status kExitUnreadable, and
// the other puzzles are worked on all the same.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "io/formats.hpp"

namespace nonolab::cli {

/// Prints the error record of puzzle `index` (1-based) of `file`: a JSON
/// line on stdout when `json`, and "error: FILE #INDEX: MESSAGE" on stderr.
void print_puzzle_error(bool json, const std::string& file, int index, const std::string& name,
                        const std::string& message);

/// Calls `each(file, index, entry)` for every readable puzzle of `files`
/// (read with `format`, "" = detect), reporting the unreadable ones as
/// above. `each` returns its puzzle's exit code; the result is the highest
/// of them and of kExitUnreadable for what could not be read.
int for_each_puzzle(
    const std::vector<std::string>& files, const std::string& format, bool json,
    const std::function<int(const std::string& file, int index, const io::Entry& entry)>& each);

}  // namespace nonolab::cli

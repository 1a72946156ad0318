// Reading a file of several puzzles one puzzle at a time.
//
// Where a format marks where each puzzle starts (TAAI `$k`, webpbn
// <puzzle>, a JSON array, `====` in .non bundles, ...), one puzzle that
// cannot be read must not take its neighbours down with it: a tournament
// file or a research set of 1,000 puzzles with one typo still has 999
// puzzles worth solving. Such a format's reader returns one PuzzleSlot per
// puzzle the file marks, in file order, each holding its puzzle or the
// error that stopped it; it throws only when the file cannot be split into
// puzzles at all (XML that is not well formed, a JSON syntax error, ...).
// The all-or-nothing read of the same format (read_<format>,
// io::read_puzzles) is that reader with the first error thrown, so both
// share one parser.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/error.hpp"
#include "core/puzzle.hpp"

namespace nonolab::io {

/// One puzzle of a file: the puzzle, or why it cannot be used.
struct PuzzleSlot {
    std::string name;  ///< the puzzle's title as far as it was read ("" when unknown)
    int line = 0;      ///< line where the puzzle starts (0 = no particular line)
    std::variant<Puzzle, ParseError> result;  ///< the puzzle, or the reader's error
    bool unsupported = false;                 ///< the error was an UnsupportedError
};

/// Reads every puzzle a file marks, each with its own result. Throws
/// ParseError only when the file cannot be split into puzzles at all.
using ReadEachFn = std::vector<PuzzleSlot> (*)(std::string_view content, const std::string& source);

/// A slot for an error (its `unsupported` flag follows the error's type).
PuzzleSlot failed_slot(const ParseError& error, int line, std::string name = "");

/// A slot for the puzzle `read_one()` returns, or for the ParseError,
/// UnsupportedError or PuzzleError it throws (a PuzzleError is placed at
/// `line` of `source`). Any other exception passes through.
template <class ReadOne>
PuzzleSlot read_slot(const std::string& source, int line, std::string name, ReadOne&& read_one) {
    try {
        Puzzle puzzle = read_one();  // before `name` is moved into the slot
        return PuzzleSlot{std::move(name), line, std::move(puzzle), false};
    } catch (const ParseError& e) {
        return failed_slot(e, line, std::move(name));
    } catch (const PuzzleError& e) {
        return failed_slot(ParseError(source, line, e.what()), line, std::move(name));
    }
}

/// Every slot's puzzle, or the first slot's error thrown (as the type it
/// was read as). The all-or-nothing read of a format with a ReadEachFn.
std::vector<Puzzle> puzzles_or_first_error(std::vector<PuzzleSlot> slots);

}  // namespace nonolab::io

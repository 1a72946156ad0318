// Error types thrown at the library boundary.
//
// Inside the solvers failure is a return value (a contradiction is a normal
// outcome of propagation); exceptions are reserved for inputs that cannot be
// turned into a puzzle at all, and they always carry enough context for a
// person to fix the file: the source name, the 1-based line, and what was
// expected there.
#pragma once

#include <stdexcept>
#include <string>

namespace nonolab {

/// A puzzle file that cannot be read. what() is "source:line: message".
class ParseError : public std::runtime_error {
  public:
    /// line == 0 means "no particular line" (e.g. an empty file).
    ParseError(std::string source, int line, std::string message);

    const std::string& source() const { return source_; }    ///< file name as given
    int line() const { return line_; }                       ///< 1-based, 0 if unknown
    const std::string& message() const { return message_; }  ///< without the location

  private:
    std::string source_;
    int line_;
    std::string message_;
};

/// A well-formed file in a variant we deliberately do not handle (triddlers,
/// triangle grids, ...). Distinct so that batch tools can count them apart.
class UnsupportedError : public ParseError {
  public:
    using ParseError::ParseError;
};

/// Clues that describe no grid at all, or are internally inconsistent
/// (a run longer than its line, row and column totals that differ, ...).
class PuzzleError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace nonolab

namespace nonolab {

/// A puzzle that a chosen output format cannot represent (colour in a
/// black-and-white-only format, several puzzles in a one-puzzle format, ...).
class WriteError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace nonolab

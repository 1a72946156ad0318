// The boundary errors (src/core/error.hpp). ParseError carries the source,
// the 1-based line and the message, and formats what() as
// "source:line: message"; PuzzleError carries only its message (which names
// the puzzle line, see puzzle_test.cpp), and readers relocate it into a
// ParseError with the file and line (tests/io/text_test.cpp).
#include "core/error.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <type_traits>

namespace nonolab {
namespace {

TEST(ParseError, WhatIsSourceColonLineColonMessage) {
    const ParseError e("puzzles/cat.non", 12, "expected a width, got 'x'");
    EXPECT_EQ(std::string(e.what()), "puzzles/cat.non:12: expected a width, got 'x'");
    EXPECT_EQ(e.source(), "puzzles/cat.non");
    EXPECT_EQ(e.line(), 12);
    EXPECT_EQ(e.message(), "expected a width, got 'x'");
}

TEST(ParseError, LineZeroMeansNoParticularLine) {
    const ParseError e("empty.non", 0, "the file is empty");
    EXPECT_EQ(std::string(e.what()), "empty.non: the file is empty");
    EXPECT_EQ(e.line(), 0);
    EXPECT_EQ(e.message(), "the file is empty");
}

TEST(ParseError, AnUnnamedSourceIsCalledInput) {
    const ParseError e("", 3, "expected a clue");
    EXPECT_EQ(std::string(e.what()), "<input>:3: expected a clue");
    // The accessor still says what was given.
    EXPECT_EQ(e.source(), "");
}

TEST(ParseError, UnsupportedErrorIsAParseErrorWithTheSameFormat) {
    static_assert(std::is_base_of_v<ParseError, UnsupportedError>);
    try {
        throw UnsupportedError("t.xml", 4, "triddlers are not supported");
    } catch (const ParseError& e) {
        EXPECT_EQ(std::string(e.what()), "t.xml:4: triddlers are not supported");
        EXPECT_EQ(e.line(), 4);
        EXPECT_NE(dynamic_cast<const UnsupportedError*>(&e), nullptr);
    }
}

TEST(PuzzleError, CarriesItsMessageUnchanged) {
    static_assert(std::is_base_of_v<std::runtime_error, PuzzleError>);
    // Not a ParseError: it has no file or line of its own.
    static_assert(!std::is_base_of_v<ParseError, PuzzleError>);
    const PuzzleError e("row 2: run length 0 (expected a positive length)");
    EXPECT_EQ(std::string(e.what()), "row 2: run length 0 (expected a positive length)");
}

TEST(WriteError, CarriesItsMessageUnchanged) {
    static_assert(std::is_base_of_v<std::runtime_error, WriteError>);
    const WriteError e("format taai holds black-and-white puzzles only");
    EXPECT_EQ(std::string(e.what()), "format taai holds black-and-white puzzles only");
}

}  // namespace
}  // namespace nonolab

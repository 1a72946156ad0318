// Helpers shared by the reader tests.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>

#include "core/clue_contradiction.hpp"
#include "core/error.hpp"
#include "core/picture.hpp"

/// `expr` (a reader call) reads, and its first puzzle's clues alone prove it
/// has no solution, for a reason containing `text` (a contradiction, not an
/// input error: core/clue_contradiction.hpp).
#define EXPECT_IMPOSSIBLE(expr, text)                                                \
    do {                                                                             \
        const std::vector<::nonolab::Puzzle> ps_ = (expr);                           \
        ASSERT_FALSE(ps_.empty()) << #expr;                                          \
        const std::string why_ = ::nonolab::clue_contradiction(ps_.front());         \
        EXPECT_NE(why_.find(text), std::string::npos)                                \
            << #expr << ": reason '" << why_ << "' lacks '" << (text) << "'";       \
    } while (0)

namespace nonolab::io::test_util {

/// The shared benchmark folder (tests that use it skip when it is absent).
inline std::string bench_dir() {
    return std::string(NONOLAB_SHARED_DIR) + "/benchmarks";
}

/// Runs f, expecting a ParseError, and returns it so the test can inspect
/// its line and message; records a failure (and returns an empty error) if
/// nothing is thrown.
template <class F>
ParseError error_of(F&& f) {
    try {
        f();
    } catch (const ParseError& e) {
        return e;
    }
    ADD_FAILURE() << "expected a ParseError";
    return ParseError("", -1, "");
}

/// Runs f and expects an exception of type E (a ParseError or subclass)
/// located at `line` whose message contains `fragment`.
template <class E = ParseError, class F>
void expect_error(F&& f, int line, const std::string& fragment) {
    try {
        f();
        ADD_FAILURE() << "no exception; expected one mentioning '" << fragment << "'";
    } catch (const E& e) {
        EXPECT_EQ(e.line(), line) << e.what();
        EXPECT_NE(e.message().find(fragment), std::string::npos) << e.what();
    }
}

/// Mutates `base` `rounds` times (a random prefix with three characters
/// replaced from `alphabet`) and feeds each text to `read` and `sniff`: the
/// reader may refuse with a ParseError but must never crash or throw anything
/// else, and the sniffer never returns a negative score.
template <class Read, class Sniff>
void expect_mutations_never_crash(const std::string& base, std::string_view alphabet, unsigned seed,
                                  int rounds, Read&& read, Sniff&& sniff) {
    std::mt19937 rng(seed);
    for (int round = 0; round < rounds; ++round) {
        std::string text = base.substr(0, 1 + rng() % base.size());
        for (int k = 0; k < 3; ++k) text[rng() % text.size()] = alphabet[rng() % alphabet.size()];
        try {
            read(text);
        } catch (const ParseError&) {
        }
        EXPECT_GE(sniff(text), 0);
    }
}

/// The 3x2 three-colour picture the writer round-trip tests share, with the
/// given palette (background, then two colours) and info.
inline Puzzle colour_test_puzzle(const Palette& palette, const PuzzleInfo& info) {
    Grid g(3, 2, kEmpty);
    g.set(0, 0, 1), g.set(0, 1, 2), g.set(1, 1, 2), g.set(1, 2, 1);
    return puzzle_from_picture(g, palette, info);
}

}  // namespace nonolab::io::test_util

// The two small grammars that the clue readers share, parsed in one place:
//
//   a run     a length, then what the format writes for its colour: nothing
//             ("3"), one character ("3r": .clues, .non, .g), or a word
//             ("3red": pynogram, JSON run strings). Runs are separated by the
//             format's separators; a lone "0" (or nothing) is the empty clue.
//   a side    a grid width or height, 1 to kMaxSide.
//
// The readers differ only in what the colour text means (a palette symbol, a
// declared name, nonny's colour words, JSON's touching blocks "2B4K"), so
// for_each_run hands over the colour as written and each reader maps it.
// The digits, the zero rule, the length bounds and the messages are here, so
// every format accepts and words the same things the same way. The line
// formats' parse_bw_clue (clue_lines.hpp) is this grammar without colours.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/text.hpp"

namespace nonolab::io {

/// One run as written in a clue.
struct RunToken {
    int length = 0;           ///< 1 to kMaxSide; 0 for a colour word (RunSyntax::colour_words)
    std::string_view colour;  ///< the text after the digits ("" for a bare run)
    std::string_view text;    ///< the whole token, for the reader's own messages
};

/// How a format writes its runs.
struct RunSyntax {
    /// Longest colour text after the digits: kNoColour, kOneChar or kAnyText.
    static constexpr size_t kNoColour = 0, kOneChar = 1, kAnyText = std::string_view::npos;

    std::string_view separators;    ///< what stands between runs, e.g. ", \t"
    size_t max_colour = kNoColour;  ///< see above
    /// A run as messages describe it: "expected <expected>, got '3xy'".
    const char* expected = "a run length (a non-negative integer)";
    /// nonny's .non dialect: a token that does not start with a digit is a
    /// colour word that colours the runs after it; it comes back with length 0.
    bool colour_words = false;
};

/// Splits a token into its leading digits and the rest, judging nothing
/// else: nullopt when it does not start with a digit or has more digits than
/// parse_int reads. The length may be 0 or above kMaxSide.
std::optional<RunToken> split_run_token(std::string_view token);

/// One token of a clue, judged as the grammar says (see for_each_run);
/// nullopt for the zero that stands alone for an empty clue (`alone`: the
/// token is the clue's only one). `clue` is quoted by the zero message.
std::optional<RunToken> read_run_token(std::string_view token, bool alone, std::string_view clue,
                                       const RunSyntax& syntax, const std::string& source,
                                       int line);

/// Calls f(run) for each run of one clue text, in order. A clue with no
/// token, or whose only token is a zero ("0", "00"), has no run. Throws
/// ParseError(source, line) at the first bad token:
///   "expected <syntax.expected>, got '<token>'"  (no digits, or a colour
///                                                text longer than allowed)
///   "expected positive run lengths (a 0 may only stand alone for an empty
///    line), got '<clue>'"
///   "run length N is longer than the largest allowed line (10000 cells)"
/// Calling f token by token lets a reader that refuses a colour report the
/// first problem of a line first, as a person reads it.
template <class F>
void for_each_run(std::string_view clue, const RunSyntax& syntax, const std::string& source,
                  int line, F&& f) {
    const std::vector<std::string_view> tokens = split_any(clue, syntax.separators);
    for (std::string_view token : tokens)
        if (const auto run = read_run_token(token, tokens.size() == 1, clue, syntax, source, line))
            f(*run);
}

/// The runs of one clue text, as for_each_run reads them.
std::vector<RunToken> read_run_tokens(std::string_view clue, const RunSyntax& syntax,
                                      const std::string& source, int line);

/// Throws the "expected <syntax.expected>, got '<token>'" error, for a token
/// whose colour text the reader finds malformed.
[[noreturn]] void throw_bad_run(std::string_view token, const RunSyntax& syntax,
                                const std::string& source, int line);

/// True when `v` is a grid side: 1 to kMaxSide.
bool is_side(long long v);

/// How a message names a side: "<what> (1 to 10000)", e.g. "a width (1 to 10000)".
std::string side_wanted(const char* what);

/// Parses a grid side (surrounding blanks ignored), else throws ParseError
/// "expected <what> (1 to 10000), got '<token>'". `what` carries its article:
/// "a width", "the height".
int expect_side(std::string_view token, const std::string& source, int line, const char* what);

}  // namespace nonolab::io

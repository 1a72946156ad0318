// The run and side grammars shared by the clue readers (see clue_tokens.hpp).
#include "io/clue_tokens.hpp"

#include <cassert>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "io/text.hpp"

namespace nonolab::io {

// Names here are unusual on purpose: the unity build compiles this file
// with seven others, whose anonymous namespaces must not hold the same names.
namespace {

bool is_run_digit(char c) {
    return c >= '0' && c <= '9';
}

/// Messages quote at most this much of a token or clue, so one absurd line
/// does not flood the terminal.
constexpr size_t kQuotedChars = 40;

}  // namespace

std::optional<RunToken> split_run_token(std::string_view token) {
    size_t digits = 0;
    while (digits < token.size() && is_run_digit(token[digits])) ++digits;
    const std::optional<int> length = parse_int(token.substr(0, digits));
    if (!length) return std::nullopt;
    return RunToken{*length, token.substr(digits), token};
}

void throw_bad_run(std::string_view token, const RunSyntax& syntax, const std::string& source,
                   int line) {
    throw ParseError(source, line,
                     std::string("expected ") + syntax.expected + ", got '" +
                         std::string(token.substr(0, kQuotedChars)) + "'");
}

std::optional<RunToken> read_run_token(std::string_view token, bool alone, std::string_view clue,
                                       const RunSyntax& syntax, const std::string& source,
                                       int line) {
    if (syntax.colour_words && !token.empty() && !is_run_digit(token[0]))
        return RunToken{0, token, token};
    const std::optional<RunToken> run = split_run_token(token);
    if (!run || run->colour.size() > syntax.max_colour) throw_bad_run(token, syntax, source, line);
    if (run->length == 0) {
        // A zero is the empty clue when it stands alone, and a mistake
        // anywhere else (an empty run would be no run at all).
        if (alone && run->colour.empty()) return std::nullopt;
        throw ParseError(source, line,
                         "expected positive run lengths (a 0 may only stand alone for an "
                         "empty line), got '" +
                             std::string(trim(clue).substr(0, kQuotedChars)) + "'");
    }
    // A run longer than its own line is read (the puzzle then has no
    // solution, core/clue_contradiction.hpp); one longer than any line a
    // reader accepts is refused here, at its line.
    if (run->length > kMaxSide)
        throw ParseError(source, line,
                         "run length " + std::to_string(run->length) +
                             " is longer than the largest allowed line (" +
                             std::to_string(kMaxSide) + " cells)");
    assert(run->length >= 1 && run->length <= kMaxSide);  // what every caller builds on
    return run;
}

std::vector<RunToken> read_run_tokens(std::string_view clue, const RunSyntax& syntax,
                                      const std::string& source, int line) {
    std::vector<RunToken> runs;
    for_each_run(clue, syntax, source, line, [&runs](const RunToken& run) { runs.push_back(run); });
    return runs;
}

bool is_side(long long v) {
    return v >= 1 && v <= kMaxSide;
}

std::string side_wanted(const char* what) {
    return std::string(what) + " (1 to " + std::to_string(kMaxSide) + ")";
}

int expect_side(std::string_view token, const std::string& source, int line, const char* what) {
    token = trim(token);
    const std::optional<int> v = parse_int(token);
    if (!v || !is_side(*v))
        throw ParseError(source, line,
                         "expected " + side_wanted(what) + ", got '" +
                             std::string(token.substr(0, kQuotedChars)) + "'");
    return *v;
}

}  // namespace nonolab::io

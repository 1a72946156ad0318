// The run and side grammars shared by the clue readers, first on their own,
// then through the readers, which must now accept and word them alike.
#include "io/clue_tokens.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "io/clues.hpp"
#include "io/g.hpp"
#include "io/json.hpp"
#include "io/non.hpp"
#include "io/pynogram.hpp"
#include "io_test_util.hpp"

namespace nonolab::io {
namespace {

using test_util::expect_error;

const RunSyntax kSymbols{", \t", RunSyntax::kOneChar, "a run with a symbol"};
const RunSyntax kNames{" \t", RunSyntax::kAnyText, "a run with a name"};
const RunSyntax kPlain{" \t", RunSyntax::kNoColour, "a plain run"};

std::vector<int> lengths(const std::vector<RunToken>& runs) {
    std::vector<int> out;
    for (const RunToken& r : runs) out.push_back(r.length);
    return out;
}

TEST(SplitRunToken, DigitsThenTheRestAsWritten) {
    const auto r = split_run_token("12red");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->length, 12);
    EXPECT_EQ(r->colour, "red");
    EXPECT_EQ(r->text, "12red");
    EXPECT_EQ(split_run_token("007")->length, 7);
    EXPECT_EQ(split_run_token("0")->length, 0);  // judged by read_run_tokens
    EXPECT_FALSE(split_run_token("r3"));
    EXPECT_FALSE(split_run_token(""));
    EXPECT_FALSE(split_run_token("1234567890"));  // more digits than parse_int reads
}

TEST(ReadRunTokens, SplitsOnTheFormatsSeparators) {
    const auto runs = read_run_tokens(" 1, 2\t3r ", kSymbols, "f", 1);
    EXPECT_EQ(lengths(runs), (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(runs[2].colour, "r");
    EXPECT_EQ(runs[0].colour, "");
    // ',' is not a separator of kPlain: "1,2" is one malformed token there.
    expect_error([] { read_run_tokens("1,2", kPlain, "f", 1); }, 1,
                 "expected a plain run, got '1,2'");
}

TEST(ReadRunTokens, ALoneZeroOrNothingIsTheEmptyClue) {
    for (const char* clue : {"0", "00", " 0 ", "", "  \t"})
        EXPECT_TRUE(read_run_tokens(clue, kSymbols, "f", 1).empty()) << "'" << clue << "'";
}

TEST(ReadRunTokens, AZeroAmongRunsOrWithAColourIsRefused) {
    for (const char* clue : {"1 0", "0 1", "0 0", "0r"})
        expect_error([&] { read_run_tokens(clue, kSymbols, "f", 4); }, 4,
                     std::string("expected positive run lengths (a 0 may only stand alone for "
                                 "an empty line), got '") +
                         clue + "'");
}

TEST(ReadRunTokens, ColourTextIsBoundedByTheSyntax) {
    EXPECT_EQ(read_run_tokens("3red", kNames, "f", 1)[0].colour, "red");
    expect_error([] { read_run_tokens("3re", kSymbols, "f", 2); }, 2,
                 "expected a run with a symbol, got '3re'");
    expect_error([] { read_run_tokens("2 3r", kPlain, "f", 3); }, 3,
                 "expected a plain run, got '3r'");
    expect_error([] { read_run_tokens("x", kNames, "f", 1); }, 1, "got 'x'");
}

TEST(ReadRunTokens, RunsUpToTheLargestLineAreRead) {
    EXPECT_EQ(lengths(read_run_tokens("10000", kPlain, "f", 1)), (std::vector<int>{10000}));
    expect_error([] { read_run_tokens("1 10001", kPlain, "f", 6); }, 6,
                 "run length 10001 is longer than the largest allowed line (10000 cells)");
}

TEST(ReadRunTokens, ColourWordsComeBackWithLengthZero) {
    RunSyntax words = kSymbols;
    words.colour_words = true;
    const auto runs = read_run_tokens("red 1 yellow 4", words, "f", 1);
    EXPECT_EQ(lengths(runs), (std::vector<int>{0, 1, 0, 4}));
    EXPECT_EQ(runs[2].colour, "yellow");
    // An empty token (never made by the splitting) is malformed, not a word.
    expect_error([&] { read_run_token("", true, "", words, "f", 2); }, 2, "got ''");
    // Without colour_words a word is a malformed run.
    expect_error([] { read_run_tokens("red 1", kSymbols, "f", 1); }, 1, "got 'red'");
}

TEST(ReadRunTokens, MessagesQuoteAtMostFortyCharacters) {
    const std::string token = "1" + std::string(100, 'x');
    EXPECT_NO_THROW(read_run_tokens(token, kNames, "f", 1));  // a long name is fine
    try {
        read_run_tokens(token, kSymbols, "f", 1);
        ADD_FAILURE() << "no error";
    } catch (const ParseError& e) {
        EXPECT_NE(e.message().find("'" + token.substr(0, 40) + "'"), std::string::npos);
        EXPECT_EQ(e.message().find(token.substr(0, 41)), std::string::npos);
    }
}

TEST(ForEachRun, HandsOverRunsInOrderBeforeJudgingTheRest) {
    // The reader sees "1q" (and may refuse its colour) before the bad zero
    // after it is judged: the first problem of a line is the one reported.
    std::vector<std::string> seen;
    auto refuse_q = [&seen](const RunToken& run) {
        seen.emplace_back(run.text);
        if (run.colour == "q") throw std::runtime_error("colour q");
    };
    EXPECT_THROW(for_each_run("2 1q 0", kSymbols, "f", 1, refuse_q), std::runtime_error);
    EXPECT_EQ(seen, (std::vector<std::string>{"2", "1q"}));
    seen.clear();
    expect_error([&] { for_each_run("2 0 1q", kSymbols, "f", 1, refuse_q); }, 1,
                 "expected positive run lengths");
    EXPECT_EQ(seen, (std::vector<std::string>{"2"}));
}

TEST(ExpectSide, ReadsOneToTheLargestSide) {
    EXPECT_EQ(expect_side(" 7 ", "f", 1, "a width"), 7);
    EXPECT_EQ(expect_side("10000", "f", 1, "a width"), 10000);
    for (const char* bad : {"0", "10001", "x", "-1", "", "3x"})
        expect_error([&] { expect_side(bad, "f", 9, "the height"); }, 9,
                     std::string("expected the height (1 to 10000), got '") + bad + "'");
    EXPECT_TRUE(is_side(1));
    EXPECT_FALSE(is_side(0));
    EXPECT_FALSE(is_side(10001));
    EXPECT_EQ(side_wanted("a width"), "a width (1 to 10000)");
}

// The readers that share the grammars refuse the same clues with the same words.

TEST(SharedGrammars, EveryColourReaderRefusesAZeroAmongRuns) {
    const char* zero = "expected positive run lengths (a 0 may only stand alone";
    expect_error([] { read_clues("rows:\n1 0\ncolumns:\n1\n", "f"); }, 2, zero);
    expect_error([] { read_non("rows\n1,0\ncolumns\n1\n", "f"); }, 2, zero);
    expect_error([] { read_g(":\n1 0\n:\n1\n", "f"); }, 2, zero);
    expect_error([] { read_pynogram("[clues]\ncolumns = 1\nrows = 1 0\n", "f"); }, 3, zero);
    expect_error([] { read_json(R"({"rows": ["1 0"], "columns": ["1"]})", "f"); }, 1, zero);
}

TEST(SharedGrammars, EveryColourReaderRefusesAnOverlongRunAtItsLine) {
    const char* too_long = "run length 20000 is longer than the largest allowed line";
    expect_error([] { read_clues("rows:\n1\n20000\ncolumns:\n1\n", "f"); }, 3, too_long);
    expect_error([] { read_non("rows\n1\n20000\ncolumns\n1\n", "f"); }, 3, too_long);
    expect_error([] { read_g(":\n1\n20000\n:\n1\n", "f"); }, 3, too_long);
    expect_error([] { read_pynogram("[clues]\ncolumns = 1\nrows = 1, 20000\n", "f"); }, 3,
                 too_long);
    expect_error([] { read_json("{\"rows\": [\"1\",\n \"20000\"], \"columns\": [\"1\"]}", "f"); },
                 2, too_long);
}

TEST(SharedGrammars, AllAcceptAZeroThatStandsAlone) {
    EXPECT_TRUE(read_clues("rows:\n00\n1\ncolumns:\n1\n", "f")[0].row(0).empty());
    EXPECT_TRUE(read_non("rows\n00\n1\ncolumns\n1\n", "f")[0].row(0).empty());
    EXPECT_TRUE(read_g(":\n00\n1\n:\n1\n", "f")[0].row(0).empty());
    EXPECT_TRUE(read_pynogram("[clues]\ncolumns = 1\nrows = 00, 1\n", "f")[0].row(0).empty());
    EXPECT_TRUE(read_json(R"({"rows": ["00", "1"], "columns": ["1"]})", "f")[0].row(0).empty());
}

TEST(SharedGrammars, TheFirstProblemOfALineIsReported) {
    expect_error([] { read_g(":\n3x 1rr\n:\n1\n", "f"); }, 2, "colour 'x' of block '3x'");
    expect_error([] { read_clues("rows:\n1q 0\ncolumns:\n1\n", "f"); }, 2, "got 'q' in '1q'");
    expect_error([] { read_pynogram("[clues]\ncolumns = 1\nrows = 1q 0\n", "f"); }, 3,
                 "expected a colour defined in [colors]");
    expect_error([] { read_json(R"({"rows": ["1q red"], "columns": ["1"]})", "f"); }, 1,
                 "got '1q' in \"1q red\"");
}

TEST(SharedGrammars, SidesAreWordedAlike) {
    expect_error([] { read_clues("size: 0x2\n", "f"); }, 1,
                 "expected a width (1 to 10000), got '0'");
    expect_error([] { read_clues("height: x\n", "f"); }, 1,
                 "expected a height (1 to 10000), got 'x'");
    expect_error([] { read_non("width 10001\n", "f"); }, 1,
                 "expected a width (1 to 10000), got '10001'");
    expect_error([] { read_json(R"({"width": 0, "rows": [[1]], "columns": [[1]]})", "f"); }, 1,
                 "expected a width (1 to 10000), got 0");
}

}  // namespace
}  // namespace nonolab::io

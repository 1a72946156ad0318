// distinct_chars, the symbol picker the colour-aware writers share: own
// symbols kept when allowed and free, the pool used in order otherwise, and
// a WriteError (not a crash or a repeated symbol) when the pool runs out.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "io/colours.hpp"

namespace nonolab {
namespace {

Palette palette_of(const std::string& symbols) {
    Palette p;
    for (char s : symbols) p.push_back(Colour{std::string(1, s) + std::to_string(p.size()), s, 0});
    return p;
}

bool letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

TEST(Colours, DistinctCharsKeepsFreeAllowedSymbolsAndFillsFromThePool) {
    // '.' and '7' are not allowed, the second 'r' is taken: those three take
    // the first free pool characters in palette order ('r' is skipped).
    const auto got = io::distinct_chars(palette_of(".rr7g"), "arbc", letter, "too many");
    EXPECT_EQ(got, (std::vector<char>{'a', 'r', 'b', 'c', 'g'}));
    // One character fewer in the pool: the '7' has none left.
    EXPECT_THROW(io::distinct_chars(palette_of(".rr7g"), "arb", letter, "too many"), WriteError);
}

TEST(Colours, DistinctCharsSkipsEntriesBeforeFirst) {
    const auto got = io::distinct_chars(palette_of(".#x"), "ab", letter, "too many", 1);
    EXPECT_EQ(got, (std::vector<char>{0, 'a', 'x'}));
    try {
        io::distinct_chars(palette_of(".123"), "ab", letter, "the pool has room for 2", 1);
        FAIL() << "expected a WriteError";
    } catch (const WriteError& e) {
        EXPECT_NE(std::string(e.what()).find("room for 2"), std::string::npos) << e.what();
    }
}

TEST(Colours, LettersOfCountsLikeSpreadsheetColumns) {
    EXPECT_EQ(io::letters_of(1), "a");
    EXPECT_EQ(io::letters_of(26), "z");
    EXPECT_EQ(io::letters_of(27), "aa");
    EXPECT_EQ(io::letters_of(28), "ab");
}

TEST(Colours, PaletteOfRgbsNamesAndSymbolsEveryEntry) {
    const auto p = io::palette_of_rgbs({0xFFFFFF, 0x000000, 0xF4951C, 0xF4951C});
    ASSERT_TRUE(p.has_value());
    ASSERT_EQ(p->size(), 4u);
    EXPECT_EQ((*p)[0], (Colour{"white", '.', 0xFFFFFF}));
    EXPECT_EQ((*p)[1].name, "black");
    EXPECT_EQ((*p)[2].name, "f4951c");
    EXPECT_EQ((*p)[3].name, "f4951c-2");  // a repeated value stays a colour of its own
    EXPECT_NE((*p)[2].symbol, (*p)[3].symbol);
}

}  // namespace
}  // namespace nonolab

// The text-field decoder (io/text_encoding.hpp). Expected strings are typed
// as the characters themselves in this UTF-8 source file, so they do not
// share the decoder's tables.
#include "io/text_encoding.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace nonolab::io {
namespace {

const std::string kReplacement = "\xEF\xBF\xBD";  // U+FFFD

TEST(ToUtf8, ValidUtf8IsReturnedUnchanged) {
    const std::vector<std::string> valid = {
        "",
        "Dancer",
        "Aldège's Desert Bloomers",
        "Ωμέγα, кириллица, 日本語, 🐉",   // 2-, 3- and 4-byte sequences
        std::string("nul\0inside", 10),  // U+0000 is valid UTF-8
        "\xED\x9F\xBF",                  // U+D7FF, the last code point before the surrogates
        "\xEE\x80\x80",                  // U+E000, the first after them
        "\xF4\x8F\xBF\xBF",              // U+10FFFF, the last code point
        "\xC2\x80",                      // U+0080, the first two-byte code point
    };
    for (const std::string& s : valid) {
        EXPECT_TRUE(is_utf8(s)) << s;
        EXPECT_EQ(to_utf8(s), s);
        EXPECT_EQ(valid_utf8(s), s);
    }
}

TEST(ToUtf8, LeadingBomIsNotPartOfTheField) {
    EXPECT_EQ(to_utf8("\xEF\xBB\xBF"
                      "Aldège"),
              "Aldège");
    // Before a Latin-1 field too: the BOM must not come out as "ï»¿".
    EXPECT_EQ(to_utf8("\xEF\xBB\xBF"
                      "Ald\xE8ge"),
              "Aldège");
    EXPECT_EQ(to_utf8("\xEF\xBB\xBF"), "");
    EXPECT_EQ(to_utf8("a\xEF\xBB\xBF"), "a\xEF\xBB\xBF");  // only a leading one
}

TEST(ToUtf8, Latin1TitleFromWebpbn) {
    EXPECT_EQ(to_utf8("Ald\xE8ge's Desert Bloomers"), "Aldège's Desert Bloomers");
    EXPECT_EQ(to_utf8("Caf\xE9 na\xEFve \xA9 2004 M\xFCller \xBD"), "Café naïve © 2004 Müller ½");
}

TEST(ToUtf8, EveryLatin1PrintableByteIsItsOwnCodePoint) {
    // 0xA0..0xFF are U+00A0..U+00FF in Latin-1 and Windows-1252 alike.
    const std::string expected =
        "\u00A0¡¢£¤¥¦§¨©ª«¬\u00AD®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîï"
        "ðñòóôõö÷"
        "øùúûüýþÿ";
    std::string bytes;
    for (int b = 0xA0; b <= 0xFF; ++b) bytes += static_cast<char>(b);
    EXPECT_EQ(to_utf8(bytes), expected);
}

TEST(ToUtf8, Cp1252HighControlsAreItsPunctuation) {
    // 0x80..0x9F per code page 1252; the five undefined bytes become U+FFFD.
    const std::vector<std::string> expected = {
        "€",          kReplacement, "‚", "ƒ", "„", "…",          "†", "‡",           // 80..87
        "ˆ",          "‰",          "Š", "‹", "Œ", kReplacement, "Ž", kReplacement,  // 88..8F
        kReplacement, "‘",          "’", "“", "”", "•",          "–", "—",           // 90..97
        "˜",          "™",          "š", "›", "œ", kReplacement, "ž", "Ÿ",           // 98..9F
    };
    for (int b = 0x80; b <= 0x9F; ++b) {
        const std::string byte(1, static_cast<char>(b));
        EXPECT_EQ(to_utf8(byte), expected[b - 0x80]) << "byte 0x" << std::hex << b;
        EXPECT_EQ(cp1252_to_utf8(byte), expected[b - 0x80]) << "byte 0x" << std::hex << b;
    }
    EXPECT_EQ(to_utf8("\x93Quoted\x94 \x96 \x80"
                      "5"),
              "“Quoted” – €5");
}

TEST(ToUtf8, MixedFieldIsDecodedWhole) {
    // One ill-formed byte makes the whole field Windows-1252, including the
    // bytes that happened to form a UTF-8 sequence: the rule is per field.
    EXPECT_EQ(to_utf8("caf\xC3\xA9 \xE8"), "cafÃ© è");
}

TEST(ToUtf8, IllFormedSequencesAreNotUtf8) {
    struct Case {
        std::string bytes, decoded, why;
    };
    const std::vector<Case> cases = {
        {"\x80"
         "abc",
         "€abc", "a continuation byte without a lead"},
        {"ab\xE2\x82", "abâ‚", "a sequence cut off at the end"},
        {"\xE2\x82"
         "x",
         "â‚x", "a sequence cut off by ASCII"},
        {"\xC0\xAF", "À¯", "overlong '/' (two bytes)"},
        {"\xC1\xBF", "Á¿", "overlong U+007F"},
        {"\xE0\x80\xAF", "à€¯", "overlong '/' (three bytes)"},
        {"\xE0\x9F\xBF", "àŸ¿", "overlong U+07FF"},
        {"\xF0\x80\x80\xAF", "ð€€¯", "overlong '/' (four bytes)"},
        {"\xF0\x8F\xBF\xBF", "ð" + kReplacement + "¿¿", "overlong U+FFFF (8F: undefined)"},
        {"\xED\xA0\x80", "í\u00A0€", "a high surrogate, U+D800"},
        {"\xED\xBF\xBF", "í¿¿", "a low surrogate, U+DFFF"},
        {"\xED\xA0\xBD\xED\xB2\xA9", "í\u00A0½í²©", "CESU-8 surrogate pair"},
        {"\xF4\x90\x80\x80", "ô" + kReplacement + "€€", "above U+10FFFF (90: undefined)"},
        {"\xF5\x80\x80\x80", "õ€€€", "F5 never starts a sequence"},
        {"\xFF\xFE", "ÿþ", "a UTF-16 byte order mark"},
    };
    for (const Case& c : cases) {
        EXPECT_FALSE(is_utf8(c.bytes)) << c.why;
        EXPECT_EQ(to_utf8(c.bytes), c.decoded) << c.why;
    }
}

TEST(ToUtf8, IsIdempotent) {
    for (const std::string s :
         {"Ald\xE8ge", "\x80\x81", "caf\xC3\xA9", "\xEF\xBB\xBFx\xE8", "\xED\xA0\x80"}) {
        const std::string once = to_utf8(s);
        EXPECT_TRUE(is_utf8(once)) << s;
        EXPECT_EQ(to_utf8(once), once) << s;
    }
}

TEST(ValidUtf8, MarksIllFormedPartsWithReplacementCharacters) {
    EXPECT_EQ(valid_utf8("Ald\xE8ge"), "Ald" + kReplacement + "ge");
    // One U+FFFD per maximal ill-formed subpart (Unicode 15, section 3.9):
    // a truncated three-byte sequence is one part, an overlong lead two.
    EXPECT_EQ(valid_utf8("a\xE2\x82"
                         "b"),
              "a" + kReplacement + "b");
    EXPECT_EQ(valid_utf8("\xC0\xAF"), kReplacement + kReplacement);
    EXPECT_EQ(valid_utf8("\xED\xA0\x80"), kReplacement + kReplacement + kReplacement);
    EXPECT_EQ(valid_utf8("é\xFF"
                         "é"),
              "é" + kReplacement + "é");  // the valid parts stay
    EXPECT_TRUE(is_utf8(valid_utf8("\xF4\x90\x80\x80\xC3")));
}

TEST(WithUtf8Text, DecodesEveryTextFieldOfAPuzzle) {
    PuzzleInfo info;
    info.title = "Ald\xE8ge";
    info.author = "M\xFCller";
    info.copyright = "\xA9 2004";
    info.license = "CC \x96 BY";
    info.id = "webpbn #\xB9";
    info.description = "na\xEFve\nline two";
    Palette palette = {Colour{"wei\xDF", '.', 0xFFFFFF},
                       Colour{"r\xE9"
                              "d",
                              'r', 0xFF0000},
                       Colour{"réd", 'R', 0xCC0000}};
    const Puzzle raw(1, 2, {{{1, 1}}, {{1, 2}}}, {{{1, 1}, {1, 2}}}, palette, info);
    const Puzzle p = with_utf8_text(raw);
    EXPECT_EQ(p.info().title, "Aldège");
    EXPECT_EQ(p.info().author, "Müller");
    EXPECT_EQ(p.info().copyright, "© 2004");
    EXPECT_EQ(p.info().license, "CC – BY");
    EXPECT_EQ(p.info().id, "webpbn #¹");
    EXPECT_EQ(p.info().description, "naïve\nline two");
    ASSERT_EQ(p.palette().size(), 3u);
    EXPECT_EQ(p.palette()[0].name, "weiß");
    EXPECT_EQ(p.palette()[1].name, "réd");
    // Two colours of the file that decode to the same name stay two.
    EXPECT_EQ(p.palette()[2].name, "réd-2");
    EXPECT_EQ(p.palette()[1].symbol, 'r');
    EXPECT_TRUE(p.same_clues(raw));
}

TEST(WithUtf8Text, LeavesUtf8PuzzlesAlone) {
    PuzzleInfo info;
    info.title = "Aldège";
    const Puzzle raw(1, 1, {{{1, 1}}}, {{{1, 1}}}, black_and_white_palette(), info);
    const Puzzle p = with_utf8_text(raw);
    EXPECT_EQ(p.info().title, "Aldège");
    EXPECT_EQ(p.palette(), raw.palette());
}

TEST(DecodeHtmlEntities, NamedAndNumericReferencesBecomeUtf8) {
    EXPECT_EQ(decode_html_entities("&copy; 2026 A &amp; B"), "© 2026 A & B");
    EXPECT_EQ(decode_html_entities("&#169;&#xA9;&#XA9;"), "©©©");
    EXPECT_EQ(decode_html_entities("caf&eacute; &mdash; &#x1F600;"), "café — 😀");
}

TEST(DecodeHtmlEntities, AnythingElseStaysAsWritten) {
    for (const char* s : {"&unknown;", "&#;", "&#xZZ;", "&#0;", "&#xD800;", "&#x110000;", "a & b",
                          "&amp", "&toolongname;"})
        EXPECT_EQ(decode_html_entities(s), s) << s;
}

}  // namespace
}  // namespace nonolab::io

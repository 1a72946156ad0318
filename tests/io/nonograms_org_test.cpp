// Tests for the nonograms.org text reader and writer (src/io/nonograms_org.cpp).
#include "io/nonograms_org.hpp"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <map>

#include "io/formats.hpp"
#include "io/io_test_util.hpp"
#include "io/text.hpp"

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

// nonograms.org #4374 as the newer variant writes it (5x5, three colours).
constexpr const char* k4374 =
    "#ffffff\n#fbf204\n#000000\n#f4951c\n-\n"
    "1:1,\n1:1,2:1,\n1:1,2:3,\n1:2,2:3,\n2:3,\n-\n"
    "2:1,1:2,1:3,\n3:3,\n2:3,\n2:1,\n1:1,\n";

// A 2x2 puzzle in the older variant: count, palette, blank, "W H ", blank, rows, columns.
// R B
// . B
constexpr const char* kOlder =
    "3\n#ffffff\n#ff0000\n#0000ff\n\n2 2 \n\n1 1 1 2 \n1 2 \n\n1 1 \n2 2 \n";

TEST(NonogramsOrg, ReadsTheNewerVariant) {
    const Puzzle p = read_nonograms_org(k4374, "4374.txt").at(0);
    EXPECT_EQ(p.width(), 5);
    EXPECT_EQ(p.height(), 5);
    ASSERT_EQ(p.palette().size(), 4u);
    EXPECT_EQ(p.palette()[0].rgb, 0xFFFFFFu);
    EXPECT_EQ(p.palette()[1].rgb, 0xFBF204u);
    EXPECT_EQ(p.palette()[2].name, "black");  // CSS name where one fits, hex digits otherwise
    EXPECT_EQ(p.palette()[3].name, "f4951c");
    EXPECT_EQ(p.row(1), (Clue{{1, 1}, {2, 1}}));
    EXPECT_EQ(p.column(0), (Clue{{2, 1}, {1, 2}, {1, 3}}));
    // Symbols are distinct and deterministic.
    EXPECT_EQ(p.palette()[0].symbol, '.');
    EXPECT_NE(p.palette()[1].symbol, p.palette()[2].symbol);
}

TEST(NonogramsOrg, ToleratesCrlfMissingNewlineAndNoTrailingComma) {
    std::string crlf;
    for (const char* c = k4374; *c; ++c)
        crlf += *c == '\n' ? std::string("\r\n") : std::string(1, *c);
    crlf.resize(crlf.size() - 2);  // no final line end
    const Puzzle a = read_nonograms_org(k4374, "a").at(0);
    EXPECT_TRUE(read_nonograms_org(crlf, "b").at(0).same_clues(a));
    std::string bare = k4374;
    bare.replace(bare.find("2:1,1:2,1:3,"), 12, "2:1, 1:2 ,1:3");
    EXPECT_TRUE(read_nonograms_org(bare, "c").at(0).same_clues(a));
}

TEST(NonogramsOrg, ReadsTheOlderVariantRowsFirst) {
    const Puzzle p = read_nonograms_org(kOlder, "old.txt").at(0);
    EXPECT_EQ(p.width(), 2);
    EXPECT_EQ(p.height(), 2);
    EXPECT_EQ(p.row(0), (Clue{{1, 1}, {1, 2}}));
    EXPECT_EQ(p.row(1), (Clue{{1, 2}}));
    EXPECT_EQ(p.column(0), (Clue{{1, 1}}));
    EXPECT_EQ(p.column(1), (Clue{{2, 2}}));
    EXPECT_EQ(p.palette()[2].name, "blue");
    // The blank line between rows and columns may be left out.
    std::string tight = kOlder;
    tight.erase(tight.find("1 2 \n\n") + 5, 1);
    EXPECT_TRUE(read_nonograms_org(tight, "tight.txt").at(0).same_clues(p));
}

TEST(NonogramsOrg, EmptyCluesAreZeroOrBlank) {
    const Puzzle p = read_nonograms_org("#ffffff\n#000000\n-\n1:1,\n\n-\n1:1,\n0\n", "e").at(0);
    EXPECT_TRUE(p.row(1).empty());
    EXPECT_TRUE(p.column(1).empty());
    // The writer spells an empty clue "0", so a trailing empty column survives.
    EXPECT_NE(write_nonograms_org({p}).find("-\n1:1,\n0\n"), std::string::npos);
    EXPECT_TRUE(read_nonograms_org(write_nonograms_org({p}), "w").at(0).same_clues(p));
}

TEST(NonogramsOrg, MalformedInputSaysWhatWasExpected) {
    using test_util::expect_error;
    expect_error([] { read_nonograms_org("#ffffff\n#000000\n-\n1:0,\n-\n1:1,\n", "z"); }, 4,
                 "palette index from 1 to 1 (0 is the background)");
    expect_error([] { read_nonograms_org("#ffffff\n#000000\n-\n1:2,\n-\n1:1,\n", "z"); }, 4,
                 "palette index from 1 to 1");
    expect_error([] { read_nonograms_org("#ffffff\n#000000\n-\n1-1,\n-\n1:1,\n", "z"); }, 4,
                 "expected blocks 'length:colour,'");
    expect_error([] { read_nonograms_org("#ffffff\n#000000\n-\n1:1,\n", "z"); }, 4,
                 "expected a line '-' after the row clues");
    expect_error([] { read_nonograms_org("#ffffff\n#00000\n-\n1:1,\n-\n1:1,\n", "z"); }, 2,
                 "expected a palette colour '#rrggbb'");
    expect_error([] { read_nonograms_org("#ffffff\n-\n1:1,\n-\n1:1,\n", "z"); }, 2,
                 "at least two '#rrggbb' lines");
    expect_error([] { read_nonograms_org("#ffffff\n#000000\n-\n-\n1:1,\n", "z"); }, 3,
                 "expected row clue lines");
    expect_error([] { read_nonograms_org("#ffffff\n#000000\n-\n1:1,\n-\n1:1,\n-\n", "z"); }, 7,
                 "third '-' line");
    EXPECT_IMPOSSIBLE(read_nonograms_org("#ffffff\n#000000\n-\n1:1,\n-\n1:1,\n1:1,\n", "z"),
                      "rows fill 1 cells, columns fill 2");
    expect_error([] { read_nonograms_org("hello\n", "z"); }, 1, "expected a palette colour");
    expect_error([] { read_nonograms_org("", "z"); }, 0, "empty file");
    // Older variant.
    expect_error([] { read_nonograms_org("2\n#ffffff\n#000000\n\n1 1\n\n1 1 1\n1 1\n", "o"); }, 7,
                 "pairs 'length colour'");
    expect_error([] { read_nonograms_org("2\n#ffffff\n#000000\n\n1 1\n\n1 1\n", "o"); }, 7,
                 "expected 1 row lines and 1 column lines");
    expect_error([] { read_nonograms_org("2\n#ffffff\n#000000\n\n1\n", "o"); }, 5,
                 "expected 'width height'");
    expect_error([] { read_nonograms_org("2\n#ffffff\n#000000\n\n1 1\n\n1 1\n1 1\n1 1\n", "o"); },
                 9, "expected the end of the file");
    expect_error([] { read_nonograms_org("1\n#ffffff\n", "o"); }, 1, "from 2 to");
}

TEST(NonogramsOrg, MutationsNeverCrash) {
    test_util::expect_mutations_never_crash(
        k4374, "#-:,0123456789\n ", 15, 400,
        [](const std::string& t) { read_nonograms_org(t, "m"); }, sniff_nonograms_org);
    test_util::expect_mutations_never_crash(
        kOlder, "#0123456789\n ", 16, 400, [](const std::string& t) { read_nonograms_org(t, "m"); },
        sniff_nonograms_org);
}

TEST(NonogramsOrg, SnifferKnowsBothVariantsAndNothingElse) {
    EXPECT_EQ(sniff_nonograms_org(k4374), 100);
    EXPECT_EQ(sniff_nonograms_org(kOlder), 100);
    EXPECT_EQ(sniff_nonograms_org("3\n1 1\n-\n1\n"), 0);          // nonogen
    EXPECT_EQ(sniff_nonograms_org("#d\n0: white\n: rows\n"), 0);  // Olsak .g
    EXPECT_EQ(sniff_nonograms_org("2 2\n1\n1\n1\n1\n"), 0);       // rc
    EXPECT_EQ(sniff_nonograms_org(""), 0);
    // As a .txt file, detection picks this format.
    EXPECT_STREQ(detect_format("4374.txt", k4374).name, "nonograms-org");
    EXPECT_STREQ(detect_format("old.txt", kOlder).name, "nonograms-org");
}

TEST(NonogramsOrg, WriterRoundTripsAndRefusesBundles) {
    const Puzzle p = read_nonograms_org(k4374, "a").at(0);
    const std::string text = write_nonograms_org({p});
    EXPECT_EQ(text, k4374);  // the newer variant, byte for byte
    EXPECT_THROW(write_nonograms_org({p, p}), WriteError);
}

// ---- real files ---------------------------------------------------------------------

std::map<std::uint8_t, long> totals(const std::vector<Clue>& lines) {
    std::map<std::uint8_t, long> t;
    for (const Clue& clue : lines)
        for (const Run& r : clue) t[r.colour] += r.length;
    return t;
}

TEST(NonogramsOrgBenchmarks, AllSixteenFilesRead) {
    const std::string dir = test_util::bench_dir() + "/colour/nonograms_org_will_iam_wang";
    if (!fs::exists(dir)) GTEST_SKIP() << "no shared benchmarks at " << dir;
    // README.md of that folder: W x H and colours besides white.
    const std::map<std::string, std::array<int, 3>> table = {
        {"0001", {23, 15, 1}},   {"463", {150, 150, 7}},   {"4374", {5, 5, 3}},
        {"4866", {55, 55, 4}},   {"9596", {139, 166, 10}}, {"11053", {63, 56, 2}},
        {"11824", {80, 120, 5}}, {"16429", {13, 16, 7}},   {"19048", {85, 68, 5}},
        {"34724", {40, 45, 5}},  {"34785", {45, 45, 9}},   {"36134", {25, 25, 1}},
        {"36638", {19, 30, 7}},  {"36666", {80, 105, 4}},  {"42108", {45, 45, 6}},
        {"46132", {65, 80, 7}}};
    int read = 0;
    for (const auto& [id, want] : table) {
        const std::string path = dir + "/" + id + ".txt";
        SCOPED_TRACE(path);
        const std::vector<Puzzle> ps = read_puzzles(path);  // detected by content
        ASSERT_EQ(ps.size(), 1u);
        const Puzzle& p = ps[0];
        EXPECT_EQ(p.width(), want[0]);
        EXPECT_EQ(p.height(), want[1]);
        EXPECT_EQ(static_cast<int>(p.palette().size()) - 1, want[2]);
        EXPECT_EQ(p.palette()[0].rgb, 0xFFFFFFu);
        EXPECT_EQ(totals(p.rows()), totals(p.columns()));
        EXPECT_EQ(sniff_nonograms_org(read_file_text(path)), 100);
        // The writer's newer variant reads back the same.
        const Puzzle q = read_nonograms_org(write_nonograms_org({p}), "rt").at(0);
        EXPECT_TRUE(q.same_clues(p));
        EXPECT_EQ(q.palette(), p.palette());
        ++read;
    }
    EXPECT_EQ(read, 16);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 16);
}

}  // namespace
}  // namespace nonolab::io

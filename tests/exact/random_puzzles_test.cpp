// The solver fuzzer's puzzles (tests/fuzz/random_puzzles.hpp) and its oracle
// (tests/fuzz/enumerate_solutions.hpp): the same seed gives the same cases,
// the mix covers every verdict, and the oracle agrees with trying every grid.
#include "fuzz/random_puzzles.hpp"

#include <gtest/gtest.h>

#include <set>

#include "exact_test_util.hpp"
#include "fuzz/enumerate_solutions.hpp"
#include "io/formats.hpp"

namespace nonolab::fuzz {
namespace {

std::string text_of(const RandomCase& c) {
    return c.kind + "\n" + io::write_puzzles({c.puzzle}, "non");
}

TEST(RandomPuzzles, SameSeedAndIndexGiveTheSameCase) {
    for (std::uint64_t i = 0; i < 50; ++i)
        EXPECT_EQ(text_of(random_case(7, i)), text_of(random_case(7, i)));
    int differ = 0;
    for (std::uint64_t i = 0; i < 50; ++i)
        differ += text_of(random_case(7, i)) != text_of(random_case(8, i));
    EXPECT_GT(differ, 40);  // another seed, other puzzles (a few tiny ones may coincide)
}

TEST(RandomPuzzles, TheMixCoversEveryKindAndVerdict) {
    std::set<std::string> kinds;
    std::uint64_t none = 0, unique = 0, multiple = 0, colour = 0, larger = 0;
    for (std::uint64_t i = 0; i < 400; ++i) {
        const RandomCase c = random_case(3, i);
        kinds.insert(c.kind.substr(0, c.kind.find(',')));
        colour += !c.puzzle.black_and_white();
        const Enumeration e = enumerate_solutions(c.puzzle);
        if (!e.complete) {
            ++larger;
            continue;
        }
        (e.count == 0 ? none : e.count == 1 ? unique : multiple)++;
    }
    EXPECT_EQ(kinds, (std::set<std::string>{"picture", "mutated", "random clues"}));
    EXPECT_GT(none, 40u);
    EXPECT_GT(unique, 40u);
    EXPECT_GT(multiple, 40u);
    EXPECT_GT(colour, 80u);
    EXPECT_GT(larger, 10u);
}

TEST(EnumerateSolutions, AgreesWithTryingEveryGrid) {
    for (std::uint64_t i = 0; i < 300; ++i) {
        const Puzzle& p = random_case(11, i).puzzle;
        if (!p.black_and_white() || p.width() * p.height() > 16) continue;
        const std::vector<Grid> all = test_util::enumerate(p);
        const Enumeration e = enumerate_solutions(p, 1u << 16);
        ASSERT_TRUE(e.complete);
        EXPECT_EQ(e.count, all.size()) << io::write_puzzles({p}, "non");
        std::set<std::vector<Cell>> found, tried;
        for (const Grid& g : e.solutions) found.insert(g.cells());
        for (const Grid& g : all) tried.insert(g.cells());
        EXPECT_EQ(found, tried);
    }
}

}  // namespace
}  // namespace nonolab::fuzz

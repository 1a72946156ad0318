// UnitKeySet (batch/unit_key_set.hpp): the keys a resume skips, held as
// digests. It must answer exactly as a set of the keys themselves would.
#include "batch/unit_key_set.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace nonolab::batch {
namespace {

TEST(UnitKeySet, HoldsEachKeyOnceAndOnlyTheKeysGiven) {
    UnitKeySet s;
    EXPECT_TRUE(s.empty());
    s.insert(
        "a.non\x1f"
        "1\x1f"
        "exact");
    s.insert(
        "a.non\x1f"
        "1\x1f"
        "exact");
    EXPECT_EQ(s.size(), 1u);
    EXPECT_TRUE(
        s.contains("a.non\x1f"
                   "1\x1f"
                   "exact"));
    EXPECT_FALSE(
        s.contains("a.non\x1f"
                   "1\x1f"
                   "exacT"));  // one character apart
    EXPECT_FALSE(
        s.contains("a.non\x1f"
                   "1\x1f"
                   "exact "));  // one character longer
    EXPECT_FALSE(s.contains(""));
}

TEST(UnitKeySet, AgreesWithASetOfTheKeysOnManyNearKeys) {
    // Keys that differ only in their last characters, as unit keys of one
    // experiment do (trial, seed), against std::set as the reference.
    UnitKeySet digests;
    std::set<std::string> keys;
    const std::string stem(100, 'k');
    for (int i = 0; i < 200000; i += 2) {
        digests.insert(stem + std::to_string(i));
        keys.insert(stem + std::to_string(i));
    }
    ASSERT_EQ(digests.size(), keys.size());
    for (int i = 0; i < 200000; ++i)
        ASSERT_EQ(digests.contains(stem + std::to_string(i)),
                  keys.count(stem + std::to_string(i)) > 0)
            << i;
}

TEST(UnitKeySet, CountsTheKeysTwoSetsShare) {
    UnitKeySet a, b;
    for (int i = 0; i < 100; ++i) a.insert("u" + std::to_string(i));
    for (int i = 50; i < 300; ++i) b.insert("u" + std::to_string(i));
    EXPECT_EQ(a.count_common(b), 50u);
    EXPECT_EQ(b.count_common(a), 50u);
    EXPECT_EQ(a.count_common(UnitKeySet{}), 0u);
}

}  // namespace
}  // namespace nonolab::batch

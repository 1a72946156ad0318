// Status names (src/core/status.hpp): the words of docs/interface.md,
// which JSON output, records and exit-code logic all compare against.
#include "core/status.hpp"

#include <gtest/gtest.h>

namespace nonolab {
namespace {

TEST(Status, NamesAreTheInterfaceWords) {
    EXPECT_EQ(to_string(Status::unique), "unique");
    EXPECT_EQ(to_string(Status::multiple), "multiple");
    EXPECT_EQ(to_string(Status::solved), "solved");
    EXPECT_EQ(to_string(Status::contradiction), "contradiction");
    EXPECT_EQ(to_string(Status::timeout), "timeout");
    EXPECT_EQ(to_string(Status::unsolved), "unsolved");
    EXPECT_EQ(to_string(Status::error), "error");
    static_assert(to_string(Status::unique) == "unique", "usable at compile time");
}

}  // namespace
}  // namespace nonolab

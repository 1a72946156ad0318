// The reader size limit (src/core/limits.hpp).
#include "core/limits.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "core/grid.hpp"

namespace nonolab {
namespace {

TEST(Limits, MaxSideIsTheDocumentedValue) {
    // Reader error messages and docs say "1 to 10000"; changing it is a
    // behaviour change for every format at once.
    EXPECT_EQ(kMaxSide, 10000);
}

TEST(Limits, TheLargestGridTheReadersAcceptHasAnIntSize) {
    // Grid::size() and row * width + col are int arithmetic.
    static_assert(static_cast<long long>(kMaxSide) * kMaxSide <= std::numeric_limits<int>::max());
    SUCCEED();
}

}  // namespace
}  // namespace nonolab

// Helpers shared by the reader tests.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"

namespace nonolab::io::test_util {

/// Runs f and expects an exception of type E (a ParseError or subclass)
/// located at `line` whose message contains `fragment`.
template <class E = ParseError, class F>
void expect_error(F&& f, int line, const std::string& fragment) {
    try {
        f();
        ADD_FAILURE() << "no exception; expected one mentioning '" << fragment << "'";
    } catch (const E& e) {
        EXPECT_EQ(e.line(), line) << e.what();
        EXPECT_NE(e.message().find(fragment), std::string::npos) << e.what();
    }
}

}  // namespace nonolab::io::test_util

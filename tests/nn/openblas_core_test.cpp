#include "nn/openblas_core.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "saved_env.hpp"

namespace nonolab::nn {
namespace {

TEST(OpenBlasCore, AValueTheUserSetIsKept) {
    SavedEnv saved("OPENBLAS_CORETYPE");
    setenv("OPENBLAS_CORETYPE", "Sandybridge", 1);
    EXPECT_STREQ(choose_openblas_core(), "Sandybridge");
    EXPECT_STREQ(std::getenv("OPENBLAS_CORETYPE"), "Sandybridge");
}

TEST(OpenBlasCore, UnsetItBecomesTheCpusChoice) {
    SavedEnv saved("OPENBLAS_CORETYPE");
    unsetenv("OPENBLAS_CORETYPE");
    const char* core = openblas_core_for_this_cpu();
    const std::string chosen = choose_openblas_core();
    if (core) {
        EXPECT_EQ(chosen, core);
        ASSERT_NE(std::getenv("OPENBLAS_CORETYPE"), nullptr);
        EXPECT_STREQ(std::getenv("OPENBLAS_CORETYPE"), core);
    } else {
        EXPECT_EQ(chosen, "");
        EXPECT_EQ(std::getenv("OPENBLAS_CORETYPE"), nullptr);
    }
}

}  // namespace
}  // namespace nonolab::nn

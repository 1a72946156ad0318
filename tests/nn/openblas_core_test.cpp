#include "nn/openblas_core.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace nonolab::nn {
namespace {

// Restores OPENBLAS_CORETYPE as the test found it.
struct SavedCoreType {
    const char* was = std::getenv("OPENBLAS_CORETYPE");
    std::string value = was ? was : "";
    ~SavedCoreType() {
        if (was)
            setenv("OPENBLAS_CORETYPE", value.c_str(), 1);
        else
            unsetenv("OPENBLAS_CORETYPE");
    }
};

TEST(OpenBlasCore, AValueTheUserSetIsKept) {
    SavedCoreType saved;
    setenv("OPENBLAS_CORETYPE", "Sandybridge", 1);
    EXPECT_STREQ(choose_openblas_core(), "Sandybridge");
    EXPECT_STREQ(std::getenv("OPENBLAS_CORETYPE"), "Sandybridge");
}

TEST(OpenBlasCore, UnsetItBecomesTheCpusChoice) {
    SavedCoreType saved;
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

#include "nn/openmp_wait_policy.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace nonolab::nn {
namespace {

// Restores OMP_WAIT_POLICY as the test found it.
struct SavedWaitPolicy {
    const char* was = std::getenv("OMP_WAIT_POLICY");
    std::string value = was ? was : "";
    ~SavedWaitPolicy() {
        if (was)
            setenv("OMP_WAIT_POLICY", value.c_str(), 1);
        else
            unsetenv("OMP_WAIT_POLICY");
    }
};

TEST(OpenMpWaitPolicy, AValueTheUserSetIsKept) {
    SavedWaitPolicy saved;
    setenv("OMP_WAIT_POLICY", "ACTIVE", 1);
    EXPECT_STREQ(choose_openmp_wait_policy(), "ACTIVE");
    EXPECT_STREQ(std::getenv("OMP_WAIT_POLICY"), "ACTIVE");
}

TEST(OpenMpWaitPolicy, UnsetOrEmptyItBecomesPassive) {
    SavedWaitPolicy saved;
    for (const char* before : {static_cast<const char*>(nullptr), ""}) {
        if (before)
            setenv("OMP_WAIT_POLICY", before, 1);
        else
            unsetenv("OMP_WAIT_POLICY");
        EXPECT_STREQ(choose_openmp_wait_policy(), "PASSIVE");
        ASSERT_NE(std::getenv("OMP_WAIT_POLICY"), nullptr);
        EXPECT_STREQ(std::getenv("OMP_WAIT_POLICY"), "PASSIVE");
    }
}

}  // namespace
}  // namespace nonolab::nn

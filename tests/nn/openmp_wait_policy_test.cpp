#include "nn/openmp_wait_policy.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "saved_env.hpp"

namespace nonolab::nn {
namespace {

TEST(OpenMpWaitPolicy, AValueTheUserSetIsKept) {
    SavedEnv saved("OMP_WAIT_POLICY");
    setenv("OMP_WAIT_POLICY", "ACTIVE", 1);
    EXPECT_STREQ(choose_openmp_wait_policy(), "ACTIVE");
    EXPECT_STREQ(std::getenv("OMP_WAIT_POLICY"), "ACTIVE");
}

TEST(OpenMpWaitPolicy, UnsetOrEmptyItBecomesPassive) {
    SavedEnv saved("OMP_WAIT_POLICY");
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

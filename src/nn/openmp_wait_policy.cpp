#include "nn/openmp_wait_policy.hpp"

#include <cstdlib>

namespace nonolab::nn {

const char* choose_openmp_wait_policy() {
    if (const char* set = std::getenv("OMP_WAIT_POLICY"); set && *set) return set;
    setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    return "PASSIVE";
}

}  // namespace nonolab::nn

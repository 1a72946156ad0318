#include "nn/openblas_core.hpp"

#include <cstdlib>

namespace nonolab::nn {

const char* openblas_core_for_this_cpu() {
#if defined(__x86_64__) && defined(__GNUC__)
    // GCC's feature test also checks that the OS saves the vector state
    // (XCR0), so a kernel chosen here never meets an illegal instruction.
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512cd"))
        return "SkylakeX";
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return "Haswell";
#endif
    return nullptr;
}

const char* choose_openblas_core() {
    if (const char* set = std::getenv("OPENBLAS_CORETYPE"); set && *set) return set;
    const char* core = openblas_core_for_this_cpu();
    if (!core) return "";
    setenv("OPENBLAS_CORETYPE", core, 0);
    return core;
}

}  // namespace nonolab::nn

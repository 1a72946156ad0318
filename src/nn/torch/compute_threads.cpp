#include "nn/torch/compute_threads.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>

#include <torch/torch.h>

namespace nonolab::nn::torch_backend {
namespace {

// OpenBLAS's entry point by name, from the copy LibTorch already loaded
// (RTLD_NOLOAD: never load one of our own). Looked up at run time because
// the BLAS behind LibTorch is a Debian alternative: with another BLAS the
// symbol is absent and only LibTorch's own setting applies.
template <class Fn>
Fn* openblas_function(const char* name) {
    for (const char* lib : {"libopenblas.so.0", "libblas.so.3"}) {
        if (void* handle = dlopen(lib, RTLD_LAZY | RTLD_NOLOAD)) {
            void* f = dlsym(handle, name);
            dlclose(handle);  // only drops the reference RTLD_NOLOAD added
            if (f) return reinterpret_cast<Fn*>(f);
        }
    }
    return nullptr;
}

}  // namespace

void set_compute_threads(int threads) {
    threads = std::max(1, threads);
    torch::set_num_threads(threads);
    if (auto* set = openblas_function<void(int)>("openblas_set_num_threads")) set(threads);
}

int openblas_threads() {
    auto* get = openblas_function<int()>("openblas_get_num_threads");
    return get ? get() : 0;
}

std::string openblas_core() {
    auto* get = openblas_function<char*()>("openblas_get_corename");
    const char* name = get ? get() : nullptr;
    return name ? name : "";
}

std::string openmp_wait_policy() {
    const char* policy = std::getenv("OMP_WAIT_POLICY");
    return policy ? policy : "";
}

}  // namespace nonolab::nn::torch_backend

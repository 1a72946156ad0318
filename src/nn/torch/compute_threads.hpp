// How many threads one LibTorch computation may use, set in one place, and
// which kernels the BLAS under it runs (nn/openblas_core.hpp chooses them).
//
// LibTorch's own setting (torch::set_num_threads) reaches its OpenMP pool,
// but Debian's LibTorch does its matrix products in OpenBLAS, whose pthread
// build keeps a pool of its own, one thread a core, that busy-waits between
// products. So `train --threads 1` still ran two threads, and three trainers
// on two cores wasted a share of the machine spinning (measured 2026-11-26:
// docs/results/training-speed.md, "One thread means one thread").
#pragma once

#include <string>

namespace nonolab::nn::torch_backend {

/// Sets LibTorch's intra-op threads and, when the process has OpenBLAS
/// loaded, OpenBLAS's threads to `threads` (at least 1).
void set_compute_threads(int threads);

/// OpenBLAS's thread count, or 0 when the process has no OpenBLAS loaded
/// (another BLAS, or none yet).
int openblas_threads();

/// The kernels OpenBLAS runs ("SkylakeX", "Haswell", "Prescott", ...;
/// nn/openblas_core.hpp), or "" without OpenBLAS: recorded with a training
/// run, since they decide its speed.
std::string openblas_core();

/// OMP_WAIT_POLICY in the process's environment ("PASSIVE": LibTorch's
/// OpenMP threads sleep while they wait; nn/openmp_wait_policy.hpp), or ""
/// when unset: what GNU OpenMP read when it loaded, unless a host loaded it
/// before choosing. Recorded with a training run beside the kernels.
std::string openmp_wait_policy();

}  // namespace nonolab::nn::torch_backend

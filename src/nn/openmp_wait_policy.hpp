// Whether LibTorch's OpenMP threads sleep or spin while they wait for work,
// chosen before LibTorch (and GNU OpenMP under it) is loaded.
//
// In float32 Debian's LibTorch does its matrix products in OpenBLAS, whose
// pthread pool is not LibTorch's OpenMP pool (nn/torch/compute_threads.hpp).
// With `train --threads 2` each pool has two threads, and GNU OpenMP's
// threads, by default, spin for a while after each parallel region: the
// OpenBLAS threads of the product that follows share the two cores with
// them. This follows from the libraries, not from one machine. With
// OMP_WAIT_POLICY=PASSIVE they sleep instead: two threads trained the
// paper's 5x5 network 1.14x to 1.31x as fast as before on a 2-core AVX2 VM,
// and about 1.6x as fast as one thread
// (docs/results/training-speed.md, "Two threads that help"). GNU OpenMP
// reads the variable once, when it is loaded, so the executable and the
// Python module set it before they load the LibTorch plugin, beside
// OPENBLAS_CORETYPE (nn/openblas_core.hpp). A value the user set is kept:
// OMP_WAIT_POLICY=ACTIVE restores the spinning. With one thread (the
// default everywhere) nothing waits, so nothing changes.
#pragma once

namespace nonolab::nn {

/// Sets OMP_WAIT_POLICY to PASSIVE unless it is set already. Call it before
/// GNU OpenMP is loaded (it has no effect afterwards); returns the value in
/// force.
const char* choose_openmp_wait_policy();

}  // namespace nonolab::nn

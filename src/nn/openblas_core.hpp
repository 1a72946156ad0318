// Which OpenBLAS kernel the network code should run on, chosen before
// LibTorch (and the OpenBLAS under it) is loaded.
//
// Debian 12's OpenBLAS (0.3.21, built for every x86 core) picks its kernels
// from the CPU's family and model numbers. Any CPU newer than the library is
// missing from its table and falls back to "Prescott", SSE3 kernels from
// 2004: on such a CPU (a Xeon, family 6, model 207) the paper's 10x10
// network trained 3.2 times slower than with the AVX-512 kernels the CPU
// runs. So the choice is made here from the CPU's features, which is
// general: on a CPU the table knows (an AMD EPYC, family 25, model 17, where
// OpenBLAS picks Cooperlake) it trains at the same speed
// (docs/results/training-speed.md, "The BLAS kernel"). OpenBLAS reads
// OPENBLAS_CORETYPE once, when it is loaded, so the executable and the
// Python module set it before they load the LibTorch plugin. A value the
// user set is kept.
#pragma once

namespace nonolab::nn {

/// The OpenBLAS core type whose kernels this CPU can run and which suits
/// it: "SkylakeX" with the AVX-512 subsets those kernels use, "Haswell"
/// with AVX2 and FMA, else nullptr (OpenBLAS's own choice is then as good).
const char* openblas_core_for_this_cpu();

/// Sets OPENBLAS_CORETYPE to openblas_core_for_this_cpu() unless it is set
/// already or there is nothing to set. Call it before OpenBLAS is loaded
/// (it has no effect afterwards); returns the value in force, or "".
const char* choose_openblas_core();

}  // namespace nonolab::nn

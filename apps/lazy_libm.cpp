// The fourteen functions of libm that nonolab calls, loaded on their first
// call instead of at every start (docs/results/startup.md).
//
// Why: the loader maps and relocates every library an executable names,
// whether or not the run calls into it. Naming libm costs a process here
// about 38 microseconds and 9 page faults (the floor program with and
// without it, bench/startup), while most one-puzzle runs (`check`,
// `solve` with the exact engine, `convert`) never compute a logarithm.
// These definitions satisfy the executable's calls at link time, so it
// names no libm symbol and `--as-needed` drops the library; the first call
// of each function opens libm.so.6 (dlopen returns the copy already loaded
// by a plugin, if any) and every later call jumps straight to libm's own
// code through a pointer, as a call through the PLT would.
//
// A libm function that is not listed here still links, to libm itself,
// which then loads at every start again: tests/apps/loaded_libraries_test.cpp
// checks that `check` loads no libm, and lazy_libm_test.cpp that each
// definition forwards to the function of its name.
//
// Only the executable is linked with this file: the libraries, tests,
// plugins and the Python module call libm as usual. The definitions are
// not exported (no -rdynamic), so a plugin's calls still bind to libm.
//
// This file must not include <cmath> or <math.h>: glibc declares these
// functions `noexcept`, and the definitions below are the C ones.
#include <dlfcn.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace {

void* libm_symbol(const char* name) {
    static void* const lib = dlopen("libm.so.6", RTLD_NOW | RTLD_LOCAL);
    void* f = lib ? dlsym(lib, name) : nullptr;
    if (!f) {
        // Only a broken C library gets here: every glibc system has libm.
        std::fprintf(stderr, "nonolab: cannot load %s from libm.so.6: %s\n", name, dlerror());
        std::abort();
    }
    return f;
}

// One pointer per function, filled on its first call. Two threads that
// both find it empty look up the same address, so relaxed order is enough.
template <class F>
F* resolved(std::atomic<F*>& slot, const char* name) {
    F* f = slot.load(std::memory_order_relaxed);
    if (f == nullptr) {
        f = reinterpret_cast<F*>(libm_symbol(name));
        slot.store(f, std::memory_order_relaxed);
    }
    return f;
}

}  // namespace

// extern "C" RET NAME(PARAMS): calls libm's NAME through its pointer.
#define NONOLAB_LAZY(ret, name, params, args)            \
    extern "C" ret name params {                         \
        static std::atomic<ret(*) params> slot{nullptr}; \
        return resolved(slot, #name) args;               \
    }

NONOLAB_LAZY(double, exp, (double x), (x))
NONOLAB_LAZY(double, expm1, (double x), (x))
NONOLAB_LAZY(double, log, (double x), (x))
NONOLAB_LAZY(double, log10, (double x), (x))
NONOLAB_LAZY(double, log1p, (double x), (x))
NONOLAB_LAZY(double, cbrt, (double x), (x))
NONOLAB_LAZY(double, cos, (double x), (x))
// sqrt and round: called by Kissat's and CaDiCaL's own code, which is
// compiled into the executable (cmake/sat_engines.cmake).
NONOLAB_LAZY(double, sqrt, (double x), (x))
NONOLAB_LAZY(double, round, (double x), (x))
NONOLAB_LAZY(double, pow, (double x, double y), (x, y))
NONOLAB_LAZY(double, fmod, (double x, double y), (x, y))
NONOLAB_LAZY(long, lround, (double x), (x))
NONOLAB_LAZY(int, fegetround, (void), ())
NONOLAB_LAZY(int, fesetround, (int mode), (mode))

// apps/lazy_libm.cpp: nonolab defines the libm functions it calls and loads
// libm on the first call. This executable is linked with the same
// file, so the calls below go through those definitions: each must return
// what libm's function of the same name returns, bit for bit.
#include <dlfcn.h>

#include <cfenv>
#include <cmath>
#include <cstring>

#include <gtest/gtest.h>

namespace nonolab {
namespace {

/// libm's own function `name`, looked up past this executable's definitions.
template <class F>
F* libm_own(const char* name) {
    void* lib = dlopen("libm.so.6", RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) return nullptr;
    return reinterpret_cast<F*>(dlsym(lib, name));
}

bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// volatile: the compiler must not fold the calls into constants.
volatile double g_inputs[] = {-3.75, -1.0, -1e-9, 0.0, 1e-12, 0.5, 1.0, 2.0, 27.0, 1234.5678};

TEST(LazyLibm, EachUnaryFunctionForwardsToItsNamesake) {
    using Unary = double(double);
    const struct {
        const char* name;
        Unary* ours;
    } functions[] = {{"exp", &::exp},     {"expm1", &::expm1}, {"log", &::log}, {"log10", &::log10},
                     {"log1p", &::log1p}, {"cbrt", &::cbrt},   {"cos", &::cos},
                     {"sqrt", &::sqrt},   {"round", &::round}};
    for (const auto& f : functions) {
        Unary* own = libm_own<Unary>(f.name);
        ASSERT_NE(own, nullptr) << f.name;
        ASSERT_NE(own, f.ours) << f.name << ": this executable's definition was not linked in";
        for (const double x : g_inputs)
            EXPECT_TRUE(same_bits(f.ours(x), own(x))) << f.name << "(" << x << ")";
    }
}

TEST(LazyLibm, BinaryAndIntegerFunctionsForwardToTheirNamesakes) {
    using Binary = double(double, double);
    Binary* own_pow = libm_own<Binary>("pow");
    Binary* own_fmod = libm_own<Binary>("fmod");
    auto* own_lround = libm_own<long(double)>("lround");
    ASSERT_TRUE(own_pow && own_fmod && own_lround);
    for (const double x : g_inputs)
        for (const double y : g_inputs) {
            EXPECT_TRUE(same_bits(::pow(x, y), own_pow(x, y))) << "pow(" << x << ", " << y << ")";
            EXPECT_TRUE(same_bits(::fmod(x, y), own_fmod(x, y)))
                << "fmod(" << x << ", " << y << ")";
        }
    for (const double x : g_inputs) EXPECT_EQ(::lround(x), own_lround(x)) << x;
    // Values a swapped pair of definitions would get wrong.
    volatile double two = 2.0, ten = 10.0, half = 2.5;
    EXPECT_EQ(::pow(two, ten), 1024.0);
    EXPECT_EQ(::fmod(ten, 3.0), 1.0);
    EXPECT_EQ(::lround(half), 3);
}

TEST(LazyLibm, RoundingModeSetAndReadThroughTheDefinitions) {
    const int before = ::fegetround();
    ASSERT_EQ(::fesetround(FE_DOWNWARD), 0);
    EXPECT_EQ(::fegetround(), FE_DOWNWARD);
    volatile double one = 1.0, three = 3.0;
    const double down = one / three;
    ASSERT_EQ(::fesetround(FE_UPWARD), 0);
    const double up = one / three;
    EXPECT_LT(down, up);  // the mode really reached the processor
    ASSERT_EQ(::fesetround(before), 0);
    EXPECT_EQ(::fegetround(), before);
}

}  // namespace
}  // namespace nonolab

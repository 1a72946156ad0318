#include "nn/weibull.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/rng.hpp"

namespace nonolab::nn {
namespace {

std::vector<std::int64_t> sample_histogram(double alpha, double beta, int count,
                                           std::uint64_t seed) {
    nonolab::Rng rng(seed);
    std::vector<std::int64_t> h;
    for (int i = 0; i < count; ++i) {
        const int f = weibull_sample(rng.uniform(), alpha, beta);
        if (static_cast<std::size_t>(f) >= h.size()) h.resize(f + 1, 0);
        ++h[f];
    }
    return h;
}

TEST(Weibull, PmfSumsToTheCdf) {
    double sum = 0;
    for (int f = 0; f < 50; ++f) sum += weibull_pmf(f, 3.4, 0.42);
    EXPECT_NEAR(sum, weibull_cdf(49, 3.4, 0.42), 1e-12);
    EXPECT_NEAR(weibull_cdf(0, 2.0, 1.0), 1 - std::exp(-0.5), 1e-12);
}

TEST(Weibull, FitRecoversKnownParameters) {
    // The paper's 10x10 and 15x15 fits, and a shape above one.
    struct Case {
        double alpha, beta;
    };
    for (const Case c : {Case{3.401227, 0.420651}, Case{18.54031, 0.6219632}, Case{6.0, 1.8}}) {
        const auto h = sample_histogram(c.alpha, c.beta, 40000, 7);
        const WeibullFit fit = fit_weibull(h);
        EXPECT_NEAR(fit.alpha / c.alpha, 1.0, 0.08) << c.alpha << " " << c.beta;
        EXPECT_NEAR(fit.beta / c.beta, 1.0, 0.05) << c.alpha << " " << c.beta;
        // The optimum beats the true parameters (or ties).
        double ll_true = 0;
        for (std::size_t f = 0; f < h.size(); ++f)
            if (h[f]) ll_true += h[f] * std::log(weibull_pmf(static_cast<int>(f), c.alpha, c.beta));
        EXPECT_GE(fit.log_likelihood, ll_true - 1e-6);
    }
}

TEST(Weibull, SameSeedSameSample) {
    EXPECT_EQ(sample_histogram(3.4, 0.42, 1000, 3), sample_histogram(3.4, 0.42, 1000, 3));
    EXPECT_THROW(fit_weibull({0, 0}), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab::nn

// The discrete Weibull distribution of Buades Rubio et al. 2024, section 3.4,
// equation 2: the number F of wrongly predicted cells on a board follows
//   P{F <= f} = 1 - exp(-((f + 1) / alpha)^beta),   f = 0, 1, 2, ...
// with scale alpha and shape beta. fit_weibull finds (alpha, beta) by maximum
// likelihood over a histogram of error counts.
//
// The paper does not say how it fitted; maximum likelihood is the standard
// reading. The support is taken as unbounded (the paper's f <= n·n bound
// changes the likelihood by far less than rounding for fitted networks).
#pragma once

#include <cstdint>
#include <vector>

namespace nonolab::nn {

struct WeibullFit {
    double alpha = 0;           ///< scale
    double beta = 0;            ///< shape
    double log_likelihood = 0;  ///< at the optimum
};

/// P{F <= f} of equation 2.
double weibull_cdf(double f, double alpha, double beta);
/// P{F = f} = P{F <= f} - P{F <= f - 1}.
double weibull_pmf(int f, double alpha, double beta);

/// Maximum-likelihood (alpha, beta) for histogram[f] = number of boards with
/// f errors. Nelder-Mead over (log alpha, log beta) from several starts.
/// Throws std::invalid_argument when the histogram is empty.
WeibullFit fit_weibull(const std::vector<std::int64_t>& histogram);

/// A sample from equation 2 given a uniform u in [0, 1) (inverse CDF).
int weibull_sample(double u, double alpha, double beta);

}  // namespace nonolab::nn

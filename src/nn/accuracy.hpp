// How good a network is, as Buades Rubio et al. 2024 measure it (sections 3.4
// and 4.1): the share of test boards predicted fully right (every cell
// thresholded at 0.5 equals the stored board), the same "with reflections"
// (a board counts when the prediction for any of its 8 reflections,
// reflected back, is right), the histogram of wrong cells per board, and the
// discrete Weibull fit of equation 2 to that histogram.
//
// Also reported, beyond the paper: "solved", predictions that are not the
// stored board but satisfy its clues (boards with several solutions).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/nonodataset.hpp"
#include "nn/predictor.hpp"
#include "nn/weibull.hpp"

namespace nonolab::nn {

struct AccuracyOptions {
    bool reflections = true;  ///< also predict the 7 other reflections of every board (8x the work)
    int batch = 1024;         ///< boards per predict() call
};

struct AccuracyReport {
    std::int64_t boards = 0;            ///< boards evaluated
    std::int64_t correct = 0;           ///< prediction == stored board
    std::int64_t solves = 0;            ///< prediction satisfies the clues (includes correct)
    bool measured_reflections = false;  ///< the 8 reflections were predicted (options.reflections)
    std::int64_t correct_reflections =
        0;  ///< some reflection's prediction, reflected back, == board (0 when not measured)
    std::vector<std::int64_t> histogram;  ///< [f] = boards with f wrong cells (identity prediction)
    WeibullFit weibull;                   ///< equation 2 fitted to histogram
    double mean_errors = 0;               ///< mean wrong cells per board
    double seconds = 0;                   ///< wall time of the evaluation

    double accuracy() const { return boards ? static_cast<double>(correct) / boards : 0; }
    double accuracy_reflections() const {
        return boards ? static_cast<double>(correct_reflections) / boards : 0;
    }
};

/// Evaluates `predictor` on every board of `data`. Throws std::invalid_argument
/// when the sizes differ.
AccuracyReport evaluate_accuracy(const Predictor& predictor, const io::Dataset& data,
                                 const AccuracyOptions& options = {});

/// The report as JSON (accuracy, with_reflections, histogram, weibull {alpha, beta}, ...);
/// the reflection fields are null when they were not measured.
nlohmann::json to_json(const AccuracyReport& report);

/// A few human-readable lines (accuracies, Weibull, the histogram's head);
/// "with reflections" says "not measured" when it was not.
std::string format_report(const AccuracyReport& report);

}  // namespace nonolab::nn

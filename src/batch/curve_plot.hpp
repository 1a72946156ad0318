// Convergence curves: the average best error against iterations, per method,
// per puzzle or per puzzle group, like Figures 18 and 19 of Lee & Geem 2025
// (which average five runs of each HS version on the horse puzzle), drawn as
// a hand-written SVG so that no graphics library is needed. PNG output comes
// with the OpenCV issue; until then write_plot refuses .png with advice.
#pragma once

#include <string>
#include <vector>

#include "batch/experiment.hpp"

namespace nonolab::batch {

/// One line of a panel: x = iterations, y = mean best error.
struct CurveSeries {
    std::string label;  ///< method label
    int runs = 0;       ///< how many runs were averaged
    std::vector<double> x, y;
};

/// One chart: a puzzle (or a group of puzzles) and a line per method.
struct CurvePanel {
    std::string title;
    std::vector<CurveSeries> series;
};

/// Averages the recorded curves of `records` (runs without a curve are
/// ignored). by_group pools every puzzle of a manifest group into one panel
/// (puzzles without a group keep their own). Each run is read as a step
/// function: before its first sample it has its first value, after its last
/// sample it keeps its final value (0 once solved), so a solved run pulls the
/// average down for the rest of the plot, as in the paper's figures. The
/// average is taken at every evaluation count where any run has a sample.
std::vector<CurvePanel> average_curves(const std::vector<RunRecord>& records, bool by_group);

struct PlotOptions {
    std::string title = "Convergence: mean best error";  ///< printed above the panels
    bool log_x = false;  ///< logarithmic iteration axis (shows the early stage, like Figure 19)
    double max_x = 0;    ///< cut the iteration axis here (0 = the longest run); also for Figure 19
    int panel_columns = 2;  ///< panels per row
};

/// The panels as a standalone SVG document.
std::string curve_svg(const std::vector<CurvePanel>& panels, const PlotOptions& options);

/// Throws std::invalid_argument unless `path` ends in .svg; a .png gets the
/// message that PNG is not available yet and to use .svg. Call it before a
/// long experiment so the mistake costs nothing.
void check_plot_path(const std::string& path);

/// check_plot_path, then writes curve_svg to `path`; throws
/// std::runtime_error naming the path when it cannot be written.
void write_plot(const std::string& path, const std::vector<CurvePanel>& panels,
                const PlotOptions& options);

}  // namespace nonolab::batch

// Options of the random simple figures (Buades Rubio et al. 2024, section
// 3.1: "we drew a random number of simple geometric figures (lines,
// rectangles, and circles) with random sizes and positions on an image"),
// and their two named settings. The drawing (OpenCV) is in
// gen/image/figures.hpp; the options live here, without OpenCV, so that
// the batch layer and the command line can name and check them.
//
// One procedure, per board (all from one seeded Rng, so a seed fixes every
// board):
//   - the canvas is the board itself, width x height pixels, all empty;
//   - figures: uniform in [min_figures, max_figures];
//   - each figure: line, rectangle or circle with equal chance;
//       line       two end points uniform over the cells;
//       rectangle  two opposite corners uniform over the cells;
//       circle     centre uniform over the cells, radius uniform in
//                  [1, max_radius];
//   - rectangles and circles are filled with probability fill_chance,
//     otherwise outlined; lines and outlines are 1 to max_thickness pixels
//     thick (uniform);
//   - everything is drawn in "filled" (255), without anti-aliasing (LINE_8),
//     so the canvas stays binary: a pixel > 0 is a filled cell.
//
// The paper gives no distributions. Two named settings of them:
//   nonodataset  fitted to the 10x10 random boards NonoDataset publishes
//                (database_y_noise*.npz: every third board is noise, the
//                other two thirds figures): 13 figures a 10x10 board, all
//                outlines 1 pixel thick, radius up to side - 1. Ours
//                against theirs: filled share 0.71 / 0.70, row runs a
//                board 19.2 / 19.4, empty rows 0.2% / 0.2%, holes in
//                filled areas 11% / 12% (docs/network.md, "The random
//                boards"). Other sizes keep the ink per cell: round(1.3 x
//                mean side) figures, 20 for 15x15 (filled share 0.70
//                again); the paper's 15x15 boards are not published, so
//                this scaling is our reading.
//   sparse       our first reading (2026-11-24 to 26): 1 to 5 figures,
//                strokes 1 or 2 pixels, half of the rectangles and circles
//                filled, radius up to side / 2: filled share 0.42, a few
//                shapes on an empty board, unlike NonoDataset's.
// Drawing on the board-size canvas (not a large image scaled down) keeps
// strokes one cell wide, like the published boards; a 100-pixel canvas
// scaled down and thresholded gave filled share 0.35 and 24% empty rows.
#pragma once

#include <string>

namespace nonolab::gen {

/// The defaults are the nonodataset setting for 10x10 (figures_setting).
struct FiguresOptions {
    int width = 10;          ///< board (canvas) width, >= 1
    int height = 10;         ///< board (canvas) height, >= 1
    int min_figures = 13;    ///< fewest figures per board, >= 1
    int max_figures = 13;    ///< most figures per board, >= min_figures
    int max_thickness = 1;   ///< strokes are 1 .. max_thickness pixels, >= 1
    double fill_chance = 0;  ///< probability a rectangle or circle is filled, in [0, 1]
    int max_radius = 9;      ///< circles' radius is 1 .. max_radius, >= 1

    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

/// The names figures_setting takes, for messages: "nonodataset or sparse".
const char* figures_settings();

/// The named setting (header comment) for a width x height board; throws
/// std::invalid_argument for another name.
FiguresOptions figures_setting(const std::string& name, int width, int height);

}  // namespace nonolab::gen

// Random simple figures (Buades Rubio et al. 2024, section 3.1: "we drew a
// random number of simple geometric figures (lines, rectangles, and circles)
// with random sizes and positions on an image"), drawn with OpenCV.
//
// The paper gives no distributions; ours, per board (all from one seeded
// Rng, so a seed fixes every board):
//   - the canvas is the board itself, width x height pixels, all empty;
//   - figures: uniform in [min_figures, max_figures];
//   - each figure: line, rectangle or circle with equal chance;
//       line       two end points uniform over the cells;
//       rectangle  two opposite corners uniform over the cells;
//       circle     centre uniform over the cells, radius uniform in
//                  [1, max(1, min(width, height) / 2)];
//   - rectangles and circles are filled with probability fill_chance,
//     otherwise outlined; lines and outlines are 1 or 2 pixels thick
//     (uniform, up to max_thickness);
//   - everything is drawn in "filled" (255), without anti-aliasing (LINE_8),
//     so the canvas stays binary: a pixel > 0 is a filled cell.
// Drawing on the board-size canvas (not a large image scaled down) keeps
// strokes one cell wide, like the icon boards; scaling down would blur them
// into the threshold's guesswork.
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "core/rng.hpp"
#include "gen/board_sink.hpp"
#include "gen/shards.hpp"

namespace nonolab::gen {

struct FiguresOptions {
    int width = 10;            ///< board (canvas) width, >= 1
    int height = 10;           ///< board (canvas) height, >= 1
    int min_figures = 1;       ///< fewest figures per board, >= 1
    int max_figures = 5;       ///< most figures per board, >= min_figures
    int max_thickness = 2;     ///< strokes are 1 .. max_thickness pixels, >= 1
    double fill_chance = 0.5;  ///< probability a rectangle or circle is filled, in [0, 1]

    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

/// One board drawn from `rng`.
Grid figures_board(const FiguresOptions& options, Rng& rng);

/// `count` boards from the stream seeded with `seed`; false if the sink stopped it.
bool figures_boards(const FiguresOptions& options, std::uint64_t seed, std::uint64_t count,
                    const BoardSink& sink);

/// `count` figure boards as a shardable source (like noise_source).
BoardSource figures_source(const FiguresOptions& options, std::uint64_t count);

}  // namespace nonolab::gen

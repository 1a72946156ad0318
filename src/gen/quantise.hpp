// A decoded picture to a board, without an image library: the one
// quantiser of the page's picture import, whether the server decoded the
// file (OpenCV, through the image plugin) or the browser did (the
// WebAssembly engine). Both then give the same board.
//   1. scale to the board by area averaging: each cell is the mean of the
//      pixels it covers, partial pixels weighted by the area they share;
//   2. black and white: gray (ITU-R BT.601 weights, as OpenCV's) and a
//      threshold, fixed or Otsu's (the paper's transformations, Buades
//      Rubio et al. 2024, section 3.1, but canny, which needs OpenCV);
//   3. colour: k-means with K + 1 clusters in CIELAB (distances there follow
//      what the eye sees), k-means++ centres from the seed, best of four
//      attempts; or the nearest colour of a given palette; the background
//      is the lightest cluster when it is light (L >= 75: paper), else the
//      most common one; each colour is the mean RGB of its cells.
// These are the steps of gen/image/colour_image.hpp (the `generate
// --from-image --colours` command, on OpenCV); the k-means here is our own,
// so the two may split a picture's colours differently.
#pragma once

#include <vector>

#include "core/grid.hpp"
#include "gen/image_types.hpp"
#include "io/image_codec.hpp"

namespace nonolab::gen {

/// `image` scaled to width x height cells by area averaging (0xRRGGBB).
io::RgbImage area_resize(const io::RgbImage& image, int width, int height);

/// The black-and-white board of `image` by `method` (threshold, otsu or
/// otsu-inv; canny throws std::invalid_argument: it needs OpenCV).
Grid quantise_black_and_white(const io::RgbImage& image, ImageMethod method,
                              const ImageToBoardOptions& options);

/// The colour board of `image` (options as for image_to_colour_board).
/// Throws std::invalid_argument for bad options or an empty image.
ColourBoard quantise_colours(const io::RgbImage& image, const ColourImageOptions& options);

/// Step 3's end, shared with colour_image.cpp: the board of `cells` (the
/// scaled picture) given each cell's cluster and CIELAB lightness. With a
/// palette in `options`, cluster k is options.palette[k].
ColourBoard board_from_clusters(const io::RgbImage& cells, const std::vector<int>& label,
                                const std::vector<double>& lightness,
                                const ColourImageOptions& options);

}  // namespace nonolab::gen

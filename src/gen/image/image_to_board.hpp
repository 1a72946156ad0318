// Image to nonogram (Buades Rubio et al. 2024, section 3.1 and Figure 7):
// read any image OpenCV can decode (PNG, JPEG, BMP, ...) as 8-bit grayscale,
// scale it to the board size with area averaging (cv::resize, INTER_AREA),
// then turn it into a board with one of four transformations; a white
// (255) pixel of the result is a filled cell, as in the paper's Figure 7:
//   canny      cv::Canny edges (thresholds canny_low / canny_high)
//   threshold  binary threshold at 128: filled when gray > 128
//   otsu       Otsu's threshold t: filled when gray > t
//   otsu-inv   inverted Otsu: filled when gray <= t (dark ink on light paper)
// otsu-inv is the complement of otsu on every image.
//
// Choices where the paper is silent: transparent pixels are composited over
// white before the conversion to gray (icons are drawn on transparency, and
// paper is white); 16-bit images are scaled to 8 bits; the image is
// stretched to width x height (icons are square; crop first to keep the
// aspect ratio); the transformation runs after scaling (the paper scales
// second and transforms third).
#pragma once

#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "gen/image_types.hpp"
#include "gen/shards.hpp"

namespace nonolab::gen {

// ImageMethod, image_method_name, parse_image_method and ImageToBoardOptions
// are in gen/image_types.hpp (the command line uses them without OpenCV).

/// The image at `path`, 8 bits per channel, with 1 (gray), 3 (BGR) or 4
/// (BGRA) channels. Throws ParseError(path, 0, ...) when the file is
/// missing, not an image, or has another number of channels.
cv::Mat read_image(const std::string& path);

/// The image at `path` as one 8-bit gray channel (transparency over white).
/// Throws ParseError(path, 0, ...) when the file is missing or not an image.
cv::Mat read_gray_image(const std::string& path);

/// `gray` (CV_8UC1, any size) scaled to the board and transformed by `method`.
Grid image_to_board(const cv::Mat& gray, ImageMethod method, const ImageToBoardOptions& options);

/// Every (image, method) pair as a shardable source: board i is image
/// i / methods.size() under methods[i % methods.size()]. Images are read when
/// a shard needs them; labels are "PATH METHOD".
BoardSource image_source(const std::vector<std::string>& paths,
                         const std::vector<ImageMethod>& methods,
                         const ImageToBoardOptions& options);

}  // namespace nonolab::gen

// A picture to a colour board (`generate --from-image IMG
// --colours K --size WxH`), for puzzle makers:
//   1. read the image, transparency composited over white (as for gray);
//   2. scale it to the board with area averaging (cv::resize, INTER_AREA);
//   3. quantise the W*H cells: either k-means with K + 1 clusters in CIELAB
//      (distances there follow what the eye sees; cv::kmeans, k-means++
//      centres, 4 attempts, the seed fixing OpenCV's generator), or, with a
//      palette given, the nearest palette colour in CIELAB;
//   4. the background is the lightest cluster when it is light (CIELAB L at
//      least 75 of 100: paper), otherwise the most common cluster (a
//      picture on a coloured ground); each colour is the mean RGB of its
//      cells, so flat colours come back exactly.
// Clusters left empty, or that round to the same RGB, are merged, so a
// picture with fewer colours than asked for gives fewer colours.
#pragma once

#include <string>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "gen/image_types.hpp"

namespace nonolab::gen {

/// The board of the image at `path`. Throws ParseError for an unreadable
/// image, std::invalid_argument for bad options.
ColourBoard image_to_colour_board(const std::string& path, const ColourImageOptions& options);

}  // namespace nonolab::gen

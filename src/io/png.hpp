// A solution picture as a PNG file, one pixel per cell (number-loom's test
// pictures): the clues are derived from the picture, which becomes the goal.
// Decoding goes through io/image_codec.hpp (OpenCV, in the image plugin).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"
#include "io/image_codec.hpp"

namespace nonolab::io {

/// Reads the picture in `content` (the bytes of a PNG file); throws
/// ParseError naming `source`, UnsupportedError without a decoder.
std::vector<Puzzle> read_png(std::string_view content, const std::string& source);

/// The puzzle of a decoded picture: white is the background when it occurs,
/// otherwise the most common colour; every other RGB value is a colour, in
/// ascending RGB order. Throws ParseError for an empty or too large picture.
Puzzle puzzle_of_image(const RgbImage& image, const std::string& source);

/// 100 for the PNG signature, 0 otherwise.
int sniff_png(std::string_view content);

}  // namespace nonolab::io

// Decoding pictures without linking an image library. The io layer must not
// link OpenCV (it lives in the image plugin, src/batch/image_plugin.hpp, loaded
// on first use), so a decoder is installed from outside: the executable
// installs one that loads the plugin when the first picture is read, and
// tests that link OpenCV install io::decode_rgb (io/image/decode_rgb.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace nonolab::io {

/// A decoded picture: row-major pixels as 0xRRGGBB (transparency already
/// resolved by the decoder).
struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint32_t> pixels;
};

/// Decodes the bytes of an image file; throws ParseError(source, 0, ...) when
/// the bytes are not a picture it can read.
using ImageDecoder = std::function<RgbImage(std::string_view bytes, const std::string& source)>;

/// Replaces the decoder (an empty one removes it). Thread-safe.
void install_image_decoder(ImageDecoder decoder);

/// True when a decoder is installed.
bool have_image_decoder();

/// Decodes with the installed decoder; without one, throws
/// UnsupportedError(source, 0, "reading PNG puzzles needs the OpenCV image plugin ...").
RgbImage decode_image(std::string_view bytes, const std::string& source);

}  // namespace nonolab::io

// Decoding a picture file with OpenCV for io/image_codec.hpp. Lives in the
// image plugin (src/batch/image_plugin.hpp), like everything that needs OpenCV.
#pragma once

#include <string>
#include <string_view>

#include "io/image_codec.hpp"

namespace nonolab::io {

/// Decodes PNG (or any format OpenCV reads) bytes into 0xRRGGBB pixels:
/// grey, RGB and palette pictures (OpenCV expands the palette); a pixel with
/// alpha 0 is white, other alpha values are ignored; 16-bit channels are
/// scaled to 8 bits. Throws ParseError(source, 0, ...) when OpenCV cannot read it.
RgbImage decode_rgb(std::string_view bytes, const std::string& source);

}  // namespace nonolab::io

#include "gen/image_types.hpp"

#include <stdexcept>

namespace nonolab::gen {

std::string image_method_name(ImageMethod m) {
    switch (m) {
        case ImageMethod::canny:
            return "canny";
        case ImageMethod::threshold:
            return "threshold";
        case ImageMethod::otsu:
            return "otsu";
        case ImageMethod::otsu_inv:
            return "otsu-inv";
    }
    return "?";
}

ImageMethod parse_image_method(const std::string& name) {
    for (ImageMethod m : kImageMethods)
        if (image_method_name(m) == name) return m;
    throw std::invalid_argument("unknown image method '" + name +
                                "'; expected canny, threshold, otsu or otsu-inv");
}

void ImageToBoardOptions::validate() const {
    if (width < 1 || height < 1)
        throw std::invalid_argument("image to board: the board size must be at least 1x1, got " +
                                    std::to_string(width) + "x" + std::to_string(height));
    if (threshold < 0 || threshold > 255)
        throw std::invalid_argument("image to board: threshold must be in 0..255, got " +
                                    std::to_string(threshold));
    if (!(canny_low >= 0 && canny_high >= canny_low))
        throw std::invalid_argument("image to board: need 0 <= canny_low <= canny_high");
}

}  // namespace nonolab::gen

namespace nonolab::gen {

void ColourImageOptions::validate() const {
    if (width < 1 || height < 1)
        throw std::invalid_argument("colour image: the board size must be at least 1x1, got " +
                                    std::to_string(width) + "x" + std::to_string(height));
    if (palette.empty() && (colours < 1 || colours > 32))
        throw std::invalid_argument("colour image: --colours must be 1..32, got " +
                                    std::to_string(colours));
    if (!palette.empty() && (palette.size() < 2 || palette.size() > 33))
        throw std::invalid_argument(
            "colour image: a palette needs the background and 1..32 colours, got " +
            std::to_string(palette.size()) + " entries");
    for (std::uint32_t rgb : palette)
        if (rgb > 0xffffff)
            throw std::invalid_argument("colour image: palette entries are 0xRRGGBB values");
}

}  // namespace nonolab::gen

// The types of the image tools (src/gen/image, built with OpenCV into the
// image plugin) that the command line needs without OpenCV: the four
// image-to-board transformations and their options, and the result of
// near-duplicate removal. image_to_board.hpp and average_hash.hpp say what
// they mean; src/batch/image_plugin.hpp passes them across.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::gen {

enum class ImageMethod { canny, threshold, otsu, otsu_inv };

/// The four, in the paper's order.
inline constexpr std::array<ImageMethod, 4> kImageMethods = {
    ImageMethod::canny, ImageMethod::threshold, ImageMethod::otsu, ImageMethod::otsu_inv};

/// "canny", "threshold", "otsu", "otsu-inv".
std::string image_method_name(ImageMethod m);
/// Parses a name above; throws std::invalid_argument listing the choices.
ImageMethod parse_image_method(const std::string& name);

struct ImageToBoardOptions {
    int width = 10;           ///< board width, >= 1
    int height = 10;          ///< board height, >= 1
    int threshold = 128;      ///< the binary threshold: filled when gray > threshold
    double canny_low = 100;   ///< cv::Canny hysteresis: lower threshold
    double canny_high = 200;  ///< cv::Canny hysteresis: upper threshold
    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

/// A picture quantised to a few colours (image/colour_image.hpp), for
/// `generate --from-image --colours K`.
struct ColourImageOptions {
    int width = 10;   ///< board width, >= 1
    int height = 10;  ///< board height, >= 1
    int colours = 2;  ///< K: colours besides the background (k-means), 1..32
    /// When not empty: map every pixel to the nearest of these 0xRRGGBB
    /// colours instead of k-means; entry 0 is the background.
    std::vector<std::uint32_t> palette;
    std::uint64_t seed = 1;  ///< k-means' initial centres (k-means++)
    /// Throws std::invalid_argument naming the bad field.
    void validate() const;
};

/// A picture quantised to colours (image/colour_image.hpp, quantise.hpp).
struct ColourBoard {
    Grid board;       ///< cell values index `palette`; 0 is the background
    Palette palette;  ///< distinct names and symbols (io::palette_of_rgbs)
};

/// Near-duplicate removal's answer (average_hash.hpp: dedupe_hashes).
struct Dedupe {
    std::vector<std::size_t> kept;  ///< indices kept, in input order
    /// (dropped index, index of the kept image it duplicates), in input order
    std::vector<std::pair<std::size_t, std::size_t>> dropped;
};

}  // namespace nonolab::gen

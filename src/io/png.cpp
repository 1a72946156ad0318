// PNG solution pictures. The PNG format itself is OpenCV's business (the
// image plugin decodes it); this file turns the pixels into a puzzle.
//
// Choices: white is the background whenever it occurs, because puzzle
// pictures are drawn on white and a picture may well use more ink than
// paper; a picture without white takes its most common colour (ties: the
// lowest RGB value). The other colours are ordered by RGB value, so the
// palette does not depend on where colours first appear.
#include "io/png.hpp"

#include <algorithm>
#include <map>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/picture.hpp"
#include "io/colours.hpp"

namespace nonolab::io {

namespace {

constexpr std::string_view kSignature = "\x89PNG\r\n\x1a\n";
constexpr std::uint32_t kWhite = 0xFFFFFF;

std::uint32_t background_of(const std::map<std::uint32_t, long>& counts) {
    if (counts.count(kWhite)) return kWhite;
    auto most = counts.begin();
    for (auto it = counts.begin(); it != counts.end(); ++it)
        if (it->second > most->second) most = it;  // std::map order: ties keep the lowest RGB
    return most->first;
}

}  // namespace

Puzzle puzzle_of_image(const RgbImage& image, const std::string& source) {
    if (image.width < 1 || image.height < 1 || image.width > kMaxSide || image.height > kMaxSide ||
        image.pixels.size() != static_cast<size_t>(image.width) * image.height)
        throw ParseError(source, 0,
                         "expected a picture of 1 to " + std::to_string(kMaxSide) +
                             " pixels each way, got " + std::to_string(image.width) + " x " +
                             std::to_string(image.height));
    std::map<std::uint32_t, long> counts;
    for (std::uint32_t p : image.pixels) ++counts[p & 0xFFFFFF];
    if (counts.size() > static_cast<size_t>(kMaxColours))
        throw UnsupportedError(
            source, 0,
            "the picture has " + std::to_string(counts.size()) +
                " colours; a puzzle picture has one pixel per cell and at most " +
                std::to_string(kMaxColours) + " colours (is it a photo?)");
    const std::uint32_t background = background_of(counts);
    std::vector<std::uint32_t> rgbs{background};
    for (const auto& [rgb, n] : counts)
        if (rgb != background) rgbs.push_back(rgb);
    // A picture of one colour is an empty puzzle, which still needs a foreground colour.
    if (rgbs.size() == 1) rgbs.push_back(background == 0x000000 ? kWhite : 0x000000);
    std::optional<Palette> palette = palette_of_rgbs(rgbs);
    if (!palette)
        throw UnsupportedError(source, 0,
                               "the picture has " + std::to_string(rgbs.size() - 1) +
                                   " colours, more than nonolab can give distinct symbols to");
    Grid picture(image.width, image.height, kEmpty);
    for (size_t i = 0; i < image.pixels.size(); ++i) {
        const std::uint32_t rgb = image.pixels[i] & 0xFFFFFF;
        if (rgb == background) continue;
        const auto at = std::lower_bound(rgbs.begin() + 1, rgbs.end(), rgb);
        picture.cells()[i] = static_cast<Cell>(at - rgbs.begin());
    }
    try {
        return puzzle_from_picture(picture, std::move(*palette));
    } catch (const PuzzleError& e) {
        throw ParseError(source, 0, e.what());
    }
}

std::vector<Puzzle> read_png(std::string_view content, const std::string& source) {
    if (content.substr(0, kSignature.size()) != kSignature)
        throw ParseError(source, 0,
                         "expected a PNG file (it starts with \\x89PNG), got other bytes");
    return {puzzle_of_image(decode_image(content, source), source)};
}

int sniff_png(std::string_view content) {
    return content.substr(0, kSignature.size()) == kSignature ? 100 : 0;
}

}  // namespace nonolab::io

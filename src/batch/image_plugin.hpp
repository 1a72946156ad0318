// The OpenCV plugin: libnonolab_image_plugin.so, loaded with dlopen only by
// the commands that read or write pictures (generate --figures and
// --from-image, render --png, reading a .png puzzle). core/plugin.hpp says why and where it is
// looked for.
//
// Like the LibTorch plugin (torch_plugin.hpp), it carries its own copy of
// the nonolab library, linked with -Bsymbolic; the two copies meet only
// through the table below, whose types come from headers both sides compile
// identically. The plugin is never unloaded, so the functions inside the
// BoardSources it returns stay valid.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "gen/image/colour_image.hpp"
#include "gen/image/figures.hpp"
#include "gen/image_types.hpp"
#include "gen/shards.hpp"
#include "io/image/render_png.hpp"
#include "io/image_codec.hpp"

namespace nonolab::batch {

/// Bumped whenever ImagePluginApi or the types it carries change.
inline constexpr int kImagePluginAbi = 3;

struct ImagePluginApi {
    int abi = kImagePluginAbi;
    /// gen::figures_source (figures.hpp).
    gen::BoardSource (*figures_source)(const gen::FiguresOptions& options,
                                       std::uint64_t count) = nullptr;
    /// gen::dedupe_images (average_hash.hpp).
    gen::Dedupe (*dedupe_images)(const std::vector<std::string>& paths, int max_distance) = nullptr;
    /// gen::image_source (image_to_board.hpp).
    gen::BoardSource (*image_source)(const std::vector<std::string>& paths,
                                     const std::vector<gen::ImageMethod>& methods,
                                     const gen::ImageToBoardOptions& options) = nullptr;
    /// io::render_png and io::write_png (render_png.hpp).
    std::string (*render_png)(const Puzzle& puzzle, const Grid* grid,
                              const io::PngRenderOptions& options) = nullptr;
    void (*write_png)(const std::string& path, const Puzzle& puzzle, const Grid* grid,
                      const io::PngRenderOptions& options) = nullptr;
    /// io::decode_rgb (decode_rgb.hpp): PNG puzzles (io/png.hpp).
    io::RgbImage (*decode_rgb)(std::string_view bytes, const std::string& source) = nullptr;
    /// gen::image_to_colour_board (colour_image.hpp): generate --from-image --colours.
    gen::ColourBoard (*colour_image_board)(const std::string& path,
                                           const gen::ColourImageOptions& options) = nullptr;
};

/// The plugin's table, loaded on first use. Throws std::runtime_error naming
/// the plugin, where it was looked for and why it did not load.
const ImagePluginApi& image_plugin();

/// Installs an io::image_codec decoder that loads the plugin when the first
/// picture is read (PNG puzzles), so other commands never load OpenCV.
void install_lazy_image_decoder();

}  // namespace nonolab::batch

/// Plugin side: the one symbol the executable looks up.
extern "C" const nonolab::batch::ImagePluginApi* nonolab_image_plugin_api();

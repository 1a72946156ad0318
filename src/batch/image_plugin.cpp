#include "batch/image_plugin.hpp"

#include <stdexcept>

#include "core/error.hpp"
#include "core/plugin.hpp"

namespace nonolab::batch {

namespace {

const ImagePluginApi& load_image_plugin() {
    const PluginSpec spec = nonolab_plugin("image", "the OpenCV image plugin", "libopencv-dev");
    return load_plugin_table<ImagePluginApi>(spec, kImagePluginAbi, [](const ImagePluginApi& t) {
        return t.figures_source && t.dedupe_images && t.image_source && t.render_png &&
               t.write_png && t.decode_rgb && t.colour_image_board;
    });
}

}  // namespace

const ImagePluginApi& image_plugin() {
    static const ImagePluginApi& api = load_image_plugin();  // thread-safe; retried if it threw
    return api;
}

void install_lazy_image_decoder() {
    io::install_image_decoder([](std::string_view bytes, const std::string& source) {
        const ImagePluginApi* api = nullptr;
        try {
            api = &image_plugin();
        } catch (const std::runtime_error& e) {
            throw UnsupportedError(source, 0,
                                   std::string("reading PNG puzzles needs the OpenCV image "
                                               "plugin: ") +
                                       e.what());
        }
        return api->decode_rgb(bytes, source);
    });
}

}  // namespace nonolab::batch

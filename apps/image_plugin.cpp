#include "image_plugin.hpp"

#include <stdexcept>

#include "core/error.hpp"
#include "core/plugin.hpp"

namespace nonolab::cli {

namespace {

const ImagePluginApi& load() {
    const PluginSpec spec{"libnonolab_image_plugin.so", "NONOLAB_IMAGE_PLUGIN",
                          "nonolab_image_plugin_api", "the OpenCV image plugin",
                          "configuring with -DNONOLAB_OPENCV=ON after installing libopencv-dev "
                          "(Debian)"};
    using Entry = const ImagePluginApi* (*)();
    const ImagePluginApi* api = reinterpret_cast<Entry>(load_plugin_entry(spec))();
    if (!api || api->abi != kImagePluginAbi || !api->figures_source || !api->dedupe_images ||
        !api->image_source || !api->render_png || !api->write_png || !api->decode_rgb)
        throw std::runtime_error(spec.file +
                                 " was built from another nonolab version (plugin ABI " +
                                 std::to_string(api ? api->abi : 0) + ", expected " +
                                 std::to_string(kImagePluginAbi) + ")");
    return *api;
}

}  // namespace

const ImagePluginApi& image_plugin() {
    static const ImagePluginApi& api = load();  // thread-safe; retried if it threw
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

}  // namespace nonolab::cli

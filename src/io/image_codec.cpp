#include "io/image_codec.hpp"

#include <mutex>

#include "core/error.hpp"

namespace nonolab::io {

namespace {

struct Slot {
    std::mutex mutex;
    ImageDecoder decoder;
};

Slot& slot() {
    static Slot s;
    return s;
}

}  // namespace

void install_image_decoder(ImageDecoder decoder) {
    std::lock_guard lock(slot().mutex);
    slot().decoder = std::move(decoder);
}

bool have_image_decoder() {
    std::lock_guard lock(slot().mutex);
    return static_cast<bool>(slot().decoder);
}

RgbImage decode_image(std::string_view bytes, const std::string& source) {
    ImageDecoder decoder;
    {
        // Copied out so that a slow decode (or the plugin's first load)
        // does not hold the lock.
        std::lock_guard lock(slot().mutex);
        decoder = slot().decoder;
    }
    if (!decoder)
        throw UnsupportedError(source, 0,
                               "reading PNG puzzles needs the OpenCV image plugin, and no "
                               "decoder is installed here (the nonolab executable loads the "
                               "plugin on first use; build with -DNONOLAB_OPENCV=ON)");
    return decoder(bytes, source);
}

}  // namespace nonolab::io

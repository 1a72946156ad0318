// The OpenCV plugin's side (see src/batch/image_plugin.hpp): the image tools of
// src/gen/image and src/io/image, behind one table. Built into
// libnonolab_image_plugin.so only, never into the executable.
#include "batch/image_plugin.hpp"
#include "gen/image/average_hash.hpp"
#include "gen/image/colour_image.hpp"
#include "gen/image/figures.hpp"
#include "gen/image/image_to_board.hpp"
#include "io/image/decode_rgb.hpp"
#include "io/image/render_png.hpp"

extern "C" const nonolab::batch::ImagePluginApi* nonolab_image_plugin_api() {
    static const nonolab::batch::ImagePluginApi api = [] {
        namespace gen = nonolab::gen;
        namespace io = nonolab::io;
        nonolab::batch::ImagePluginApi t;
        t.figures_source = &gen::figures_source;
        t.dedupe_images = &gen::dedupe_images;
        t.image_source = &gen::image_source;
        t.render_png = &io::render_png;
        t.write_png = &io::write_png;
        t.decode_rgb = &io::decode_rgb;
        t.colour_image_board = &gen::image_to_colour_board;
        return t;
    }();
    return &api;
}

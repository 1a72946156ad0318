#include "batch/board_sources.hpp"

#include <stdexcept>

#include "batch/image_plugin.hpp"
#include "core/board_size.hpp"
#include "gen/exhaustive.hpp"
#include "gen/figures_options.hpp"
#include "gen/noise.hpp"
#include "gen/random_colour.hpp"

namespace nonolab::batch {

const char* board_kinds() {
    return "noise, figures, random or all";
}

gen::BoardSource board_source(const BoardSourceOptions& o) {
    check_board_size(o.width, o.height);
    if (o.kind == "all") {
        if (o.width != o.height || o.width * o.height > gen::kMaxExhaustiveCells)
            throw std::invalid_argument(
                "all: the size must be square, at most 5 (2^25 boards); "
                "larger sizes have too many boards, got " +
                std::to_string(o.width) + "x" + std::to_string(o.height));
        return gen::exhaustive_source(o.width, o.height);
    }
    if (o.kind != "noise" && o.kind != "figures" && o.kind != "random")
        throw std::invalid_argument("unknown board kind '" + o.kind + "', expected " +
                                    board_kinds());
    if (o.count == 0) throw std::invalid_argument(o.kind + ": give a count of boards > 0");
    if (o.count > kMaxBoardCount)
        throw std::invalid_argument("count too large: at most " + std::to_string(kMaxBoardCount) +
                                    " boards per run (use several runs with other seeds)");
    if (o.kind == "noise") {
        gen::NoiseOptions n;
        n.width = o.width;
        n.height = o.height;
        n.validate();
        return gen::noise_source(n, o.count);
    }
    if (o.kind == "random") {
        gen::RandomColourOptions r;
        r.width = o.width;
        r.height = o.height;
        r.colours = o.colours;
        r.density = o.density;
        r.validate();
        return gen::random_colour_source(r, o.count);
    }
    gen::FiguresOptions f = gen::figures_setting(o.figures, o.width, o.height);
    if (o.figures_per_board != 0) f.min_figures = f.max_figures = o.figures_per_board;
    // validated on the plugin's side (figures_source)
    return image_plugin().figures_source(f, o.count);  // OpenCV, in its plugin
}

}  // namespace nonolab::batch

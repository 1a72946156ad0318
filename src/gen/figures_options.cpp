#include "gen/figures_options.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace nonolab::gen {

void FiguresOptions::validate() const {
    if (width < 1 || height < 1)
        throw std::invalid_argument("figures: the board size must be at least 1x1, got " +
                                    std::to_string(width) + "x" + std::to_string(height));
    if (min_figures < 1 || max_figures < min_figures)
        throw std::invalid_argument("figures: need 1 <= min_figures <= max_figures, got " +
                                    std::to_string(min_figures) + " and " +
                                    std::to_string(max_figures));
    if (max_thickness < 1)
        throw std::invalid_argument("figures: max_thickness must be at least 1, got " +
                                    std::to_string(max_thickness));
    if (!(fill_chance >= 0 && fill_chance <= 1))
        throw std::invalid_argument("figures: fill_chance must be in [0, 1], got " +
                                    std::to_string(fill_chance));
    if (max_radius < 1)
        throw std::invalid_argument("figures: max_radius must be at least 1, got " +
                                    std::to_string(max_radius));
}

const char* figures_settings() {
    return "nonodataset or sparse";
}

FiguresOptions figures_setting(const std::string& name, int width, int height) {
    FiguresOptions o;
    o.width = width;
    o.height = height;
    const int side = std::min(width, height);
    if (name == "nonodataset") {
        // 13 figures on 10x10, scaled with the mean side so that the ink
        // per cell stays (an outline's ink grows with the side, the cells
        // with its square): round(1.3 * (width + height) / 2).
        o.min_figures = o.max_figures = std::max(1, (13 * (width + height) + 10) / 20);
        o.max_thickness = 1;
        o.fill_chance = 0;
        o.max_radius = std::max(1, side - 1);
    } else if (name == "sparse") {
        o.min_figures = 1;
        o.max_figures = 5;
        o.max_thickness = 2;
        o.fill_chance = 0.5;
        o.max_radius = std::max(1, side / 2);
    } else {
        throw std::invalid_argument("figures: unknown setting '" + name + "', expected " +
                                    figures_settings());
    }
    return o;
}

}  // namespace nonolab::gen

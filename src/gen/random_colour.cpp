#include "gen/random_colour.hpp"

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "io/colours.hpp"

namespace nonolab::gen {

void RandomColourOptions::validate() const {
    if (width < 1 || height < 1)
        throw std::invalid_argument("random boards: the size must be at least 1x1, got " +
                                    std::to_string(width) + "x" + std::to_string(height));
    if (colours < 1 || colours > kMaxRandomColours)
        throw std::invalid_argument("random boards: colours must be 1.." +
                                    std::to_string(kMaxRandomColours) + ", got " +
                                    std::to_string(colours));
    if (!(density >= 0 && density <= 1))
        throw std::invalid_argument("random boards: density must be in [0, 1], got " +
                                    std::to_string(density));
}

namespace {

struct Named {
    const char* name;
    std::uint32_t rgb;
};

// Far apart from each other and from white, so pictures stay readable.
constexpr std::array<Named, 12> kNamed = {{{"black", 0x000000},
                                           {"red", 0xd62728},
                                           {"blue", 0x1f5fbf},
                                           {"green", 0x2ca02c},
                                           {"orange", 0xff7f0e},
                                           {"purple", 0x7b3fa0},
                                           {"brown", 0x8c564b},
                                           {"magenta", 0xe377c2},
                                           {"teal", 0x17becf},
                                           {"olive", 0xbcbd22},
                                           {"navy", 0x000080},
                                           {"grey", 0x7f7f7f}}};

// Hue h in [0, 1) at full saturation and 70% value, as 0xRRGGBB.
std::uint32_t hue_rgb(double h) {
    const double v = 0.7, x = h * 6;
    const int sector = static_cast<int>(x) % 6;
    const double f = x - std::floor(x);
    const double up = v * f, down = v * (1 - f);
    double r = 0, g = 0, b = 0;
    switch (sector) {
        case 0:
            r = v, g = up;
            break;
        case 1:
            r = down, g = v;
            break;
        case 2:
            g = v, b = up;
            break;
        case 3:
            g = down, b = v;
            break;
        case 4:
            r = up, b = v;
            break;
        default:
            r = v, b = down;
            break;
    }
    auto byte = [](double c) { return static_cast<std::uint32_t>(std::lround(c * 255)); };
    return byte(r) << 16 | byte(g) << 8 | byte(b);
}

}  // namespace

Palette random_palette(int colours) {
    RandomColourOptions{1, 1, colours, 0}.validate();
    if (colours == 1) return black_and_white_palette();
    Palette pal{Colour{"white", '.', 0xffffff}};
    for (int k = 0; k < colours; ++k) {
        Colour c;
        if (k < static_cast<int>(kNamed.size())) {
            c.name = kNamed[k].name;
            c.rgb = kNamed[k].rgb;
        } else {  // golden-ratio hue steps stay apart for any count
            const double h = std::fmod(0.61803398875 * (k - kNamed.size()), 1.0);
            c.rgb = hue_rgb(h);
            c.name = io::unique_colour_name(pal, "hue-" + io::rgb_hex(c.rgb));
        }
        pal.push_back(c);
    }
    if (!io::assign_symbols(pal, {}))
        throw std::logic_error("random_palette: no symbols left for " + std::to_string(colours) +
                               " colours");
    return pal;
}

namespace {
void fill(Grid& g, const RandomColourOptions& o, Rng& rng) {
    for (Cell& c : g.cells()) {
        // One draw decides background or not, a second the colour (only when
        // K > 1, so K = 1 draws exactly one number per cell).
        const bool ink = rng.uniform() < o.density;
        c = !ink ? kEmpty : static_cast<Cell>(1 + (o.colours > 1 ? rng.below(o.colours) : 0));
    }
}
}  // namespace

Grid random_colour_board(const RandomColourOptions& o, Rng& rng) {
    o.validate();
    Grid g(o.width, o.height, kEmpty);
    fill(g, o, rng);
    return g;
}

BoardSource random_colour_source(const RandomColourOptions& options, std::uint64_t count) {
    options.validate();
    BoardSource src = drawn_source("random", options.width, options.height, count,
                                   [options](Grid& g, Rng& rng) { fill(g, options, rng); });
    if (options.colours > 1) src.name += " " + std::to_string(options.colours) + " colours";
    src.palette = random_palette(options.colours);
    return src;
}

}  // namespace nonolab::gen

#include "gen/noise.hpp"

#include <stdexcept>
#include <string>

namespace nonolab::gen {

void NoiseOptions::validate() const {
    if (width < 1 || height < 1)
        throw std::invalid_argument("noise: the board size must be at least 1x1, got " +
                                    std::to_string(width) + "x" + std::to_string(height));
    if (!(threshold >= 0 && threshold <= 1))
        throw std::invalid_argument("noise: threshold must be in [0, 1], got " +
                                    std::to_string(threshold));
}

namespace {
void fill(Grid& g, double threshold, Rng& rng) {
    for (Cell& c : g.cells()) c = rng.uniform() >= threshold ? kFilled : kEmpty;
}
}  // namespace

Grid noise_board(const NoiseOptions& o, Rng& rng) {
    o.validate();
    Grid g(o.width, o.height, kEmpty);
    fill(g, o.threshold, rng);
    return g;
}

bool noise_boards(const NoiseOptions& o, std::uint64_t seed, std::uint64_t count,
                  const BoardSink& sink) {
    o.validate();
    return draw_boards(
        o.width, o.height, seed, count, [&o](Grid& g, Rng& rng) { fill(g, o.threshold, rng); },
        sink);
}

BoardSource noise_source(const NoiseOptions& options, std::uint64_t count) {
    options.validate();
    return drawn_source(
        "noise", options.width, options.height, count,
        [threshold = options.threshold](Grid& g, Rng& rng) { fill(g, threshold, rng); });
}

}  // namespace nonolab::gen

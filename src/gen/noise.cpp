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
    Rng rng(seed);
    Grid g(o.width, o.height, kEmpty);
    for (std::uint64_t i = 0; i < count; ++i) {
        fill(g, o.threshold, rng);
        if (!sink(g)) return false;
    }
    return true;
}

BoardSource noise_source(const NoiseOptions& options, std::uint64_t count) {
    options.validate();
    return seeded_source(
        "noise " + std::to_string(options.width) + "x" + std::to_string(options.height), count,
        [options](std::uint64_t seed, std::uint64_t m, const BoardSink& sink) {
            return noise_boards(options, seed, m, sink);
        });
}

}  // namespace nonolab::gen

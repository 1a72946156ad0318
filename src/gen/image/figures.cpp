#include "gen/image/figures.hpp"

#include <opencv2/imgproc.hpp>
#include <string>

namespace nonolab::gen {

namespace {

void draw(const FiguresOptions& o, Rng& rng, cv::Mat& canvas, Grid& out) {
    canvas.setTo(0);
    const cv::Scalar ink(255);
    auto point = [&] {
        const int x = static_cast<int>(rng.below(static_cast<std::uint32_t>(o.width)));
        const int y = static_cast<int>(rng.below(static_cast<std::uint32_t>(o.height)));
        return cv::Point(x, y);
    };
    auto thickness = [&] {
        return 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(o.max_thickness)));
    };
    const int figures =
        o.min_figures +
        static_cast<int>(rng.below(static_cast<std::uint32_t>(o.max_figures - o.min_figures + 1)));
    for (int f = 0; f < figures; ++f) {
        switch (rng.below(3)) {
            case 0: {
                const cv::Point a = point(), b = point();
                cv::line(canvas, a, b, ink, thickness(), cv::LINE_8);
                break;
            }
            case 1: {
                const cv::Point a = point(), b = point();
                const int t = rng.chance(o.fill_chance) ? cv::FILLED : thickness();
                cv::rectangle(canvas, a, b, ink, t, cv::LINE_8);
                break;
            }
            default: {
                const cv::Point c = point();
                const int r =
                    1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(o.max_radius)));
                const int t = rng.chance(o.fill_chance) ? cv::FILLED : thickness();
                cv::circle(canvas, c, r, ink, t, cv::LINE_8);
                break;
            }
        }
    }
    Cell* cell = out.cells().data();
    for (int y = 0; y < o.height; ++y) {
        const unsigned char* row = canvas.ptr<unsigned char>(y);
        for (int x = 0; x < o.width; ++x) *cell++ = row[x] ? kFilled : kEmpty;
    }
}

}  // namespace

Grid figures_board(const FiguresOptions& o, Rng& rng) {
    o.validate();
    cv::Mat canvas(o.height, o.width, CV_8UC1);
    Grid g(o.width, o.height, kEmpty);
    draw(o, rng, canvas, g);
    return g;
}

bool figures_boards(const FiguresOptions& o, std::uint64_t seed, std::uint64_t count,
                    const BoardSink& sink) {
    o.validate();
    cv::Mat canvas(o.height, o.width, CV_8UC1);  // one per shard: a shard runs on one thread
    return draw_boards(
        o.width, o.height, seed, count, [&](Grid& g, Rng& rng) { draw(o, rng, canvas, g); }, sink);
}

BoardSource figures_source(const FiguresOptions& options, std::uint64_t count) {
    options.validate();
    // Not drawn_source: the canvas belongs to the shard, not to the source.
    return seeded_source(sized_name("figures", options.width, options.height), count,
                         [options](std::uint64_t seed, std::uint64_t m, const BoardSink& sink) {
                             return figures_boards(options, seed, m, sink);
                         });
}

}  // namespace nonolab::gen

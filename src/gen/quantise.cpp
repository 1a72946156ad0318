#include "gen/quantise.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "core/rng.hpp"
#include "io/colours.hpp"

namespace nonolab::gen {

namespace {

using Lab = std::array<double, 3>;

int channel(std::uint32_t rgb, int c) {
    return static_cast<int>(rgb >> (16 - 8 * c) & 255);
}

// The source span [lo, hi) of cell i of n over `size` pixels, as weights
// per pixel: whole pixels weigh 1, the pixels cut by an edge their share.
struct Span {
    int first = 0;
    std::vector<double> weight;
};

std::vector<Span> spans(int size, int n) {
    std::vector<Span> out(static_cast<std::size_t>(n));
    const double scale = static_cast<double>(size) / n;
    for (int i = 0; i < n; ++i) {
        const double lo = i * scale, hi = (i + 1) * scale;
        Span& s = out[static_cast<std::size_t>(i)];
        s.first = static_cast<int>(std::floor(lo));
        const int last = std::min(size - 1, static_cast<int>(std::ceil(hi)) - 1);
        for (int p = s.first; p <= last; ++p)
            s.weight.push_back(std::min<double>(hi, p + 1) - std::max<double>(lo, p));
    }
    return out;
}

double linear(int byte) {  // sRGB to linear light
    const double c = byte / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// CIELAB (D65 white), L in 0..100.
Lab lab_of(std::uint32_t rgb) {
    const double r = linear(channel(rgb, 0)), g = linear(channel(rgb, 1)),
                 b = linear(channel(rgb, 2));
    const double x = (0.412453 * r + 0.357580 * g + 0.180423 * b) / 0.950456;
    const double y = 0.212671 * r + 0.715160 * g + 0.072169 * b;
    const double z = (0.019334 * r + 0.119193 * g + 0.950227 * b) / 1.088754;
    auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double distance2(const Lab& a, const Lab& b) {
    const double d0 = a[0] - b[0], d1 = a[1] - b[1], d2 = a[2] - b[2];
    return d0 * d0 + d1 * d1 + d2 * d2;
}

std::vector<int> nearest(const std::vector<Lab>& points, const std::vector<Lab>& centres) {
    std::vector<int> label(points.size(), 0);
    for (std::size_t i = 0; i < points.size(); ++i) {
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t k = 0; k < centres.size(); ++k)
            if (const double d = distance2(points[i], centres[k]); d < best)
                best = d, label[i] = static_cast<int>(k);
    }
    return label;
}

// k-means++ (Arthur and Vassilvitskii 2007): each next centre drawn with
// probability proportional to its squared distance from the nearest one.
std::vector<Lab> first_centres(const std::vector<Lab>& points, int k, Rng& rng) {
    std::vector<Lab> centres{points[rng.below(static_cast<std::uint32_t>(points.size()))]};
    std::vector<double> d(points.size());
    while (static_cast<int>(centres.size()) < k) {
        double total = 0;
        for (std::size_t i = 0; i < points.size(); ++i) {
            d[i] = std::numeric_limits<double>::infinity();
            for (const Lab& c : centres) d[i] = std::min(d[i], distance2(points[i], c));
            total += d[i];
        }
        double pick = rng.uniform() * total;
        std::size_t chosen = points.size() - 1;
        for (std::size_t i = 0; i < points.size(); ++i)
            if ((pick -= d[i]) < 0) {
                chosen = i;
                break;
            }
        centres.push_back(points[chosen]);
    }
    return centres;
}

// Lloyd's iterations until no point changes cluster (at most 100); the best
// of `attempts` starts by the sum of squared distances. A cluster that
// loses every point keeps its centre.
std::vector<int> kmeans(const std::vector<Lab>& points, int k, std::uint64_t seed) {
    constexpr int attempts = 4, max_rounds = 100;
    Rng rng(seed ? seed : 1);
    std::vector<int> best;
    double best_cost = std::numeric_limits<double>::infinity();
    for (int a = 0; a < attempts; ++a) {
        std::vector<Lab> centres = first_centres(points, k, rng);
        std::vector<int> label = nearest(points, centres);
        for (int round = 0; round < max_rounds; ++round) {
            std::vector<Lab> sum(static_cast<std::size_t>(k), Lab{0, 0, 0});
            std::vector<int> count(static_cast<std::size_t>(k), 0);
            for (std::size_t i = 0; i < points.size(); ++i) {
                for (int c = 0; c < 3; ++c) sum[label[i]][c] += points[i][c];
                ++count[label[i]];
            }
            for (int j = 0; j < k; ++j)
                if (count[j])
                    for (int c = 0; c < 3; ++c) centres[j][c] = sum[j][c] / count[j];
            std::vector<int> next = nearest(points, centres);
            if (next == label) break;
            label = std::move(next);
        }
        double cost = 0;
        for (std::size_t i = 0; i < points.size(); ++i)
            cost += distance2(points[i], centres[label[i]]);
        if (cost < best_cost) best_cost = cost, best = std::move(label);
    }
    return best;
}

void check_image(const io::RgbImage& image) {
    if (image.width <= 0 || image.height <= 0 ||
        image.pixels.size() != static_cast<std::size_t>(image.width) * image.height)
        throw std::invalid_argument("the picture has no pixels");
}

}  // namespace

io::RgbImage area_resize(const io::RgbImage& image, int width, int height) {
    check_image(image);
    assert(width > 0 && height > 0);
    const std::vector<Span> xs = spans(image.width, width), ys = spans(image.height, height);
    io::RgbImage out{width, height, std::vector<std::uint32_t>(std::size_t(width) * height)};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const Span &sy = ys[static_cast<std::size_t>(y)], &sx = xs[static_cast<std::size_t>(x)];
            std::array<double, 3> sum{0, 0, 0};
            double area = 0;
            for (std::size_t j = 0; j < sy.weight.size(); ++j)
                for (std::size_t i = 0; i < sx.weight.size(); ++i) {
                    const double w = sy.weight[j] * sx.weight[i];
                    const std::uint32_t p =
                        image.pixels[std::size_t(sy.first + j) * image.width + sx.first + i];
                    for (int c = 0; c < 3; ++c) sum[c] += w * channel(p, c);
                    area += w;
                }
            std::uint32_t rgb = 0;
            for (int c = 0; c < 3; ++c)
                rgb = rgb << 8 | static_cast<std::uint32_t>(std::lround(sum[c] / area));
            out.pixels[std::size_t(y) * width + x] = rgb;
        }
    return out;
}

Grid quantise_black_and_white(const io::RgbImage& image, ImageMethod method,
                              const ImageToBoardOptions& o) {
    o.validate();
    if (method == ImageMethod::canny)
        throw std::invalid_argument(
            "the canny transformation needs OpenCV (nonolab generate "
            "--from-image); choose threshold, otsu or otsu-inv");
    const io::RgbImage small = area_resize(image, o.width, o.height);
    std::vector<int> gray(small.pixels.size());
    std::array<double, 256> histogram{};
    for (std::size_t i = 0; i < gray.size(); ++i) {
        const std::uint32_t p = small.pixels[i];
        gray[i] = static_cast<int>(
            std::lround(0.299 * channel(p, 0) + 0.587 * channel(p, 1) + 0.114 * channel(p, 2)));
        histogram[static_cast<std::size_t>(gray[i])] += 1;
    }
    int threshold = o.threshold;
    if (method != ImageMethod::threshold) {
        // Otsu: the t that maximises the between-class variance of <= t and > t.
        const double n = static_cast<double>(gray.size());
        double total = 0;
        for (int v = 0; v < 256; ++v) total += v * histogram[v];
        double below = 0, below_sum = 0, best = -1;
        for (int t = 0; t < 256; ++t) {
            below += histogram[t];
            below_sum += t * histogram[t];
            if (below == 0 || below == n) continue;
            const double m0 = below_sum / below, m1 = (total - below_sum) / (n - below);
            const double between = below * (n - below) * (m0 - m1) * (m0 - m1);
            if (between > best) best = between, threshold = t;
        }
    }
    const bool ink_is_dark = method == ImageMethod::otsu_inv;
    Grid board(o.width, o.height, kEmpty);
    for (std::size_t i = 0; i < gray.size(); ++i)
        if ((gray[i] > threshold) != ink_is_dark)
            board.set(static_cast<int>(i) / o.width, static_cast<int>(i) % o.width, 1);
    return board;
}

ColourBoard quantise_colours(const io::RgbImage& image, const ColourImageOptions& o) {
    o.validate();
    const io::RgbImage small = area_resize(image, o.width, o.height);
    std::vector<Lab> lab(small.pixels.size());
    std::transform(small.pixels.begin(), small.pixels.end(), lab.begin(), lab_of);
    std::vector<int> label;
    if (!o.palette.empty()) {
        std::vector<Lab> centres(o.palette.size());
        std::transform(o.palette.begin(), o.palette.end(), centres.begin(), lab_of);
        label = nearest(lab, centres);
    } else {
        std::vector<std::uint32_t> distinct = small.pixels;
        std::sort(distinct.begin(), distinct.end());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        const int k = std::min(o.colours + 1, static_cast<int>(distinct.size()));
        label = k > 1 ? kmeans(lab, k, o.seed) : std::vector<int>(lab.size(), 0);
    }
    std::vector<double> lightness(lab.size());
    for (std::size_t i = 0; i < lab.size(); ++i) lightness[i] = lab[i][0];
    return board_from_clusters(small, label, lightness, o);
}

ColourBoard board_from_clusters(const io::RgbImage& cells, const std::vector<int>& label,
                                const std::vector<double>& lightness, const ColourImageOptions& o) {
    assert(label.size() == cells.pixels.size() && lightness.size() == label.size());
    // Mean RGB and lightness of every cluster.
    const int clusters = *std::max_element(label.begin(), label.end()) + 1;
    std::vector<std::array<double, 3>> sum(static_cast<std::size_t>(clusters), {0, 0, 0});
    std::vector<double> light(static_cast<std::size_t>(clusters), 0);
    std::vector<int> size(static_cast<std::size_t>(clusters), 0);
    for (std::size_t i = 0; i < label.size(); ++i) {
        for (int c = 0; c < 3; ++c) sum[label[i]][c] += channel(cells.pixels[i], c);
        light[label[i]] += lightness[i];
        ++size[label[i]];
    }
    std::vector<std::uint32_t> rgb(static_cast<std::size_t>(clusters), 0xffffff);
    for (int k = 0; k < clusters; ++k) {
        if (!o.palette.empty()) {  // the maker's own colours, exactly
            rgb[k] = o.palette[k];
            continue;
        }
        if (!size[k]) continue;
        rgb[k] = 0;
        for (int c = 0; c < 3; ++c)
            rgb[k] = rgb[k] << 8 | static_cast<std::uint32_t>(sum[k][c] / size[k] + 0.5);
    }
    // The background: the lightest cluster when it is light, else the most common.
    int background = 0;
    if (o.palette.empty()) {
        int lightest = -1, common = 0;
        for (int k = 0; k < clusters; ++k) {
            if (!size[k]) continue;
            if (lightest < 0 || light[k] / size[k] > light[lightest] / size[lightest]) lightest = k;
            if (size[k] > size[common]) common = k;
        }
        background = light[lightest] / size[lightest] >= 75 ? lightest : common;
    }
    // Palette: the background first, then each other distinct RGB in use;
    // clusters that round to the same RGB become one colour.
    std::vector<std::uint32_t> rgbs{rgb[background]};
    std::vector<Cell> cell_of(static_cast<std::size_t>(clusters), kEmpty);
    for (int k = 0; k < clusters; ++k) {
        if (!size[k] || k == background) continue;
        auto at = std::find(rgbs.begin(), rgbs.end(), rgb[k]);
        if (at == rgbs.end()) at = rgbs.insert(rgbs.end(), rgb[k]);
        cell_of[k] = static_cast<Cell>(at - rgbs.begin());
    }
    if (rgbs.size() == 1)  // a blank picture: keep a second colour for a valid palette
        rgbs.push_back(rgbs[0] == 0x000000 ? 0xffffff : 0x000000);
    std::optional<Palette> palette = io::palette_of_rgbs(rgbs);
    if (!palette) throw std::logic_error("quantise: no symbols for the palette");
    ColourBoard out{Grid(cells.width, cells.height, kEmpty), *palette};
    for (std::size_t i = 0; i < label.size(); ++i)
        out.board.set(static_cast<int>(i) / cells.width, static_cast<int>(i) % cells.width,
                      cell_of[label[i]]);
    return out;
}

}  // namespace nonolab::gen

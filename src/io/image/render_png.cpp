#include "io/image/render_png.hpp"

#include <algorithm>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <stdexcept>

#include "io/render.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

cv::Scalar bgr(std::uint32_t rgb) {
    return cv::Scalar(rgb & 0xFF, (rgb >> 8) & 0xFF, (rgb >> 16) & 0xFF);
}

// The Hershey font scale for clue numbers: digits 55% of a cell tall (they
// are ~22 px tall at scale 1), shrunk until the widest label, measured,
// leaves a tenth of the cell free on each side, so that neighbouring column
// clues never run together (they once read "5 1414 5" at 16-pixel cells).
double clue_scale(const Puzzle& p, int cs, int thick) {
    int widest = 1;
    for (const auto* lines : {&p.rows(), &p.columns()})
        for (const Clue& clue : *lines)
            for (const Run& run : clue) widest = std::max(widest, static_cast<int>(run.length));
    double scale = cs * 0.55 / 22.0;
    int base = 0;
    const int width =
        cv::getTextSize(std::to_string(widest), cv::FONT_HERSHEY_SIMPLEX, scale, thick, &base)
            .width;
    if (width > 0.8 * cs) scale *= 0.8 * cs / width;
    return scale;
}

}  // namespace

std::string render_png(const Puzzle& p, const Grid* grid, const PngRenderOptions& o) {
    if (o.cell < 4 || o.cell > 256)
        throw std::invalid_argument("PNG cell size must be 4..256 pixels, got " +
                                    std::to_string(o.cell));
    const Palette& pal = p.palette();
    const int cs = o.cell;
    const PictureLayout lay = picture_layout(p, cs, o.clues);
    const int left = lay.left, top = lay.top, W = lay.width, H = lay.height;
    if (static_cast<long long>(W) * H > 100'000'000)
        throw std::invalid_argument("the PNG would be " + std::to_string(W) + "x" +
                                    std::to_string(H) + " pixels; use a smaller --cell");
    cv::Mat img(H, W, CV_8UC3, cv::Scalar(255, 255, 255));

    const int thick = std::max(1, cs / 14);
    const double scale = clue_scale(p, cs, thick);
    const bool colour = coloured_clues(p);
    auto text = [&](int cx, int cy, const Run* run) {
        const std::string label = run ? std::to_string(run->length) : "0";
        cv::Scalar ink(0, 0, 0);
        if (colour && run && run->colour < pal.size()) {  // a square of the run's colour
            const std::uint32_t rgb = pal[run->colour].rgb;
            cv::rectangle(img, cv::Point(cx - cs / 2 + 1, cy - cs / 2 + 1),
                          cv::Point(cx - cs / 2 + cs - 2, cy - cs / 2 + cs - 2), bgr(rgb),
                          cv::FILLED);
            ink = bgr(contrast_ink(rgb));
        }
        int base = 0;
        const cv::Size sz = cv::getTextSize(label, cv::FONT_HERSHEY_SIMPLEX, scale, thick, &base);
        cv::putText(img, label, cv::Point(cx - sz.width / 2, cy + sz.height / 2),
                    cv::FONT_HERSHEY_SIMPLEX, scale, ink, thick, cv::LINE_AA);
    };
    if (o.clues) for_each_clue_cell(p, lay, cs, text);
    if (grid) {
        for (int r = 0; r < p.height() && r < grid->height(); ++r)
            for (int c = 0; c < p.width() && c < grid->width(); ++c) {
                const Cell v = grid->at(r, c);
                if (v == kEmpty || v == kUnknown || v >= pal.size()) continue;
                cv::rectangle(img, cv::Point(left + c * cs, top + r * cs),
                              cv::Point(left + (c + 1) * cs - 1, top + (r + 1) * cs - 1),
                              bgr(pal[v].rgb), cv::FILLED);
            }
    }
    const cv::Scalar light(0xaa, 0xaa, 0xaa), dark(0x33, 0x33, 0x33);
    for (int c = 0; c <= p.width(); ++c) {
        const int x = left + c * cs;
        cv::line(img, cv::Point(x, top), cv::Point(x, top + p.height() * cs), c % 5 ? light : dark);
    }
    for (int r = 0; r <= p.height(); ++r) {
        const int y = top + r * cs;
        cv::line(img, cv::Point(left, y), cv::Point(left + p.width() * cs, y),
                 r % 5 ? light : dark);
    }
    std::vector<unsigned char> bytes;
    if (!cv::imencode(".png", img, bytes))
        throw std::runtime_error("OpenCV could not encode the PNG");
    return std::string(bytes.begin(), bytes.end());
}

void write_png(const std::string& path, const Puzzle& puzzle, const Grid* grid,
               const PngRenderOptions& options) {
    write_file_atomic(path, render_png(puzzle, grid, options));
}

}  // namespace nonolab::io

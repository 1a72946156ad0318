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

    const double scale = cs * 0.55 / 22.0;  // Hershey simplex digits are ~22 px tall at scale 1
    const int thick = std::max(1, cs / 14);
    auto text = [&](int cx, int cy, const Run* run) {
        const std::string label = run ? std::to_string(run->length) : "0";
        const cv::Scalar ink =
            run && pal.size() > 2 ? bgr(pal[run->colour].rgb) : cv::Scalar(0, 0, 0);
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

#include "gen/image/colour_image.hpp"

#include <algorithm>
#include <map>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <stdexcept>

#include "gen/image/image_to_board.hpp"
#include "gen/quantise.hpp"

namespace nonolab::gen {

namespace {

// 8-bit BGR, transparency composited over white.
cv::Mat bgr_over_white(const cv::Mat& img) {
    cv::Mat bgr;
    if (img.channels() == 1) {
        cv::cvtColor(img, bgr, cv::COLOR_GRAY2BGR);
    } else if (img.channels() == 3) {
        bgr = img;
    } else {
        cv::cvtColor(img, bgr, cv::COLOR_BGRA2BGR);
        for (int y = 0; y < img.rows; ++y) {
            const cv::Vec4b* src = img.ptr<cv::Vec4b>(y);
            cv::Vec3b* dst = bgr.ptr<cv::Vec3b>(y);
            for (int x = 0; x < img.cols; ++x)
                for (int c = 0; c < 3; ++c)
                    dst[x][c] = static_cast<unsigned char>(
                        (src[x][c] * src[x][3] + 255 * (255 - src[x][3]) + 127) / 255);
        }
    }
    return bgr;
}

// CIELAB of 8-bit BGR pixels as float rows (N x 3), L in 0..100.
cv::Mat lab_rows(const cv::Mat& bgr) {
    cv::Mat f, lab;
    bgr.convertTo(f, CV_32FC3, 1.0 / 255);
    cv::cvtColor(f, lab, cv::COLOR_BGR2Lab);
    return lab.reshape(1, static_cast<int>(bgr.total()));
}

cv::Mat lab_of_rgbs(const std::vector<std::uint32_t>& rgbs) {
    cv::Mat bgr(1, static_cast<int>(rgbs.size()), CV_8UC3);
    for (size_t i = 0; i < rgbs.size(); ++i)
        bgr.at<cv::Vec3b>(0, static_cast<int>(i)) =
            cv::Vec3b(rgbs[i] & 255, rgbs[i] >> 8 & 255, rgbs[i] >> 16 & 255);
    return lab_rows(bgr);
}

// Each row's nearest centre (rows and centres: CV_32F, 3 columns).
std::vector<int> nearest(const cv::Mat& rows, const cv::Mat& centres) {
    std::vector<int> label(rows.rows);
    for (int i = 0; i < rows.rows; ++i) {
        double best = 1e300;
        for (int k = 0; k < centres.rows; ++k) {
            const double d = cv::norm(rows.row(i), centres.row(k), cv::NORM_L2SQR);
            if (d < best) best = d, label[i] = k;
        }
    }
    return label;
}

// The k-means labels of `lab` with `k` clusters, seeded.
std::vector<int> kmeans_labels(const cv::Mat& lab, int k, std::uint64_t seed) {
    cv::Mat labels, centres;
    cv::theRNG().state = seed ? seed : 1;  // OpenCV's generator; thread-local
    cv::kmeans(lab, k, labels,
               cv::TermCriteria(cv::TermCriteria::EPS + cv::TermCriteria::COUNT, 100, 0.01), 4,
               cv::KMEANS_PP_CENTERS, centres);
    return std::vector<int>(labels.begin<int>(), labels.end<int>());
}

int distinct_pixels(const cv::Mat& bgr) {
    std::map<std::uint32_t, int> seen;
    for (auto it = bgr.begin<cv::Vec3b>(); it != bgr.end<cv::Vec3b>(); ++it)
        seen[(*it)[2] << 16 | (*it)[1] << 8 | (*it)[0]] = 1;
    return static_cast<int>(seen.size());
}

}  // namespace

ColourBoard image_to_colour_board(const std::string& path, const ColourImageOptions& o) {
    o.validate();
    cv::Mat small;
    cv::resize(bgr_over_white(read_image(path)), small, cv::Size(o.width, o.height), 0, 0,
               cv::INTER_AREA);
    const cv::Mat lab = lab_rows(small);
    std::vector<int> label;
    if (!o.palette.empty()) {
        label = nearest(lab, lab_of_rgbs(o.palette));
    } else {
        const int k = std::min(o.colours + 1, distinct_pixels(small));
        label = k > 1 ? kmeans_labels(lab, k, o.seed) : std::vector<int>(lab.rows, 0);
    }

    // The clusters' colours, the background and the palette: as the
    // OpenCV-free quantiser does it (gen/quantise.hpp).
    io::RgbImage cells{o.width, o.height, {}};
    std::vector<double> lightness;
    for (int i = 0; i < lab.rows; ++i) {
        const cv::Vec3b p = small.at<cv::Vec3b>(i / o.width, i % o.width);
        cells.pixels.push_back(std::uint32_t{p[2]} << 16 | std::uint32_t{p[1]} << 8 | p[0]);
        lightness.push_back(lab.at<float>(i, 0));
    }
    return board_from_clusters(cells, label, lightness, o);
}

}  // namespace nonolab::gen

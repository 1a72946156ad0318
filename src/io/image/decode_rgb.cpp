#include "io/image/decode_rgb.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "core/error.hpp"
#include "core/limits.hpp"

namespace nonolab::io {

namespace {

/// 8 bits per channel: 16-bit pictures exist (PNG allows them) and map
/// 0..65535 onto 0..255.
cv::Mat to_8bit(const cv::Mat& img) {
    if (img.depth() == CV_8U) return img;
    cv::Mat out;
    img.convertTo(out, CV_8U, img.depth() == CV_16U ? 1.0 / 257.0 : 1.0);
    return out;
}

std::uint32_t pixel_rgb(const cv::Mat& img, int r, int c) {
    const unsigned char* p = img.ptr<unsigned char>(r) + static_cast<size_t>(c) * img.channels();
    const int channels = img.channels();
    // Fully transparent is paper, whatever colour the pixel stores.
    if ((channels == 2 && p[1] == 0) || (channels == 4 && p[3] == 0)) return 0xFFFFFF;
    if (channels <= 2) return std::uint32_t{p[0]} * 0x010101u;
    return std::uint32_t{p[2]} << 16 | std::uint32_t{p[1]} << 8 | p[0];  // OpenCV stores BGR
}

}  // namespace

RgbImage decode_rgb(std::string_view bytes, const std::string& source) {
    cv::Mat img;
    try {
        const cv::Mat raw(1, static_cast<int>(bytes.size()), CV_8UC1,
                          const_cast<char*>(bytes.data()));
        if (!bytes.empty()) img = cv::imdecode(raw, cv::IMREAD_UNCHANGED);
    } catch (const cv::Exception& e) {
        throw ParseError(source, 0, std::string("cannot decode the picture: ") + e.what());
    }
    if (img.empty())
        throw ParseError(source, 0, "cannot decode the picture (damaged, or not a PNG)");
    if (img.cols > kMaxSide || img.rows > kMaxSide)  // before 4 bytes per pixel are spent
        throw ParseError(source, 0,
                         "expected a picture of at most " + std::to_string(kMaxSide) +
                             " pixels each way, got " + std::to_string(img.cols) + " x " +
                             std::to_string(img.rows));
    img = to_8bit(img);
    RgbImage out;
    out.width = img.cols;
    out.height = img.rows;
    out.pixels.reserve(static_cast<size_t>(img.cols) * img.rows);
    for (int r = 0; r < img.rows; ++r)
        for (int c = 0; c < img.cols; ++c) out.pixels.push_back(pixel_rgb(img, r, c));
    return out;
}

}  // namespace nonolab::io

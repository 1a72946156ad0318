#include "gen/image/image_to_board.hpp"

#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <stdexcept>

#include "core/error.hpp"

namespace nonolab::gen {

cv::Mat read_image(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw ParseError(path, 0, "cannot open the image: no such file");
    cv::Mat img;
    try {
        img = cv::imread(path, cv::IMREAD_UNCHANGED);
    } catch (const cv::Exception& e) {
        throw ParseError(path, 0, std::string("cannot decode the image: ") + e.what());
    }
    if (img.empty())
        throw ParseError(path, 0,
                         "cannot decode the image (expected PNG, JPEG, BMP, PNM, TIFF or "
                         "another format OpenCV reads)");
    if (img.depth() == CV_16U)
        img.convertTo(img, CV_8U, 1.0 / 257);
    else if (img.depth() != CV_8U)
        img.convertTo(img, CV_8U);
    if (img.channels() != 1 && img.channels() != 3 && img.channels() != 4)
        throw ParseError(path, 0,
                         "the image has " + std::to_string(img.channels()) +
                             " channels; expected gray, colour or colour with alpha");
    return img;
}

cv::Mat read_gray_image(const std::string& path) {
    const cv::Mat img = read_image(path);
    cv::Mat gray;
    switch (img.channels()) {
        case 1:
            gray = img;
            break;
        case 3:
            cv::cvtColor(img, gray, cv::COLOR_BGR2GRAY);
            break;
        case 4: {
            cv::cvtColor(img, gray, cv::COLOR_BGRA2GRAY);
            cv::Mat alpha;
            cv::extractChannel(img, alpha, 3);
            for (int y = 0; y < gray.rows; ++y) {
                unsigned char* g = gray.ptr<unsigned char>(y);
                const unsigned char* a = alpha.ptr<unsigned char>(y);
                for (int x = 0; x < gray.cols; ++x)
                    g[x] =
                        static_cast<unsigned char>((g[x] * a[x] + 255 * (255 - a[x]) + 127) / 255);
            }
            break;
        }
        default:
            throw std::logic_error("read_image returned " + std::to_string(img.channels()) +
                                   " channels");
    }
    return gray;
}

Grid image_to_board(const cv::Mat& gray, ImageMethod method, const ImageToBoardOptions& o) {
    o.validate();
    if (gray.empty() || gray.type() != CV_8UC1)
        throw std::invalid_argument("image to board: expected a non-empty 8-bit gray image");
    cv::Mat small, bin;
    cv::resize(gray, small, cv::Size(o.width, o.height), 0, 0, cv::INTER_AREA);
    switch (method) {
        case ImageMethod::canny:
            cv::Canny(small, bin, o.canny_low, o.canny_high);
            break;
        case ImageMethod::threshold:
            cv::threshold(small, bin, o.threshold, 255, cv::THRESH_BINARY);
            break;
        case ImageMethod::otsu:
            cv::threshold(small, bin, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
            break;
        case ImageMethod::otsu_inv:
            cv::threshold(small, bin, 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);
            break;
    }
    Grid g(o.width, o.height, kEmpty);
    for (int y = 0; y < o.height; ++y) {
        const unsigned char* row = bin.ptr<unsigned char>(y);
        for (int x = 0; x < o.width; ++x) g.set(y, x, row[x] ? kFilled : kEmpty);
    }
    return g;
}

BoardSource image_source(const std::vector<std::string>& paths,
                         const std::vector<ImageMethod>& methods,
                         const ImageToBoardOptions& options) {
    options.validate();
    if (methods.empty()) throw std::invalid_argument("image source: no method given");
    BoardSource s;
    s.count = paths.size() * methods.size();
    s.name = "images " + std::to_string(options.width) + "x" + std::to_string(options.height);
    s.produce = [paths, methods, options](std::uint64_t first, std::uint64_t last, std::uint64_t,
                                          const BoardSink& sink) {
        std::uint64_t loaded = ~std::uint64_t{0};
        cv::Mat gray;
        for (std::uint64_t i = first; i < last; ++i) {
            const std::uint64_t img = i / methods.size();
            if (img != loaded) {
                gray = read_gray_image(paths[img]);
                loaded = img;
            }
            if (!sink(image_to_board(gray, methods[i % methods.size()], options))) return false;
        }
        return true;
    };
    s.label = [paths, methods](std::uint64_t i) {
        return paths[i / methods.size()] + " " + image_method_name(methods[i % methods.size()]);
    };
    return s;
}

}  // namespace nonolab::gen

// Synthetic images for the OpenCV tests, drawn in the test itself.
#pragma once

#include <filesystem>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>

namespace nonolab::image_test {

/// A 200 x 200 white picture with a black filled disc of radius 70 in the middle.
inline cv::Mat disc_image() {
    cv::Mat m(200, 200, CV_8UC1, cv::Scalar(255));
    cv::circle(m, cv::Point(100, 100), 70, cv::Scalar(0), cv::FILLED, cv::LINE_AA);
    return m;
}

/// A scratch folder removed at the end of the scope.
struct ScratchDir {
    std::filesystem::path path;
    explicit ScratchDir(const std::string& name)
        : path(std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    std::string operator/(const std::string& f) const { return (path / f).string(); }
};

}  // namespace nonolab::image_test

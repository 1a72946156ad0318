#include "gen/image/average_hash.hpp"

#include <bit>
#include <opencv2/imgproc.hpp>
#include <stdexcept>
#include <unordered_map>

#include "gen/image/image_to_board.hpp"

namespace nonolab::gen {

std::uint64_t average_hash(const cv::Mat& gray) {
    if (gray.empty() || gray.type() != CV_8UC1)
        throw std::invalid_argument("average hash: expected a non-empty 8-bit gray image");
    cv::Mat small;
    cv::resize(gray, small, cv::Size(8, 8), 0, 0, cv::INTER_AREA);
    int sum = 0;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) sum += small.at<unsigned char>(y, x);
    std::uint64_t h = 0;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x)  // pixel > mean  <=>  64 * pixel > sum
            h = h << 1 | (64 * small.at<unsigned char>(y, x) > sum ? 1u : 0u);
    return h;
}

int hamming_distance(std::uint64_t a, std::uint64_t b) {
    return std::popcount(a ^ b);
}

Dedupe dedupe_hashes(const std::vector<std::uint64_t>& hashes, int max_distance) {
    if (max_distance < 0 || max_distance > 64)
        throw std::invalid_argument("dedupe distance must be in 0..64, got " +
                                    std::to_string(max_distance));
    Dedupe d;
    std::unordered_map<std::uint64_t, std::size_t> exact;
    for (std::size_t i = 0; i < hashes.size(); ++i) {
        std::size_t match = hashes.size();
        if (const auto it = exact.find(hashes[i]); it != exact.end()) {
            match = it->second;
        } else if (max_distance > 0) {
            for (std::size_t k : d.kept)
                if (hamming_distance(hashes[i], hashes[k]) <= max_distance) {
                    match = k;
                    break;
                }
        }
        if (match < hashes.size()) {
            d.dropped.emplace_back(i, match);
        } else {
            d.kept.push_back(i);
            exact.emplace(hashes[i], i);
        }
    }
    return d;
}

Dedupe dedupe_images(const std::vector<std::string>& paths, int max_distance) {
    std::vector<std::uint64_t> hashes;
    hashes.reserve(paths.size());
    for (const std::string& p : paths) hashes.push_back(average_hash(read_gray_image(p)));
    return dedupe_hashes(hashes, max_distance);
}

}  // namespace nonolab::gen

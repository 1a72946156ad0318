// Average hash (aHash) and near-duplicate removal (Buades Rubio et al. 2024,
// section 3.1: "applied the average image hash [19] to detect and remove
// duplicated images", [19] = N. Krawetz, "Looks Like It", 2011).
//
// aHash: the gray image shrunk to 8 x 8 by area averaging, then one bit per
// pixel, row-major from the most significant bit: 1 when the pixel is above
// the mean of the 64. Two images are duplicates when their hashes differ in
// at most max_distance bits (Hamming distance). The first image of a group
// (in input order) is kept; every later one within the distance of a kept
// image is dropped. With max_distance 0 (our default: "duplicated", as the
// paper says) only identical hashes collapse; Krawetz suggests that
// distances up to about 5 are still "similar".
#pragma once

#include <cstddef>
#include <cstdint>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "gen/image_types.hpp"  // Dedupe

namespace nonolab::gen {

/// The 64-bit average hash of an 8-bit gray image (any size, non-empty).
std::uint64_t average_hash(const cv::Mat& gray);

/// Bits that differ.
int hamming_distance(std::uint64_t a, std::uint64_t b);

/// Keeps the first of every group of hashes within `max_distance` bits.
/// Quadratic in the kept images for max_distance > 0; a hash set for 0.
Dedupe dedupe_hashes(const std::vector<std::uint64_t>& hashes, int max_distance);

/// Reads every image (read_gray_image), hashes it and dedupes; the file
/// errors of read_gray_image pass through.
Dedupe dedupe_images(const std::vector<std::string>& paths, int max_distance);

}  // namespace nonolab::gen

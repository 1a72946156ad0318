// What the LibTorch tests share: a tiny seeded data set, a model's weights
// as one vector, a scratch folder per test.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "io/clue_encoding.hpp"
#include "io/nonodataset.hpp"
#include "nn/torch/network.hpp"
#include "nn/train_options.hpp"

namespace nonolab::nn::torch_backend {

/// A small, fast mlp: what most training tests run.
inline TrainOptions tiny_options() {
    TrainOptions o;
    o.layers = {64, 32};
    o.epochs = 6;
    o.batch = 32;
    o.lr = 3e-3;
    o.threads = 1;
    o.seed = 5;
    return o;
}

// `count` random 5x5 boards (fill probability 0.6) with their clue vectors.
inline io::Dataset tiny_set(std::size_t count, std::uint64_t seed) {
    io::Dataset d;
    d.n = 5;
    d.name = "tiny";
    nonolab::Rng rng(seed);
    std::vector<std::uint8_t> x(io::clue_vector_size(5));
    for (std::size_t i = 0; i < count; ++i) {
        std::uint8_t b[25];
        for (auto& c : b) c = rng.chance(0.6) ? 1 : 0;
        io::encode_board_clues(b, 5, x.data());
        d.y.insert(d.y.end(), b, b + 25);
        d.x.insert(d.x.end(), x.begin(), x.end());
    }
    return d;
}

inline std::vector<float> params(const Network& m) {
    std::vector<float> out;
    for (const auto& p : m->parameters()) {
        const auto c = p.detach().contiguous();
        out.insert(out.end(), c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
    }
    return out;
}

inline std::string io_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

inline void write_text(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

inline std::filesystem::path temp_dir() {
    const std::filesystem::path d =
        std::filesystem::temp_directory_path() /
        ("nonolab_nn_torch_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(d);
    return d;
}

}  // namespace nonolab::nn::torch_backend

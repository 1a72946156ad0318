// Hand-made predictors and boards for the heuristic and network search tests:
// no LibTorch needed.
#pragma once

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/picture.hpp"
#include "core/puzzle.hpp"
#include "io/clue_encoding.hpp"
#include "nn/predictor.hpp"

namespace nonolab::nn::testing {

inline Grid random_board(int w, int h, std::mt19937& rng, double density = 0.5) {
    Grid g(w, h, kEmpty);
    std::bernoulli_distribution fill(density);
    for (auto& c : g.cells()) c = fill(rng) ? kFilled : kEmpty;
    return g;
}

inline std::vector<float> probabilities_of(const Grid& g, float on = 0.9f, float off = 0.1f) {
    std::vector<float> p;
    for (Cell c : g.cells()) p.push_back(c == kFilled ? on : off);
    return p;
}

/// Answers a fixed board for the inputs it knows (by clue vector), a
/// constant for the rest.
class TablePredictor : public Predictor {
  public:
    TablePredictor(int n, float fallback = 0.5f) : n_(n), fallback_(fallback) {}
    void add(const Puzzle& puzzle, std::vector<float> probabilities) {
        std::vector<float> x(io::clue_vector_size(n_));
        io::encode_clues(puzzle, x.data());
        table_[x] = std::move(probabilities);
    }
    int board_size() const override { return n_; }
    bool trained_on_reflections() const override { return false; }
    void predict(const float* inputs, int count, float* outputs) const override {
        const int in = io::clue_vector_size(n_), cells = n_ * n_;
        ++calls_;
        for (int k = 0; k < count; ++k) {
            const std::vector<float> x(inputs + k * in, inputs + (k + 1) * in);
            auto it = table_.find(x);
            for (int i = 0; i < cells; ++i)
                outputs[k * cells + i] = it == table_.end() ? fallback_ : it->second[i];
        }
    }
    std::string describe() const override { return "table predictor"; }
    mutable int calls_ = 0;

  private:
    int n_;
    float fallback_;
    std::map<std::vector<float>, std::vector<float>> table_;
};

/// The oracle for one puzzle: its goal (or any given board) for its clues.
inline std::shared_ptr<TablePredictor> oracle(const Puzzle& puzzle, const Grid& answer) {
    auto p = std::make_shared<TablePredictor>(puzzle.width());
    p->add(puzzle, probabilities_of(answer));
    return p;
}

}  // namespace nonolab::nn::testing

#include "nn/torch/batch_source.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/rng.hpp"
#include "io/clue_encoding.hpp"
#include "nn/reflection.hpp"
#include "nn/torch/trainer.hpp"

namespace nonolab::nn::torch_backend {
namespace {

constexpr std::uint64_t kSplitStream = 0x5EEDull;  // derive_seed unit of the validation split

void shuffle(std::vector<std::uint32_t>& v, std::uint64_t seed) {
    Rng rng(seed);
    for (std::size_t i = v.size(); i > 1; --i)
        std::swap(v[i - 1], v[rng.below(static_cast<std::uint32_t>(i))]);
}

// Fills a batch: sample s = board * R + reflection.
void fill_batch(const io::Dataset& d, const std::vector<std::uint32_t>& boards,
                const std::vector<std::uint32_t>& order, std::size_t from, std::size_t count,
                int per_board, torch::Tensor& x, torch::Tensor& y) {
    const int xs = io::clue_vector_size(d.n), ys = d.n * d.n;
    float* xp = x.data_ptr<float>();
    float* yp = y.data_ptr<float>();
    for (std::size_t k = 0; k < count; ++k) {
        const std::uint32_t s = order[from + k];
        reflected_example(d, boards[s / per_board], static_cast<int>(s % per_board), xp + k * xs,
                          yp + k * ys);
    }
}

// Loss sum and fully right boards of `model` (eval mode) over `boards` (identity only).
std::pair<double, long> evaluate_split(Network& model, const io::Dataset& d,
                                       const std::vector<std::uint32_t>& boards) {
    if (boards.empty()) return {0, 0};
    torch::NoGradGuard no_grad;
    model->eval();
    const int xs = io::clue_vector_size(d.n), ys = d.n * d.n;
    const std::size_t chunk = 1024;
    double loss = 0;
    long right = 0;
    std::vector<std::uint32_t> order(boards.size());
    std::iota(order.begin(), order.end(), 0u);
    for (std::size_t from = 0; from < boards.size(); from += chunk) {
        const std::size_t count = std::min(chunk, boards.size() - from);
        auto x = torch::empty({static_cast<long>(count), xs});
        auto y = torch::empty({static_cast<long>(count), ys});
        fill_batch(d, boards, order, from, count, 1, x, y);
        const auto logits = model->forward(x);
        loss += torch::binary_cross_entropy_with_logits(logits, y).item<double>() * count;
        right += ((logits >= 0).to(torch::kFloat32) == y).all(1).sum().item<long>();
    }
    model->train();
    return {loss / static_cast<double>(boards.size()), right};
}

// FNV-1a over the batch's sample numbers and its dropout seed: equal digests
// mean the same examples in the same order under the same masks.
template <typename T>
std::uint64_t digest(const T* samples, std::size_t count, std::uint64_t seed) {
    std::uint64_t h = 0xcbf29ce484222325ull ^ seed;
    for (std::size_t k = 0; k < count; ++k) h = (h ^ samples[k]) * 0x100000001b3ull;
    return h;
}

// The boards trained on and the validation share held out of them (seeded;
// all reflections of a board stay on one side).
class MemorySource : public BatchSource {
  public:
    MemorySource(const io::Dataset& data, const TrainOptions& o)
        : data_(data), per_board_(o.reflections ? 8 : 1) {
        train_.resize(data.size());
        std::iota(train_.begin(), train_.end(), 0u);
        shuffle(train_, derive_seed(o.seed, kSplitStream));
        const std::size_t n_val =
            static_cast<std::size_t>(o.validation * static_cast<double>(data.size()));
        val_.assign(train_.end() - static_cast<long>(n_val), train_.end());
        train_.resize(data.size() - n_val);
        std::sort(train_.begin(), train_.end());  // shuffled per epoch
        order_.resize(train_.size() * per_board_);
    }
    int n() const override { return data_.n; }
    std::size_t train_boards() const override { return train_.size(); }
    std::size_t validation_boards() const override { return val_.size(); }
    std::uint64_t samples() const override { return order_.size(); }
    void start_epoch(std::uint64_t epoch_seed, long) override {
        std::iota(order_.begin(), order_.end(), 0u);
        shuffle(order_, epoch_seed);
    }
    std::uint64_t fill(std::size_t from, std::size_t count, torch::Tensor& x, torch::Tensor& y,
                       std::uint64_t mask_seed) override {
        fill_batch(data_, train_, order_, from, count, per_board_, x, y);
        return digest(order_.data() + from, count, mask_seed);
    }
    std::pair<double, long> validate(Network& model) override {
        return evaluate_split(model, data_, val_);
    }

  private:
    const io::Dataset& data_;
    int per_board_;
    std::vector<std::uint32_t> train_, val_, order_;
};

}  // namespace

void reflected_sample(const std::uint8_t* clues, const std::uint8_t* board, int n, int r, float* x,
                      float* y) {
    const int xs = io::clue_vector_size(n), ys = n * n;
    if (r == 0) {
        for (int k = 0; k < xs; ++k) x[k] = clues[k];
        for (int k = 0; k < ys; ++k) y[k] = board[k];
        return;
    }
    std::uint8_t cells[64 * 64], encoded[2 * 64 * 32];
    reflect_cells(board, n, kReflections[static_cast<std::size_t>(r)], cells);
    io::encode_board_clues(cells, n, encoded);
    for (int k = 0; k < xs; ++k) x[k] = encoded[k];
    for (int k = 0; k < ys; ++k) y[k] = cells[k];
}

std::unique_ptr<BatchSource> memory_source(const io::Dataset& data, const TrainOptions& o) {
    return std::make_unique<MemorySource>(data, o);
}

}  // namespace nonolab::nn::torch_backend

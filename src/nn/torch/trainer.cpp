#include "nn/torch/trainer.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <numeric>
#include <stdexcept>

#include "core/rng.hpp"
#include "io/clue_encoding.hpp"
#include "nn/reflection.hpp"

namespace nonolab::nn::torch_backend {
namespace {

using Clock = std::chrono::steady_clock;

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

void save_checkpoint(const std::string& path, Network& model, torch::optim::Adam& opt, int epoch) {
    torch::serialize::OutputArchive archive, m, o;
    model->save(m);
    opt.save(o);
    archive.write("model", m);
    archive.write("optimizer", o);
    archive.write("epoch", torch::tensor(static_cast<long>(epoch)));
    const std::string tmp = path + ".tmp";
    archive.save_to(tmp);
    std::filesystem::rename(tmp, path);
}

int load_checkpoint(const std::string& path, Network& model, torch::optim::Adam& opt) {
    if (!std::filesystem::is_regular_file(path))
        throw std::runtime_error(path + ": no such checkpoint");
    torch::serialize::InputArchive archive, m, o;
    try {
        archive.load_from(path);
        archive.read("model", m);
        archive.read("optimizer", o);
        model->load(m);
        opt.load(o);
        torch::Tensor e;
        archive.read("epoch", e);
        return static_cast<int>(e.item<long>());
    } catch (const c10::Error& e) {
        std::string what = e.what();
        throw std::runtime_error(path + ": not a checkpoint of this architecture (" +
                                 what.substr(0, what.find('\n')) + ")");
    }
}

}  // namespace

std::vector<int> default_layers(int n) {
    if (n <= 5) return {512, 256};
    if (n <= 10) return {1024, 512, 512};
    return {1024, 512, 512};
}

double default_learning_rate(int n) {
    (void)n;
    return 1e-3;
}

NetShape shape_of(const TrainOptions& options, int n) {
    NetShape shape;
    shape.arch = options.arch;
    shape.n = n;
    shape.layers = options.layers.empty() ? default_layers(n) : options.layers;
    shape.dropout = options.dropout;
    shape.width = options.width;
    shape.head = options.head;
    shape.steps = options.steps;
    return shape;
}

void reflected_example(const io::Dataset& d, std::size_t i, int r, float* x, float* y) {
    const int n = d.n, xs = io::clue_vector_size(n), ys = n * n;
    if (r == 0) {
        const std::uint8_t* cx = d.clues(i);
        const std::uint8_t* cy = d.board(i);
        for (int k = 0; k < xs; ++k) x[k] = cx[k];
        for (int k = 0; k < ys; ++k) y[k] = cy[k];
        return;
    }
    std::uint8_t board[64 * 64], clues[2 * 64 * 32];
    reflect_cells(d.board(i), n, kReflections[static_cast<std::size_t>(r)], board);
    io::encode_board_clues(board, n, clues);
    for (int k = 0; k < xs; ++k) x[k] = clues[k];
    for (int k = 0; k < ys; ++k) y[k] = board[k];
}

TrainResult train(const io::Dataset& data, const TrainOptions& options,
                  const std::function<void(const TrainProgress&)>& progress,
                  const std::function<bool()>& stop) {
    if (data.size() == 0) throw std::invalid_argument("the training set is empty");
    train_option_table().validate(options);
    const auto start = Clock::now();
    if (options.threads > 0) torch::set_num_threads(options.threads);
    const int n = data.n, xs = io::clue_vector_size(n), ys = n * n;
    const NetShape shape = shape_of(options, n);
    const double lr = options.lr > 0 ? options.lr : default_learning_rate(n);

    torch::manual_seed(derive_seed(options.seed, 0));
    TrainResult result;
    result.model = make_network(shape);
    torch::optim::Adam opt(result.model->parameters(), torch::optim::AdamOptions(lr));
    int first_epoch = 1;
    if (!options.resume.empty())
        first_epoch = load_checkpoint(options.resume, result.model, opt) + 1;

    // The validation split: a seeded share of the boards (all their reflections stay together).
    std::vector<std::uint32_t> boards(data.size());
    std::iota(boards.begin(), boards.end(), 0u);
    shuffle(boards, derive_seed(options.seed, kSplitStream));
    const std::size_t n_val = static_cast<std::size_t>(options.validation * data.size());
    std::vector<std::uint32_t> val(boards.end() - static_cast<long>(n_val), boards.end());
    boards.resize(boards.size() - n_val);
    std::sort(boards.begin(), boards.end());  // shuffled per epoch below
    const int per_board = options.reflections ? 8 : 1;
    const std::size_t samples = boards.size() * per_board;
    const long batches = static_cast<long>((samples + options.batch - 1) / options.batch);

    result.metadata = {{"arch", shape.arch},
                       {"multiply_adds", result.model->multiply_adds()},
                       {"lr", lr},
                       {"batch", options.batch},
                       {"seed", options.seed},
                       {"reflections", options.reflections},
                       {"train_boards", boards.size()},
                       {"validation_boards", val.size()},
                       {"threads", torch::get_num_threads()}};
    if (shape.arch == kArchMlp) {
        result.metadata["layers"] = shape.layers;
        result.metadata["dropout"] = shape.dropout;
    } else {
        result.metadata["width"] = shape.width;
        result.metadata["head"] = shape.head;
        result.metadata["steps"] = shape.steps;
    }
    if (first_epoch > options.epochs) {
        result.epochs_done = first_epoch - 1;
        return result;
    }

    result.model->train();
    std::vector<std::uint32_t> order(samples);
    auto x = torch::empty({options.batch, xs});
    auto y = torch::empty({options.batch, ys});
    long batches_done = 0;
    const long batches_total = batches * (options.epochs - first_epoch + 1);
    for (int epoch = first_epoch; epoch <= options.epochs; ++epoch) {
        const std::uint64_t epoch_seed =
            derive_seed(options.seed, static_cast<std::uint64_t>(epoch));
        torch::manual_seed(epoch_seed);
        std::iota(order.begin(), order.end(), 0u);
        shuffle(order, epoch_seed);
        TrainProgress p;
        p.epoch = epoch;
        p.epochs = options.epochs;
        p.batches = batches;
        double loss_sum = 0;
        long right = 0, seen = 0;
        for (long b = 0; b < batches; ++b) {
            if (stop && stop()) {
                result.interrupted = true;
                break;
            }
            const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
            if (options.timeout > 0 && elapsed >= options.timeout) {
                result.timed_out = true;
                break;
            }
            const std::size_t from = static_cast<std::size_t>(b) * options.batch;
            const std::size_t count = std::min<std::size_t>(options.batch, samples - from);
            auto bx = count == static_cast<std::size_t>(options.batch)
                          ? x
                          : torch::empty({static_cast<long>(count), xs});
            auto by = count == static_cast<std::size_t>(options.batch)
                          ? y
                          : torch::empty({static_cast<long>(count), ys});
            fill_batch(data, boards, order, from, count, per_board, bx, by);
            opt.zero_grad();
            const auto [loss, logits] = result.model->loss(bx, by);
            loss.backward();
            opt.step();
            loss_sum += loss.item<double>() * count;
            right += ((logits.detach() >= 0).to(torch::kFloat32) == by).all(1).sum().item<long>();
            seen += static_cast<long>(count);
            ++batches_done;
            if (progress) {
                p.batch = b + 1;
                p.loss = loss_sum / seen;
                p.accuracy = static_cast<double>(right) / seen;
                p.seconds = std::chrono::duration<double>(Clock::now() - start).count();
                p.eta = p.seconds / batches_done * (batches_total - batches_done);
                progress(p);
            }
        }
        if (result.timed_out || result.interrupted) break;
        result.epoch_loss.push_back(loss_sum / std::max<long>(seen, 1));
        result.epochs_done = epoch;
        if (!options.checkpoint.empty())
            save_checkpoint(options.checkpoint, result.model, opt, epoch);
        if (progress) {
            const auto [vl, vr] = evaluate_split(result.model, data, val);
            p.epoch_end = true;
            p.val_loss = vl;
            p.val_accuracy = val.empty() ? 0 : static_cast<double>(vr) / val.size();
            p.seconds = std::chrono::duration<double>(Clock::now() - start).count();
            progress(p);
        }
    }
    if (result.epochs_done == 0 && first_epoch > 1) result.epochs_done = first_epoch - 1;
    result.model->eval();
    return result;
}

}  // namespace nonolab::nn::torch_backend

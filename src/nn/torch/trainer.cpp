#include "nn/torch/trainer.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <stdexcept>
#include <tuple>

#include "core/rng.hpp"
#include "io/clue_encoding.hpp"
#include "nn/reflection.hpp"
#include "nn/torch/model_file.hpp"

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

void set_lr(torch::optim::Adam& opt, double lr) {
    for (auto& group : opt.param_groups())
        static_cast<torch::optim::AdamOptions&>(group.options()).lr(lr);
}

// FNV-1a over the batch's sample numbers and its dropout seed: equal digests
// mean the same examples in the same order under the same masks.
std::uint64_t digest(const std::uint32_t* samples, std::size_t count, std::uint64_t seed) {
    std::uint64_t h = 0xcbf29ce484222325ull ^ seed;
    for (std::size_t k = 0; k < count; ++k) h = (h ^ samples[k]) * 0x100000001b3ull;
    return h;
}

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
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

namespace {

// The boards trained on and the validation share held out of them (seeded;
// all reflections of a board stay on one side).
struct Split {
    std::vector<std::uint32_t> train, val;
};

Split split_boards(std::size_t size, const TrainOptions& o) {
    Split s;
    s.train.resize(size);
    std::iota(s.train.begin(), s.train.end(), 0u);
    shuffle(s.train, derive_seed(o.seed, kSplitStream));
    const std::size_t n_val = static_cast<std::size_t>(o.validation * static_cast<double>(size));
    s.val.assign(s.train.end() - static_cast<long>(n_val), s.train.end());
    s.train.resize(size - n_val);
    std::sort(s.train.begin(), s.train.end());  // shuffled per epoch
    return s;
}

nlohmann::json run_metadata(const NetShape& shape, NetworkImpl& model, double lr,
                            const TrainOptions& o, const Split& s) {
    nlohmann::json md = {{"arch", shape.arch},
                         {"multiply_adds", model.multiply_adds()},
                         {"lr", lr},
                         {"schedule", o.schedule},
                         {"batch", o.batch},
                         {"seed", o.seed},
                         {"reflections", o.reflections},
                         {"train_boards", s.train.size()},
                         {"validation_boards", s.val.size()},
                         {"threads", torch::get_num_threads()}};
    if (o.schedule != "constant") md["warmup_epochs"] = o.warmup;
    if (o.schedule == "cosine") md["lr_end"] = o.lr_end;
    if (o.schedule == "step") md["decay_every"] = o.decay_every, md["decay"] = o.decay;
    put_shape(shape, md);
    return md;
}

// A fresh state, or the one options.resume names (its weights into `model`).
TrainingState start_state(const TrainOptions& o, const NetShape& shape, long batches,
                          Network& model, const nlohmann::json& run) {
    TrainingState st;
    if (o.resume.empty()) {
        st.run = run;
        st.batches_per_epoch = batches;
        return st;
    }
    st = read_training_state(o.resume);
    if (st.batches_per_epoch != batches)
        throw std::runtime_error(o.resume + ": the run had " +
                                 std::to_string(st.batches_per_epoch) +
                                 " batches per epoch, these data and options give " +
                                 std::to_string(batches) +
                                 " (was the training set, --batch or --validation changed?)");
    model = load_training_weights(o.resume, shape);
    return st;
}

// Closes the curve point in progress (the mean over its batches).
void add_curve_point(TrainingState& st, double lr, double seconds) {
    if (st.window_seen == 0) return;
    const double seen = static_cast<double>(st.window_seen);
    st.curve.push_back({{"step", st.step},
                        {"epoch", st.epoch},
                        {"batch", st.batch},
                        {"lr", lr},
                        {"loss", st.window_loss / seen},
                        {"right", static_cast<double>(st.window_right) / seen},
                        {"seconds", seconds}});
    st.window_loss = 0;
    st.window_right = st.window_seen = 0;
}

}  // namespace

TrainResult train(const io::Dataset& data, const TrainOptions& options,
                  const std::function<void(const TrainProgress&)>& progress,
                  const std::function<bool()>& stop, const nlohmann::json& run) {
    if (data.size() == 0) throw std::invalid_argument("the training set is empty");
    train_option_table().validate(options);
    const auto start = Clock::now();
    if (options.threads > 0) torch::set_num_threads(options.threads);
    const int n = data.n, xs = io::clue_vector_size(n), ys = n * n;
    const NetShape shape = shape_of(options, n);
    const double lr = options.lr > 0 ? options.lr : default_learning_rate(n);
    const Split split = split_boards(data.size(), options);
    const int per_board = options.reflections ? 8 : 1;
    const std::size_t samples = split.train.size() * per_board;
    const long batches = static_cast<long>((samples + options.batch - 1) / options.batch);
    const LrSchedule schedule = lr_schedule(options, batches, lr);

    torch::manual_seed(derive_seed(options.seed, 0));
    TrainResult result;
    result.model = make_network(shape);
    TrainingState& st = result.state;
    st = start_state(options, shape, batches, result.model, run);
    ++st.stretches;
    const double seconds_before = st.seconds;
    const auto total_seconds = [&] { return seconds_before + seconds_since(start); };
    // A fresh Adam, also on resume: its moments are rebuilt (training_state.hpp).
    torch::optim::Adam opt(result.model->parameters(), torch::optim::AdamOptions(lr));
    result.metadata = run_metadata(shape, *result.model, lr, options, split);
    auto last_save = Clock::now();
    const auto save = [&] {
        st.seconds = total_seconds();
        if (!options.state.empty()) save_training_state(options.state, *result.model, st);
        last_save = Clock::now();
    };

    result.model->train();
    std::vector<std::uint32_t> order(samples);
    auto x = torch::empty({options.batch, xs});
    auto y = torch::empty({options.batch, ys});
    // Batch b of the epoch whose order is in `order`, in x and y (or in
    // tensors of its own size for a short last batch).
    const auto prepare = [&](long b) {
        const std::size_t from = static_cast<std::size_t>(b) * options.batch;
        const std::size_t count = std::min<std::size_t>(options.batch, samples - from);
        const bool full = count == static_cast<std::size_t>(options.batch);
        auto bx = full ? x : torch::empty({static_cast<long>(count), xs});
        auto by = full ? y : torch::empty({static_cast<long>(count), ys});
        fill_batch(data, split.train, order, from, count, per_board, bx, by);
        return std::make_tuple(bx, by, from, count);
    };
    const auto epoch_order = [&](std::uint64_t epoch_seed) {
        std::iota(order.begin(), order.end(), 0u);
        shuffle(order, epoch_seed);
    };
    // After a resume Adam starts with empty moments, and its first steps
    // would move every weight by about the full rate (measured: the loss
    // jumps and stays behind; docs/results/training.md). So it first sees
    // the coming batches at rate 0: the moments fill, no weight moves.
    if (!options.resume.empty() && options.prime > 0 && st.epoch <= options.epochs) {
        const std::uint64_t epoch_seed =
            derive_seed(options.seed, static_cast<std::uint64_t>(st.epoch));
        epoch_order(epoch_seed);
        set_lr(opt, 0);
        for (int k = 0; k < options.prime && !(stop && stop()); ++k) {
            const long b = (st.batch + k) % batches;
            auto [bx, by, from, count] = prepare(b);
            torch::manual_seed(derive_seed(epoch_seed, static_cast<std::uint64_t>(b) + 1));
            opt.zero_grad();
            result.model->loss(bx, by).first.backward();
            opt.step();
        }
    }
    long batches_done = 0;
    const long batches_left =
        std::max<long>(1, batches * (options.epochs - st.epoch + 1) - st.batch);
    while (st.epoch <= options.epochs) {
        const std::uint64_t epoch_seed =
            derive_seed(options.seed, static_cast<std::uint64_t>(st.epoch));
        epoch_order(epoch_seed);
        TrainProgress p;
        p.epoch = st.epoch;
        p.epochs = options.epochs;
        p.batches = batches;
        while (st.batch < batches) {
            if (stop && stop()) {
                result.interrupted = true;
                break;
            }
            if (options.timeout > 0 && seconds_since(start) >= options.timeout) {
                result.timed_out = true;
                break;
            }
            auto [bx, by, from, count] = prepare(st.batch);
            // Dropout masks depend on (seed, epoch, batch) only, so a resumed
            // run draws the masks an uninterrupted one would.
            const std::uint64_t mask_seed =
                derive_seed(epoch_seed, static_cast<std::uint64_t>(st.batch) + 1);
            torch::manual_seed(mask_seed);
            const double rate = schedule.at(st.step);
            set_lr(opt, rate);
            opt.zero_grad();
            const auto [loss, logits] = result.model->loss(bx, by);
            loss.backward();
            opt.step();
            const double loss_sum = loss.item<double>() * static_cast<double>(count);
            const long right =
                ((logits.detach() >= 0).to(torch::kFloat32) == by).all(1).sum().item<long>();
            st.loss_sum += loss_sum, st.window_loss += loss_sum;
            st.right += right, st.window_right += right;
            st.seen += static_cast<long>(count), st.window_seen += static_cast<long>(count);
            ++st.batch, ++st.step, ++batches_done;
            if (st.batch % options.curve_every == 0 || st.batch == batches)
                add_curve_point(st, rate, total_seconds());
            if (progress) {
                p.batch = st.batch;
                p.loss = st.loss_sum / static_cast<double>(st.seen);
                p.accuracy = static_cast<double>(st.right) / static_cast<double>(st.seen);
                p.seconds = seconds_since(start);
                p.eta = p.seconds / static_cast<double>(batches_done) *
                        static_cast<double>(batches_left - batches_done);
                p.lr = rate;
                p.batch_digest = digest(order.data() + from, count, mask_seed);
                progress(p);
            }
            if (seconds_since(last_save) >= options.save_every) save();
        }
        if (result.timed_out || result.interrupted) break;

        // The epoch is done: validation, its summary in the state, a save.
        const double seen = static_cast<double>(std::max<long>(st.seen, 1));
        result.epoch_loss.push_back(st.loss_sum / seen);
        const auto [val_loss, val_right] = evaluate_split(result.model, data, split.val);
        const double val_share =
            split.val.empty() ? 0 : static_cast<double>(val_right) / split.val.size();
        st.epochs.push_back({{"epoch", st.epoch},
                             {"loss", st.loss_sum / seen},
                             {"right", static_cast<double>(st.right) / seen},
                             {"val_loss", val_loss},
                             {"val_right", val_share},
                             {"lr", schedule.at(st.step - 1)},
                             {"seconds", total_seconds()}});
        if (progress) {
            p.epoch_end = true;
            p.val_loss = val_loss;
            p.val_accuracy = val_share;
            p.seconds = seconds_since(start);
            progress(p);
        }
        ++st.epoch;
        st.batch = 0;
        st.loss_sum = 0;
        st.right = st.seen = 0;
        st.finished = st.epoch > options.epochs;
        save();
    }
    if (result.timed_out || result.interrupted) save();
    result.epochs_done = st.epoch - 1;
    result.model->eval();
    return result;
}

}  // namespace nonolab::nn::torch_backend

#include "nn/torch/trainer.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "io/clue_encoding.hpp"
#include "nn/torch/adam.hpp"
#include "nn/torch/batch_source.hpp"
#include "nn/torch/bf16_products.hpp"
#include "nn/torch/compute_threads.hpp"
#include "nn/torch/model_file.hpp"
#include "nn/torch/weight_average.hpp"

namespace nonolab::nn::torch_backend {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// CPU time of this process, every thread (LibTorch's and a stream's reader).
double process_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
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
    reflected_sample(d.clues(i), d.board(i), d.n, r, x, y);
}

namespace {

nlohmann::json run_metadata(const NetShape& shape, NetworkImpl& model, double lr,
                            const TrainOptions& o, const BatchSource& source) {
    nlohmann::json md = {{"arch", shape.arch},
                         {"multiply_adds", model.multiply_adds()},
                         {"lr", lr},
                         {"schedule", o.schedule},
                         {"batch", o.batch},
                         {"seed", o.seed},
                         {"reflections", o.reflections},
                         {"train_boards", source.train_boards()},
                         {"validation_boards", source.validation_boards()},
                         {"threads", torch::get_num_threads()},
                         {"blas_core", openblas_core()},
                         {"omp_wait_policy", openmp_wait_policy()},
                         {"train_precision", o.precision}};
    if (o.schedule != "constant") md["warmup_epochs"] = o.warmup;
    if (o.schedule == "cosine") md["lr_end"] = o.lr_end;
    if (o.schedule == "step") md["decay_every"] = o.decay_every, md["decay"] = o.decay;
    if (o.average > 0) md["average"] = o.average;
    if (o.stream) md["stream"] = true;
    if (!o.init.empty()) md["init"] = o.init;
    put_shape(shape, md);
    return md;
}

// Refuses an --init file that this run's state (STATE.json or its weights,
// STATE.pt) would overwrite: the run it came from would be lost at the
// first save.
void check_init_is_not_overwritten(const TrainOptions& o) {
    if (o.init.empty() || o.state.empty()) return;
    namespace fs = std::filesystem;
    const fs::path init = fs::weakly_canonical(o.init);
    if (init == fs::weakly_canonical(o.state) ||
        init == fs::weakly_canonical(weights_path(o.state)))
        throw std::invalid_argument("--init " + o.init + ": this run's --state (" + o.state +
                                    ") would overwrite it; give the new run a state of its own");
}

// A fresh state, or the one options.resume names (its weights into `model`;
// a fresh state takes options.init's, if any).
TrainingState start_state(const TrainOptions& o, const NetShape& shape, long batches,
                          Network& model, const nlohmann::json& run) {
    TrainingState st;
    if (o.resume.empty()) {
        check_init_is_not_overwritten(o);
        if (!o.init.empty()) model = load_initial_weights(o.init, shape);
        st.run = run;
        st.batches_per_epoch = batches;
        return st;
    }
    st = read_training_state(o.resume);
    if (st.batches_per_epoch != batches)
        throw std::runtime_error(
            o.resume + ": the run had " + std::to_string(st.batches_per_epoch) +
            " batches per epoch, these data and options give " + std::to_string(batches) +
            " (was the training set, --batch or --validation changed?)");
    model = load_training_weights(o.resume, shape);
    return st;
}

// Closes the curve point in progress (the mean over its batches).
void add_curve_point(TrainingState& st, double lr, double seconds, double cpu_seconds,
                     const std::string& precision) {
    if (st.window_seen == 0) return;
    const double seen = static_cast<double>(st.window_seen);
    st.curve.push_back({{"step", st.step},
                        {"epoch", st.epoch},
                        {"batch", st.batch},
                        {"lr", lr},
                        {"loss", st.window_loss / seen},
                        {"right", static_cast<double>(st.window_right) / seen},
                        {"seconds", seconds},
                        {"cpu_seconds", cpu_seconds}});
    // A run may change --precision between stretches; f32 points say nothing.
    if (precision != "f32") st.curve.back()["precision"] = precision;
    st.window_loss = 0;
    st.window_right = st.window_seen = 0;
}

}  // namespace

namespace {

// The training loop over any batch source (batch_source.hpp).
TrainResult train_from(BatchSource& source, const TrainOptions& options,
                       const std::function<void(const TrainProgress&)>& progress,
                       const std::function<bool()>& stop, const nlohmann::json& run,
                       Clock::time_point start) {
    if (source.train_boards() == 0) throw std::invalid_argument("the training set is empty");
    const int n = source.n(), xs = io::clue_vector_size(n), ys = n * n;
    const NetShape shape = shape_of(options, n);
    const double lr = options.lr > 0 ? options.lr : default_learning_rate(n);
    const std::size_t samples = source.samples();
    const long batches = static_cast<long>((samples + options.batch - 1) / options.batch);
    const LrSchedule schedule = lr_schedule(options, batches, lr);

    torch::manual_seed(derive_seed(options.seed, 0));
    TrainResult result;
    result.model = make_network(shape);
    TrainingState& st = result.state;
    st = start_state(options, shape, batches, result.model, run);
    ++st.stretches;
    const double seconds_before = st.seconds, cpu_before = st.cpu_seconds;
    const double cpu_start = process_cpu_seconds();
    const auto total_seconds = [&] { return seconds_before + seconds_since(start); };
    const auto total_cpu = [&] { return cpu_before + process_cpu_seconds() - cpu_start; };
    // A fresh Adam, also on resume: its moments are rebuilt (training_state.hpp).
    FusedAdam opt(result.model->parameters(), lr);
    const bool bf16 = options.precision == "bf16";
    // The forward pass and the loss; backward() runs after the guard, on
    // the graph it recorded (bf16_products.hpp).
    const auto forward_loss = [&](const torch::Tensor& bx, const torch::Tensor& by) {
        const Bf16Products products(bf16);
        return result.model->loss(bx, by);
    };
    result.metadata = run_metadata(shape, *result.model, lr, options, source);
    // --average: validated, tested and saved in place of the last weights
    // (weight_average.hpp); the state keeps the weights themselves.
    std::optional<WeightAverage> average;
    if (options.average > 0) average.emplace(*result.model, options.average);
    const auto model_out = [&]() -> Network& {
        return average ? average->network() : result.model;
    };
    auto last_save = Clock::now();
    const auto save = [&] {
        st.seconds = total_seconds();
        st.cpu_seconds = total_cpu();
        if (!options.state.empty()) save_training_state(options.state, *result.model, st);
        last_save = Clock::now();
    };

    result.model->train();
    auto x = torch::empty({options.batch, xs});
    auto y = torch::empty({options.batch, ys});
    // Batch b of the epoch the source was started on, in x and y (or in
    // tensors of its own size for a short last batch).
    const auto prepare = [&](long b, std::uint64_t mask_seed) {
        const std::size_t from = static_cast<std::size_t>(b) * options.batch;
        const std::size_t count = std::min<std::size_t>(options.batch, samples - from);
        const bool full = count == static_cast<std::size_t>(options.batch);
        auto bx = full ? x : torch::empty({static_cast<long>(count), xs});
        auto by = full ? y : torch::empty({static_cast<long>(count), ys});
        const std::uint64_t batch_digest = source.fill(from, count, bx, by, mask_seed);
        return std::make_tuple(bx, by, count, batch_digest);
    };
    // A data error (a streamed shard unreadable mid-run) stops the run
    // after the last whole batch is saved, so --resume can go on once the
    // shard is fixed.
    try {
        // After a resume (or from --init's trained weights) Adam starts with
        // empty moments, and its first steps would move every weight by about
        // the full rate (measured: the loss jumps and stays behind;
        // docs/results/training.md). So it first sees the coming batches at
        // rate 0: the moments fill, no weight moves.
        const bool trained_weights = !options.resume.empty() || !options.init.empty();
        if (trained_weights && options.prime > 0 && st.epoch <= options.epochs) {
            const std::uint64_t epoch_seed =
                derive_seed(options.seed, static_cast<std::uint64_t>(st.epoch));
            source.start_epoch(epoch_seed, st.batch);
            opt.set_lr(0);
            for (int k = 0; k < options.prime && !(stop && stop()); ++k) {
                const long b = (st.batch + k) % batches;
                if (b == 0 && k > 0) source.start_epoch(epoch_seed, 0);  // wrapped round
                const std::uint64_t mask_seed =
                    derive_seed(epoch_seed, static_cast<std::uint64_t>(b) + 1);
                auto [bx, by, count, batch_digest] = prepare(b, mask_seed);
                torch::manual_seed(mask_seed);
                opt.zero_grad();
                forward_loss(bx, by).first.backward();
                opt.step();
            }
        }
        long batches_done = 0;
        const long batches_left =
            std::max<long>(1, batches * (options.epochs - st.epoch + 1) - st.batch);
        while (st.epoch <= options.epochs) {
            const std::uint64_t epoch_seed =
                derive_seed(options.seed, static_cast<std::uint64_t>(st.epoch));
            source.start_epoch(epoch_seed, st.batch);
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
                // Dropout masks depend on (seed, epoch, batch) only, so a resumed
                // run draws the masks an uninterrupted one would.
                const std::uint64_t mask_seed =
                    derive_seed(epoch_seed, static_cast<std::uint64_t>(st.batch) + 1);
                auto [bx, by, count, batch_digest] = prepare(st.batch, mask_seed);
                torch::manual_seed(mask_seed);
                const double rate = schedule.at(st.step);
                opt.set_lr(rate);
                opt.zero_grad();
                const auto [loss, logits] = forward_loss(bx, by);
                loss.backward();
                opt.step();
                if (average) average->update(*result.model);
                const double loss_sum = loss.item<double>() * static_cast<double>(count);
                const long right =
                    ((logits.detach() >= 0).to(torch::kFloat32) == by).all(1).sum().item<long>();
                st.loss_sum += loss_sum, st.window_loss += loss_sum;
                st.right += right, st.window_right += right;
                st.seen += static_cast<long>(count), st.window_seen += static_cast<long>(count);
                ++st.batch, ++st.step, ++batches_done;
                if (st.batch % options.curve_every == 0 || st.batch == batches)
                    add_curve_point(st, rate, total_seconds(), total_cpu(), options.precision);
                if (progress) {
                    p.batch = st.batch;
                    p.loss = st.loss_sum / static_cast<double>(st.seen);
                    p.accuracy = static_cast<double>(st.right) / static_cast<double>(st.seen);
                    p.seconds = seconds_since(start);
                    p.eta = p.seconds / static_cast<double>(batches_done) *
                            static_cast<double>(batches_left - batches_done);
                    p.lr = rate;
                    p.batch_digest = batch_digest;
                    p.where = source.where();
                    progress(p);
                }
                if (seconds_since(last_save) >= options.save_every) save();
            }
            if (result.timed_out || result.interrupted) break;
            source.end_epoch();

            // The epoch is done: validation, its summary in the state, a save.
            const double seen = static_cast<double>(std::max<long>(st.seen, 1));
            result.epoch_loss.push_back(st.loss_sum / seen);
            const auto [val_loss, val_right] = source.validate(model_out());
            const std::size_t val_boards = source.validation_boards();
            const double val_share =
                val_boards == 0 ? 0 : static_cast<double>(val_right) / val_boards;
            st.epochs.push_back({{"epoch", st.epoch},
                                 {"loss", st.loss_sum / seen},
                                 {"right", static_cast<double>(st.right) / seen},
                                 {"val_loss", val_loss},
                                 {"val_right", val_share},
                                 {"lr", schedule.at(st.step - 1)},
                                 {"seconds", total_seconds()},
                                 {"cpu_seconds", total_cpu()}});
            if (progress) {
                p.epoch_end = true;
                p.val_loss = val_loss;
                p.val_accuracy = val_share;
                p.seconds = seconds_since(start);
                p.where.clear();
                progress(p);
            }
            ++st.epoch;
            st.batch = 0;
            st.loss_sum = 0;
            st.right = st.seen = 0;
            st.finished = st.epoch > options.epochs;
            save();
        }
    } catch (const ParseError&) {
        source.end_epoch();  // stops the reader before the state is written
        save();
        throw;
    }
    if (result.timed_out || result.interrupted) save();
    source.end_epoch();
    result.epochs_done = st.epoch - 1;
    if (average) result.model = average->network();
    result.model->eval();
    return result;
}

}  // namespace

TrainResult train(const io::Dataset& data, const TrainOptions& options,
                  const std::function<void(const TrainProgress&)>& progress,
                  const std::function<bool()>& stop, const nlohmann::json& run) {
    if (data.size() == 0) throw std::invalid_argument("the training set is empty");
    train_option_table().validate(options);
    const auto start = Clock::now();
    if (options.threads > 0) set_compute_threads(options.threads);
    const auto source = memory_source(data, options);
    return train_from(*source, options, progress, stop, run, start);
}

TrainResult train_streamed(const std::string& spec, const io::DatasetOptions& data_options,
                           const TrainOptions& options,
                           const std::function<void(const TrainProgress&)>& progress,
                           const std::function<bool()>& stop, const nlohmann::json& run) {
    train_option_table().validate(options);
    const auto start = Clock::now();
    if (options.threads > 0) set_compute_threads(options.threads);
    const auto source = stream_source(spec, data_options, options);
    return train_from(*source, options, progress, stop, run, start);
}

}  // namespace nonolab::nn::torch_backend
